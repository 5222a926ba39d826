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

/// DESIGN §4.2 heading filters; the circular difference is `((b − a + 540) mod 360) − 180` with a
/// non-negative `mod`, worked by hand in each comment.
@Suite struct HeadingFilterTests {
    struct DifferenceCase: Sendable, CustomTestStringConvertible {
        let from: Double
        let to: Double
        let expected: Double
        var testDescription: String { "\(from)→\(to)" }
    }

    static let differenceCases: [DifferenceCase] = [
        // 1 − 359 + 540 = 182; 182 mod 360 = 182; − 180 = 2
        DifferenceCase(from: 359, to: 1, expected: 2),
        // 350 − 10 + 540 = 880; 880 mod 360 = 160; − 180 = −20
        DifferenceCase(from: 10, to: 350, expected: -20),
        // 10 − 350 + 540 = 200; − 180 = 20
        DifferenceCase(from: 350, to: 10, expected: 20),
        // 180 − 0 + 540 = 720; 720 mod 360 = 0; − 180 = −180 (a half turn is −180, never +180)
        DifferenceCase(from: 0, to: 180, expected: -180),
        DifferenceCase(from: 180, to: 0, expected: -180),
        // 90 − 90 + 540 = 540; mod 360 = 180; − 180 = 0
        DifferenceCase(from: 90, to: 90, expected: 0),
        // negative remainder: 1 − 720 + 540 = −179; C fmod gives −179, + 360 = 181; − 180 = 1
        DifferenceCase(from: 720, to: 1, expected: 1),
        // 10 − (−10) + 540 = 560; mod 360 = 200; − 180 = 20
        DifferenceCase(from: -10, to: 10, expected: 20),
    ]

    @Test(arguments: differenceCases) func circularDifference(_ c: DifferenceCase) {
        #expect(HeadingFilter.difference(from: c.from, to: c.to) == c.expected)
    }

    @Test func invalidSamplesAreDropped() {
        let samples = [
            HeadingSample(trueHeading: 10, headingAccuracy: 0),  // ≤ 0: invalid
            HeadingSample(trueHeading: 20, headingAccuracy: -1),  // invalid
            HeadingSample(trueHeading: 30, headingAccuracy: nil),  // NMEA: no accuracy, passes
            HeadingSample(trueHeading: 40, headingAccuracy: 5),
            HeadingSample(magneticHeading: nil, trueHeading: nil, headingAccuracy: 5),  // no heading
            HeadingSample(magneticHeading: -1, trueHeading: -1),  // both invalid
        ]
        let result = HeadingFilter.apply(samples, settings: FilterSettings())
        #expect(result.headings == [30, 40])
        #expect(result.reference == .true)
        #expect(result.report.sentence == "2 of 6 headings kept: 4 invalid")
    }

    /// headingFilter 1°, true headings 359.5, 0.2, 0.5, 1.0, 358.0 compared with the last KEPT:
    /// 359.5 first (kept); 0.2: 0.2 − 359.5 + 540 = 180.7 → 0.7 < 1 (dropped); 0.5: 181 → 1.0 = 1
    /// (kept: equal is enough); 1.0: from 0.5, 0.5 (dropped); 358.0: 358 − 0.5 + 540 = 897.5,
    /// mod 360 = 177.5 → −2.5, |−2.5| ≥ 1 (kept).
    @Test func headingFilterAcrossNorth() {
        let samples = [359.5, 0.2, 0.5, 1.0, 358.0].map { HeadingSample(trueHeading: $0) }
        let result = HeadingFilter.apply(samples, settings: FilterSettings(headingFilter: 1))
        #expect(result.headings == [359.5, 0.5, 358.0])
        #expect(result.report.sentence == "3 of 5 headings kept: 2 within 1° of the previous")
    }

    /// 359° → 1° is 2° the short way round (not 358°): kept at headingFilter 2, dropped at 2.5.
    @Test func wrapAroundIsTheShortWay() {
        let samples = [HeadingSample(trueHeading: 359), HeadingSample(trueHeading: 1)]
        #expect(HeadingFilter.apply(samples, settings: FilterSettings(headingFilter: 2)).headings == [359, 1])
        #expect(HeadingFilter.apply(samples, settings: FilterSettings(headingFilter: 2.5)).headings == [359])
    }

    /// trueHeading when valid (≥ 0), else magneticHeading; the result says which.
    @Test func trueVersusMagnetic() {
        let magneticOnly = [HeadingSample(magneticHeading: 12), HeadingSample(magneticHeading: 40, trueHeading: -1)]
        let magnetic = HeadingFilter.apply(magneticOnly, settings: FilterSettings())
        #expect(magnetic.headings == [12, 40])
        #expect(magnetic.reference == .magnetic)

        let mixed = HeadingFilter.apply(
            [HeadingSample(magneticHeading: 12, trueHeading: 15), HeadingSample(magneticHeading: 40, trueHeading: -1)],
            settings: FilterSettings())
        #expect(mixed.headings == [15, 40])
        #expect(mixed.reference == .mixed)

        let none = HeadingFilter.apply([], settings: .roadTrip)
        #expect(none.reference == nil)
        #expect(none.report.sentence == "no headings")
    }
}
