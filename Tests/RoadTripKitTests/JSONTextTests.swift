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

@Suite struct JSONTextTests {
    /// RFC 8259 §7 escapes, plus the script-safety ones: `</` → `<\/`, `<!--` → `\u003c!--`,
    /// U+2028/U+2029 → `\u2028`/`\u2029`. Expected strings written by hand from those rules.
    @Test(arguments: [
        ("plain", "\"plain\""),
        ("a\"b\\c", "\"a\\\"b\\\\c\""),
        ("line\nbreak\ttab\r\u{8}\u{C}", "\"line\\nbreak\\ttab\\r\\b\\f\""),
        ("\u{1}\u{1F}", "\"\\u0001\\u001f\""),
        ("</script><script>", "\"<\\/script><script>\""),
        ("<!-- x -->", "\"\\u003c!-- x -->\""),
        ("a\u{2028}b\u{2029}c", "\"a\\u2028b\\u2029c\""),
        ("a/b", "\"a/b\""),
        ("Café 🚗", "\"Café 🚗\""),
        // DEL and the C1 controls (HTML parse errors if raw); U+00A0 and U+00FF (also C2/C3 lead
        // bytes) are not controls and stay as they are.
        ("a\u{7F}b\u{85}c\u{9F}d\u{A0}e\u{80}", "\"a\\u007fb\\u0085c\\u009fd\u{A0}e\\u0080\""),
        ("ÿ\u{A9}", "\"ÿ\u{A9}\""),
    ])
    func escapesStrings(input: String, expected: String) {
        #expect(JSONText.string(input) == expected)
        // The same text appended as UTF-8 (what JSONWriter and the GeoJSON writers use), after
        // bytes already there.
        var bytes = Array("[".utf8)
        JSONText.append(input, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "[" + expected)
    }

    /// Whatever the escaping, a JSON parser (Foundation's JSONSerialization) reads the original back.
    @Test func stringsRoundTripThroughJSONSerialization() throws {
        let nasty = "\"\\/</script><!--\u{0}\u{7}\u{7F}\u{85}\u{9F}\u{2028}\u{2029}é🚗 & ' <"
        let parsed = try JSONSerialization.jsonObject(
            with: Data(JSONText.string(nasty).utf8), options: .fragmentsAllowed)
        #expect(parsed as? String == nasty)
    }

    /// Plain decimals, ≤ 7 fraction digits by default, no exponent, no trailing zeros, no "-0";
    /// expected values are the decimal roundings done by hand.
    @Test(arguments: [
        (1e-7, "0.0000001"),
        (0.1 + 0.2, "0.3"),
        (12.5, "12.5"),
        (-73.9857, "-73.9857"),
        (0.123456789, "0.1234568"),
        (179.99999999, "180"),
        (-0.00000001, "0"),
        (1e21, "1000000000000000000000"),
        (42, "42"),
    ])
    func formatsNumbers(value: Double, expected: String) {
        #expect(JSONText.number(value) == expected)
    }

    @Test func honoursFractionDigitsAndRejectsNonFinite() {
        #expect(JSONText.number(3.14159, maximumFractionDigits: 2) == "3.14")
        #expect(JSONText.number(2.999, maximumFractionDigits: 2) == "3")
        #expect(JSONText.number(.nan) == "null")
        #expect(JSONText.number(-.infinity) == "null")
    }

    /// The one-bit-a-byte test against its definition, for all 256 byte values: every byte that
    /// may begin an escape — the controls below 0x20, `"`, `\\`, `<`, DEL, and the lead bytes
    /// 0xC2 (C1 controls) and 0xE2 (U+2028/U+2029) — and no other.
    @Test func everyByteThatMayNeedEscapingIsFound() {
        for value in 0...255 {
            let byte = UInt8(value)
            let listed = byte < 0x20 || [0x22, 0x5C, 0x3C, 0x7F, 0xC2, 0xE2].contains(byte)
            #expect(JSONText.mayNeedEscaping(byte) == listed, "byte \(value)")
        }
    }

    /// A number's digits written into bytes are `number`'s text: the formatting cases above, both
    /// signs, non-finite values (`null`), the printf path (|value| · 10^digits beyond 10^12, a
    /// fraction of one half) and 2,000 random values at every digit count, appended after bytes
    /// already there.
    @Test func numbersAppendedAsBytesAreTheirText() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [1e-7, 0.1 + 0.2, 12.5, -73.9857, 0.123456789, 179.99999999, -0.00000001, 1e21, 42, 0, -0.0,
                                .nan, .infinity, -.infinity, 0.125, 2.5, -1e15, 123456.789012345]
        for _ in 0..<2_000 { values.append(Double.random(in: -1e6...1e6, using: &generator)) }
        for value in values {
            for digits in [0, 1, 2, 4, 6, 7, 9, 12] {
                var bytes = Array("[".utf8)
                JSONText.appendNumber(value, maximumFractionDigits: digits, to: &bytes)
                #expect(String(decoding: bytes, as: UTF8.self) == "[" + JSONText.number(value, maximumFractionDigits: digits))
                var plain: [UInt8] = []
                DecimalText.append(value, maximumFractionDigits: digits, to: &plain)
                #expect(String(decoding: plain, as: UTF8.self) == DecimalText.string(value, maximumFractionDigits: digits))
            }
        }
    }
}
