import RoadTripCore

/// Writes a well-formed XML 1.0 document, byte for byte as libxml2's `xmlTextWriter` (2.9.14) did
/// with the options roadtrip used — the writer it replaces: a memory writer, indentation by two
/// spaces when asked, `"` around attribute values, a declaration `<?xml version="1.0"
/// encoding="UTF-8"?>` when asked. libxml2's writer cost about 12,000 instructions per SVG element
/// (callgrind); this one writes straight into a byte buffer.
///
/// The API has no raw-markup escape hatch for user text: element and attribute names are written as
/// given, and every attribute value and text node is escaped:
/// - text: `&` `<` `>` `"` as `&amp;` `&lt;` `&gt;` `&quot;`, CR as `&#13;` (libxml2's
///   `xmlEncodeSpecialChars`);
/// - attribute values: the same, and tab and LF as `&#9;` and `&#10;` (XML 1.0 §3.3.3 would
///   normalise them to spaces); in a document without a declaration (inline SVG) every non-ASCII
///   character as a hexadecimal character reference (`&#xFC;`), as libxml2 did without a document
///   encoding (`xmlBufAttrSerializeTxtContent`). Both parse to the same text.
/// Characters that XML 1.0 forbids (§2.2 `Char`: the C0 controls other than tab, LF and CR,
/// U+FFFE, U+FFFF) are replaced by U+FFFD so the output always parses, and so are DEL and the C1
/// controls (U+007F–U+009F, "discouraged" there, and parse errors in an HTML page that holds
/// the SVG).
///
/// Indentation follows libxml2's rules exactly, also where they look odd: each start tag is
/// preceded by its depth's indentation (even after text or raw markup on the same line), each end
/// tag followed by a newline, and an end tag is indented only when the element's last content was
/// an element.
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
    // The writer is used from one thread (see the type's note), so the stored properties are not
    // checked for exclusive access at run time: those checks (`swift_beginAccess`) cost more than
    // appending the bytes of a short attribute.

    /// The document written so far (since the last hand-over to `sink`), UTF-8.
    @exclusivity(unchecked) private var output: [UInt8] = []
    /// The open elements, outermost first, and whether each has content yet (its start tag is
    /// closed with `>`; without content it ends as an empty element `<name/>`).
    @exclusivity(unchecked) private var openElements: [(name: String, hasContent: Bool)] = []
    /// Whether the next end tag of an element with content is indented: not right after text or
    /// raw markup (libxml2's `doindent`).
    @exclusivity(unchecked) private var indentsEndTag = true
    private let indents: Bool
    /// Whether non-ASCII characters in attribute values are written as character references
    /// (documents without a declaration, as libxml2 wrote them).
    private let referencesNonASCIIInAttributes: Bool
    /// Where the document goes as it is written (`write(to:)`); `nil` keeps it all in `output`.
    private var sink: ByteSink?

    private init(includeDeclaration: Bool, indent: Bool) {
        indents = indent
        referencesNonASCIIInAttributes = !includeDeclaration
        output.reserveCapacity(8 * 1024)
    }

    /// Builds one document and returns its text (UTF-8 content as a `String`).
    ///
    /// - Parameters:
    ///   - includeDeclaration: `true` writes `<?xml version="1.0" encoding="UTF-8"?>` first (a
    ///     standalone file); `false` omits it (XML meant to be inlined, e.g. SVG inside HTML).
    ///   - indent: `true` puts each element on its own line, indented by two spaces.
    ///   - body: writes the root element (and its children) through the writer it is given.
    /// - Returns: the document text, ending with a newline.
    /// - Throws: whatever `body` throws.
    public static func document(
        includeDeclaration: Bool = true, indent: Bool = true,
        _ body: (XMLDocumentWriter) throws -> Void
    ) rethrows -> String {
        String(decoding: try documentBytes(includeDeclaration: includeDeclaration, indent: indent, body), as: UTF8.self)
    }

    /// The UTF-8 of ``document(includeDeclaration:indent:_:)`` (the same parameters and bytes),
    /// without making a `String` of it: for a document that is spliced or written as it is, where
    /// making the `String` would check every byte again (the writer only ever writes valid UTF-8:
    /// text and attribute values come from `String`s, and what it puts in is ASCII).
    public static func documentBytes(
        includeDeclaration: Bool = true, indent: Bool = true,
        _ body: (XMLDocumentWriter) throws -> Void
    ) rethrows -> [UInt8] {
        let document = XMLDocumentWriter(includeDeclaration: includeDeclaration, indent: indent)
        try document.write(includeDeclaration: includeDeclaration, body)
        return document.output
    }

    /// Writes the document `body` writes into `sink` as it goes (UTF-8), never holding more than
    /// about `ByteSink.bufferSize` bytes of it: for documents of any size (the `track.gpx` of a
    /// million-fix recording is 150 MB). Parameters as for `document`; failures of the sink are
    /// `ByteSink.finish()`'s to report.
    public static func write(
        to sink: ByteSink, includeDeclaration: Bool = true, indent: Bool = true,
        _ body: (XMLDocumentWriter) throws -> Void
    ) rethrows {
        let document = XMLDocumentWriter(includeDeclaration: includeDeclaration, indent: indent)
        document.sink = sink
        try document.write(includeDeclaration: includeDeclaration, body)
        document.drain()
    }

    /// Writes the whole document (handing it to `sink` on the way, when there is one).
    private func write(includeDeclaration: Bool, _ body: (XMLDocumentWriter) throws -> Void) rethrows {
        if includeDeclaration {
            append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        }
        try body(self)
        while !openElements.isEmpty { endElement() }
        if !indents { output.append(UInt8(ascii: "\n")) }
    }

    /// Hands what `output` holds to `sink` and empties it.
    private func drain() {
        guard let sink else { return }
        output.withUnsafeBytes { sink.write($0) }
        output.removeAll(keepingCapacity: true)
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
        startElement(name)
        for (attributeName, value) in attributes {
            output.append(UInt8(ascii: " "))
            append(attributeName)
            output.append(UInt8(ascii: "="))
            output.append(UInt8(ascii: "\""))
            appendEscaped(value, inAttribute: true)
            output.append(UInt8(ascii: "\""))
        }
        try children()
        endElement()
        if sink != nil && output.count >= ByteSink.bufferSize { drain() }
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
        startContent()
        appendEscaped(string, inAttribute: false)
    }

    /// Writes `markup` as it is, unescaped, inside the current element: for a well-formed fragment
    /// this library made itself (an offline basemap tile's paths), never for user text.
    public func raw(_ markup: String) {
        startContent()
        append(markup)
    }

    // MARK: - libxml2's layout

    /// `xmlTextWriterStartElement`: closes the parent's start tag if it is still open (with a
    /// newline when indenting), then writes the indentation of the new element's depth and `<name`.
    private func startElement(_ name: String) {
        if let parent = openElements.last, !parent.hasContent {
            output.append(UInt8(ascii: ">"))
            if indents { output.append(UInt8(ascii: "\n")) }
            openElements[openElements.count - 1].hasContent = true
        }
        openElements.append((name, false))
        if indents { appendIndentation() }
        output.append(UInt8(ascii: "<"))
        append(name)
    }

    /// `xmlTextWriterEndElement`: `/>` for an element without content, else its end tag (indented
    /// when the last content was an element); a newline after either when indenting.
    private func endElement() {
        guard let element = openElements.last else { return }
        if !element.hasContent {
            output.append(UInt8(ascii: "/"))
            output.append(UInt8(ascii: ">"))
        } else {
            if indents && indentsEndTag { appendIndentation() }
            output.append(UInt8(ascii: "<"))
            output.append(UInt8(ascii: "/"))
            append(element.name)
            output.append(UInt8(ascii: ">"))
        }
        indentsEndTag = true
        if indents { output.append(UInt8(ascii: "\n")) }
        openElements.removeLast()
    }

    /// Before text or raw markup: closes the element's start tag if it is still open (no newline),
    /// and leaves the element's end tag where the content ends.
    private func startContent() {
        if let element = openElements.last, !element.hasContent {
            output.append(UInt8(ascii: ">"))
            openElements[openElements.count - 1].hasContent = true
        }
        indentsEndTag = false
    }

    /// Two spaces for each open element but the innermost.
    private func appendIndentation() {
        // Byte by byte: a two-byte array literal appended per level cost more than the bytes.
        for _ in 0..<(2 * max(0, openElements.count - 1)) { output.append(UInt8(ascii: " ")) }
    }

    private func append(_ string: String) {
        output.appendUTF8(of: string)
    }

    // MARK: - Escaping

    /// Appends `string` escaped for text or an attribute value (see the type's rules), with the
    /// characters XML 1.0 forbids, DEL and the C1 controls replaced by U+FFFD.
    private func appendEscaped(_ string: String, inAttribute: Bool) {
        var string = string
        string.withUTF8 { bytes in
            var index = 0
            var copiedUpTo = 0
            while index < bytes.count {
                let byte = bytes[index]
                if Self.isCopiedAsIs(byte) {
                    index += 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copiedUpTo..<index]))
                if byte < 0x80 {
                    appendEscapedASCII(byte, inAttribute: inAttribute)
                    index += 1
                } else {
                    let length = UTF8Sequence.length(startingWith: byte)
                    let scalar = Self.scalar(in: bytes, at: index, length: length)
                    // U+FFFE and U+FFFF are no XML characters; the C1 controls U+0080–U+009F are
                    // "discouraged" (XML 1.0 §2.2) and an HTML parse error where an SVG sits in a
                    // page (§13.2.3.5): replaced, as the C0 controls are.
                    let allowed = scalar != 0xFFFE && scalar != 0xFFFF && !(0x80...0x9F).contains(scalar)
                    if inAttribute && referencesNonASCIIInAttributes {
                        appendHexReference(allowed ? scalar : 0xFFFD)
                    } else if allowed {
                        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))
                    } else {
                        output.append(contentsOf: Self.replacementCharacter)
                    }
                    index += length
                }
                copiedUpTo = index
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copiedUpTo..<bytes.count]))
        }
    }

    /// One ASCII byte that `appendEscaped` does not copy as it is.
    private func appendEscapedASCII(_ byte: UInt8, inAttribute: Bool) {
        switch byte {
        case UInt8(ascii: "&"): append("&amp;")
        case UInt8(ascii: "<"): append("&lt;")
        case UInt8(ascii: ">"): append("&gt;")
        case UInt8(ascii: "\""): append("&quot;")
        case 0x0D: append("&#13;")
        case 0x09: inAttribute ? append("&#9;") : output.append(byte)
        case 0x0A: inAttribute ? append("&#10;") : output.append(byte)
        default:
            // Another C0 control: not an XML 1.0 character; or DEL, "discouraged" (§2.2).
            if inAttribute && referencesNonASCIIInAttributes {
                appendHexReference(0xFFFD)
            } else {
                output.append(contentsOf: Self.replacementCharacter)
            }
        }
    }

    /// `&#x…;` with the scalar's value in uppercase hexadecimal, no leading zeros (libxml2's
    /// `xmlSerializeHexCharRef`).
    private func appendHexReference(_ scalar: UInt32) {
        append("&#x")
        let digits = Array("0123456789ABCDEF".utf8)
        var shift = (32 - scalar.leadingZeroBitCount + 3) / 4 * 4
        if shift == 0 { shift = 4 }
        while shift > 0 {
            shift -= 4
            output.append(digits[Int((scalar >> UInt32(shift)) & 0xF)])
        }
        output.append(UInt8(ascii: ";"))
    }

    /// Whether `byte` is ASCII that is neither escaped nor replaced in text or attributes: not
    /// `&`, `<`, `>`, `"` nor a C0 control (tab, LF and CR among them) nor DEL.
    /// A comparison, not a lookup in a static table: the table's lazy initialisation was checked
    /// (`swift_once`) at every byte, ~7 % of the time of writing the maps' SVG.
    @inline(__always)
    private static func isCopiedAsIs(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<")
            && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "\"")
    }

    /// U+FFFD in UTF-8.
    private static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// The scalar value of the `length`-byte UTF-8 sequence at `index`.
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int) -> UInt32 {
        var value = UInt32(bytes[index]) & (0xFF >> (length + 1))
        for offset in 1..<length {
            value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
        }
        return value
    }
}
