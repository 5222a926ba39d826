import Foundation

/// Which map pins are drawn so close together that one may hide another: every pair whose tips are
/// nearer than the larger of their two sizes, found with a grid of cells rather than by comparing
/// every pin with every other.
///
/// The grid's cells are as wide as the largest size, so two pins that can be too close lie in the
/// same cell or in neighbouring ones (the usual fixed-radius near-neighbour search: J. L. Bentley,
/// D. F. Stanat and E. H. Williams, "The complexity of finding fixed-radius near neighbors",
/// *Information Processing Letters* 6(6), 1977). The pins are sorted by cell and a cell's
/// neighbours found by binary search (the page's script hashes the cells instead). Cost:
/// O(n log n + k) for n pins and k pairs found.
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
    ///
    /// The points are sorted by cell (column, then row, then index) once, and each point's
    /// neighbours are found by binary search: the three cells of one neighbouring column are
    /// consecutive in that order. A dictionary of cells hashed nine cells a point, which was
    /// 2 % of a 4,000-destination build (its home and tag maps hold thousands of pins).
    static func forEachNearbyPair(
        _ points: [ViewportPoint], sizes: [Double], inOrder: Bool, _ body: (_ i: Int, _ j: Int) -> Void
    ) {
        let cell = sizes.max() ?? 0
        guard cell > 0, points.count > 1 else { return }
        var columns = [Int](repeating: 0, count: points.count), rows = columns
        var isPlaced = [Bool](repeating: false, count: points.count)
        var placed: [Int] = []
        placed.reserveCapacity(points.count)
        for (index, point) in points.enumerated() {
            let column = (point.x / cell).rounded(.down), row = (point.y / cell).rounded(.down)
            guard abs(column) < 1e15, abs(row) < 1e15 else { continue }  // not finite, or off any map
            columns[index] = Int(column)
            rows[index] = Int(row)
            isPlaced[index] = true
            placed.append(index)
        }
        placed.sort { (columns[$0], rows[$0], $0) < (columns[$1], rows[$1], $1) }
        // The first position of `placed` at or after cell (column, row).
        func firstPosition(column: Int, row: Int) -> Int {
            var low = 0, high = placed.count
            while low < high {
                let middle = (low + high) / 2, index = placed[middle]
                if (columns[index], rows[index]) < (column, row) { low = middle + 1 } else { high = middle }
            }
            return low
        }
        var near: [Int] = []
        for j in points.indices where isPlaced[j] {
            near.removeAll(keepingCapacity: true)
            // Column by column, each column's three cells from the row above to the row below:
            // the neighbouring cells in the order (dx, dy) from (−1, −1) to (1, 1).
            for column in (columns[j] - 1)...(columns[j] + 1) {
                var position = firstPosition(column: column, row: rows[j] - 1)
                while position < placed.count {
                    let i = placed[position]
                    guard columns[i] == column, rows[i] <= rows[j] + 1 else { break }
                    if i < j { near.append(i) }
                    position += 1
                }
            }
            if inOrder { near.sort() }
            for i in near { body(i, j) }
        }
    }
}
