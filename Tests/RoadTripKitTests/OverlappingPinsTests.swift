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
        // In ascending order of the second pin, then the first.
        let order = OverlappingPins.pairs(points, sizes: sizes).map { [$0.1, $0.0] }
        #expect(order == order.sorted { $0.lexicographicallyPrecedes($1) })
    }

    /// Every nearby pair is offered once, the second pin in ascending order, also in clusters of
    /// pins at one place, across negative cells and for pins far apart in one column or row (the
    /// cells the search steps over): 200 pins on a few spots, all in pairs with their spot only.
    @Test func nearbyPairsOnceEachAcrossClusters() {
        let spots = [point(-500, -500), point(0, 0), point(0, 1_000), point(1_000, 0), point(12.5, 12.5)]
        let points = (0..<200).map { spots[$0 % spots.count] }
        let sizes = [Double](repeating: 31, count: points.count)
        var offered: [String] = []
        OverlappingPins.forEachNearbyPair(points, sizes: sizes, inOrder: false) { offered.append("\($0)-\($1)") }
        // Spots 1 and 4 share a cell; every other spot is alone: 40 pins each, 80 on the shared cell.
        let expected = (0..<200).flatMap { j in
            (0..<j).filter { i in
                let (a, b) = (i % spots.count, j % spots.count)
                return a == b || Set([a, b]) == [1, 4]
            }.map { "\($0)-\(j)" }
        }
        #expect(Set(offered) == Set(expected) && offered.count == expected.count)
        let seconds = offered.map { Int($0.split(separator: "-")[1])! }
        #expect(seconds == seconds.sorted())
    }
}
