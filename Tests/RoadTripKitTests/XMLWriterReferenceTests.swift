import CLibXML2
import Foundation
import Testing
import TestTools
@testable import RoadTripFormats

/// `XMLDocumentWriter` (roadtrip's own) against libxml2's `xmlTextWriter`, the writer it replaced
/// and the reference it must match byte for byte: seeded random documents — nested elements,
/// attributes and text drawn from an alphabet of what XML escapes (`& < > " '`, tab, CR, LF,
/// `]]>`), non-ASCII (ü, 🚗, U+2028), characters XML 1.0 forbids (NUL, U+0001, U+FFFE), raw
/// markup and empty content — written through both, with and without the declaration and the
/// indentation.
@Suite struct XMLWriterReferenceTests {
    /// One node of a random document.
    indirect enum Node {
        case element(name: String, attributes: [(String, String)], children: [Node])
        case text(String)
        case raw(String)
    }

    static let alphabet: [String] = [
        "a", "Z", " ", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "]]>", "ü", "🚗", "\u{2028}", "\u{0}", "\u{1}",
        "\u{FFFE}", "é", "&amp;", "x",
    ]

    static func string(_ random: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...6, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
    }

    static func node(depth: Int, _ random: inout SplitMix64) -> Node {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<2 where depth > 0: return .text(string(&random))
        case 2 where depth > 0: return .raw(["<raw/>", "<g id=\"r\"><path d=\"M0 0\"/></g>", ""].randomElement(using: &random)!)
        default:
            let attributes = (0..<Int.random(in: 0...3, using: &random)).map { index in ("k\(index)", string(&random)) }
            let children = depth >= 4 ? [] : (0..<Int.random(in: 0...4, using: &random)).map { _ in node(depth: depth + 1, &random) }
            return .element(name: ["svg", "g", "text", "title", "loc"].randomElement(using: &random)!, attributes: attributes, children: children)
        }
    }

    static func write(_ node: Node, to writer: XMLDocumentWriter) {
        switch node {
        case let .element(name, attributes, children):
            writer.element(name, attributes: attributes) { for child in children { write(child, to: writer) } }
        case let .text(text): writer.text(text)
        case let .raw(markup): writer.raw(markup)
        }
    }

    /// The same document through libxml2's writer, called as roadtrip called it before (two-space
    /// indentation, characters XML forbids, DEL and the C1 controls replaced by U+FFFD first, since
    /// libxml2 writes them as they are).
    static func libxml2(_ root: Node, declaration: Bool, indent: Bool) -> String {
        let buffer = xmlBufferCreate()!
        defer { xmlBufferFree(buffer) }
        let writer = xmlNewTextWriterMemory(buffer, 0)!
        if indent {
            xmlTextWriterSetIndent(writer, 1)
            xmlTextWriterSetIndentString(writer, "  ")
        }
        if declaration { xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil) }
        func allowed(_ string: String) -> String {
            String(String.UnicodeScalarView(string.unicodeScalars.map { scalar in
                switch scalar.value {
                case 0x9, 0xA, 0xD, 0x20...0x7E, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return scalar
                default: return "\u{FFFD}"
                }
            }))
        }
        func write(_ node: Node) {
            switch node {
            case let .element(name, attributes, children):
                xmlTextWriterStartElement(writer, name)
                for (key, value) in attributes { xmlTextWriterWriteAttribute(writer, key, allowed(value)) }
                children.forEach(write)
                xmlTextWriterEndElement(writer)
            case let .text(text): xmlTextWriterWriteString(writer, allowed(text))
            case let .raw(markup): xmlTextWriterWriteRaw(writer, markup)
            }
        }
        write(root)
        xmlTextWriterEndDocument(writer)
        xmlFreeTextWriter(writer)
        return String(cString: xmlBufferContent(buffer))
    }

    @Test func randomDocumentsAreWrittenAsLibXML2WritesThem() {
        var random = SplitMix64(seed: 18_0412)
        var compared = 0
        for _ in 0..<400 {
            let root = Self.node(depth: 0, &random)
            for declaration in [false, true] {
                for indent in [false, true] {
                    let ours = XMLDocumentWriter.document(includeDeclaration: declaration, indent: indent) { Self.write(root, to: $0) }
                    let reference = Self.libxml2(root, declaration: declaration, indent: indent)
                    #expect(ours == reference, "declaration \(declaration), indent \(indent)")
                    compared += 1
                }
            }
        }
        #expect(compared == 1_600)
    }
}
