import Foundation
import Testing
@testable import RoadTripGeo

/// The ring and the spiral that spread a group of pins, against hand-computed offsets.
@Suite struct SpiderLayoutTests {
    private func expectNear(_ point: ViewportPoint, _ x: Double, _ y: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(point.x - x) < 1e-4 && abs(point.y - y) < 1e-4, "\(point) is not (\(x), \(y))", sourceLocation: sourceLocation)
    }

    private func distance(_ a: ViewportPoint, _ b: ViewportPoint) -> Double { hypot(a.x - b.x, a.y - b.y) }

    /// Three pins 31 px apart: a chord of 2π/3 is r·2 sin(60°) = r√3, so r = 31/√3 = 17.897858 px.
    /// Count odd: the first at the start angle, straight up (−90°), then clockwise every 120°:
    /// −90° → (0, −17.897858); 30° → (r cos 30°, r sin 30°) = (15.5, 8.948929); 150° → (−15.5, 8.948929)
    /// (r cos 30° = (31/√3)(√3/2) = 15.5 exactly). Each side of the triangle is 31 px.
    @Test func threePinsOnARing() {
        let offsets = SpiderLayout.ring(count: 3, separation: 31, minimumRadius: 0, startAngle: -Double.pi / 2)
        #expect(offsets.count == 3)
        expectNear(offsets[0], 0, -17.897858)
        expectNear(offsets[1], 15.5, 8.948929)
        expectNear(offsets[2], -15.5, 8.948929)
        for (a, b) in [(0, 1), (1, 2), (2, 0)] { #expect(abs(distance(offsets[a], offsets[b]) - 31) < 1e-9) }
    }

    /// Two pins: r = 31 / (2 sin 90°) = 15.5; count even, so the first is half a step (90°) before
    /// straight up: at 180° (left), then 0° (right) — side by side, never one above the other.
    @Test func twoPinsSideBySide() {
        let offsets = SpiderLayout.ring(count: 2, separation: 31, minimumRadius: 0, startAngle: -Double.pi / 2)
        expectNear(offsets[0], -15.5, 0)
        expectNear(offsets[1], 15.5, 0)
    }

    /// Round a destination pin (42 px): four pins would need only r = 42 / (2 sin 45°) = 29.698 px,
    /// but they must clear the destination, so r = 42; from straight down (90°) less half a step
    /// (45°): 45°, 135°, 225°, 315° → (±42 cos 45°, ±42 sin 45°) = (±29.698485, ±29.698485).
    /// A single pin goes straight down at the minimum radius: (0, 42).
    @Test func aRingRoundAPinThatStaysHasItsMinimumRadius() {
        let offsets = SpiderLayout.ring(count: 4, separation: 42, minimumRadius: 42, startAngle: Double.pi / 2)
        expectNear(offsets[0], 29.698485, 29.698485)
        expectNear(offsets[1], -29.698485, 29.698485)
        expectNear(offsets[2], -29.698485, -29.698485)
        expectNear(offsets[3], 29.698485, -29.698485)
        let single = SpiderLayout.ring(count: 1, separation: 42, minimumRadius: 42, startAngle: Double.pi / 2)
        #expect(single.count == 1)
        expectNear(single[0], 0, 42)
        #expect(SpiderLayout.ring(count: 0, separation: 31, minimumRadius: 0, startAngle: 0).isEmpty)
    }

    /// The spiral r(θ) = 31 + bθ with b = 1.1 × 31 / 2π = 5.427184 px/rad, from straight up:
    /// 0: θ = 0, r = 31 → (0, −31).
    /// 1: θ += 2 asin(31 / 62) = π/3, r = 31 + b π/3 = 31 + 34.1/6 = 36.683333; at −90° + 60° = −30°:
    ///    (36.683333 cos 30°, −36.683333 sin 30°) = (31.768705, −18.341667).
    /// 2: θ += 2 asin(31 / 73.366667) = 2 asin(0.422537) = 0.872481, so θ = 1.919679 and
    ///    r = 31 + 5.427184 × 1.919679 = 41.418450; at −90° + 109.99° = 19.99° (0.348883 rad):
    ///    (41.418450 cos 0.348883, 41.418450 sin 0.348883) = (38.923210, 14.158777).
    /// (The sines and arcsines from Python's math module.) The first step is a chord of 31 px at
    /// r = 31, but the radius grows on the way: (0, −31) to (31.77, −18.34) is 34.198 px.
    @Test func theSpiralsFirstPoints() {
        let offsets = SpiderLayout.spiral(count: 3, separation: 31, startRadius: 31, startAngle: -Double.pi / 2)
        #expect(offsets.count == 3)
        expectNear(offsets[0], 0, -31)
        expectNear(offsets[1], 31.768705, -18.341667)
        expectNear(offsets[2], 38.923210, 14.158777)
        #expect(abs(distance(offsets[0], offsets[1]) - 34.197719) < 1e-4)
    }

    /// Every two pins of a spiral, up to 200 of them, are at least the separation apart: consecutive
    /// ones by the chord step, those a turn apart by the pitch (1.1 separations); and its radius
    /// grows only as fast as the turns: 50 pins stay within 4.5 separations of the centre.
    @Test func spiralPinsNeverComeCloserThanTheSeparation() {
        let offsets = SpiderLayout.spiral(count: 200, separation: 31, startRadius: 31, startAngle: -Double.pi / 2)
        var closest = Double.infinity
        for i in offsets.indices { for j in offsets.indices where j > i { closest = min(closest, distance(offsets[i], offsets[j])) } }
        #expect(closest >= 31 - 1e-9, "\(closest)")
        let radius50 = offsets.prefix(50).map { hypot($0.x, $0.y) }.max() ?? 0
        #expect(radius50 < 4.5 * 31, "\(radius50)")
    }
}
