import Foundation
import Testing
@testable import RoadTripFormats

/// `XMLStreamReader` reads with libxml2's push parser and SAX2 callbacks (issue 14, item 7: twice
/// as fast as `xmlTextReader`) but must give the nodes `xmlTextReader` gives. The expected node
/// lists below are written by hand from the XML 1.0 and Namespaces in XML rules and the
/// `xmlTextReader` node model the reader documents.
@Suite struct XMLStreamReaderTests {
    /// One node as the tests compare it: kind, local name (or text), namespace URI, empty flag.
    struct Seen: Equatable, CustomStringConvertible {
        var kind: XMLStreamReader.NodeKind
        var text: String
        var namespaceURI: String? = nil
        var isEmpty = false
        var attributes: [String] = []
        var description: String { "\(kind) \(text) \(namespaceURI ?? "-") \(isEmpty) \(attributes)" }
    }

    static func nodes(_ reader: XMLStreamReader) throws -> [Seen] {
        var seen: [Seen] = []
        while try reader.read() {
            switch reader.kind {
            case .element:
                var attributes: [String] = []
                reader.forEachAttribute {
                    let value = reader.withValue { String(decoding: $0, as: UTF8.self) }
                    attributes.append("\(reader.localName)[\(reader.namespaceURI ?? "-")]=\(value)")
                }
                seen.append(Seen(
                    kind: .element, text: reader.localName, namespaceURI: reader.namespaceURI,
                    isEmpty: reader.isEmptyElement, attributes: attributes))
            case .endElement:
                seen.append(Seen(kind: .endElement, text: reader.localName, namespaceURI: reader.namespaceURI))
            case .text, .whitespace:
                seen.append(Seen(kind: reader.kind, text: reader.withValue { String(decoding: $0, as: UTF8.self) }))
            case .entityReference:
                seen.append(Seen(kind: .entityReference, text: reader.localName))
            case .other:
                seen.append(Seen(kind: .other, text: ""))
            }
        }
        return seen
    }

    /// The error reading `bytes` to their end gives, or `nil` for a well-formed document.
    static func error(_ bytes: [UInt8]) -> XMLStreamReader.SyntaxError? {
        let reader = XMLStreamReader(bytes: bytes)
        do {
            while try reader.read() {}
        } catch {
            return error
        }
        return nil
    }

    /// Empty elements are one node, adjacent character data (a predefined entity, a CDATA section)
    /// one text node, a comment splits text, namespace declarations are attributes (first, named
    /// by their prefix, `xmlns` for the default one, in the xmlns namespace), a declared entity is
    /// a reference, not substituted.
    @Test func nodesAreXMLTextReaders() throws {
        let document = """
            <!DOCTYPE a [<!ENTITY e "E">]>
            <a x='1' xmlns:g="urn:g" xmlns="urn:d"><b/>t&amp;u<![CDATA[<v>]]><!--c-->w&e;<g:c g:y="2">z</g:c>\
            <d></d></a>
            """
        let reader = XMLStreamReader(bytes: Array(document.utf8))
        let xmlns = "http://www.w3.org/2000/xmlns/"
        #expect(try Self.nodes(reader) == [
            Seen(kind: .element, text: "a", namespaceURI: "urn:d",
                 attributes: ["g[\(xmlns)]=urn:g", "xmlns[\(xmlns)]=urn:d", "x[-]=1"]),
            Seen(kind: .element, text: "b", namespaceURI: "urn:d", isEmpty: true),
            Seen(kind: .text, text: "t&u<v>"),
            Seen(kind: .other, text: ""),
            Seen(kind: .text, text: "w"),
            Seen(kind: .entityReference, text: "e"),
            Seen(kind: .element, text: "c", namespaceURI: "urn:g", attributes: ["y[urn:g]=2"]),
            Seen(kind: .text, text: "z"),
            Seen(kind: .endElement, text: "c", namespaceURI: "urn:g"),
            Seen(kind: .element, text: "d", namespaceURI: "urn:d"),
            Seen(kind: .endElement, text: "d", namespaceURI: "urn:d"),
            Seen(kind: .endElement, text: "a", namespaceURI: "urn:d"),
        ])
    }

    /// A document far longer than one 64 KiB chunk: every element is read, with its line (each
    /// `<p n="i"/>` on line i + 1, after `<r>` on line 1), and text split across chunks is one node.
    @Test func longDocumentAcrossChunks() throws {
        let count = 20_000
        var document = "<r>\n"
        for index in 1...count { document += "<p n=\"\(index)\"/>\n" }
        let longText = String(repeating: "x", count: 150_000)
        document += "<t>\(longText)</t></r>\n"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString).xml")
        try document.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let reader = try #require(XMLStreamReader(contentsOf: url))
        var points = 0
        var texts: [Int] = []
        while try reader.read() {
            if reader.kind == .element, reader.localNameIs("p") {
                points += 1
                #expect(reader.line == points + 1)
                let value = reader.withValue { $0.count }
                #expect(value == 0)
            }
            if reader.kind == .text { texts.append(reader.withValue { $0.count }) }
        }
        #expect(points == count)
        #expect(texts == [150_000])
    }

    /// A document cut short: every node before the cut is given, then the error.
    @Test func nodesBeforeAnErrorAreAllGiven() throws {
        let reader = XMLStreamReader(bytes: Array("<r><a>1</a><a>2</a><a>3".utf8))
        var texts: [String] = []
        var thrown: XMLStreamReader.SyntaxError?
        do {
            while try reader.read() {
                if reader.kind == .text { texts.append(reader.withValue { String(decoding: $0, as: UTF8.self) }) }
            }
        } catch {
            thrown = error
        }
        #expect(texts == ["1", "2"])
        #expect(thrown?.line == 1)
        // And again on the next call.
        #expect(throws: XMLStreamReader.SyntaxError.self) { try reader.read() }
    }

    /// A document cut inside a start tag: the element whose tag is incomplete is not given (its
    /// attributes may be cut off), only the error.
    @Test func anElementCutInItsStartTagIsNotGiven() throws {
        for cut in [#"<r><p a="1"/><p a="2" "#, #"<r><p a="1"/><p"#, #"<r><p a="1"/><p a="2"#] {
            let reader = XMLStreamReader(bytes: Array(cut.utf8))
            var elements: [String] = []
            var thrown = false
            do {
                while try reader.read() {
                    guard reader.kind == .element else { continue }
                    var values: [String] = []
                    reader.forEachAttribute { values.append(reader.withValue { String(decoding: $0, as: UTF8.self) }) }
                    elements.append(reader.localName + values.joined())
                }
            } catch {
                thrown = true
            }
            #expect(elements == ["r", "p1"], "\(cut)")
            #expect(thrown, "\(cut)")
        }
    }

    /// A byte Shift_JIS refuses (0x81 0xFF: 0x81 leads a two-byte character, 0xFF cannot follow)
    /// deep in a document, past two 64 KiB chunks: the error is at the line and column of the bad
    /// bytes (0x81 after `<n>`: column 4), not at 1:1.
    @Test func encodingFailureIsLocatedPastTheFirstChunks() throws {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<r>\n".utf8)
        for _ in 1...10_000 { bytes += Array("<n>abcdefghij</n>\n".utf8) }  // lines 3…10,002
        bytes += Array("<n>".utf8) + [0x81, 0xFF] + Array("</n></r>\n".utf8)  // line 10,003
        #expect(bytes.count > 2 * 65_536)
        let thrown = Self.error(bytes)
        #expect(thrown?.message == XMLStreamReader.encodingFailure)
        #expect(thrown?.line == 10_003)
        #expect(thrown?.column == 4)
    }

    /// The refused bytes are located exactly, inside text too: Shift_JIS `ABCDEFGH` then 0x81 0x20
    /// (0x20 cannot follow a lead byte) on line 4 is column 9; windows-1252 `été ` then 0x81 (a byte
    /// cp1252 leaves undefined) on line 3 is column 5 (é, t, é, space before it).
    @Test func refusedBytesAreLocatedInsideText() throws {
        let shiftJIS = Array("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<r><d>line one\nline two\nABCDEFGH".utf8)
            + [0x81, 0x20] + Array("</d></r>\n".utf8)
        let sjis = try #require(Self.error(shiftJIS))
        #expect((sjis.line, sjis.column) == (4, 9))
        let cp1252 = Array("<?xml version=\"1.0\" encoding=\"windows-1252\"?>\n<r><d>caf".utf8) + [0xE9, 0x0A, 0xE9, 0x74, 0xE9, 0x20, 0x81]
            + Array("</d></r>\n".utf8)
        let windows = try #require(Self.error(cp1252))
        #expect((windows.line, windows.column) == (3, 5))
        #expect(windows.message == XMLStreamReader.encodingFailure)
    }

    /// libxml2's tree builder limits (without XML_PARSE_HUGE) hold without the tree: a text node
    /// over 10,000,000 bytes is an error.
    @Test func textLongerThanTheLimitIsAnError() throws {
        let text = [UInt8](repeating: UInt8(ascii: "x"), count: XMLStreamReader.maximumTextLength + 1)
        let error = Self.error(Array("<r>".utf8) + text + Array("</r>".utf8))
        #expect(error?.message == "a text node is longer than 10,000,000 bytes, more than roadtrip reads")
        #expect(error?.isLimit == true)
    }

    /// libxml2's guards, in words a user can act on: a billion-laughs entity bomb (10 levels of
    /// 10 references: 10¹⁰ "lol"s, no loop) is refused, and an attribute value of 10,000,001 bytes
    /// is over the name-and-value limit.
    @Test func libxml2LimitsAreSaidPlainly() throws {
        var bomb = #"<?xml version="1.0"?><!DOCTYPE r [<!ENTITY l0 "lol">"#
        for level in 1...10 {
            bomb += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
        }
        bomb += "]><r>&l10;</r>"
        #expect(Self.error(Array(bomb.utf8))?.message == "entity references loop or expand too much (libxml2's guard against an entity bomb)")
        let long = Array(#"<r a=""#.utf8) + [UInt8](repeating: UInt8(ascii: "1"), count: XMLStreamReader.maximumTextLength + 1)
            + Array(#""/>"#.utf8)
        #expect(Self.error(long)?.message == "a name or value is longer than libxml2's limit of 10000000 bytes")
    }
}
