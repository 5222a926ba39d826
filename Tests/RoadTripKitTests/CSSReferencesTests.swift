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
}
