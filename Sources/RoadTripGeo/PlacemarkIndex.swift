import Foundation
import RoadTripCore

/// An exact nearest-neighbour index over points on the WGS 84 ellipsoid, by geodesic distance.
///
/// Built once: every point becomes a unit vector `(cos φ cos λ, cos φ sin λ, sin φ)` (geodetic
/// latitude φ and longitude λ placed on the unit sphere) in a 3-D k-d tree, which has no seam at
/// ±180° and no singularity at the poles. A query then:
/// 1. finds the point nearest by chord length on the unit sphere (its central angle σ₀), and
///    measures its geodesic distance s₀ (`Geodesic.inverse`);
/// 2. collects every point whose central angle is at most `s₀ / minimumRadius` and returns the one
///    with the smallest geodesic distance (ties: the lowest index, as a linear scan does).
///
/// Step 2 is exact, not a heuristic. In (φ, λ) the ellipsoid's line element is
/// `ds² = M² dφ² + N² cos²φ dλ²` and the unit sphere's is `dσ² = dφ² + cos²φ dλ²`, where the
/// radii of curvature M (meridian) and N (prime vertical) both lie in `[b²/a, a²/b]`
/// (6,335,439 m at the equator's meridian … 6,399,594 m at the poles). So every path, and in
/// particular the geodesic, satisfies `s ≥ (b²/a) σ`: a point with geodesic distance below s₀ has
/// `σ < s₀ / (b²/a)`, and is in the candidate set. (The sphere and ellipsoid orders differ by at
/// most the ratio `a³/b³ ≈ 1.0101`, which is why the nearest by chord is only a first guess.)
public struct PlacemarkIndex: Sendable {
    /// `b²/a`, the smallest radius of curvature of WGS 84 (the meridian radius at the equator),
    /// in metres: the factor of the lower bound `s ≥ minimumRadius · σ` used to prune candidates.
    public static let minimumRadius: Double = {
        let semiMinorAxis = Geodesic.equatorialRadius * (1 - Geodesic.flattening)
        return semiMinorAxis * semiMinorAxis / Geodesic.equatorialRadius
    }()

    /// The indexed points, in their original order (degrees).
    public let coordinates: [Coordinate]
    /// Unit vectors of the points in tree order, x y z interleaved (3 doubles per slot).
    private let vectors: [Double]
    /// The original index of the point in each tree slot.
    private let originalIndex: [Int32]
    /// The split axis (0 x, 1 y, 2 z) of the node whose median is each slot.
    private let splitAxis: [UInt8]

    /// Builds the tree over `coordinates` (degrees; latitudes −90…90). O(n log² n).
    public init(coordinates: [Coordinate]) {
        self.coordinates = coordinates
        var slots = coordinates.indices.map { (index: Int32($0), vector: Self.unitVector(coordinates[$0])) }
        var axes = [UInt8](repeating: 0, count: coordinates.count)
        Self.build(&slots[...], axes: &axes)
        var vectors: [Double] = []
        vectors.reserveCapacity(3 * slots.count)
        for slot in slots {
            vectors.append(slot.vector.x)
            vectors.append(slot.vector.y)
            vectors.append(slot.vector.z)
        }
        self.vectors = vectors
        originalIndex = slots.map(\.index)
        splitAxis = axes
    }

    /// An index kept from an earlier ``init(coordinates:)`` over the same `coordinates`, without
    /// building the tree again: `treeOrder` and `splitAxes` as ``treeOrder`` and ``splitAxes`` gave
    /// them. `nil` unless they make a k-d tree over `coordinates` as the build would have left one —
    /// `treeOrder` a permutation of the indices, every axis 0, 1 or 2, and every slot's unit vector
    /// inside the box its ancestors' medians bound (not above the median on the split axis before
    /// it, not below after it) — so that ``nearest(to:)`` stays exact whatever the bytes were.
    /// O(n), checked as the vectors are made.
    public init?(coordinates: [Coordinate], treeOrder: [Int32], splitAxes: [UInt8]) {
        let count = coordinates.count
        guard treeOrder.count == count, splitAxes.count == count else { return nil }
        var seen = [Bool](repeating: false, count: count)
        var vectors: [Double] = []
        vectors.reserveCapacity(3 * count)
        for index in treeOrder {
            guard index >= 0, Int(index) < count, !seen[Int(index)] else { return nil }
            seen[Int(index)] = true
            let vector = Self.unitVector(coordinates[Int(index)])
            vectors.append(vector.x)
            vectors.append(vector.y)
            vectors.append(vector.z)
        }
        guard splitAxes.allSatisfy({ $0 < 3 }),
              Self.isTree(vectors, splitAxes, in: 0..<count,
                          lower: SIMD3(repeating: -.infinity), upper: SIMD3(repeating: .infinity))
        else { return nil }
        self.coordinates = coordinates
        self.vectors = vectors
        originalIndex = treeOrder
        splitAxis = splitAxes
    }

    /// The original index of the point in each slot of the tree, for ``init(coordinates:treeOrder:splitAxes:)``.
    public var treeOrder: [Int32] { originalIndex }
    /// The split axis (0 x, 1 y, 2 z of the unit vectors) of each slot's node, for
    /// ``init(coordinates:treeOrder:splitAxes:)``.
    public var splitAxes: [UInt8] { splitAxis }

    /// Whether every slot of `range` lies within `lower...upper` and its halves do within the
    /// boxes its median bounds (see ``init(coordinates:treeOrder:splitAxes:)``). A NaN is never within.
    private static func isTree(
        _ vectors: [Double], _ axes: [UInt8], in range: Range<Int>, lower: SIMD3<Double>, upper: SIMD3<Double>
    ) -> Bool {
        guard !range.isEmpty else { return true }
        let middle = range.lowerBound + range.count / 2
        let vector = SIMD3(vectors[3 * middle], vectors[3 * middle + 1], vectors[3 * middle + 2])
        guard all(lower .<= vector), all(vector .<= upper) else { return false }
        let axis = Int(axes[middle])
        var below = upper, above = lower
        below[axis] = vector[axis]
        above[axis] = vector[axis]
        return isTree(vectors, axes, in: range.lowerBound..<middle, lower: lower, upper: below)
            && isTree(vectors, axes, in: (middle + 1)..<range.upperBound, lower: above, upper: upper)
    }

    /// Bytes held by the index's own arrays (not counting `coordinates`): 8 × 3 + 4 + 1 per point.
    public var memoryFootprint: Int {
        vectors.count * MemoryLayout<Double>.stride + originalIndex.count * MemoryLayout<Int32>.stride
            + splitAxis.count
    }

    /// The point nearest to `coordinate` by geodesic distance on WGS 84: its index in
    /// `coordinates` and the distance in metres. nil when the index is empty or `coordinate` has
    /// a latitude outside −90…90 or a non-finite value.
    public func nearest(to coordinate: Coordinate) -> (index: Int, distance: Double)? {
        guard !vectors.isEmpty, Self.isUsable(coordinate) else { return nil }
        let query = Self.unitVector(coordinate)
        // Every array borrowed for the query: reading them through the visiting closure retained
        // and released each one at every point visited (~2 % of a 4,000-destination build).
        return vectors.withUnsafeBufferPointer { vectors in
            splitAxis.withUnsafeBufferPointer { axes in
                originalIndex.withUnsafeBufferPointer { originalIndex in
                    coordinates.withUnsafeBufferPointer { coordinates in
                        let tree = Tree(vectors: vectors, axes: axes)
                        var bestSlot = 0
                        var bestChordSquared = Double.infinity
                        tree.nearest(to: query, in: 0..<axes.count, slot: &bestSlot, chordSquared: &bestChordSquared)
                        let firstGuess = Int(originalIndex[bestSlot])
                        let guessDistance = Geodesic.distance(from: coordinate, to: coordinates[firstGuess])
                        // Every point geodesically nearer than the guess lies within this central
                        // angle (the margin covers rounding in the vectors and in geod_inverse).
                        let angle = guessDistance / Self.minimumRadius * (1 + 1e-9) + 1e-12
                        let chord = angle >= .pi ? 2.0 : 2 * sin(angle / 2)
                        var best = (index: firstGuess, distance: guessDistance)
                        tree.visit(within: chord * chord, of: query, in: 0..<axes.count) { slot in
                            let index = Int(originalIndex[slot])
                            guard index != firstGuess else { return }
                            let distance = Geodesic.distance(from: coordinate, to: coordinates[index])
                            if distance < best.distance || (distance == best.distance && index < best.index) {
                                best = (index, distance)
                            }
                        }
                        return best
                    }
                }
            }
        }
    }

    /// The same answer as `nearest(to:)` by brute force: the geodesic distance to every point, the
    /// smallest kept (ties: the lowest index). O(n) geodesic solutions per query.
    public func linearScan(_ coordinate: Coordinate) -> (index: Int, distance: Double)? {
        guard Self.isUsable(coordinate) else { return nil }
        var best: (index: Int, distance: Double)?
        for (index, point) in coordinates.enumerated() {
            let distance = Geodesic.distance(from: coordinate, to: point)
            if best == nil || distance < best!.distance { best = (index, distance) }
        }
        return best
    }

    /// Latitude within ±90° and a finite longitude (any longitude works on the sphere).
    private static func isUsable(_ coordinate: Coordinate) -> Bool {
        (-90.0...90.0).contains(coordinate.latitude) && coordinate.longitude.isFinite
    }

    /// The point at geodetic latitude/longitude placed on the unit sphere.
    private static func unitVector(_ coordinate: Coordinate) -> SIMD3<Double> {
        let latitude = coordinate.latitude * .pi / 180
        let longitude = coordinate.longitude * .pi / 180
        return SIMD3(cos(latitude) * cos(longitude), cos(latitude) * sin(longitude), sin(latitude))
    }

    /// Orders `slots` as an implicit k-d tree: the median (by the axis of largest spread) at the
    /// middle slot, the lower half before it (not above it on that axis), the upper half after it
    /// (not below), recursively. Each level puts its median in place by selection
    /// (``MedianSelection``), not by sorting its range: O(n log n) in all, where sorting every level
    /// was O(n log² n) and most of the gazetteer's load.
    private static func build(
        _ slots: inout ArraySlice<(index: Int32, vector: SIMD3<Double>)>, axes: inout [UInt8]
    ) {
        guard slots.count > 1 else { return }
        let lower = slots.reduce(SIMD3(repeating: Double.infinity)) { pointwiseMin($0, $1.vector) }
        let upper = slots.reduce(SIMD3(repeating: -Double.infinity)) { pointwiseMax($0, $1.vector) }
        let spread = upper - lower
        let axis = spread.x >= spread.y && spread.x >= spread.z ? 0 : (spread.y >= spread.z ? 1 : 2)
        let middle = slots.startIndex + slots.count / 2
        MedianSelection.select(middle, in: &slots) { $0.vector[axis] }
        axes[middle] = UInt8(axis)
        build(&slots[slots.startIndex..<middle], axes: &axes)
        build(&slots[(middle + 1)..<slots.endIndex], axes: &axes)
    }

    /// The tree's arrays borrowed for one query.
    private struct Tree {
        let vectors: UnsafeBufferPointer<Double>
        let axes: UnsafeBufferPointer<UInt8>

        func squaredChord(_ query: SIMD3<Double>, _ slot: Int) -> Double {
            let dx = query.x - vectors[3 * slot]
            let dy = query.y - vectors[3 * slot + 1]
            let dz = query.z - vectors[3 * slot + 2]
            return dx * dx + dy * dy + dz * dz
        }

        /// Standard k-d descent: the near side first, the far side only if the splitting plane is
        /// closer than the best so far.
        func nearest(to query: SIMD3<Double>, in range: Range<Int>, slot best: inout Int, chordSquared: inout Double) {
            guard !range.isEmpty else { return }
            let middle = range.lowerBound + range.count / 2
            let squared = squaredChord(query, middle)
            if squared < chordSquared || (squared == chordSquared && middle < best) {
                chordSquared = squared
                best = middle
            }
            let axis = Int(axes[middle])
            let offset = query[axis] - vectors[3 * middle + axis]
            let below = range.lowerBound..<middle
            let above = (middle + 1)..<range.upperBound
            nearest(to: query, in: offset < 0 ? below : above, slot: &best, chordSquared: &chordSquared)
            if offset * offset <= chordSquared {
                nearest(to: query, in: offset < 0 ? above : below, slot: &best, chordSquared: &chordSquared)
            }
        }

        /// Calls `body` with every slot whose squared chord to `query` is at most `limit`.
        func visit(within limit: Double, of query: SIMD3<Double>, in range: Range<Int>, _ body: (Int) -> Void) {
            guard !range.isEmpty else { return }
            let middle = range.lowerBound + range.count / 2
            if squaredChord(query, middle) <= limit { body(middle) }
            let axis = Int(axes[middle])
            let offset = query[axis] - vectors[3 * middle + axis]
            if offset <= 0 || offset * offset <= limit {
                visit(within: limit, of: query, in: range.lowerBound..<middle, body)
            }
            if offset >= 0 || offset * offset <= limit {
                visit(within: limit, of: query, in: (middle + 1)..<range.upperBound, body)
            }
        }
    }
}
