import Foundation

/// Where a map's pins are drawn so that none hides another: pins whose tips are closer than their
/// size (`OverlappingPins`, taken transitively: a chain of close pins is one group) are spread
/// around the group's centre (`SpiderLayout`: a ring up to 8 pins, a spiral beyond), each to be
/// drawn with a leader line back to its true place; every other pin stays on its true place.
///
/// The same layout runs at build time (`SVGMap`) and in the theme's script at every zoom
/// (`Themes/default/assets/roadtrip.js`, `spread`), which must give the same positions.
///
/// - Spacing: a group's pins are spread `separation` = the group's largest size apart, so no spread
///   pin is within another's size.
/// - Centre: the first pin of the group that `staysInPlace` (the destination on its own map) is the
///   centre and the others go round it, at least `separation` away, starting straight below it
///   (above it is its own pin); without one, the centre is the mean of the group's true places and
///   the ring starts straight above it (so no pin's head, drawn above its tip, covers the centre).
/// - Edges: when the centre is on the map, the whole layout, centre included, is moved the least
///   distance that keeps every pin going round (a box `separation` wide and tall above its tip)
///   inside the map (centred when it cannot fit). So the pin that stays keeps its true place unless
///   the layout round it would cross an edge; then it moves with its group, drawn with a leader line
///   like the others. (A layout round a pin cannot be turned to fit instead: a ring or spiral goes
///   all round it, so it crosses an edge whatever its angle.) The centre lies within the bounds of
///   the places' tips, so a pin that stays and is moved has its tip inside the map too.
/// - Which pin goes where: each place of the layout in turn takes the nearest pin not yet placed,
///   the first in order on a tie (as OverlappingMarkerSpiderfier does), so pins keep their side of
///   the group and their leader lines do not cross needlessly; pins at one coordinate go round in
///   their order.
/// - A spread group that comes too close to another pin or group absorbs it, and is laid out again
///   (until no two groups are too close; at most once per pin), so the spread never hides a pin.
public enum PinSpread {
    /// A pin to place.
    public struct Pin: Sendable, Hashable {
        /// Its tip's true place: its coordinate projected into the viewport (pixels).
        public var point: ViewportPoint
        /// The pin's size (pixels): two tips closer than this may put one pin over the other.
        public var size: Double
        /// `true` for a pin that keeps its true place when its group is spread (the destination on
        /// its own map), unless the spread round it crosses the map's edge and the group is moved
        /// in; only the first one of a group does.
        public var staysInPlace: Bool

        /// A pin at `point`, `size` pixels tall, that `staysInPlace` or not.
        public init(point: ViewportPoint, size: Double, staysInPlace: Bool = false) {
            self.point = point
            self.size = size
            self.staysInPlace = staysInPlace
        }
    }

    /// Where each of `pins` is drawn (pixels), in their order, in a viewport `width` × `height`
    /// pixels: its true place, or its place in its group's spread.
    public static func positions(of pins: [Pin], width: Double, height: Double) -> [ViewportPoint] {
        let sizes = pins.map(\.size)
        var leader = Array(pins.indices)  // union–find: each group is led by its first pin
        func root(_ index: Int) -> Int {
            var index = index
            while leader[index] != index {
                leader[index] = leader[leader[index]]
                index = leader[index]
            }
            return index
        }
        func join(_ pair: (Int, Int)) {
            let first = root(pair.0), second = root(pair.1)
            if first != second { leader[max(first, second)] = min(first, second) }
        }
        OverlappingPins.pairs(pins.map(\.point), sizes: sizes).forEach(join)
        while true {
            var drawn = pins.map(\.point)
            var groups: [[Int]] = [], slots: [Int: Int] = [:]
            for index in pins.indices {
                let leader = root(index)
                if let slot = slots[leader] { groups[slot].append(index) } else {
                    slots[leader] = groups.count
                    groups.append([index])
                }
            }
            for group in groups where group.count > 1 {
                for (index, point) in zip(group, spread(group.map { pins[$0] }, width: width, height: height)) {
                    drawn[index] = point
                }
            }
            let conflicts = OverlappingPins.pairs(drawn, sizes: sizes).filter { root($0.0) != root($0.1) }
            if conflicts.isEmpty { return drawn }
            conflicts.forEach(join)
        }
    }

    /// One group's drawn positions, in the group's order (see the type's notes).
    static func spread(_ group: [Pin], width: Double, height: Double) -> [ViewportPoint] {
        let separation = group.map(\.size).max() ?? 0
        let anchor = group.firstIndex(where: \.staysInPlace)
        let moving = group.indices.filter { $0 != anchor }
        let centre = anchor.map { group[$0].point } ?? ViewportPoint(
            x: group.map(\.point.x).reduce(0, +) / Double(group.count),
            y: group.map(\.point.y).reduce(0, +) / Double(group.count))
        let startAngle = anchor == nil ? -Double.pi / 2 : Double.pi / 2
        let offsets = moving.count <= SpiderLayout.largestRing
            ? SpiderLayout.ring(
                count: moving.count, separation: separation, minimumRadius: anchor == nil ? 0 : separation,
                startAngle: startAngle)
            : SpiderLayout.spiral(count: moving.count, separation: separation, startRadius: separation, startAngle: startAngle)
        var dx = 0.0, dy = 0.0
        if (0...width).contains(centre.x), (0...height).contains(centre.y) {
            dx = inside(offsets.map { centre.x + $0.x }, before: separation / 2, after: separation / 2, limit: width)
            dy = inside(offsets.map { centre.y + $0.y }, before: separation, after: 0, limit: height)
        }
        var drawn = group.map(\.point)
        if let anchor { drawn[anchor] = ViewportPoint(x: centre.x + dx, y: centre.y + dy) }  // moved only with the layout
        var unplaced = moving
        for offset in offsets {
            let foot = ViewportPoint(x: centre.x + dx + offset.x, y: centre.y + dy + offset.y)
            func distance(_ index: Int) -> Double {
                let x = group[index].point.x - foot.x, y = group[index].point.y - foot.y
                return x * x + y * y
            }
            guard let nearest = unplaced.indices.min(by: { distance(unplaced[$0]) < distance(unplaced[$1]) }) else { break }
            drawn[unplaced.remove(at: nearest)] = foot
        }
        return drawn
    }

    /// The least shift (pixels) that brings every one of `values` (pixels), each reaching `before`
    /// pixels lower and `after` higher, inside 0…`limit`; the shift that centres them when they
    /// cannot fit.
    private static func inside(_ values: [Double], before: Double, after: Double, limit: Double) -> Double {
        guard let smallest = values.min(), let largest = values.max() else { return 0 }
        let low = smallest - before, high = largest + after
        if high - low > limit { return (limit - low - high) / 2 }
        return low < 0 ? -low : high > limit ? limit - high : 0
    }
}
