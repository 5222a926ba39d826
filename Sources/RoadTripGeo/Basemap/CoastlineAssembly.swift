/// Closed polygons of one GSHHG bin from its coastline segments, as GMT assembles them for filling
/// (`gmt_assemble_shore`, re-derived from its description, not translated): a segment that
/// crosses the bin enters through one side and leaves through another, with dry ground on its
/// left; walking on from where it leaves along the bin's edge — counter-clockwise for the dry pass,
/// clockwise for the wet one — to the next segment that enters, picking up the corners passed,
/// closes rings whose insides are all dry (land, island in a lake) or all wet (lake, pond). A bin
/// without crossing segments is whole, at the level of its corners.
///
/// Coordinates are the bin's own (0…65535 east and north of its south-west corner). A ring's level
/// is the hierarchy's (1 land, 2 lake, 3 island in a lake, 4 pond on it; 0 open sea, never
/// returned): painting the rings of both passes by ascending level, over sea, gives the right fill
/// everywhere in the bin, and the level at a point is the highest level of the rings around it.
public enum CoastlineAssembly {
    /// A closed ring (first point not repeated) and its level.
    public struct Ring: Sendable, Hashable {
        public var level: Int
        public var points: [GSHHGFile.BinPoint]
    }

    /// The two walks around the bin.
    public enum Pass: Sendable, CaseIterable {
        /// Counter-clockwise: rings of odd level (land, island in a lake).
        case dry
        /// Clockwise: rings of even level above 0 (lake, pond).
        case wet
    }

    /// Every ring of the bin with `segments` and corner levels `corners` (south-west, south-east,
    /// north-east, north-west), both passes, in painting order (ascending level; the whole-bin
    /// rectangle first).
    public static func rings(segments: [GSHHGFile.CoastSegment], corners: [Int]) -> [Ring] {
        (rings(segments: segments, corners: corners, pass: .dry) + rings(segments: segments, corners: corners, pass: .wet))
            .enumerated().sorted { ($0.element.level, $0.offset) < ($1.element.level, $1.offset) }.map(\.element)
    }

    private static let edge = Int(UInt16.max)
    /// The corners' points, south-west, south-east, north-east, north-west.
    private static let cornerPoints = [
        GSHHGFile.BinPoint(x: 0, y: 0), GSHHGFile.BinPoint(x: .max, y: 0), GSHHGFile.BinPoint(x: .max, y: .max),
        GSHHGFile.BinPoint(x: 0, y: .max),
    ]

    /// Distance of `point` along `side` (0 S, 1 E, 2 N, 3 W), counted counter-clockwise from the
    /// side's start.
    private static func position(_ point: GSHHGFile.BinPoint, on side: Int) -> Int {
        switch side {
        case 0: Int(point.x)
        case 1: Int(point.y)
        case 2: edge - Int(point.x)
        default: edge - Int(point.y)
        }
    }

    /// The rings of one pass (see the type).
    public static func rings(segments: [GSHHGFile.CoastSegment], corners: [Int], pass: Pass) -> [Ring] {
        let counterClockwise = pass == .dry
        let step = counterClockwise ? 1 : 3  // the next side, modulo 4
        let crossing = segments.indices.filter { segments[$0].entry < 4 && segments[$0].exit < 4 && !segments[$0].points.isEmpty }
        // The corners agree with the highest shore that crosses the bin.
        var highest = crossing.map { segments[$0].level }.max() ?? 4
        if segments.isEmpty { highest = min(highest, corners.min() ?? 0) }
        let nodes = corners.map { min($0, highest) }
        let top = nodes.max() ?? 0
        let fillsWhole = top % 2 == (counterClockwise ? 1 : 0) && top >= 1
        var rings: [Ring] = []
        if crossing.isEmpty && fillsWhole {
            let order = counterClockwise ? [0, 1, 2, 3] : [0, 3, 2, 1]
            rings.append(Ring(level: top, points: order.map { cornerPoints[$0] }))
        }
        // Per side, what lies on it: segments entering there (at their first point) and the
        // corner at the side's end in this walk's direction (`-1 - corner`).
        let cornerAtEnd = counterClockwise ? [1, 2, 3, 0] : [0, 1, 2, 3]
        var onSide: [[(position: Int, id: Int)]] = (0..<4).map { side in
            [(counterClockwise ? edge : 0, -1 - cornerAtEnd[side])]
        }
        for index in crossing {
            let segment = segments[index]
            onSide[segment.entry].append((position(segment.points[0], on: segment.entry), index))
        }
        for side in 0..<4 {
            // Walking order along the side; a corner comes after a segment at the same place.
            onSide[side].sort { a, b in
                if a.position != b.position { return counterClockwise ? a.position < b.position : a.position > b.position }
                return a.id >= 0 && b.id < 0
            }
        }
        var remaining = crossing.count
        let sideOrder = counterClockwise ? [0, 1, 2, 3] : [0, 3, 2, 1]
        var guardSteps = 4 * (crossing.count + 4) + 8
        while remaining > 0 && guardSteps > 0 {
            guard let startSide = sideOrder.first(where: { side in onSide[side].contains { $0.id >= 0 } }),
                let startItem = onSide[startSide].first(where: { $0.id >= 0 })
            else { break }
            let start = segments[startItem.id]
            var points = start.points
            var lowest = start.level
            var side = start.exit
            var atCorner = false
            var last = start.points[start.points.count - 1]
            var closed = false
            while guardSteps > 0 {
                guardSteps -= 1
                let from = atCorner ? (counterClockwise ? 0 : edge) : position(last, on: side)
                guard let found = onSide[side].firstIndex(where: { counterClockwise ? $0.position >= from : $0.position <= from })
                else { break }
                let item = onSide[side].remove(at: found)
                if item.id < 0 {
                    let corner = -1 - item.id
                    append(cornerPoints[corner], to: &points)
                    lowest = min(lowest, nodes[corner])
                    side = (side + step) % 4
                    atCorner = true
                    continue
                }
                remaining -= 1
                let next = segments[item.id]
                if item.id == startItem.id {
                    closed = true
                    break
                }
                for point in next.points { append(point, to: &points) }
                lowest = min(lowest, next.level)
                side = next.exit
                last = next.points[next.points.count - 1]
                atCorner = false
            }
            guard closed else { break }  // a bin whose segments do not close: drawn without it
            if points.count > 1, points[0] == points[points.count - 1] { points.removeLast() }
            let level = counterClockwise ? 2 * ((lowest - 1) / 2) + 1 : 2 * (lowest / 2)
            if level >= 1 { rings.append(Ring(level: level, points: points)) }
        }
        // Rings inside the bin, in the pass of their parity.
        for segment in segments where segment.entry == 4 && segment.level % 2 == (counterClockwise ? 1 : 0) {
            var points = segment.points
            if points.count > 1, points[0] == points[points.count - 1] { points.removeLast() }
            if points.count >= 3 { rings.append(Ring(level: segment.level, points: points)) }
        }
        return rings
    }

    private static func append(_ point: GSHHGFile.BinPoint, to points: inout [GSHHGFile.BinPoint]) {
        if points.last != point { points.append(point) }
    }

    /// The level at `point` of a bin whose rings are `rings`: the highest level of the rings that
    /// contain it (even–odd rule), 0 (sea) when none does.
    public static func level(at point: (x: Double, y: Double), in rings: [Ring]) -> Int {
        rings.filter { ring in contains(ring.points, point) { (Double($0.x), Double($0.y)) } }.map(\.level).max() ?? 0
    }

    /// Whether the ring `points` (closed implicitly, each placed by `position`) contains `point`:
    /// ray casting, W. Randolph Franklin's PNPOLY.
    public static func contains<Point>(
        _ points: [Point], _ point: (x: Double, y: Double), position: (Point) -> (x: Double, y: Double)
    ) -> Bool {
        var inside = false
        guard var previous = points.last.map(position) else { return false }
        for element in points {
            let current = position(element)
            if (current.y > point.y) != (previous.y > point.y),
                point.x < (previous.x - current.x) * (point.y - current.y) / (previous.y - current.y) + current.x
            {
                inside.toggle()
            }
            previous = current
        }
        return inside
    }
}
