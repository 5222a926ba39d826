internal import CLibXML2
import Foundation

// The libxml2 wrapper: the one file that imports libxml2 (CLibXML2). It holds the process's
// one-time set-up (LibXML2.prepare), the streaming reader every XML format is read with
// (XMLStreamReader: GPX, XML property lists) and the writer of XML documents
// (XMLDocumentWriter: GPX, SVG, the sitemap). libxml2 pointers never leave this file.

// MARK: - Set-up

/// The one place libxml2 is set up for the process, before any reader (`XMLStreamReader`) or
/// writer (`XMLDocumentWriter`) is made.
enum LibXML2 {
    /// Prepares libxml2 once, thread-safely (a global `let` is initialised by `swift_once`), and
    /// does nothing on later calls:
    /// - `xmlInitParser()`, which libxml2 2.9 asks for once before it is used from several threads;
    /// - an external entity loader that loads nothing, so no document can make libxml2 open a file
    ///   or a URL (an external DTD, `<!ENTITY x SYSTEM "file:///etc/passwd">`), whatever options a
    ///   parser is given. The readers never ask for one either (no `XML_PARSE_DTDLOAD`,
    ///   `XML_PARSE_NOENT` or `XML_PARSE_DTDVALID`; `XML_PARSE_NONET`).
    /// - a generic error function that prints nothing, for every thread (`cxml_drop_generic_errors`
    ///   in the CLibXML2 shim). What libxml2 raises without a parser's context — an encoding
    ///   converter's "input conversion failed", "I/O error : encoder error" — would otherwise be
    ///   printed on standard error beside roadtrip's diagnostics. Each reader still gets its own
    ///   errors through its own structured handler, and its thread's last error through
    ///   `xmlGetLastError()`.
    static func prepare() {
        _ = prepared
    }

    private static let prepared: Bool = {
        xmlInitParser()
        xmlSetExternalEntityLoader(loadNoExternalEntity)
        cxml_drop_generic_errors()
        return true
    }()
}

/// libxml2's external entity loader for the process: refuses every external entity (no input).
nonisolated private func loadNoExternalEntity(
    _ url: UnsafePointer<CChar>?, _ identifier: UnsafePointer<CChar>?, _ context: xmlParserCtxtPtr?
) -> xmlParserInputPtr? {
    nil
}

// MARK: - Reading

/// A forward-only reader of one XML document, node by node, with libxml2's streaming
/// `xmlTextReader`: memory holds the current node and its ancestors, never a document tree. The
/// one place roadtrip parses XML (GPX track logs, XML property lists).
///
/// Safety, whatever the bytes:
/// - Options `XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOCDATA`
///   (CDATA sections arrive as text), and `XML_PARSE_NOBLANKS` when asked: no network, nothing
///   printed. Never `XML_PARSE_NOENT`
///   (entities are not substituted: a reference to a declared entity is an `.entityReference`
///   node), `XML_PARSE_DTDLOAD` (no external DTD or entity is loaded; `LibXML2.prepare()` also
///   installs a loader that loads nothing) or `XML_PARSE_HUGE` (libxml2 keeps its limits on
///   entity amplification, text node length and element depth, so an entity bomb stops in
///   milliseconds with "Detected an entity reference loop").
/// - Errors go to this reader's own structured error handler (never the global generic one, so
///   nothing is printed and readers on other threads do not mix). At the first fatal error of the
///   document itself (not of an entity's replacement text, which libxml2 parses with a nested
///   context) the parser is stopped: libxml2 would otherwise go on and report, for example,
///   every `--` of a comment that is never closed, in time quadratic in its length.
/// - Recoverable errors (a namespace prefix that is not declared, as sloppy GPX extensions have)
///   do not stop the read, as in libxml2.
///
/// A reader is used from one thread; it is not `Sendable`. Names and values are valid only inside
/// the closure or call that reads them.
///
/// ```swift
/// let reader = XMLStreamReader(bytes: Array("<a x='1'>hi</a>".utf8))
/// while try reader.read() {
///     if reader.kind == .element, reader.localNameIs("a") { … }
/// }
/// ```
final class XMLStreamReader {
    /// What the reader stands on (libxml2's `xmlReaderTypes`, grouped as roadtrip needs them).
    enum NodeKind: Sendable {
        /// A start tag, or an empty element `<a/>` (see `isEmptyElement`; it has no `.endElement`).
        case element
        /// An end tag.
        case endElement
        /// Character data that is not all white space, or a CDATA section.
        case text
        /// Character data made only of XML white space (space, tab, CR, LF) between or in elements.
        case whitespace
        /// A reference to an entity declared in the DTD (`&name;`), not substituted; `localName`
        /// is the entity's name. (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and character
        /// references arrive substituted, inside `.text`.)
        case entityReference
        /// A comment, processing instruction, document type declaration or anything else.
        case other
    }

    /// Why the document is not well-formed XML, where libxml2 stopped.
    struct SyntaxError: Error, Sendable, Equatable {
        /// libxml2's message, on one line ("Opening and ending tag mismatch: dict line 3 and array").
        var message: String
        /// libxml2's `xmlParserErrors` code (e.g. 5 `XML_ERR_DOCUMENT_END`, 76 `XML_ERR_TAG_NAME_MISMATCH`).
        var code: Int
        /// 1-based line (`xmlError.line`).
        var line: Int
        /// 1-based column (`xmlError.int2`), when libxml2 gives one.
        var column: Int?
        /// `true` when `message` is roadtrip's plain wording of libxml2's (see `plainMessage`),
        /// which callers show as it is rather than as a quoted libxml2 reason.
        var isReworded = false
    }

    /// How many levels of elements below the root libxml2 reads without `XML_PARSE_HUGE`
    /// (`xmlParserMaxDepth`: the root and 256 levels inside it); a deeper document is a
    /// `SyntaxError` at the end of the start tag too deep.
    static let maximumDepth = 256

    private let reader: xmlTextReaderPtr
    private let errors: ErrorRecord
    /// The document's bytes for a reader made from memory (libxml2 reads them in place).
    private let bytes: UnsafeMutableRawBufferPointer?

    /// A reader of the file at `url`, read as it is parsed (any size, constant memory); `nil` when
    /// the file cannot be opened. The encoding comes from the byte order mark or the XML
    /// declaration (UTF-8, UTF-16, ISO-8859-1, …).
    /// - Parameter dropsBlankText: `true` leaves out most white-space-only text between elements
    ///   (`XML_PARSE_NOBLANKS`, libxml2's heuristic: fewer nodes to read where such white space
    ///   never matters, as in GPX); `false` keeps every text node.
    init?(contentsOf url: URL, dropsBlankText: Bool = false) {
        LibXML2.prepare()
        let options = Self.options(dropsBlankText: dropsBlankText)
        guard let reader = url.withUnsafeFileSystemRepresentation({ path in
            path.flatMap { xmlReaderForFile($0, nil, options) }
        }) else { return nil }
        self.reader = reader
        self.bytes = nil
        self.errors = ErrorRecord()
        xmlResetLastError()
        xmlTextReaderSetStructuredErrorHandler(reader, recordLibXML2Error, Unmanaged.passUnretained(errors).toOpaque())
    }

    /// A reader of `bytes` (a copy is kept while reading), in the encoding their byte order mark
    /// or XML declaration names. Documents of 2 GiB or more are refused with a `SyntaxError` on
    /// the first `read()`.
    init(bytes: [UInt8]) {
        LibXML2.prepare()
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        copy.copyBytes(from: bytes)
        let size = bytes.count < Int(Int32.max) ? Int32(bytes.count) : 0
        let reader = xmlReaderForMemory(
            copy.baseAddress!.assumingMemoryBound(to: CChar.self), size, nil, nil, Self.options(dropsBlankText: false))!
        self.reader = reader
        self.bytes = copy
        self.errors = ErrorRecord()
        xmlResetLastError()
        if bytes.count >= Int(Int32.max) {
            errors.fatal = SyntaxError(message: "the document is 2 GiB or larger", code: 1, line: 1, column: nil)
        }
        xmlTextReaderSetStructuredErrorHandler(reader, recordLibXML2Error, Unmanaged.passUnretained(errors).toOpaque())
    }

    deinit {
        xmlFreeTextReader(reader)
        bytes?.deallocate()
    }

    /// libxml2's parser options (see the type's safety notes).
    private static func options(dropsBlankText: Bool) -> Int32 {
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_NOCDATA.rawValue
        return Int32(options | (dropsBlankText ? XML_PARSE_NOBLANKS.rawValue : 0))
    }

    /// Moves to the next node in document order. Returns `false` at the end of a well-formed
    /// document; throws `SyntaxError` where the document stops being well-formed XML (and keeps
    /// throwing it if called again).
    func read() throws(SyntaxError) -> Bool {
        if let fatal = errors.fatal { throw fatal }
        let status = xmlTextReaderRead(reader)
        // A stopped parser can end with status 0, as if the document were complete.
        if let fatal = errors.fatal { throw fatal }
        if status < 0 {
            let error = errors.documentError ?? errors.anyError ?? unreportedError()
            errors.fatal = error
            throw error
        }
        return status == 1
    }

    /// The error of a read that failed without reporting one to this reader's handler: libxml2
    /// raises an encoding converter's failure (bytes that are not valid in the encoding the XML
    /// declaration names, such as 0xFF in Shift_JIS) without the parser's context, so only the
    /// thread's last error (`xmlGetLastError`, reset when the reader was made) tells it. At the
    /// parser's current position.
    private func unreportedError() -> SyntaxError {
        let line = Int(xmlTextReaderGetParserLineNumber(reader))
        let column = Int(xmlTextReaderGetParserColumnNumber(reader))
        if let last = xmlGetLastError()?.pointee,
           last.domain == Int32(XML_FROM_I18N.rawValue) || last.domain == Int32(XML_FROM_IO.rawValue)
            || last.code == Int32(XML_ERR_INVALID_ENCODING.rawValue)
            || last.message.map({ String(cString: $0).contains("encoder error") }) == true {
            return SyntaxError(
                message: "these bytes are not valid in the encoding the XML declaration names",
                code: Int(last.code), line: max(line, 1), column: column > 0 ? column : nil, isReworded: true)
        }
        return SyntaxError(
            message: "not well-formed XML", code: 1, line: max(line, 1), column: column > 0 ? column : nil)
    }

    /// The kind of the current node.
    var kind: NodeKind {
        switch xmlTextReaderNodeType(reader) {
        case 1: .element  // XML_READER_TYPE_ELEMENT
        case 15: .endElement  // XML_READER_TYPE_END_ELEMENT
        case 3, 4: .text  // XML_READER_TYPE_TEXT, XML_READER_TYPE_CDATA
        case 13, 14: .whitespace  // XML_READER_TYPE_WHITESPACE, XML_READER_TYPE_SIGNIFICANT_WHITESPACE
        case 5: .entityReference  // XML_READER_TYPE_ENTITY_REFERENCE
        default: .other
        }
    }

    /// `true` for an element written `<a/>` or `<a></a>`'s first form: it has no end-element node.
    var isEmptyElement: Bool { xmlTextReaderIsEmptyElement(reader) == 1 }

    /// Whether the current node's (or attribute's) local name — without a namespace prefix — is
    /// exactly `name` (ASCII); no allocation.
    func localNameIs(_ name: StaticString) -> Bool {
        guard let localName = xmlTextReaderConstLocalName(reader) else { return false }
        let count = name.utf8CodeUnitCount
        let expected = name.utf8Start
        for index in 0..<count where localName[index] != expected[index] { return false }
        return localName[count] == 0
    }

    /// The current node's (or attribute's) local name, for messages; "" when it has none.
    var localName: String {
        xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
    }

    /// The namespace URI of the current element or attribute, or `nil` when it is in none.
    var namespaceURI: String? {
        xmlTextReaderConstNamespaceUri(reader).map { String(cString: $0) }
    }

    /// Calls `body` with the current node's value as UTF-8 bytes (the text of a text node, an
    /// attribute's value while on an attribute; empty for an element), valid only inside `body`.
    func withValue<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        guard let value = xmlTextReaderConstValue(reader) else {
            return try body(UnsafeBufferPointer(start: nil, count: 0))
        }
        return try body(UnsafeBufferPointer(start: value, count: strlen(value)))
    }

    /// Calls `body` once per attribute of the current element, with the reader standing on that
    /// attribute (`localNameIs`, `localName`, `withValue` then describe it), and returns to the
    /// element afterwards. Namespace declarations (`xmlns`, `xmlns:x`) count as attributes.
    func forEachAttribute(_ body: () throws -> Void) rethrows {
        guard xmlTextReaderMoveToFirstAttribute(reader) == 1 else { return }
        defer { xmlTextReaderMoveToElement(reader) }
        repeat {
            try body()
        } while xmlTextReaderMoveToNextAttribute(reader) == 1
    }

    /// The 1-based line of the current node: where an element's start tag ends. libxml2 stores
    /// node lines in 16 bits, so beyond line 65,535 this is the parser's current line, which may
    /// run a few lines ahead.
    var line: Int {
        if let node = xmlTextReaderCurrentNode(reader), node.pointee.line < UInt16.max, node.pointee.line > 0 {
            return Int(node.pointee.line)
        }
        return Int(xmlTextReaderGetParserLineNumber(reader))
    }
}

extension XMLStreamReader {
    /// roadtrip's words for a libxml2 message (on one line) that names something no user can act
    /// on, or `nil` to keep libxml2's:
    /// - "Excessive depth in document: 256 use XML_PARSE_HUGE option" (an option no user can set)
    ///   → "elements nest deeper than 256 levels";
    /// - "Input is not proper UTF-8, indicate encoding ! Bytes: 0xFF 0x65 …" (libxml2's
    ///   `xmlCurrentChar`, for a byte that is not UTF-8 anywhere: text, names, comments, entity
    ///   references, processing instructions) → "this is not valid UTF-8 text (byte 0xFF); a file
    ///   in another encoding must name it in its XML declaration, e.g. encoding="ISO-8859-1"".
    static func plainMessage(_ message: String) -> String? {
        if message.hasPrefix("Excessive depth in document") {
            return "elements nest deeper than \(maximumDepth) levels"
        }
        if message.hasPrefix("Input is not proper UTF-8") {
            let byte = message.firstMatch(of: #/Bytes: (0x[0-9A-Fa-f]{2})/#).map { " (byte \($0.1))" } ?? ""
            return "this is not valid UTF-8 text\(byte); a file in another encoding must name it in its XML "
                + "declaration, e.g. encoding=\"ISO-8859-1\""
        }
        return nil
    }
}

/// What libxml2 reported for one reader (the structured handler's context).
private final class ErrorRecord {
    /// The first fatal error of the document itself, at which the parser was stopped.
    var fatal: XMLStreamReader.SyntaxError?
    /// The first error of the document itself (not of an entity's replacement text, whose lines
    /// count from the entity's value), for a read that fails without a fatal one.
    var documentError: XMLStreamReader.SyntaxError?
    /// The first error or warning of any kind, the last resort.
    var anyError: XMLStreamReader.SyntaxError?
}

/// The structured error handler of every `XMLStreamReader`: records the error (see `ErrorRecord`)
/// and stops the parser at the document's first fatal error. An error raised while libxml2 parses
/// an entity's replacement text comes from a nested parser context (`depth` > 0); stopping that
/// one would make libxml2 parse the entity again at each reference, so only the document's own
/// context (depth 0, which reports the failed reference itself) is stopped.
nonisolated private func recordLibXML2Error(_ context: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let context, let error else { return }
    let record = Unmanaged<ErrorRecord>.fromOpaque(context).takeUnretainedValue()
    let report = error.pointee
    let text = report.message.map { String(cString: $0) } ?? "not well-formed XML"
    // One line, as a diagnostic must be: libxml2 sometimes adds the offending bytes on a second line.
    let message = text.split(whereSeparator: \.isNewline)
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
    let plain = XMLStreamReader.plainMessage(message)
    let syntaxError = XMLStreamReader.SyntaxError(
        message: plain ?? message, code: Int(report.code), line: max(Int(report.line), 1),
        column: report.int2 > 0 ? Int(report.int2) : nil, isReworded: plain != nil)
    if record.anyError == nil { record.anyError = syntaxError }
    // Only the parser's own errors carry its context (`xmlError.ctxt`); other domains may not.
    let parser = report.domain == Int32(XML_FROM_PARSER.rawValue)
        ? report.ctxt?.assumingMemoryBound(to: xmlParserCtxt.self) : nil
    let inDocument = parser.map { $0.pointee.depth == 0 } ?? true
    guard inDocument, report.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
    if record.documentError == nil { record.documentError = syntaxError }
    guard report.level == XML_ERR_FATAL, record.fatal == nil, let parser else { return }
    record.fatal = syntaxError
    xmlStopParser(parser)
}

// MARK: - Writing

/// Writes a well-formed XML 1.0 document with libxml2's `xmlTextWriter`.
///
/// The API has no raw-markup escape hatch: element and attribute names are written as given, and
/// every attribute value and text node is escaped by libxml2 (`&amp;`, `&lt;`, `&gt;`, `&quot;`;
/// in attributes also tab, CR and LF as character references; non-ASCII characters in attribute
/// values may come out as numeric character references, which parse to the same text).
/// Characters that XML 1.0 forbids (§2.2 `Char`: most C0 controls, U+FFFE, U+FFFF) are replaced by
/// U+FFFD so the output always parses.
///
/// ```swift
/// let xml = XMLDocumentWriter.document { writer in
///     writer.element("urlset", attributes: [("xmlns", "http://www.sitemaps.org/schemas/sitemap/0.9")]) {
///         writer.element("url") { writer.element("loc") { writer.text("https://example.org/") } }
///     }
/// }
/// ```
///
/// A writer is used from one thread, inside the closure passed to `document`; it is not `Sendable`.
public final class XMLDocumentWriter {
    private let buffer: xmlBufferPtr
    private let writer: xmlTextWriterPtr

    private init?(indent: Bool) {
        LibXML2.prepare()
        guard let buffer = xmlBufferCreate() else { return nil }
        guard let writer = xmlNewTextWriterMemory(buffer, 0) else {
            xmlBufferFree(buffer)
            return nil
        }
        self.buffer = buffer
        self.writer = writer
        if indent {
            xmlTextWriterSetIndent(writer, 1)
            xmlTextWriterSetIndentString(writer, "  ")
        }
    }

    deinit {
        xmlBufferFree(buffer)
    }

    /// Builds one document and returns its text (UTF-8 content as a `String`).
    ///
    /// - Parameters:
    ///   - includeDeclaration: `true` writes `<?xml version="1.0" encoding="UTF-8"?>` first (a
    ///     standalone file); `false` omits it (XML meant to be inlined, e.g. SVG inside HTML).
    ///   - indent: `true` puts each element on its own line, indented by two spaces.
    ///   - body: writes the root element (and its children) through the writer it is given.
    /// - Returns: the document text, ending with a newline; an empty string only if libxml2 could not
    ///   allocate its buffer.
    /// - Throws: whatever `body` throws.
    public static func document(
        includeDeclaration: Bool = true, indent: Bool = true,
        _ body: (XMLDocumentWriter) throws -> Void
    ) rethrows -> String {
        guard let document = XMLDocumentWriter(indent: indent) else { return "" }
        if includeDeclaration {
            xmlTextWriterStartDocument(document.writer, "1.0", "UTF-8", nil)
        }
        try body(document)
        return document.finish()
    }

    /// Writes `<name attributes…>children</name>` (an empty element `<name …/>` when `children`
    /// writes nothing).
    ///
    /// - Parameters:
    ///   - name: an XML `Name` (e.g. `svg`, `xlink:href` style prefixes allowed); not escaped, so pass
    ///     constants only, never user text.
    ///   - attributes: name/value pairs written in this order; values are escaped.
    ///   - children: writes the element's content through this writer.
    /// - Throws: whatever `children` throws.
    public func element(
        _ name: String, attributes: [(String, String)] = [], _ children: () throws -> Void
    ) rethrows {
        xmlTextWriterStartElement(writer, name)
        for (attributeName, value) in attributes {
            xmlTextWriterWriteAttribute(writer, attributeName, Self.xmlCharacters(value))
        }
        try children()
        xmlTextWriterEndElement(writer)
    }

    /// Writes an empty element `<name attributes…/>`.
    public func element(_ name: String, attributes: [(String, String)] = []) {
        element(name, attributes: attributes) {}
    }

    /// Writes `<name attributes…>text</name>`: a convenience for an element holding only text.
    public func element(_ name: String, attributes: [(String, String)] = [], text: String) {
        element(name, attributes: attributes) { self.text(text) }
    }

    /// Writes escaped character data inside the current element.
    public func text(_ string: String) {
        xmlTextWriterWriteString(writer, Self.xmlCharacters(string))
    }

    /// Closes every open element, flushes, and returns the buffer's text.
    private func finish() -> String {
        xmlTextWriterEndDocument(writer)
        xmlFreeTextWriter(writer)  // also flushes into `buffer`
        guard let content = xmlBufferContent(buffer) else { return "" }
        return String(cString: content)
    }

    /// `string` with every character outside XML 1.0's `Char` production (§2.2) replaced by U+FFFD:
    /// `#x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]` (a Swift `String`
    /// holds no surrogates). NUL would also truncate the C string.
    static func xmlCharacters(_ string: String) -> String {
        func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
            default: return false
            }
        }
        guard !string.unicodeScalars.allSatisfy(isAllowed) else { return string }
        var scalars = String.UnicodeScalarView()
        for scalar in string.unicodeScalars {
            scalars.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
        }
        return String(scalars)
    }
}
