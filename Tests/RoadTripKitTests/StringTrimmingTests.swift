import Foundation
import Testing
@testable import RoadTripCore

/// `String.trimmingWhitespacesAndNewlines` against its reference, Foundation's
/// `trimmingCharacters(in: .whitespacesAndNewlines)`: ends of printable ASCII (the fast path), every
/// white-space and line-break character Foundation trims (the `Z*` categories, U+0009–U+000D, U+0085)
/// at either end, characters it keeps (U+200B, U+FEFF, U+00AD, a combining mark, an emoji), and
/// empty and blank strings.
@Suite struct StringTrimmingTests {
    @Test func trimsAsFoundationDoes() {
        let ends = ["", " ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{200A}",
                    "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{200B}", "\u{FEFF}", "\u{AD}", "x", "é", "🚗"]
        let middles = ["", "a", "https://example.org/a b", "e\u{301}", " ", "~", "!"]
        var checked = 0
        for head in ends {
            for middle in middles {
                for tail in ends {
                    let text = head + middle + tail
                    #expect(Array(text.trimmingWhitespacesAndNewlines.utf8) == Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8),
                            "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
                    checked += 1
                }
            }
        }
        #expect(checked == 23 * 7 * 23)
        #expect(" https://example.org/ \n".trimmingWhitespacesAndNewlines == "https://example.org/")
    }
}
