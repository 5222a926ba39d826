import Foundation

/// Which map pins are drawn so close together that one may hide another: every pair whose tips are
/// nearer than the larger of their two sizes, found with a grid hash rather than by comparing every
/// pin with every other.
///
/// The grid's cells are as wide as the largest size, so two pins that can be too close lie in the
/// same cell or in neighbouring ones (the usual fixed-radius near-neighbour search: J. L. Bentley,
/// D. F. Stanat and E. H. Williams, "The complexity of finding fixed-radius near neighbors",
/// *Information Processing Letters* 6(6), 1977). Cost: O(n + k) for n pins and k pairs found.
public enum OverlappingPins {
    /// Every pair `(i, j)`, `i < j`, of `points` (viewport pixels) whose distance is less than
    /// `max(sizes[i], sizes[j])` (pixels), in ascending order of `j`, then `i`. Points that are not
    /// finite are never in a pair; `sizes` must have one value per point.
    public static func pairs(_ points: [ViewportPoint], sizes: [Double]) -> [(Int, Int)] {
        var found: [(Int, Int)] = []
        forEachNearbyPair(points, sizes: sizes, inOrder: true) { i, j in
            if overlap(i, j, points: points, sizes: sizes) { found.append((i, j)) }
        }
        return found
    }

    /// Whether the pins `i` and `j` of `points` are nearer than the larger of their `sizes`.
    static func overlap(_ i: Int, _ j: Int, points: [ViewportPoint], sizes: [Double]) -> Bool {
        let limit = max(sizes[i], sizes[j])
        let x = points[i].x - points[j].x, y = points[i].y - points[j].y
        return x * x + y * y < limit * limit
    }

    /// Calls `body(i, j)`, `i < j`, for every two of `points` in the same cell of the grid or in
    /// neighbouring ones — every pair that can overlap (``overlap(_:_:points:sizes:)`` tells which
    /// do) and a few that cannot — in ascending order of `j`, then `i` when `inOrder`, else of `j`
    /// only. Points that are not finite are left out.
    static func forEachNearbyPair(
        _ points: [ViewportPoint], sizes: [Double], inOrder: Bool, _ body: (_ i: Int, _ j: Int) -> Void
    ) {
        let cell = sizes.max() ?? 0
        guard cell > 0, points.count > 1 else { return }
        struct Cell: Hashable { var column: Int, row: Int }
        func cellOf(_ point: ViewportPoint) -> Cell? {
            let column = (point.x / cell).rounded(.down), row = (point.y / cell).rounded(.down)
            guard abs(column) < 1e15, abs(row) < 1e15 else { return nil }  // not finite, or off any map
            return Cell(column: Int(column), row: Int(row))
        }
        var cells: [Cell: [Int]] = [:]
        var near: [Int] = []
        for (j, point) in points.enumerated() {
            guard let home = cellOf(point) else { continue }
            near.removeAll(keepingCapacity: true)
            for dx in -1...1 {
                for dy in -1...1 { near += cells[Cell(column: home.column + dx, row: home.row + dy)] ?? [] }
            }
            if inOrder { near.sort() }
            for i in near { body(i, j) }
            cells[home, default: []].append(j)
        }
    }
}
