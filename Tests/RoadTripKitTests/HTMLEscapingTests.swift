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

    /// Characters HTML does not allow (HTML Living Standard §13.2.5: controls other than ASCII
    /// whitespace, DEL, C1 controls, noncharacters) become U+FFFD; tab, line feed, carriage return
    /// and non-ASCII letters stay.
    @Test func disallowedCharactersBecomeReplacementCharacters() {
        #expect(HTMLEscaping.escape("a\u{0}b\u{1B}c\u{7F}d") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d")
        #expect(HTMLEscaping.escape("\u{85}x\u{9F}") == "\u{FFFD}x\u{FFFD}")
        // Swift string literals refuse U+FFFE/U+FFFF, so build them from scalars.
        let noncharacters = String(String.UnicodeScalarView([0xFDD0, 0xFFFE, 0xFFFF].compactMap(Unicode.Scalar.init)))
        #expect(HTMLEscaping.escape(noncharacters) == "\u{FFFD}\u{FFFD}\u{FFFD}")
        #expect(HTMLEscaping.escape("tab\tline\nret\r é ø 東京 \u{A0}") == "tab\tline\nret\r é ø 東京 \u{A0}")
        #expect(HTMLEscaping.escape("<\u{1}>") == "&lt;\u{FFFD}&gt;")
        #expect(HTMLEscaping.replacingDisallowedCharacters("<p>a\u{1}b</p>") == "<p>a\u{FFFD}b</p>")
        #expect(HTMLEscaping.replacingDisallowedCharacters("<p>plain</p>") == "<p>plain</p>")
    }
}
