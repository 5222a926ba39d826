import Testing
@testable import RoadTripFormats

/// What `roadtrip check` reads as references in a stylesheet: as CSS Syntax 3 §4 tokenises it,
/// strings and comments are skipped whole (the tester's finding: `url(` inside a string was read).
@Suite struct CSSReferencesTests {
    @Test func urlsOutsideStringsAndCommentsWithTheirLines() {
        let css = """
            /* url(in-a-comment.png)
               spanning lines */
            a { background: url("ok.png"); content: "url(in-a-string.png)"; }
            b { background: URL( 'b.png' ) } c { x: myurl(another-function.png) } d::after { content: 'it\\'s url(x)' }
            @import "imported.css";
            e { background: url(plain.png) }
            """
        let found = DocumentReferences.cssReferences(in: css)
        #expect(found.map(\.url) == ["ok.png", "b.png", "imported.css", "plain.png"])
        #expect(found.map(\.line) == [3, 4, 5, 6])
    }

    /// `srcset` as HTML's "parse a srcset attribute" splits it (the tester's finding: a comma
    /// inside a URL was taken as the end of a candidate).
    @Test func srcsetCandidatesAreSplitAsBrowsersSplitThem() {
        #expect(DocumentReferences.srcsetURLs("a.png 1x,c,d.png 2x") == ["a.png", "c,d.png"])
        #expect(DocumentReferences.srcsetURLs(" small.jpg 400w,  big.jpg 1600w ") == ["small.jpg", "big.jpg"])
        #expect(DocumentReferences.srcsetURLs("one.png,two.png") == ["one.png,two.png"])
        #expect(DocumentReferences.srcsetURLs("one.png, two.png 2x") == ["one.png", "two.png"])
        #expect(DocumentReferences.srcsetURLs("x.png 1x (a, b), y.png") == ["x.png", "y.png"])
        #expect(DocumentReferences.srcsetURLs(",,") == [])
    }
}
