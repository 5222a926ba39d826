import Testing
@testable import RoadTripKit

@Suite struct HTMLEscapingTests {
    /// Expected strings written by hand from the HTML character references
    /// (`&amp; &lt; &gt; &quot; &#39;`).
    @Test func escapesTheFiveCharacters() {
        #expect(HTMLEscaping.escape("<a href='x'>Tom & \"Jerry\"</a>")
            == "&lt;a href=&#39;x&#39;&gt;Tom &amp; &quot;Jerry&quot;&lt;/a&gt;")
    }

    @Test func leavesOtherTextAlone() {
        #expect(HTMLEscaping.escape("Tromsø ☃ 69.65°N") == "Tromsø ☃ 69.65°N")
        #expect(HTMLEscaping.escape("") == "")
        // A combining accent after "&" stays after the escaped ampersand.
        #expect(HTMLEscaping.escape("&\u{301}x") == "&amp;\u{301}x")
    }
}
