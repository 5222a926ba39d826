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

/// `DecimalNumber.parse` against Swift's own `Double(_: StringProtocol)` — a separate, correctly
/// rounded implementation in the standard library — on edge cases and on random decimals of the
/// lengths trip logs write.
@Suite struct DecimalNumberTests {
    func parse(_ text: String, separator: UInt8 = 0x2E) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { DecimalNumber.parse($0, decimalSeparator: separator) }
    }

    @Test func edgeCases() {
        #expect(parse("46.0000090") == 46.0000090)
        #expect(parse("-121.9723242335021495819091796875") == Double("-121.9723242335021495819091796875"))
        #expect(parse("+3") == 3)
        #expect(parse(".5") == 0.5)
        #expect(parse("5.") == 5)
        #expect(parse("-0")?.sign == .minus)
        #expect(parse("1e3") == 1000)
        #expect(parse("2.5E-3") == 0.0025)
        // 2^53 + 1 is not a double: round half to even gives 2^53 (slow path).
        #expect(parse("9007199254740993") == 9_007_199_254_740_992)
        #expect(parse("1e-400") == 0)
        #expect(parse("12,5", separator: 0x2C) == 12.5)
        for bad in ["", "-", ".", "1e", "e5", "1.2.3", "--1", "1e+", " 1", "1 ", "inf", "nan", "0x10", "1e400", "12,5", "1_0"] {
            #expect(parse(bad) == nil, "\(bad)")
        }
    }

    @Test func randomDecimalsMatchTheStandardLibrary() {
        var generator = LongitudeBinsTests.Generator(state: 42)
        for _ in 0..<20_000 {
            let integerDigits = Int.random(in: 1...4, using: &generator)
            let fractionDigits = Int.random(in: 0...20, using: &generator)
            var text = Bool.random(using: &generator) ? "-" : ""
            for _ in 0..<integerDigits { text += String(Int.random(in: 0...9, using: &generator)) }
            if fractionDigits > 0 {
                text += "."
                for _ in 0..<fractionDigits { text += String(Int.random(in: 0...9, using: &generator)) }
            }
            if Int.random(in: 0..<5, using: &generator) == 0 { text += "e\(Int.random(in: -30...30, using: &generator))" }
            let expected = Double(text)
            #expect(parse(text) == expected, "\(text)")
        }
    }
}
