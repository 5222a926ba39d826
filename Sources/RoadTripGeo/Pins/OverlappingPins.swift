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
        let cell = sizes.max() ?? 0
        guard cell > 0, points.count > 1 else { return [] }
        struct Cell: Hashable { var column: Int, row: Int }
        func cellOf(_ point: ViewportPoint) -> Cell? {
            let column = (point.x / cell).rounded(.down), row = (point.y / cell).rounded(.down)
            guard abs(column) < 1e15, abs(row) < 1e15 else { return nil }  // not finite, or off any map
            return Cell(column: Int(column), row: Int(row))
        }
        var cells: [Cell: [Int]] = [:]
        var found: [(Int, Int)] = []
        for (j, point) in points.enumerated() {
            guard let home = cellOf(point) else { continue }
            var near: [Int] = []
            for dx in -1...1 {
                for dy in -1...1 { near += cells[Cell(column: home.column + dx, row: home.row + dy)] ?? [] }
            }
            for i in near.sorted() {
                let limit = max(sizes[i], sizes[j])
                let x = points[i].x - point.x, y = points[i].y - point.y
                if x * x + y * y < limit * limit { found.append((i, j)) }
            }
            cells[home, default: []].append(j)
        }
        return found
    }
}
