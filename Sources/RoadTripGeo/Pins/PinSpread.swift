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
    ///
    /// Cost: groups are joined without listing the pairs of pins already together, a group is laid
    /// out again only when its pins changed since the last round (a layout depends on nothing else),
    /// and each place of a layout finds its nearest pin in a k-d tree (``UnplacedPins``): 4,000 pins
    /// in 20 clumps, as a large site's overview holds, took 58 ms and take 19.
    public static func positions(of pins: [Pin], width: Double, height: Double) -> [ViewportPoint] {
        let sizes = pins.map(\.size)
        var groups = PinGroups(count: pins.count)
        groups.joinOverlapping(pins.map(\.point), sizes: sizes)
        // The last layout of each group, by its first pin: reused while its pins stay the same.
        var layouts: [Int: (members: [Int], drawn: [ViewportPoint])] = [:]
        while true {
            var drawn = pins.map(\.point)
            var nextLayouts: [Int: (members: [Int], drawn: [ViewportPoint])] = [:]
            for group in groups.members() where group.count > 1 {
                let layout = layouts[group[0]].flatMap { $0.members == group ? $0.drawn : nil }
                    ?? spread(group.map { pins[$0] }, width: width, height: height)
                nextLayouts[group[0]] = (group, layout)
                for (index, point) in zip(group, layout) { drawn[index] = point }
            }
            layouts = nextLayouts
            // A spread that comes too close to another pin or group joins them, and all is laid out again.
            if !groups.joinOverlapping(drawn, sizes: sizes) { return drawn }
        }
    }

    /// The pins' groups as a union–find forest in which each group is led by its first pin (its
    /// smallest index), whatever order the pairs are joined in.
    private struct PinGroups {
        private var leader: [Int]

        init(count: Int) { leader = Array(0..<count) }

        /// The first pin of `index`'s group (compressing the path on the way).
        mutating func root(_ index: Int) -> Int {
            var index = index
            while leader[index] != index {
                leader[index] = leader[leader[index]]
                index = leader[index]
            }
            return index
        }

        /// Joins every two of `points` that overlap (``OverlappingPins``) and are not in one group
        /// yet; `true` when it joined any. The groups are those that joining every overlapping pair
        /// (``OverlappingPins/pairs(_:sizes:)``) gives, without listing the pairs of pins already
        /// together (a cluster of n pins at one place has n(n − 1)/2).
        @discardableResult
        mutating func joinOverlapping(_ points: [ViewportPoint], sizes: [Double]) -> Bool {
            var joined = false
            OverlappingPins.forEachNearbyPair(points, sizes: sizes, inOrder: false) { i, j in
                let first = root(i), second = root(j)
                guard first != second, OverlappingPins.overlap(i, j, points: points, sizes: sizes) else { return }
                leader[max(first, second)] = min(first, second)
                joined = true
            }
            return joined
        }

        /// Every group's pins in ascending order, the groups in the order of their first pins.
        mutating func members() -> [[Int]] {
            var groups: [[Int]] = [], slots: [Int: Int] = [:]
            for index in leader.indices {
                let first = root(index)
                if let slot = slots[first] { groups[slot].append(index) } else {
                    slots[first] = groups.count
                    groups.append([index])
                }
            }
            return groups
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
        // Each place takes the nearest pin not yet placed, the first in the group's order on a tie.
        var unplaced = UnplacedPins(moving.map { group[$0].point })
        for offset in offsets.prefix(moving.count) {
            let foot = ViewportPoint(x: centre.x + dx + offset.x, y: centre.y + dy + offset.y)
            guard let nearest = unplaced.removeNearest(to: foot) else { break }
            drawn[moving[nearest]] = foot
        }
        return drawn
    }

    /// The pins of a group not yet placed, for the nearest-pin search of
    /// ``spread(_:width:height:)``: a k-d tree (J. L. Bentley, "Multidimensional binary search
    /// trees used for associative searching", *Communications of the ACM* 18(9), 1975) over the
    /// pins' places, each range of its array split at its middle pin (``MedianSelection``), by `x`
    /// then `y` in turn, with the bounding box of each range's pins, placed pins marked and counted
    /// out of their ranges.
    /// The search gives the exhaustive search's answer — the least squared distance `x² + y²`, the
    /// first pin in the group's order on a tie — as it leaves out only a range whose box is farther
    /// than the nearest pin found (in floating point too: a difference of coordinates is never
    /// smaller for a point inside the box than for the box's edge, and squares and sums keep the
    /// order). The boxes, not the splitting lines, are what prune when a place is far from every pin,
    /// as the outer turns of a spiral are.
    private struct UnplacedPins {
        private let points: [ViewportPoint]
        /// The pins' positions in `points`, as the tree: the range `lo..<hi` is split at its middle
        /// `(lo + hi) / 2`, whose pin's coordinate divides the pins before it (not above) from those
        /// after it (not below).
        private var tree: [Int]
        /// For each middle of a range: how many pins of the range are unplaced.
        private var unplacedCount: [Int]
        /// For each middle of a range: the bounding box of the range's pins (smallest and largest
        /// `x` and `y`).
        private var boxes: [(minimumX: Double, minimumY: Double, maximumX: Double, maximumY: Double)]
        private var placed: [Bool]
        private var nearest = -1, nearestDistance = Double.infinity

        init(_ points: [ViewportPoint]) {
            self.points = points
            tree = Array(points.indices)
            unplacedCount = [Int](repeating: 0, count: points.count)
            boxes = Array(repeating: (0, 0, 0, 0), count: points.count)
            placed = [Bool](repeating: false, count: points.count)
            build(0, points.count, splittingByX: true)
        }

        private mutating func build(_ lo: Int, _ hi: Int, splittingByX: Bool) {
            guard lo < hi else { return }
            let points = self.points, middle = (lo + hi) / 2
            MedianSelection.select(middle, in: &tree[lo..<hi]) { splittingByX ? points[$0].x : points[$0].y }
            unplacedCount[middle] = hi - lo
            var box = (minimumX: Double.infinity, minimumY: Double.infinity, maximumX: -Double.infinity, maximumY: -Double.infinity)
            for position in tree[lo..<hi] {
                box = (min(box.minimumX, points[position].x), min(box.minimumY, points[position].y),
                       max(box.maximumX, points[position].x), max(box.maximumY, points[position].y))
            }
            boxes[middle] = box
            build(lo, middle, splittingByX: !splittingByX)
            build(middle + 1, hi, splittingByX: !splittingByX)
        }

        /// Removes and returns the position (in the points given) of the unplaced pin nearest to
        /// `foot`, `nil` when every pin is placed.
        mutating func removeNearest(to foot: ViewportPoint) -> Int? {
            nearest = -1
            nearestDistance = .infinity
            search(0, points.count, splittingByX: true, from: foot)
            guard nearest >= 0 else { return nil }
            placed[nearest] = true
            var lo = 0, hi = points.count, splittingByX = true
            while lo < hi {  // down to the pin's range, counting it out of every range on the way
                let middle = (lo + hi) / 2
                unplacedCount[middle] -= 1
                if tree[middle] == nearest { break }
                let split = points[tree[middle]], place = points[nearest]
                let before = splittingByX ? place.x < split.x : place.y < split.y
                let equal = splittingByX ? place.x == split.x : place.y == split.y
                // A pin equal to the split may lie on either side: look where it is.
                if before || (equal && tree[lo..<middle].contains(nearest)) { hi = middle } else { lo = middle + 1 }
                splittingByX.toggle()
            }
            return nearest
        }

        private mutating func search(_ lo: Int, _ hi: Int, splittingByX: Bool, from foot: ViewportPoint) {
            guard lo < hi else { return }
            let middle = (lo + hi) / 2
            guard unplacedCount[middle] > 0 else { return }
            if nearest >= 0 {
                let box = boxes[middle]
                let x = max(box.minimumX - foot.x, 0, foot.x - box.maximumX)
                let y = max(box.minimumY - foot.y, 0, foot.y - box.maximumY)
                if x * x + y * y > nearestDistance { return }
            }
            let position = tree[middle], point = points[position]
            if !placed[position] {
                let x = point.x - foot.x, y = point.y - foot.y
                let distance = x * x + y * y
                if nearest < 0 || distance < nearestDistance || (distance == nearestDistance && position < nearest) {
                    nearest = position
                    nearestDistance = distance
                }
            }
            // The side of the foot first: its nearest pin prunes more of the other.
            if (splittingByX ? foot.x - point.x : foot.y - point.y) < 0 {
                search(lo, middle, splittingByX: !splittingByX, from: foot)
                search(middle + 1, hi, splittingByX: !splittingByX, from: foot)
            } else {
                search(middle + 1, hi, splittingByX: !splittingByX, from: foot)
                search(lo, middle, splittingByX: !splittingByX, from: foot)
            }
        }
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
