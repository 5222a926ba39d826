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

/// Expected outputs are from the CommonMark 0.30 spec examples (spec.commonmark.org/0.30),
/// cmark's `test/smart_punct.txt`, and cmark.h's documentation of `CMARK_OPT_UNSAFE` ("raw
/// HTML is replaced by a placeholder HTML comment. Unsafe links are replaced by empty strings").
@Suite struct MarkdownTests {
    /// CommonMark 0.30 example 62 (ATX headings, levels 1–6).
    @Test func atxHeadings() {
        let markdown = "# foo\n## foo\n### foo\n#### foo\n##### foo\n###### foo\n"
        #expect(Markdown.html(from: markdown)
            == "<h1>foo</h1>\n<h2>foo</h2>\n<h3>foo</h3>\n<h4>foo</h4>\n<h5>foo</h5>\n<h6>foo</h6>\n")
    }

    /// CommonMark 0.30 example 63: seven `#` is not a heading.
    @Test func sevenHashesIsAParagraph() {
        #expect(Markdown.html(from: "####### foo\n") == "<p>####### foo</p>\n")
    }

    /// CommonMark 0.30 example 80 (setext headings).
    @Test func setextHeadings() {
        #expect(Markdown.html(from: "Foo *bar*\n=========\n\nFoo *bar*\n---------\n")
            == "<h1>Foo <em>bar</em></h1>\n<h2>Foo <em>bar</em></h2>\n")
    }

    /// cmark test/smart_punct.txt, first example.
    @Test func smartQuotes() {
        #expect(Markdown.html(from: "\"Hello,\" said the spider.\n\"'Shelob' is my name.\"\n")
            == "<p>“Hello,” said the spider.\n“‘Shelob’ is my name.”</p>\n")
        #expect(Markdown.html(from: "\"q\"") == "<p>“q”</p>\n")
    }

    /// cmark test/smart_punct.txt: "Dashes between numbers" (en dash U+2013) and em dashes.
    @Test func smartDashes() {
        #expect(Markdown.html(from: "Dashes between numbers: 5--7, 255--66, 1987--1999.\n")
            == "<p>Dashes between numbers: 5–7, 255–66, 1987–1999.</p>\n")
        #expect(Markdown.html(from: "Some dashes:  one---two ---\nthree---four --- five.\n")
            == "<p>Some dashes:  one—two —\nthree—four — five.</p>\n")
    }

    /// Without smart punctuation the quotes stay straight, escaped as `&quot;` (as in the
    /// spec's examples, e.g. example 24's `&quot;`), and `--` stays.
    @Test func smartOff() {
        #expect(Markdown.html(from: "\"q\" 5--7", smart: false) == "<p>&quot;q&quot; 5--7</p>\n")
    }

    /// CommonMark 0.30 example 613 (inline raw HTML): kept with unsafe, each tag replaced by
    /// the placeholder otherwise.
    @Test func inlineRawHTML() {
        #expect(Markdown.html(from: "<a><bab><c2c>\n", unsafe: true) == "<p><a><bab><c2c></p>\n")
        #expect(Markdown.html(from: "<a><bab><c2c>\n")
            == "<p><!-- raw HTML omitted --><!-- raw HTML omitted --><!-- raw HTML omitted --></p>\n")
    }

    /// An HTML block (CommonMark §4.6, condition 6: `<div>`) ends at a blank line; the
    /// paragraph after it is Markdown either way.
    @Test func htmlBlock() {
        let markdown = "<div>\n*foo*\n\n*bar*\n"
        #expect(Markdown.html(from: markdown, unsafe: true) == "<div>\n*foo*\n<p><em>bar</em></p>\n")
        #expect(Markdown.html(from: markdown) == "<!-- raw HTML omitted -->\n<p><em>bar</em></p>\n")
    }

    /// Unsafe link schemes get an empty href unless `unsafe` (cmark.h, CMARK_OPT_UNSAFE).
    @Test func unsafeLinks() {
        #expect(Markdown.html(from: "[x](javascript:alert(1))") == "<p><a href=\"\">x</a></p>\n")
        #expect(Markdown.html(from: "[x](javascript:alert(1))", unsafe: true)
            == "<p><a href=\"javascript:alert(1)\">x</a></p>\n")
    }

    /// CommonMark §2.3: U+0000 must be replaced by U+FFFD (not end the input).
    @Test func nulBecomesReplacementCharacter() {
        #expect(Markdown.html(from: "a\u{0}b") == "<p>a\u{FFFD}b</p>\n")
    }

    @Test func emptyInputGivesEmptyHTML() {
        #expect(Markdown.html(from: "") == "")
    }
}
