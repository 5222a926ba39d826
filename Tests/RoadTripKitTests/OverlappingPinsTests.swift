import Foundation
import Testing
@testable import RoadTripGeo

/// Which pins are too close: pairs closer than the larger pin's size, found by the grid hash.
@Suite struct OverlappingPinsTests {
    private func point(_ x: Double, _ y: Double) -> ViewportPoint { ViewportPoint(x: x, y: y) }

    private func pairs(_ points: [ViewportPoint], sizes: [Double]) -> [String] {
        OverlappingPins.pairs(points, sizes: sizes).map { "\($0.0)-\($0.1)" }
    }

    /// Two 31-px pins 10 px apart are too close; 40 px apart they are not; exactly 31 px apart they
    /// are not (closer *than* the size).
    @Test func tenPixelsApartIsTooCloseFortyIsNot() {
        #expect(pairs([point(100, 100), point(110, 100)], sizes: [31, 31]) == ["0-1"])
        #expect(pairs([point(100, 100), point(140, 100)], sizes: [31, 31]).isEmpty)
        #expect(pairs([point(100, 100), point(100, 131)], sizes: [31, 31]).isEmpty)
        // Diagonal: (6, 8) px is 10 px; (24, 32) px is 40 px.
        #expect(pairs([point(0, 0), point(6, 8)], sizes: [31, 31]) == ["0-1"])
        #expect(pairs([point(0, 0), point(24, 32)], sizes: [31, 31]).isEmpty)
    }

    /// The larger pin decides: a 42-px destination and a 31-px POI 35 px apart are too close, two
    /// POIs 35 px apart are not.
    @Test func theLargerSizeDecides() {
        #expect(pairs([point(0, 0), point(35, 0)], sizes: [42, 31]) == ["0-1"])
        #expect(pairs([point(0, 0), point(35, 0)], sizes: [31, 42]) == ["0-1"])
        #expect(pairs([point(0, 0), point(35, 0)], sizes: [31, 31]).isEmpty)
    }

    /// A chain 25 px apart: each pin is too close to its neighbours (25 < 31) but not to the next but
    /// one (50 px), so only neighbours pair up; `PinSpread` then groups the chain transitively.
    @Test func aChainPairsOnlyNeighbours() {
        let chain = [point(0, 0), point(25, 0), point(50, 0), point(75, 0)]
        #expect(pairs(chain, sizes: [31, 31, 31, 31]) == ["0-1", "1-2", "2-3"])
    }

    /// Pins on either side of a grid line (cells are 31 px: 30.9 and 31.1 fall in cells 0 and 1),
    /// or of the origin (−1 and 1 px: cells −1 and 0), are still found; a pin that is not finite
    /// is never in a pair.
    @Test func cellEdgesAndNonFinitePoints() {
        #expect(pairs([point(30.9, 5), point(31.1, 5)], sizes: [31, 31]) == ["0-1"])
        #expect(pairs([point(-1, -1), point(1, 1)], sizes: [31, 31]) == ["0-1"])
        #expect(pairs([point(.nan, 0), point(0, 0), point(.infinity, 0)], sizes: [31, 31, 31]).isEmpty)
        #expect(pairs([point(0, 0)], sizes: [31]).isEmpty)
    }

    /// The grid hash finds exactly the pairs that comparing every pin with every other finds, for
    /// 300 pins scattered over 800 × 500 px (a fixed linear congruential sequence: Knuth's MMIX
    /// constants) with sizes of 31 and 42 px.
    @Test func sameAsComparingEveryPair() {
        var state: UInt64 = 17
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        let points = (0..<300).map { _ in point(next() * 800, next() * 500) }
        let sizes = points.indices.map { $0.isMultiple(of: 7) ? 42.0 : 31.0 }
        var expected: Set<String> = []
        for j in points.indices {
            for i in 0..<j where hypot(points[i].x - points[j].x, points[i].y - points[j].y) < max(sizes[i], sizes[j]) {
                expected.insert("\(i)-\(j)")
            }
        }
        let found = pairs(points, sizes: sizes)
        #expect(Set(found) == expected)
        #expect(found.count == expected.count && expected.count > 50)
    }
}
