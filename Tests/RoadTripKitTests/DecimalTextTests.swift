import Foundation
import Testing
import TestTools
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

@Suite struct DecimalTextTests {
    /// The integer fast path must print exactly what C's printf("%.*f") prints (the reference,
    /// reached here through Foundation's String(format:)), for values of every magnitude the site
    /// writes: pixels, degrees, metres. Seeded so a failure is reproducible.
    @Test func agreesWithPrintfOnRandomValues() {
        var generator = SplitMix64(seed: 20261129)
        for _ in 0..<20_000 {
            let magnitude = pow(10, Double.random(in: -8...9, using: &generator))
            let value = Double.random(in: -1...1, using: &generator) * magnitude
            let digits = Int.random(in: 0...9, using: &generator)
            let reference = String(format: "%.\(digits)f", value)
            let expectedFixed = reference.hasPrefix("-") && !reference.contains(where: { "123456789".contains($0) })
                ? String(reference.dropFirst()) : reference
            #expect(DecimalText.fixed(value, fractionDigits: digits) == expectedFixed, "\(value) at \(digits)")
        }
    }

    /// Hand-checked cases: half-way values round like printf (to even on the exact binary value:
    /// 0.125 is exact, so 2 decimals give 0.12; 0.375 gives 0.38), zeros are trimmed, no exponent.
    @Test func handCheckedValues() {
        #expect(DecimalText.string(0.125, maximumFractionDigits: 2) == "0.12")
        #expect(DecimalText.string(0.375, maximumFractionDigits: 2) == "0.38")
        #expect(DecimalText.string(2.50, maximumFractionDigits: 2) == "2.5")
        #expect(DecimalText.string(3.0, maximumFractionDigits: 7) == "3")
        #expect(DecimalText.string(1e-7, maximumFractionDigits: 7) == "0.0000001")
        #expect(DecimalText.string(-0.00000001, maximumFractionDigits: 7) == "0")
        #expect(DecimalText.fixed(40.7484, fractionDigits: 7) == "40.7484000")
        #expect(DecimalText.fixed(-73.98570001, fractionDigits: 7) == "-73.9857000")
    }
}
