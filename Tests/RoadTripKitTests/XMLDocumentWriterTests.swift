import Foundation
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

@Suite struct XMLDocumentWriterTests {
    /// Characters XML must escape (& < > " ') plus an emoji and an accented letter round-trip through
    /// an independent parser (FoundationXML) unchanged, in text and in attributes.
    @Test func escapesTextAndAttributesExactlyOnce() throws {
        let nasty = "Tom & Jerry's <b>\"café\"</b> 🚗 &amp;"
        let xml = XMLDocumentWriter.document { writer in
            writer.element("root", attributes: [("label", nasty)]) {
                writer.element("item", text: nasty)
            }
        }
        let root = try #require(XMLTestElement.parse(xml))
        #expect(root.attributes["label"] == nasty)
        #expect(root.child(named: "item")?.text == nasty)
        // "&amp;" in the input must come out as "&amp;amp;" (escaped once, not passed through).
        #expect(xml.contains("&amp;amp;"))
        #expect(!xml.contains("<b>"))
    }

    /// Without a declaration (inline SVG) libxml2 may write non-ASCII attribute characters as
    /// character references; either way the parsed value is the original.
    @Test func inlineDocumentsKeepNonASCIIText() throws {
        let xml = XMLDocumentWriter.document(includeDeclaration: false) { writer in
            writer.element("a", attributes: [("t", "Zürich 🚗 & co")], text: "Zürich 🚗 & co")
        }
        let root = try #require(XMLTestElement.parse(xml))
        #expect(root.attributes["t"] == "Zürich 🚗 & co")
        #expect(root.text == "Zürich 🚗 & co")
    }

    @Test func writesDeclarationOnlyWhenAsked() throws {
        let standalone = XMLDocumentWriter.document { $0.element("a") }
        let inline = XMLDocumentWriter.document(includeDeclaration: false) { $0.element("a") }
        #expect(standalone.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"))
        #expect(inline.trimmingCharacters(in: .whitespacesAndNewlines) == "<a/>")
        #expect(XMLTestElement.parse(standalone)?.name == "a")
        #expect(XMLTestElement.parse(inline)?.name == "a")
    }

    /// XML 1.0 §2.2 forbids U+0001 and U+FFFF even as character references; they become U+FFFD and the
    /// document still parses. Tab and newline are allowed and survive in text. DEL and the C1
    /// controls (U+007F–U+009F, "discouraged" there, parse errors in an HTML page holding the SVG)
    /// become U+FFFD too, in text and in attributes (as references in an inline SVG's); U+00A0 stays.
    @Test func replacesCharactersXMLForbids() throws {
        let xml = XMLDocumentWriter.document(includeDeclaration: false) { writer in
            writer.element("a", attributes: [("v", "x\u{1}y\u{85}z")], text: "p\u{FFFF}q\tr\ns\u{0}t\u{7F}u\u{9F}v\u{A0}")
        }
        #expect(!xml.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
        let root = try #require(XMLTestElement.parse(xml))
        #expect(root.attributes["v"] == "x\u{FFFD}y\u{FFFD}z")
        #expect(root.text == "p\u{FFFD}q\tr\ns\u{FFFD}t\u{FFFD}u\u{FFFD}v\u{A0}")
    }

    @Test func nestsElementsInOrder() throws {
        let xml = XMLDocumentWriter.document { writer in
            writer.element("a") {
                writer.element("b", attributes: [("n", "1")])
                writer.element("c") { writer.element("d", text: "x") }
                writer.element("b", attributes: [("n", "2")])
            }
        }
        let root = try #require(XMLTestElement.parse(xml))
        #expect(root.children.map(\.name) == ["b", "c", "b"])
        #expect(root.children.map { $0.attributes["n"] } == ["1", nil, "2"])
        #expect(root.child(named: "c")?.child(named: "d")?.text == "x")
    }

    /// sitemaps.org protocol 0.9: `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`, one
    /// `<url>` with `<loc>` and optional `<lastmod>`; its own example of entity escaping is
    /// `http://www.example.com/view.html?item=12&amp;desc=vacation_hawaii`.
    @Test func sitemapFollowsSitemapsOrgProtocol() throws {
        let xml = Sitemap.xml(urls: [
            (location: "https://example.org/trips/", lastModified: "2024-05-01"),
            (location: "http://www.example.com/view.html?item=12&desc=vacation_hawaii", lastModified: nil),
        ])
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"))
        #expect(xml.contains("http://www.example.com/view.html?item=12&amp;desc=vacation_hawaii"))
        let root = try #require(XMLTestElement.parse(xml))
        #expect(root.name == "urlset")
        #expect(root.attributes["xmlns"] == "http://www.sitemaps.org/schemas/sitemap/0.9")
        #expect(root.children.count == 2)
        #expect(root.children[0].child(named: "loc")?.text == "https://example.org/trips/")
        #expect(root.children[0].child(named: "lastmod")?.text == "2024-05-01")
        #expect(root.children[1].child(named: "loc")?.text == "http://www.example.com/view.html?item=12&desc=vacation_hawaii")
        #expect(root.children[1].child(named: "lastmod") == nil)
    }
}

/// The Swift writer against libxml2's `xmlTextWriter` (2.9.14, the writer it replaced, as
/// roadtrip drove it): the same documents, byte for byte.
@Suite struct XMLDocumentWriterLibXML2Tests {
    /// Output of libxml2 2.9.14 for this document (a C program calling `xmlNewTextWriterMemory`,
    /// `xmlTextWriterSetIndent(w, 1)`, `xmlTextWriterSetIndentString(w, "  ")`, the start, attribute,
    /// string, raw and end calls below, then `xmlTextWriterEndDocument`), in the four combinations
    /// of declaration and indentation. Shows its quirks: non-ASCII attribute characters as
    /// references without a declaration, an indented start tag right after raw markup, an end tag
    /// not indented after text.
    @Test func writesWhatLibXML2Wrote() {
        let attribute = "Zürich 🚗 & <>\"' \t\n\r x\u{2028}"
        let text = "Zürich & <>\"' \t\n\r]]>"
        func written(declaration: Bool, indent: Bool) -> String {
            XMLDocumentWriter.document(includeDeclaration: declaration, indent: indent) { writer in
                writer.element("a", attributes: [("t", attribute)]) {
                    writer.element("b", text: text)
                    writer.element("c") {
                        writer.element("d")
                        writer.raw("<raw/>")
                        writer.element("e")
                    }
                    writer.element("f", text: "")
                }
            }
        }
        let escapedText = "Zürich &amp; &lt;&gt;&quot;' \t\n&#13;]]&gt;"
        let referenced = "Z&#xFC;rich &#x1F697; &amp; &lt;&gt;&quot;' &#9;&#10;&#13; x&#x2028;"
        let plain = "Zürich 🚗 &amp; &lt;&gt;&quot;' &#9;&#10;&#13; x\u{2028}"
        let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        #expect(written(declaration: false, indent: false)
            == "<a t=\"\(referenced)\"><b>\(escapedText)</b><c><d/><raw/><e/></c><f></f></a>\n")
        #expect(written(declaration: true, indent: false)
            == declaration + "<a t=\"\(plain)\"><b>\(escapedText)</b><c><d/><raw/><e/></c><f></f></a>\n")
        let indented = "\">\n  <b>\(escapedText)</b>\n  <c>\n    <d/>\n<raw/>    <e/>\n  </c>\n  <f></f>\n</a>\n"
        #expect(written(declaration: false, indent: true) == "<a t=\"\(referenced)" + indented)
        #expect(written(declaration: true, indent: true) == declaration + "<a t=\"\(plain)" + indented)
    }

    /// Text after a child element, and a child after text, indented as libxml2 did: a start tag is
    /// always preceded by its indentation, an end tag only when the last content was an element.
    @Test func mixedContentIsLaidOutAsLibXML2Did() {
        let xml = XMLDocumentWriter.document(includeDeclaration: false) { writer in
            writer.element("p") {
                writer.text("one")
                writer.element("b", text: "two")
                writer.text("three")
                writer.element("i")
            }
        }
        // libxml2 2.9.14 writes exactly this (the same calls from a C program); traced through
        // xmlwriter.c: "<p" then text closes the tag with ">" (no newline);
        // <b> gets the depth-1 indentation "  " and ends with a newline; after "three" the empty
        // <i/> is indented and ends with a newline, so </p> (last content an element) is indented
        // at depth 0, that is not at all.
        #expect(xml == "<p>one  <b>two</b>\nthree  <i/>\n</p>\n")
    }
}
