import Foundation
import Testing
import TestTools
@testable import RoadTripGeo

/// Where a map's pins are drawn: grouped, spread, kept inside the map, never too close.
@Suite struct PinSpreadTests {
    private func pin(_ x: Double, _ y: Double, size: Double = 31, stays: Bool = false) -> PinSpread.Pin {
        PinSpread.Pin(point: ViewportPoint(x: x, y: y), size: size, staysInPlace: stays)
    }

    private func positions(_ pins: [PinSpread.Pin], width: Double = 800, height: Double = 500) -> [ViewportPoint] {
        PinSpread.positions(of: pins, width: width, height: height)
    }

    private func expectNear(_ point: ViewportPoint, _ x: Double, _ y: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(point.x - x) < 1e-4 && abs(point.y - y) < 1e-4, "\(point) is not (\(x), \(y))", sourceLocation: sourceLocation)
    }

    /// Every two drawn pins at least the larger one's size apart.
    private func expectApart(_ pins: [PinSpread.Pin], _ drawn: [ViewportPoint], sourceLocation: SourceLocation = #_sourceLocation) {
        for j in drawn.indices {
            for i in 0..<j {
                let distance = hypot(drawn[i].x - drawn[j].x, drawn[i].y - drawn[j].y)
                #expect(distance >= max(pins[i].size, pins[j].size) - 1e-9, "pins \(i) and \(j): \(distance) px", sourceLocation: sourceLocation)
            }
        }
    }

    /// The pins are drawn at `expected` (pixels, in the pins' order), every two far enough apart.
    private func expectDrawn(_ pins: [PinSpread.Pin], at expected: [(Double, Double)], sourceLocation: SourceLocation = #_sourceLocation) {
        let drawn = positions(pins)
        #expect(drawn.count == expected.count, sourceLocation: sourceLocation)
        for (point, (x, y)) in zip(drawn, expected) { expectNear(point, x, y, sourceLocation: sourceLocation) }
        expectApart(pins, drawn, sourceLocation: sourceLocation)
    }

    /// Pins apart stay exactly where they are.
    @Test func pinsFortyPixelsApartStay() {
        let pins = [pin(100, 100), pin(140, 100), pin(400, 300)]
        #expect(positions(pins) == pins.map(\.point))
    }

    /// Two pins at one place: the ring of two round (100, 100), 15.5 px left and right (r = 31 / 2);
    /// the first in order takes the first place (left) on the tie.
    @Test func twoPinsAtOnePlaceGoSideBySide() {
        expectDrawn([pin(100, 100), pin(100, 100)], at: [(84.5, 100), (115.5, 100)])
    }

    /// Two pins 10 px apart are one group: centre (195, 100), places at 179.5 and 210.5. The second
    /// pin is the left one (190), so it takes the left place and their leader lines do not cross.
    @Test func tenPixelsApartIsOneGroupAndEachKeepsItsSide() {
        expectDrawn([pin(200, 100), pin(190, 100)], at: [(210.5, 100), (179.5, 100)])
    }

    /// A chain 25 px apart is one group transitively although its ends are 50 px apart: four pins
    /// round their mean (137.5, 200) on a ring of r = 31 / (2 sin 45°) = 21.920310 px, at −135°,
    /// −45°, 45°, 135° (even: half a step before straight up): (137.5 ∓ 15.5, 200 ∓ 15.5), as
    /// r cos 45° = 31/2. Nearest first: upper left (122, 184.5) ← pin 1 (9 + 240.25 px² against pin
    /// 0's 484 + 240.25), upper right (153, 184.5) ← pin 2, lower right (153, 215.5) ← pin 3 (against
    /// pin 0, 53 px away), lower left (122, 215.5) ← pin 0: the outer pins below, the inner above.
    @Test func aChainIsOneGroup() {
        expectDrawn(
            [pin(100, 200), pin(125, 200), pin(150, 200), pin(175, 200)],
            at: [(122, 215.5), (122, 184.5), (153, 184.5), (153, 215.5)])
    }

    /// The destination (42 px, stays in place) at (400, 250) with three POIs on it: it keeps its
    /// place; they go round it at r = max(42/√3, 42) = 42 (the group's largest size), from straight
    /// down clockwise every 120°: 90° → (400, 292); 210° → (400 − 42 cos 30°, 250 − 21) =
    /// (363.626933, 229); 330° → (436.373067, 229).
    @Test func theDestinationStaysAndTheOthersGoRoundIt() {
        expectDrawn(
            [pin(400, 250, size: 42, stays: true), pin(400, 250), pin(400, 250), pin(400, 250)],
            at: [(400, 250), (400, 292), (363.626933, 229), (436.373067, 229)])
    }

    /// Only the first pin that stays does: a second one in the group is spread like the others.
    @Test func onlyTheFirstPinThatStaysStays() {
        // One other pin: straight down at r = 42.
        expectDrawn([pin(400, 250, size: 42, stays: true), pin(400, 250, size: 42, stays: true)], at: [(400, 250), (400, 292)])
    }

    /// Near the left edge two pins at (5, 100) would be spread to x = −10.5 and 20.5, and a pin's
    /// box reaches 15.5 px to either side: the layout moves right by 26 px (to 15.5 and 46.5).
    /// Near the top, (400, 10): the places' boxes reach 31 px above them, so it moves down 21 px.
    /// A group whose centre is off the map is left where it is.
    @Test func aSpreadStaysInsideTheMap() {
        expectDrawn([pin(5, 100), pin(5, 100)], at: [(15.5, 100), (46.5, 100)])
        expectDrawn([pin(400, 10), pin(400, 10)], at: [(384.5, 31), (415.5, 31)])
        expectDrawn([pin(-50, 100), pin(-50, 100)], at: [(-65.5, 100), (-34.5, 100)])
    }

    /// A group whose pin stays, near an edge, is moved inside like any other, the pin that stays
    /// with it. The tester's map (a destination with ten POIs on its coordinate and one 0.01° off,
    /// `region: fit`): the destination (42 px) at (254.27, 460) of 800 × 500, the far POI at
    /// (545.73, 40). The ten go round on the spiral (separation 42, from r = 42 straight down), whose
    /// offsets are (0, 42), (−43.041463, 24.85), (−52.734668, −19.182905), (−27.127371, −55.478912),
    /// (15.837436, −64.955619), (55.067956, −45.693955), (75.580964, −7.348372), (71.612271,
    /// 35.790322), (45.766193, 70.391159), (6.210728, 87.458471), in order (one coordinate). Round
    /// (254.27, 460) the last tip would be at y = 547.458471, 47.458471 px below the map: the layout
    /// moves up that much (x needs nothing: 254.27 − 52.734668 − 21 = 180.5 ≥ 0, 254.27 + 75.580964 +
    /// 21 = 350.9 ≤ 800), the destination to (254.27, 412.541529). Inside: x from 201.535332 to
    /// 329.850964 (boxes 180.5…350.9), tips from y = 347.585910 (box top 305.6 ≥ 0) to 500. Apart:
    /// the move is rigid, so every two spiral places are as far apart as before, at least 43.08 px
    /// (≥ 42), the destination at least 42 (the spiral's radius only grows from 42), the far POI
    /// over 290 px from all.
    @Test func aGroupWhosePinStaysNearAnEdgeMovesInside() {
        let spiral = [
            (0, 42), (-43.041463, 24.85), (-52.734668, -19.182905), (-27.127371, -55.478912), (15.837436, -64.955619),
            (55.067956, -45.693955), (75.580964, -7.348372), (71.612271, 35.790322), (45.766193, 70.391159), (6.210728, 87.458471),
        ]
        let pins = [pin(254.27, 460, size: 42, stays: true)] + Array(repeating: pin(254.27, 460), count: 10) + [pin(545.73, 40)]
        expectDrawn(pins, at: [(254.27, 412.541529)] + spiral.map { (254.27 + $0.0, 412.541529 + $0.1) } + [(545.73, 40)])
        for (pin, point) in zip(pins, positions(pins)) {
            let half = pin.size / 2
            #expect(point.x - half >= 0 && point.x + half <= 800 && point.y - pin.size >= 0 && point.y <= 500 + 1e-9, "\(point)")
        }
        // One POI on a destination 10 px from the left edge: below it at (10, 292), its box 11 px
        // off the map; both move right 11 px, the destination drawn at (21, 250).
        expectDrawn([pin(10, 250, size: 42, stays: true), pin(10, 250)], at: [(21, 250), (21, 292)])
    }

    /// Pins 0 and 1 at (100, 100) spread to 84.5 and 115.5; pin 2 at (140, 100) was 40 px from them,
    /// but is 24.5 px from the right place: the group takes it in. Three round their mean
    /// (113.333333, 100), r = 31/√3 = 17.897858: up (113.333333, 82.102142), 30° (128.833333,
    /// 108.948929), 150° (97.833333, 108.948929). Nearest first: up ← pin 0 (498 px² against pin 2's
    /// 1031), 30° ← pin 2 (205 px² against 911), 150° ← pin 1.
    @Test func aSpreadThatComesTooCloseTakesThePinIn() {
        expectDrawn(
            [pin(100, 100), pin(100, 100), pin(140, 100)],
            at: [(113.333333, 82.102142), (97.833333, 108.948929), (128.833333, 108.948929)])
    }

    /// Ten pins at one place take the spiral (more than 8): the first straight up at r = 31, every
    /// two at least 31 px apart.
    @Test func tenPinsAtOnePlaceSpiral() {
        let pins = Array(repeating: pin(400, 250), count: 10)
        let drawn = positions(pins)
        expectNear(drawn[0], 400, 219)
        expectNear(drawn[1], 431.768705, 231.658333)  // the spiral's second point (SpiderLayoutTests)
        expectApart(pins, drawn)
        #expect(Set(drawn).count == 10)
    }

    /// Whatever the pins, no two drawn pins are too close: 400 pins of both sizes scattered over
    /// 800 × 500 px, many in clumps at one place (a fixed linear congruential sequence).
    @Test func noTwoDrawnPinsAreTooClose() {
        var state: UInt64 = 5
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var pins: [PinSpread.Pin] = []
        for index in 0..<400 {
            let size = index.isMultiple(of: 9) ? 42.0 : 31.0
            if index.isMultiple(of: 4), let last = pins.last {
                pins.append(pin(last.point.x, last.point.y, size: size))
            } else {
                pins.append(pin(next() * 800, next() * 500, size: size, stays: index == 3))
            }
        }
        let drawn = positions(pins)
        expectApart(pins, drawn)
        // Pin 3 stays, but the spread of its group (many clumps chained together) crosses the map's
        // edges: the group is moved (here centred, as it cannot fit), pin 3 with it, inside the map.
        #expect(drawn[3] != pins[3].point && (0...800).contains(drawn[3].x) && (0...500).contains(drawn[3].y))
    }

    /// The layout of the type's notes done the plain way, as the first version of `PinSpread` did
    /// and the theme's script still does: every overlapping pair listed, every group laid out again
    /// each round, each place given the nearest unplaced pin by looking at every one (the first on
    /// a tie). The fast layout must equal it bit for bit.
    private func plainPositions(_ pins: [PinSpread.Pin], width: Double, height: Double) -> [ViewportPoint] {
        var leader = Array(pins.indices)
        func root(_ index: Int) -> Int { leader[index] == index ? index : root(leader[index]) }
        func join(_ pair: (Int, Int)) {
            let first = root(pair.0), second = root(pair.1)
            if first != second { leader[max(first, second)] = min(first, second) }
        }
        func shift(_ values: [Double], before: Double, after: Double, limit: Double) -> Double {
            guard let low = values.min().map({ $0 - before }), let high = values.max().map({ $0 + after }) else { return 0 }
            if high - low > limit { return (limit - low - high) / 2 }
            return low < 0 ? -low : high > limit ? limit - high : 0
        }
        func spread(_ group: [PinSpread.Pin]) -> [ViewportPoint] {
            let separation = group.map(\.size).max()!
            let anchor = group.firstIndex(where: \.staysInPlace)
            var moving = group.indices.filter { $0 != anchor }
            let centre = anchor.map { group[$0].point } ?? ViewportPoint(
                x: group.map(\.point.x).reduce(0, +) / Double(group.count), y: group.map(\.point.y).reduce(0, +) / Double(group.count))
            let start = anchor == nil ? -Double.pi / 2 : Double.pi / 2
            let offsets = moving.count <= SpiderLayout.largestRing
                ? SpiderLayout.ring(count: moving.count, separation: separation, minimumRadius: anchor == nil ? 0 : separation, startAngle: start)
                : SpiderLayout.spiral(count: moving.count, separation: separation, startRadius: separation, startAngle: start)
            var dx = 0.0, dy = 0.0
            if (0...width).contains(centre.x), (0...height).contains(centre.y) {
                dx = shift(offsets.map { centre.x + $0.x }, before: separation / 2, after: separation / 2, limit: width)
                dy = shift(offsets.map { centre.y + $0.y }, before: separation, after: 0, limit: height)
            }
            var drawn = group.map(\.point)
            if let anchor { drawn[anchor] = ViewportPoint(x: centre.x + dx, y: centre.y + dy) }
            for offset in offsets {
                let foot = ViewportPoint(x: centre.x + dx + offset.x, y: centre.y + dy + offset.y)
                func distance(_ index: Int) -> Double {
                    let x = group[index].point.x - foot.x, y = group[index].point.y - foot.y
                    return x * x + y * y
                }
                var best = 0
                for candidate in moving.indices where distance(moving[candidate]) < distance(moving[best]) { best = candidate }
                drawn[moving.remove(at: best)] = foot
            }
            return drawn
        }
        OverlappingPins.pairs(pins.map(\.point), sizes: pins.map(\.size)).forEach(join)
        while true {
            var drawn = pins.map(\.point)
            for group in Dictionary(grouping: pins.indices, by: root).values where group.count > 1 {
                for (index, point) in zip(group.sorted(), spread(group.sorted().map { pins[$0] })) { drawn[index] = point }
            }
            let conflicts = OverlappingPins.pairs(drawn, sizes: pins.map(\.size)).filter { root($0.0) != root($0.1) }
            if conflicts.isEmpty { return drawn }
            conflicts.forEach(join)
        }
    }

    /// The fast layout (groups joined without listing their pairs, a group laid out again only when
    /// it changed, the nearest pin found in a k-d tree) draws every pin exactly where the plain one
    /// does: 300 seeded random maps of 1 to 600 pins in clusters from one place to 200 px wide,
    /// with ties (whole-pixel places), pins of both sizes, pins that stay, and places that are not
    /// finite; then 2,000 pins in 20 tight clusters, as a large site's overview holds.
    @Test func theFastLayoutIsThePlainLayout() {
        var random = SplitMix64(seed: 11)
        func next() -> Double { Double.random(in: 0..<1, using: &random) }
        func same(_ first: [ViewportPoint], _ second: [ViewportPoint]) -> Bool {
            func bits(_ value: Double) -> UInt64 { value.isNaN ? 0x7FF8_0000_0000_0000 : value.bitPattern }
            return first.count == second.count
                && zip(first, second).allSatisfy { bits($0.x) == bits($1.x) && bits($0.y) == bits($1.y) }
        }
        for trial in 0..<301 {
            let count = trial == 300 ? 2_000 : 1 + Int(next() * (trial.isMultiple(of: 10) ? 600 : 60))
            let clusters = trial == 300 ? 20 : 1 + Int(next() * 8)
            let width = trial == 300 ? 6.0 : [0.0, 1, 5, 20, 60, 200][Int(next() * 6)]
            let centres = (0..<clusters).map { _ in (next() * 900 - 50, next() * 600 - 50) }
            let wholePixels = next() < 0.3
            let pins = (0..<count).map { index in
                var x = centres[index % clusters].0 + (next() - 0.5) * width
                var y = centres[index % clusters].1 + (next() - 0.5) * width
                if wholePixels { (x, y) = (x.rounded(), y.rounded()) }
                if next() < 0.01 { x = .nan }
                if next() < 0.01 { y = .infinity }
                return pin(x, y, size: next() < 0.2 ? 42 : 31, stays: next() < 0.05)
            }
            #expect(same(positions(pins), plainPositions(pins, width: 800, height: 500)), "trial \(trial): \(count) pins")
        }
    }
}
