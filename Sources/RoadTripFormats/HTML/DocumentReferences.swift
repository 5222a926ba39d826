import Foundation
internal import CLibXML2

/// One reference a built page or SVG makes to another file: a link (`<a href>`, `<area href>`)
/// or a resource (`src`, `srcset`, `poster`, `<link href>`, `<use href>`, `<image href>`, a CSS
/// `url(…)` in a `style` attribute, the picture a link preview shows: `<meta property="og:image"
/// content>`), as written, at its element's line.
public struct DocumentReference: Sendable, Hashable {
    /// What the reference is for.
    public enum Kind: Sendable, Hashable {
        /// Something a reader follows (`<a>`, `<area>`).
        case link
        /// Something the page loads (a stylesheet, script, image, tile).
        case resource
    }

    /// The URL reference as written (character references decoded), whitespace trimmed.
    public var url: String
    public var kind: Kind
    /// 1-based line of the element in the file.
    public var line: Int
    /// `a`, `img`, `link`, …
    public var element: String
    /// `href`, `src`, `srcset`, `style`, …
    public var attribute: String

    public init(url: String, kind: Kind, line: Int, element: String, attribute: String) {
        self.url = url
        self.kind = kind
        self.line = line
        self.element = element
        self.attribute = attribute
    }
}

/// The references (`DocumentReference`) and element ids of an HTML page or an SVG file, read with
/// libxml2's parsers (its HTML parser for HTML: it reads HTML5 as a browser would recover it,
/// warning about the elements HTML 4 lacks, which are ignored here; its XML parser for SVG), with
/// network access off. C pointers stay in this file.
public enum DocumentReferences {
    /// What a document refers to, in document order, and the `id`s it defines (for `#fragment`
    /// checks); `nil` when libxml2 cannot read it at all.
    public static func scan(_ data: Data, isXML: Bool) -> (references: [DocumentReference], ids: Set<String>)? {
        LibXML2.prepare()
        let document: xmlDocPtr? = data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) else { return nil }
            if isXML {
                let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
                    | XML_PARSE_RECOVER.rawValue)
                return xmlReadMemory(base, Int32(bytes.count), nil, "UTF-8", options)
            }
            let options = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_RECOVER.rawValue)
            return htmlReadMemory(base, Int32(bytes.count), nil, "UTF-8", options)
        }
        guard let document else { return nil }
        defer { xmlFreeDoc(document) }
        var references: [DocumentReference] = []
        var ids: Set<String> = []
        var stack: [xmlNodePtr] = []
        if let root = xmlDocGetRootElement(document) { stack.append(root) }
        // Depth first, in document order: children pushed in reverse.
        while let node = stack.popLast() {
            guard node.pointee.type == XML_ELEMENT_NODE else { continue }
            let element = String(cString: node.pointee.name).lowercased()
            let line = Int(xmlGetLineNo(node))
            // A <textarea>'s content is text, whatever libxml2's HTML 4 parser makes of it.
            if element == "textarea" { continue }
            if element == "style", let content = xmlNodeGetContent(node) {
                let css = String(cString: content)
                cxml_free(content)
                // Each at its own line: the element's, plus the lines of the CSS before it.
                references += cssReferences(in: css).compactMap { found in
                    let trimmed = found.url.trimmingCharacters(in: .whitespacesAndNewlines)
                    return trimmed.isEmpty ? nil
                        : DocumentReference(url: trimmed, kind: .resource, line: line + found.line - 1, element: "style", attribute: "url")
                }
            }
            var attribute = node.pointee.properties
            var metaAttributes: [String: String] = [:]
            while let current = attribute {
                let name = Self.qualifiedName(current)
                if let value = Self.value(of: current, in: document) {
                    // An <a name> is a fragment's target too (HTML §7.4.6.4, "the indicated part").
                    if name == "id" || (name == "name" && element == "a") { ids.insert(value) }
                    references += Self.references(element: element, attribute: name, value: value, line: line)
                    if element == "meta" { metaAttributes[name] = value }
                }
                attribute = current.pointee.next
            }
            if let image = Self.previewImage(meta: metaAttributes, line: line) { references.append(image) }
            var children: [xmlNodePtr] = []
            var child = node.pointee.children
            while let current = child {
                children.append(current)
                child = current.pointee.next
            }
            stack += children.reversed()
        }
        return (references, ids)
    }

    /// `prefix:name` for a namespaced attribute (`xlink:href` read as XML), else its name, lower case.
    private static func qualifiedName(_ attribute: xmlAttrPtr) -> String {
        let name = String(cString: attribute.pointee.name).lowercased()
        guard let namespace = attribute.pointee.ns, let prefix = namespace.pointee.prefix else { return name }
        return String(cString: prefix).lowercased() + ":" + name
    }

    private static func value(of attribute: xmlAttrPtr, in document: xmlDocPtr) -> String? {
        guard let text = xmlNodeListGetString(document, attribute.pointee.children, 1) else { return "" }
        defer { cxml_free(text) }
        return String(cString: text)
    }

    /// The `<meta>` properties whose `content` is the URL of the picture a link preview shows:
    /// Open Graph's `og:image` and its `og:image:url` and `og:image:secure_url` (ogp.me,
    /// "Structured Properties"), X's `twitter:image` (Cards markup reference).
    static let previewImageProperties: Set<String> = ["og:image", "og:image:url", "og:image:secure_url", "twitter:image"]

    /// The picture a `<meta>` element with `attributes` names for link previews (its `content`,
    /// when its `property` — or `name`, as X's tags are written — is one of
    /// ``previewImageProperties``), as a resource at `line`; `nil` for any other `<meta>`.
    static func previewImage(meta attributes: [String: String], line: Int) -> DocumentReference? {
        guard let property = attributes["property"] ?? attributes["name"],
              previewImageProperties.contains(property.lowercased()),
              let content = attributes["content"]?.trimmingCharacters(in: .whitespacesAndNewlines), !content.isEmpty
        else { return nil }
        return DocumentReference(url: content, kind: .resource, line: line, element: "meta", attribute: "content")
    }

    /// The URLs of a `srcset` value, split as a browser splits it (HTML's "parse a srcset
    /// attribute", §4.8.4.3): a candidate's URL runs to the next whitespace, so it may hold commas
    /// (`a.png 1x,c,d.png 2x` is `a.png` and `c,d.png`), except the commas that end it when no
    /// descriptor follows; descriptors run to the next comma outside parentheses.
    static func srcsetURLs(_ value: String) -> [String] {
        let characters = Array(value.unicodeScalars)
        func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\u{0C}" || c == "\r" }
        var urls: [String] = [], index = 0
        while true {
            while index < characters.count, isSpace(characters[index]) || characters[index] == "," { index += 1 }
            guard index < characters.count else { return urls }
            var url = String.UnicodeScalarView()
            while index < characters.count, !isSpace(characters[index]) {
                url.append(characters[index])
                index += 1
            }
            var text = String(url)
            if text.hasSuffix(",") {
                while text.hasSuffix(",") { text.removeLast() }
                urls.append(text)
                continue
            }
            urls.append(text)
            var inParentheses = false
            while index < characters.count {
                let c = characters[index]
                index += 1
                if c == "(" { inParentheses = true } else if c == ")" { inParentheses = false } else if c == ",", !inParentheses { break }
            }
        }
    }

    /// The references one attribute makes.
    static func references(element: String, attribute: String, value: String, line: Int) -> [DocumentReference] {
        func reference(_ url: String, _ kind: DocumentReference.Kind) -> DocumentReference? {
            let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { return nil }
            return DocumentReference(url: trimmed, kind: kind, line: line, element: element, attribute: attribute)
        }
        switch attribute {
        case "href", "xlink:href":
            // A <link> loads what it names, except the links that only tell where things are.
            return [reference(value, element == "a" || element == "area" ? .link : .resource)].compactMap { $0 }
        case "src", "poster":
            return [reference(value, .resource)].compactMap { $0 }
        case "data" where element == "object":
            return [reference(value, .resource)].compactMap { $0 }
        case "action" where element == "form":
            return [reference(value, .link)].compactMap { $0 }
        case "fill", "stroke", "clip-path", "mask", "filter", "marker-start", "marker-mid", "marker-end":
            // SVG paint and reference properties: `url(#id)`.
            return cssURLs(in: value).compactMap { reference($0, .resource) }
        case "srcset":
            return srcsetURLs(value).compactMap { reference($0, .resource) }
        case "style":
            return cssURLs(in: value).compactMap { reference($0, .resource) }
        default:
            return []
        }
    }

    /// The `url(…)` references of CSS text (CSS Values 4 §4.5: quoted or not) and the string form
    /// of `@import "…"` (CSS Cascade 4 §2); percent-encoded quotes left as they are.
    public static func cssURLs(in css: String) -> [String] {
        cssReferences(in: css).map(\.url)
    }

    /// `cssURLs(in:)` with the line (1-based) each starts on. The text is read as CSS Syntax 3 §4
    /// tokenises it, as far as references go: comments (`/* … */`, across lines too) and strings
    /// (`"…"`, `'…'`, with `\` escapes) are skipped whole, so a `url(` written inside a string
    /// (`content: "url(x)"`) or a comment is not a reference; `url(` counts only where an
    /// identifier does not go on before it (`myurl(` is another function).
    public static func cssReferences(in css: String) -> [(url: String, line: Int)] {
        let bytes = Array(css.utf8)
        var found: [(url: String, line: Int)] = []
        var index = 0, line = 1
        func isNameByte(_ byte: UInt8) -> Bool {
            byte >= 0x80 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || (byte >= 0x30 && byte <= 0x39)
        }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D }
        /// Skips the string opening at `index`; its text.
        func string() -> String {
            let quote = bytes[index]
            var text: [UInt8] = []
            index += 1
            while index < bytes.count, bytes[index] != quote {
                if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count { index += 1 }
                if bytes[index] == 0x0A { line += 1 }
                text.append(bytes[index])
                index += 1
            }
            index += 1
            return String(decoding: text, as: UTF8.self)
        }
        func matches(_ word: String, at position: Int) -> Bool {
            let letters = Array(word.utf8)
            guard position + letters.count <= bytes.count else { return false }
            return (0..<letters.count).allSatisfy { bytes[position + $0] | 0x20 == letters[$0] | 0x20 }
        }
        func skipSpaces() {
            while index < bytes.count, isSpace(bytes[index]) {
                if bytes[index] == 0x0A { line += 1 }
                index += 1
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            let startsName = index == 0 || !isNameByte(bytes[index - 1])
            if byte == 0x0A {
                line += 1
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")) {
                    if bytes[index] == 0x0A { line += 1 }
                    index += 1
                }
                index += 2
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                _ = string()
            } else if startsName, matches("url(", at: index) {
                let startLine = line
                index += 4
                skipSpaces()
                if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                    found.append((string(), startLine))
                } else {
                    var text: [UInt8] = []
                    while index < bytes.count, bytes[index] != UInt8(ascii: ")"), !isSpace(bytes[index]) {
                        text.append(bytes[index])
                        index += 1
                    }
                    found.append((String(decoding: text, as: UTF8.self), startLine))
                }
            } else if byte == UInt8(ascii: "@"), matches("@import", at: index) {
                index += 7
                skipSpaces()
                if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                    let startLine = line
                    found.append((string(), startLine))
                }
            } else {
                index += 1
            }
        }
        return found
    }
}
