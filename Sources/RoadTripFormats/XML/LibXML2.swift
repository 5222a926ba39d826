internal import CLibXML2
import Foundation
import RoadTripCore

// The libxml2 wrapper: the one file that imports libxml2 (CLibXML2). It holds the process's
// one-time set-up (LibXML2.prepare) and the streaming reader every XML format is read with
// (XMLStreamReader: GPX, XML property lists). libxml2 pointers never leave this file. Documents
// are written by XMLDocumentWriter, in Swift, byte for byte as libxml2's xmlTextWriter wrote them.

// MARK: - Set-up

/// The one place libxml2 is set up for the process, before any reader (`XMLStreamReader`) is
/// made (documents are written without libxml2: `XMLDocumentWriter`).
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

/// A forward-only reader of one XML document, node by node: libxml2's push parser with SAX2
/// callbacks (`xmlCreatePushParserCtxt` + `xmlParseChunk`), fed 64 KiB at a time. No tree is built:
/// the callbacks record each chunk's nodes (names, attributes, text) as events in a buffer that
/// `read()` walks, so memory holds one chunk's nodes whatever the document's size. The one place
/// roadtrip parses XML (GPX, KML and TCX track logs, XML property lists).
///
/// (libxml2's `xmlTextReader` gives the same nodes, but builds and frees a tree node for each: on a
/// 150 MB GPX this push parser takes 0.6 s where `xmllint --stream` takes 1.4 s.)
///
/// The nodes are those `xmlTextReader` gives: adjacent character data is one text node, an empty
/// element `<a/>` is one `.element` node with `isEmptyElement` and no `.endElement`, entity
/// references to declared entities are not substituted.
///
/// Safety, whatever the bytes:
/// - Options `XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOCDATA`
///   (CDATA sections arrive as text), and `XML_PARSE_NOBLANKS` when asked: no network, nothing
///   printed. Never `XML_PARSE_NOENT`
///   (entities are not substituted: a reference to a declared entity is an `.entityReference`
///   node), `XML_PARSE_DTDLOAD` (no external DTD or entity is loaded; `LibXML2.prepare()` also
///   installs a loader that loads nothing) or `XML_PARSE_HUGE` (libxml2 keeps its limits on
///   entity amplification and name lengths, so an entity bomb stops in milliseconds with
///   "Detected an entity reference loop"). The limits libxml2's tree builder would apply are
///   applied here: elements nest at most `maximumDepth` levels below the root, and a text node holds
///   at most `maximumTextLength` bytes.
/// - Errors go to this reader's own structured error handler, installed for the calling thread
///   only while a chunk is parsed (so nothing is printed and readers on other threads do not mix).
///   At the first fatal error of the document itself (not of an entity's replacement text, which
///   libxml2 parses with a nested context) the parser is stopped: libxml2 would otherwise go on and
///   report, for example, every `--` of a comment that is never closed, in time quadratic in its
///   length. The nodes read before the error are all given before `read()` throws it.
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
        /// A comment or processing instruction.
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
        /// `true` for a document stopped at one of the reader's limits (`maximumDepth`, a text
        /// longer than `maximumTextLength`): it may be well-formed, just too large to read.
        var isLimit = false
    }

    /// How many levels of elements below the root are read (`xmlParserMaxDepth`, the limit
    /// libxml2's tree builder applies without `XML_PARSE_HUGE`: the root and 256 levels inside it);
    /// a deeper document is a `SyntaxError` at the end of the start tag too deep.
    static let maximumDepth = 256

    /// The longest text node read by default, in bytes (`XML_MAX_TEXT_LENGTH`, 10,000,000, the
    /// limit libxml2's tree builder applies without `XML_PARSE_HUGE`); a longer one is a
    /// `SyntaxError`. A reader may be given another (`init(contentsOf:dropsBlankText:maximumTextLength:)`).
    static let maximumTextLength = 10_000_000

    /// Bytes handed to the parser at a time.
    private static let chunkSize = 1 << 16

    private let parser: xmlParserCtxtPtr
    private let events: XMLEventBuffer
    private let source: XMLByteSource
    /// The event `read()` stands on, in `events`.
    @exclusivity(unchecked) private var current = -1
    /// The attribute `forEachAttribute` stands on, in `events.attributes`.
    @exclusivity(unchecked) private var currentAttribute: Int?
    /// Whether the parser has been given the end of the document.
    @exclusivity(unchecked) private var isTerminated = false
    /// The bytes of the chunk being given to the parser (made at the first, as large as the source
    /// needs up to `chunkSize`, and reused).
    @exclusivity(unchecked) private var chunk: [UInt8] = []
    /// Where the chunk before the last one given to the parser starts in the source.
    @exclusivity(unchecked) private var previousChunkStart = 0

    /// A reader of the file at `url`, read as it is parsed (any size, constant memory); `nil` when
    /// the file cannot be opened. The encoding comes from the byte order mark or the XML
    /// declaration (UTF-8, UTF-16, ISO-8859-1, …).
    /// - Parameter dropsBlankText: `true` leaves out most white-space-only text between elements
    ///   (`XML_PARSE_NOBLANKS`, libxml2's heuristic: fewer nodes to read where such white space
    ///   never matters, as in GPX); `false` keeps every text node.
    /// - Parameter maximumTextLength: the longest text node read, in bytes (see the type's
    ///   safety notes); a trip log's KML `coordinates` of a million points is about 30 MB.
    convenience init?(contentsOf url: URL, dropsBlankText: Bool = false, maximumTextLength: Int = maximumTextLength) {
        guard let source = XMLByteSource(contentsOf: url) else { return nil }
        self.init(source: source, name: url.path, dropsBlankText: dropsBlankText)
        events.maximumTextLength = maximumTextLength
    }

    /// A reader of `bytes` (a copy is kept while reading), in the encoding their byte order mark
    /// or XML declaration names. Documents of 2 GiB or more are refused with a `SyntaxError` on
    /// the first `read()`.
    convenience init(bytes: [UInt8]) {
        self.init(source: XMLByteSource(bytes: bytes), name: nil, dropsBlankText: false)
        if bytes.count >= Int(Int32.max) {
            events.errors.fatal = SyntaxError(message: "the document is 2 GiB or larger", code: 1, line: 1, column: nil)
        }
    }

    private init(source: XMLByteSource, name: String?, dropsBlankText: Bool) {
        LibXML2.prepare()
        self.source = source
        self.events = XMLEventBuffer()
        // The first bytes go with the context, for libxml2 to detect the encoding from them.
        var first = [UInt8](repeating: 0, count: 4)
        let firstCount = source.read(into: &first)
        parser = Self.pushParser(
            givingNodes: true, first: first[..<firstCount], options: Self.options(dropsBlankText: dropsBlankText), name: name)!
        events.parser = parser
        parser.pointee._private = Unmanaged.passUnretained(events).toOpaque()
        if firstCount < 4 { finishInput() }
    }

    deinit {
        Self.free(parser)
    }

    /// A push parser (`xmlCreatePushParserCtxt`) given the document's `first` bytes, which libxml2
    /// detects the encoding from, with `options`: libxml2's own SAX2 handlers for the document type
    /// declaration and entities (so declared entities are known and checked as by any parser), and
    /// for the nodes roadtrip's callbacks when `givingNodes`, else none (a parser that only
    /// checks, building nothing). `nil` if libxml2 cannot allocate it; `free` releases it.
    private static func pushParser(
        givingNodes: Bool, first: ArraySlice<UInt8>, options: Int32, name: String?
    ) -> xmlParserCtxtPtr? {
        var handler = xmlSAXHandler()
        xmlSAXVersion(&handler, 2)
        handler.startElement = nil
        handler.endElement = nil
        handler.startElementNs = givingNodes ? xmlStreamStartElement : nil
        handler.endElementNs = givingNodes ? xmlStreamEndElement : nil
        handler.characters = givingNodes ? xmlStreamCharacters : nil
        handler.ignorableWhitespace = givingNodes ? xmlStreamCharacters : nil
        handler.cdataBlock = givingNodes ? xmlStreamCharacters : nil
        handler.reference = givingNodes ? xmlStreamReference : nil
        handler.comment = givingNodes ? xmlStreamComment : nil
        handler.processingInstruction = givingNodes ? xmlStreamProcessingInstruction : nil
        handler.serror = nil
        let parser = first.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { xmlCreatePushParserCtxt(&handler, nil, $0.baseAddress, Int32($0.count), name) }
        }
        if let parser { xmlCtxtUseOptions(parser, options) }
        return parser
    }

    /// Releases a parser made by `pushParser`, with the document its SAX2 handlers began.
    private static func free(_ parser: xmlParserCtxtPtr) {
        if let document = parser.pointee.myDoc { xmlFreeDoc(document) }
        parser.pointee.myDoc = nil
        xmlFreeParserCtxt(parser)
    }

    /// libxml2's parser options (see the type's safety notes).
    private static func options(dropsBlankText: Bool) -> Int32 {
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_NOCDATA.rawValue
        return Int32(options | (dropsBlankText ? XML_PARSE_NOBLANKS.rawValue : 0))
    }

    /// Moves to the next node in document order. Returns `false` at the end of a well-formed
    /// document; throws `SyntaxError` where the document stops being well-formed XML, after every
    /// node before that point (and keeps throwing it if called again).
    func read() throws(SyntaxError) -> Bool {
        currentAttribute = nil
        current += 1
        while true {
            if current < events.nodes.count {
                // Text at the end of what is parsed may go on in the next chunk: one text node.
                guard current == events.nodes.count - 1, events.isInText, !isTerminated, events.errors.fatal == nil
                else { return true }
                // The nodes before it are read: drop them, or an indented document (whose chunks
                // mostly end in whitespace) would gather one chunk's nodes after another.
                events.removeAllButLast()
                current = 0
                parseNextChunk()
                continue
            }
            if let fatal = events.errors.fatal { throw fatal }
            if isTerminated { return false }
            events.removeAll()
            current = 0
            parseNextChunk()
        }
    }

    /// Parses the next chunk of the source (the end of the document when none is left), then
    /// turns a document left not well-formed without a fatal error into one.
    private func parseNextChunk() {
        // libxml2 converts a chunk's bytes from the declared encoding when the next chunk (or the
        // end) comes, so a refused byte is in the last two chunks given.
        let recentBytes = previousChunkStart..<source.offset
        previousChunkStart = source.offset
        if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: min(Self.chunkSize, max(source.size ?? Self.chunkSize, 1))) }
        let count = source.read(into: &chunk)
        if count == 0 {
            finishInput()
        } else {
            withErrorHandler {
                chunk.withUnsafeBufferPointer { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { _ = xmlParseChunk(parser, $0.baseAddress, Int32(count), 0) }
                }
            }
        }
        if events.errors.fatal == nil, parser.pointee.wellFormed == 0 || parser.pointee.disableSAX != 0 {
            events.errors.fatal = events.errors.documentError ?? events.errors.anyError ?? unreportedError()
            xmlStopParser(parser)
        }
        if var fatal = events.errors.fatal, fatal.message == Self.encodingFailure,
            let position = locateEncodingFailure(in: recentBytes.lowerBound..<source.offset)
        {
            (fatal.line, fatal.column) = (position.line, position.column)
            events.errors.fatal = fatal
        }
    }

    /// Where the parser stands when it meets the bytes of `chunk` (offsets in the source) that its
    /// encoding converter refuses. libxml2 converts whole chunks before parsing any of them and
    /// stops at a refused byte with no position, so a second parser (no callbacks) is given the
    /// bytes before `chunk`, then `chunk` one byte at a time until the converter refuses one.
    /// `nil` when it does not (a source that changed meanwhile).
    private func locateEncodingFailure(in chunk: Range<Int>) -> (line: Int, column: Int?)? {
        var bytes = [UInt8](repeating: 0, count: Self.chunkSize)
        let firstCount = source.read(at: 0, into: &bytes, count: 4)
        guard let probe = Self.pushParser(givingNodes: false, first: bytes[..<firstCount], options: parser.pointee.options, name: nil)
        else { return nil }
        defer { Self.free(probe) }
        var offset = firstCount
        func push(_ count: Int) -> Bool {
            bytes.withUnsafeBufferPointer { start in
                start.withMemoryRebound(to: CChar.self) {
                    _ = xmlParseChunk(probe, count > 0 ? $0.baseAddress : nil, Int32(count), count > 0 ? 0 : 1)
                }
            }
            return probe.pointee.disableSAX == 0
        }
        while offset < chunk.lowerBound {
            let count = source.read(at: offset, into: &bytes, count: min(Self.chunkSize, chunk.lowerBound - offset))
            guard count > 0, push(count) else { return nil }
            offset += count
        }
        func position() -> (line: Int, column: Int?)? {
            guard let input = probe.pointee.input else { return nil }
            let column = Int(input.pointee.col)
            return (max(Int(input.pointee.line), 1), column > 0 ? column : nil)
        }
        while offset < chunk.upperBound {
            guard source.read(at: offset, into: &bytes, count: 1) == 1 else { return nil }
            offset += 1
            if !push(1) {
                // The encoding the XML declaration names (the halted probe has let its converter go).
                let encoder = (probe.pointee.encoding ?? parser.pointee.encoding).map { String(cString: $0) }
                return encoder.flatMap { self.position(ofRefusedByte: offset - 1, encoding: $0) } ?? position()
            }
        }
        // A sequence cut short by the end of the document is refused at the end.
        return push(0) ? nil : position()
    }

    /// The line and column of the refused character that ends at source offset `refused`, in a
    /// document whose `encoding` keeps ASCII's bytes for ASCII (Shift_JIS, EUC-JP, windows-1252:
    /// a line feed is byte 0x0A and no multi-byte character contains it): lines are counted in the
    /// bytes before it, and the column is one more than the characters libxml2's converter makes of
    /// the line's bytes before it (a lead byte whose sequence the refused byte breaks makes none, so
    /// the column is that lead byte's). `nil` for UTF-16 and UCS-4 documents, or a line over 1 MB.
    private func position(ofRefusedByte refused: Int, encoding: String) -> (line: Int, column: Int?)? {
        let upper = encoding.uppercased()
        guard !upper.hasPrefix("UTF-16"), !upper.hasPrefix("UTF16"), !upper.hasPrefix("UCS"), !upper.hasPrefix("UTF-32")
        else { return nil }
        var line = 1
        var lineStart = 0
        var buffer = [UInt8](repeating: 0, count: Self.chunkSize)
        var offset = 0
        while offset < refused {
            let count = source.read(at: offset, into: &buffer, count: min(Self.chunkSize, refused - offset))
            guard count > 0 else { return nil }
            for index in 0..<count where buffer[index] == 0x0A {
                line += 1
                lineStart = offset + index + 1
            }
            offset += count
        }
        guard refused - lineStart <= 1 << 20 else { return (line, nil) }
        var lineBytes = [UInt8](repeating: 0, count: refused - lineStart)
        guard source.read(at: lineStart, into: &lineBytes, count: lineBytes.count) == lineBytes.count,
            let handler = xmlFindCharEncodingHandler(encoding)
        else { return nil }
        defer { xmlCharEncCloseFunc(handler) }
        guard let input = xmlBufferCreate(), let output = xmlBufferCreate() else { return nil }
        defer {
            xmlBufferFree(input)
            xmlBufferFree(output)
        }
        if !lineBytes.isEmpty { xmlBufferAdd(input, lineBytes, Int32(lineBytes.count)) }
        _ = xmlCharEncInFunc(handler, output, input)
        let converted = UnsafeBufferPointer(start: xmlBufferContent(output), count: Int(xmlBufferLength(output)))
        let characters = converted.count { $0 & 0xC0 != 0x80 }
        return (line, characters + 1)
    }

    /// Tells the parser the document has ended.
    private func finishInput() {
        isTerminated = true
        withErrorHandler { _ = xmlParseChunk(parser, nil, 0, 1) }
        if events.errors.fatal == nil, parser.pointee.wellFormed == 0 {
            events.errors.fatal = events.errors.documentError ?? events.errors.anyError ?? unreportedError()
        }
    }

    /// Runs `body` with this reader's structured error handler installed for the calling thread.
    private func withErrorHandler(_ body: () -> Void) {
        xmlResetLastError()
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(events.errors).toOpaque(), recordLibXML2Error)
        body()
        xmlSetStructuredErrorFunc(nil, nil)
    }

    /// The error of a parse that failed without reporting one: libxml2 can stop without raising an
    /// error (its thread's last error is then the only trace). At the parser's current position.
    private func unreportedError() -> SyntaxError {
        let line = parser.pointee.input.map { Int($0.pointee.line) } ?? 1
        let column = parser.pointee.input.map { Int($0.pointee.col) } ?? 0
        if let last = xmlGetLastError()?.pointee, let error = Self.encodingError(last, line: line, column: column) {
            return error
        }
        return SyntaxError(
            message: "not well-formed XML", code: 1, line: max(line, 1), column: column > 0 ? column : nil)
    }

    /// roadtrip's message for bytes the encoding converter refuses.
    static let encodingFailure = "these bytes are not valid in the encoding the XML declaration names"

    /// roadtrip's error for an encoding converter's failure — bytes that are not valid in the
    /// encoding the XML declaration names, such as 0xFF in Shift_JIS, which libxml2 reports as
    /// "input conversion failed" or "encoder error" — or `nil` for any other error.
    static func encodingError(_ error: xmlError, line: Int, column: Int) -> SyntaxError? {
        guard error.domain == Int32(XML_FROM_I18N.rawValue) || error.domain == Int32(XML_FROM_IO.rawValue)
            || error.code == Int32(XML_ERR_INVALID_ENCODING.rawValue)
            || error.message.map({ String(cString: $0).contains("encoder error") }) == true
        else { return nil }
        return SyntaxError(
            message: encodingFailure, code: Int(error.code), line: max(line, 1), column: column > 0 ? column : nil,
            isReworded: true)
    }

    /// The current node; after the end, or after an error, a node with no name at the parser's line
    /// (a reader that reports a cut-short document may still ask for a line).
    private var node: XMLEventBuffer.Node {
        events.nodes.indices.contains(current) ? events.nodes[current] : XMLEventBuffer.Node(kind: .other, line: events.line)
    }

    /// The kind of the current node.
    var kind: NodeKind { node.kind }

    /// `true` for an element written `<a/>` or `<a></a>`'s first form: it has no end-element node.
    var isEmptyElement: Bool { node.isEmpty }

    /// The name of the current attribute, or else of the current node (NUL-terminated).
    private var namePointer: UnsafePointer<UInt8>? {
        currentAttribute.map { events.attributes[$0].name } ?? node.name
    }

    /// Whether the current node's (or attribute's) local name — without a namespace prefix — is
    /// exactly `name` (ASCII); no allocation.
    func localNameIs(_ name: StaticString) -> Bool {
        guard let localName = namePointer else { return false }
        let count = name.utf8CodeUnitCount
        let expected = name.utf8Start
        for index in 0..<count where localName[index] != expected[index] { return false }
        return localName[count] == 0
    }

    /// The current node's (or attribute's) local name, for messages; "" when it has none.
    var localName: String {
        namePointer.map { String(cString: $0) } ?? ""
    }

    /// The namespace URI of the current element or attribute, or `nil` when it is in none.
    var namespaceURI: String? {
        let uri = currentAttribute.map { events.attributes[$0].namespaceURI } ?? node.namespaceURI
        return uri.map { String(cString: $0) }
    }

    /// Calls `body` with the current node's value as UTF-8 bytes (the text of a text node, an
    /// attribute's value while on an attribute; empty for an element), valid only inside `body`.
    func withValue<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let range = currentAttribute.map { events.attributes[$0].value } ?? node.value
        return try body(events.bytes(in: range))
    }

    /// Calls `body` once per attribute of the current element, with the reader standing on that
    /// attribute (`localNameIs`, `localName`, `withValue` then describe it), and returns to the
    /// element afterwards. Namespace declarations (`xmlns`, `xmlns:x`) count as attributes, first.
    func forEachAttribute(_ body: () throws -> Void) rethrows {
        defer { currentAttribute = nil }
        for index in node.attributes {
            currentAttribute = index
            try body()
        }
    }

    /// The 1-based line of the current node: where an element's start tag ends.
    var line: Int { node.line }
}

/// Where an `XMLStreamReader` gets its bytes: a file read as it is parsed, or a copy in memory.
private final class XMLByteSource {
    private let file: FileHandle?
    private let bytes: [UInt8]
    /// Bytes read so far by `read(into:)`.
    private(set) var offset = 0

    init?(contentsOf url: URL) {
        guard let file = try? FileHandle(forReadingFrom: url) else { return nil }
        self.file = file
        self.bytes = []
    }

    init(bytes: [UInt8]) {
        self.file = nil
        self.bytes = bytes
    }

    /// The source's size in bytes when it is in memory; `nil` for a file, read as it comes.
    var size: Int? { file == nil ? bytes.count : nil }

    /// Fills `buffer` from its start with the next bytes; how many (0 at the end or on a read error).
    func read(into buffer: inout [UInt8]) -> Int {
        let count = read(at: offset, into: &buffer, count: buffer.count)
        offset += count
        return count
    }

    /// Fills `buffer` from its start with up to `count` bytes from `position`, without moving
    /// `offset`; how many (fewer at the end, 0 on a read error).
    func read(at position: Int, into buffer: inout [UInt8], count: Int) -> Int {
        let count = min(count, buffer.count)
        guard let file else {
            let available = max(0, min(count, bytes.count - position))
            buffer.withUnsafeMutableBufferPointer { target in
                bytes.withUnsafeBufferPointer { source in
                    for index in 0..<available { target[index] = source[position + index] }
                }
            }
            return available
        }
        var filled = 0
        while filled < count {
            let read = buffer.withUnsafeMutableBytes {
                pread(file.fileDescriptor, $0.baseAddress! + filled, count - filled, off_t(position + filled))
            }
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else { break }
            filled += read
        }
        return filled
    }
}

/// The nodes one chunk of a document gave, recorded by the SAX2 callbacks for `XMLStreamReader`:
/// every attribute value and text in one byte buffer, referred to by ranges.
/// (Its stored properties are read and written by one thread, in the callbacks and then in the
/// reader, never both at once: `@exclusivity(unchecked)` spares a run-time check per access.)
final class XMLEventBuffer {
    /// A node. Names and namespace URIs point into the parser's dictionary (libxml2 interns every
    /// name and namespace it parses, for the parser's lifetime); values are ranges of `bytes`.
    struct Node {
        var kind: XMLStreamReader.NodeKind
        var name: UnsafePointer<UInt8>?
        var namespaceURI: UnsafePointer<UInt8>?
        var value: Range<Int> = 0..<0
        var attributes: Range<Int> = 0..<0
        var line: Int
        var isEmpty = false
    }

    /// An attribute, its name and namespace URI interned like a node's.
    struct Attribute {
        var name: UnsafePointer<UInt8>?
        var namespaceURI: UnsafePointer<UInt8>?
        var value: Range<Int>
    }

    @exclusivity(unchecked) var nodes: [Node] = []
    @exclusivity(unchecked) var attributes: [Attribute] = []
    /// The bytes `nodes` and `attributes` refer to: `byteCount` of `byteCapacity` in use.
    @exclusivity(unchecked) private(set) var bytes: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private(set) var byteCount = 0
    @exclusivity(unchecked) private var byteCapacity = 1 << 12
    let errors = ErrorRecord()
    /// The document's own parser context (callbacks from an entity's nested context are ignored).
    @exclusivity(unchecked) var parser: xmlParserCtxtPtr?
    /// Elements open, the root counting 1.
    @exclusivity(unchecked) var depth = 0
    /// Whether the next end-element callback closes an empty element (`<a/>`), given as one node.
    @exclusivity(unchecked) var closesEmptyElement = false
    /// Whether the last node is text that more character data continues.
    @exclusivity(unchecked) var isInText = false
    /// The longest text node read, in bytes (`XMLStreamReader.maximumTextLength` by default).
    @exclusivity(unchecked) var maximumTextLength = XMLStreamReader.maximumTextLength

    init() {
        nodes.reserveCapacity(64)
        bytes = .allocate(capacity: byteCapacity)
    }

    deinit {
        bytes.deallocate()
    }

    func removeAll() {
        nodes.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
        byteCount = 0
        isInText = false
    }

    /// Keeps only the last node (text that the next chunk may continue), its bytes moved to the start.
    func removeAllButLast() {
        guard var last = nodes.last, nodes.count > 1 || last.value.lowerBound > 0 else { return }
        let range = last.value
        memmove(bytes, bytes + range.lowerBound, range.count)  // the ranges may overlap
        last.value = 0..<range.count
        last.attributes = 0..<0
        nodes.removeAll(keepingCapacity: true)
        nodes.append(last)
        attributes.removeAll(keepingCapacity: true)
        byteCount = range.count
    }

    /// The stored bytes in `range`.
    func bytes(in range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes + range.lowerBound, count: range.count)
    }

    /// Copies `count` bytes at `start` (or up to its NUL when `count` is `nil`); their range.
    func store(_ start: UnsafePointer<xmlChar>?, count: Int? = nil) -> Range<Int> {
        let lower = byteCount
        guard let start else { return lower..<lower }
        let length = count ?? strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self))
        if lower + length > byteCapacity {
            var capacity = byteCapacity
            while lower + length > capacity { capacity *= 2 }
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            grown.update(from: bytes, count: byteCount)
            bytes.deallocate()
            bytes = grown
            byteCapacity = capacity
        }
        (bytes + lower).update(from: start, count: length)
        byteCount = lower + length
        return lower..<byteCount
    }

    /// Records a node; ends any text in progress.
    func add(_ node: Node) {
        nodes.append(node)
        isInText = false
    }

    /// Stops the parse at one of the reader's limits with `message` at the parser's position, as
    /// libxml2's own limits do (`SyntaxError.isLimit`).
    func stop(_ message: String, code: Int) {
        guard let parser, errors.fatal == nil else { return }
        let line = parser.pointee.input.map { Int($0.pointee.line) } ?? 1
        let column = parser.pointee.input.map { Int($0.pointee.col) } ?? 0
        errors.fatal = XMLStreamReader.SyntaxError(
            message: message, code: code, line: max(line, 1), column: column > 0 ? column : nil, isReworded: true,
            isLimit: true)
        xmlStopParser(parser)
    }

    /// Calls `body` with the buffer of the document whose callback this is; nothing for a nested
    /// context's. (The reader keeps the buffer alive while it parses, so no reference is taken.)
    static func with(_ context: UnsafeMutableRawPointer?, _ body: (XMLEventBuffer) -> Void) {
        guard let parser = context?.assumingMemoryBound(to: xmlParserCtxt.self),
            let record = parser.pointee._private
        else { return }
        Unmanaged<XMLEventBuffer>.fromOpaque(record)._withUnsafeGuaranteedRef { buffer in
            if buffer.parser == parser { body(buffer) }
        }
    }

    /// The current line of the document's parser.
    var line: Int { parser?.pointee.input.map { Int($0.pointee.line) } ?? 1 }
}

nonisolated private func xmlStreamStartElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ namespaceCount: Int32, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    _ attributeCount: Int32, _ defaultedCount: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    XMLEventBuffer.with(context) { events in
        events.depth += 1
        if events.depth > XMLStreamReader.maximumDepth + 1 {
            events.stop("elements nest deeper than \(XMLStreamReader.maximumDepth) levels", code: 1)
            return
        }
        let firstAttribute = events.attributes.count
        if let namespaces {
            for index in 0..<Int(namespaceCount) {
                let name = namespaces[2 * index] ?? xmlNamespaceAttributeName
                let value = events.store(namespaces[2 * index + 1])
                events.attributes.append(.init(name: name, namespaceURI: xmlNamespaceOfNamespaces, value: value))
            }
        }
        if let attributes {
            for index in 0..<Int(attributeCount) {
                let fields = attributes + 5 * index
                let value: Range<Int>
                if let start = fields[3], let end = fields[4] {
                    value = events.store(start, count: end - start)
                } else {
                    value = events.store(nil)
                }
                events.attributes.append(.init(name: fields[0], namespaceURI: fields[2], value: value))
            }
        }
        // libxml2 calls this with its position on the start tag's closing "/>" or ">" — or, in a
        // document cut inside the tag (`<trkpt lat="1" `), on what follows its last attribute:
        // that element is not given (its attributes may be missing) and the parse stops there.
        var isEmpty = false
        if let input = events.parser?.pointee.input, let position = input.pointee.cur {
            isEmpty = position[0] == UInt8(ascii: "/") && position[1] == UInt8(ascii: ">")
            guard isEmpty || position[0] == UInt8(ascii: ">") else {
                events.attributes.removeSubrange(firstAttribute...)
                events.depth -= 1
                events.closesEmptyElement = true
                return
            }
        }
        events.closesEmptyElement = isEmpty
        events.add(.init(
            kind: .element, name: localName, namespaceURI: uri,
            attributes: firstAttribute..<events.attributes.count, line: events.line, isEmpty: isEmpty))
    }
}

nonisolated private func xmlStreamEndElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?
) {
    XMLEventBuffer.with(context) { events in
        events.depth -= 1
        if events.closesEmptyElement {
            events.closesEmptyElement = false
            return
        }
        events.add(.init(
            kind: .endElement, name: localName, namespaceURI: uri, line: events.line))
    }
}

nonisolated private func xmlStreamCharacters(_ context: UnsafeMutableRawPointer?, _ characters: UnsafePointer<xmlChar>?, _ count: Int32) {
    guard let characters, count > 0 else { return }
    XMLEventBuffer.with(context) { events in
        events.closesEmptyElement = false
        let isBlank = UnsafeBufferPointer(start: characters, count: Int(count)).allSatisfy {
            $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D
        }
        if events.isInText, let last = events.nodes.indices.last, events.nodes[last].value.upperBound == events.byteCount {
            let stored = events.store(characters, count: Int(count))
            events.nodes[last].value = events.nodes[last].value.lowerBound..<stored.upperBound
            if !isBlank { events.nodes[last].kind = .text }
        } else {
            let stored = events.store(characters, count: Int(count))
            events.add(.init(kind: isBlank ? .whitespace : .text, value: stored, line: events.line))
            events.isInText = true
        }
        if let last = events.nodes.last, last.value.count > events.maximumTextLength {
            events.stop("a text node is longer than \(CountText.grouped(events.maximumTextLength)) bytes, more than roadtrip reads", code: 1)
        }
    }
}

nonisolated private func xmlStreamReference(_ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?) {
    XMLEventBuffer.with(context) { events in
        // The entity's name, interned in the document's dictionary like element names.
        events.add(.init(kind: .entityReference, name: name, line: events.line))
    }
}

nonisolated private func xmlStreamComment(_ context: UnsafeMutableRawPointer?, _ value: UnsafePointer<xmlChar>?) {
    XMLEventBuffer.with(context) { events in
        events.add(.init(kind: .other, line: events.line))
    }
}

nonisolated private func xmlStreamProcessingInstruction(
    _ context: UnsafeMutableRawPointer?, _ target: UnsafePointer<xmlChar>?, _ data: UnsafePointer<xmlChar>?
) {
    XMLEventBuffer.with(context) { events in
        events.add(.init(kind: .other, line: events.line))
    }
}

/// The name `xmlTextReader` gives a default namespace declaration's attribute.
nonisolated(unsafe) private let xmlNamespaceAttributeName: UnsafePointer<xmlChar> = {
    let text = "xmlns"
    let pointer = UnsafeMutablePointer<xmlChar>.allocate(capacity: text.utf8.count + 1)
    for (index, byte) in text.utf8.enumerated() { pointer[index] = byte }
    pointer[text.utf8.count] = 0
    return UnsafePointer(pointer)
}()

/// The namespace of namespace declarations (Namespaces in XML 1.0, §3).
nonisolated(unsafe) private let xmlNamespaceOfNamespaces: UnsafePointer<xmlChar> = {
    let text = "http://www.w3.org/2000/xmlns/"
    let pointer = UnsafeMutablePointer<xmlChar>.allocate(capacity: text.utf8.count + 1)
    for (index, byte) in text.utf8.enumerated() { pointer[index] = byte }
    pointer[text.utf8.count] = 0
    return UnsafePointer(pointer)
}()

extension XMLStreamReader {
    /// roadtrip's words for a libxml2 message (on one line) that names something no user can act
    /// on, or `nil` to keep libxml2's:
    /// - "Excessive depth in document: 256 use XML_PARSE_HUGE option" (an option no user can set)
    ///   → "elements nest deeper than 256 levels";
    /// - "Detected an entity reference loop" (said of a billion-laughs bomb too, which has no loop)
    ///   → "entity references loop or expand too much (…)";
    /// - "internal error: Huge input lookup" or "AttValue length too long" (a name or attribute value
    ///   over 10,000,000 bytes) →
    ///   "a name or value is longer than libxml2's limit of 10000000 bytes";
    /// - "Input is not proper UTF-8, indicate encoding ! Bytes: 0xFF 0x65 …" (libxml2's
    ///   `xmlCurrentChar`, for a byte that is not UTF-8 anywhere: text, names, comments, entity
    ///   references, processing instructions) → "this is not valid UTF-8 text (byte 0xFF); a file
    ///   in another encoding must name it in its XML declaration, e.g. encoding="ISO-8859-1"".
    static func plainMessage(_ message: String) -> String? {
        if message.hasPrefix("Excessive depth in document") {
            return "elements nest deeper than \(maximumDepth) levels"
        }
        if message.hasPrefix("Detected an entity reference loop") {
            // libxml2's words for a loop and for entities that expand too much (an entity bomb).
            return "entity references loop or expand too much (libxml2's guard against an entity bomb)"
        }
        if message.contains("Huge input lookup") || message.hasPrefix("AttValue length too long") {
            return "a name or value is longer than libxml2's limit of \(maximumTextLength) bytes"
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
final class ErrorRecord {
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
    let syntaxError = XMLStreamReader.encodingError(report, line: Int(report.line), column: Int(report.int2))
        ?? XMLStreamReader.SyntaxError(
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
