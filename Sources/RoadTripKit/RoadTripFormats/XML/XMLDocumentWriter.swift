internal import CLibXML2
import Foundation

/// Writes a well-formed XML 1.0 document with libxml2's `xmlTextWriter`; the only file that calls it
/// (see notes/toolchain.md, libxml2 section).
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
