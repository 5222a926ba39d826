import Foundation

/// Reduces a polyline in pixel coordinates to at most two vertices per pixel column, so a
/// million-point series draws as a path of a few thousand vertices that looks the same.
///
/// Min/max decimation: consecutive points whose x falls in the same column (`floor(x)`) are
/// replaced by the one with the smallest y and the one with the largest y, in their original
/// order (one point when they coincide). The column's vertical extent, and so every local and the
/// global extremes, survive exactly; only the slope inside one pixel is lost. A gap (`breakLine`)
/// or a change of column flushes the column, so the result keeps the input's order and never joins
/// points across a gap. Bound: ≤ 2 vertices per column per unbroken run.
///
/// (The "M4" variant — first, last, min and max per column: Jugel et al., "M4: A
/// Visualization-Oriented Time Series Data Aggregation", PVLDB 7(10), 2014 — also keeps the
/// joins between columns exact at twice the size; at one pixel the difference does not show.)
struct ColumnDecimation {
    /// The unbroken runs so far, each a list of vertices (x, y) in pixels, in input order.
    private(set) var runs: [[(x: Double, y: Double)]] = []
    private var current: [(x: Double, y: Double)] = []
    private var column: Double?
    private var lowest: (x: Double, y: Double, order: Int)?
    private var highest: (x: Double, y: Double, order: Int)?
    private var order = 0

    /// Adds the next point of the current run (pixels; non-finite coordinates break the line).
    mutating func add(x: Double, y: Double) {
        guard x.isFinite, y.isFinite else { return breakLine() }
        let pointColumn = x.rounded(.down)
        if pointColumn != column { flushColumn() }
        column = pointColumn
        order += 1
        if lowest == nil || y < lowest!.y { lowest = (x, y, order) }
        if highest == nil || y > highest!.y { highest = (x, y, order) }
    }

    /// Ends the current run: the next point starts a new one (a gap in the line).
    mutating func breakLine() {
        flushColumn()
        if !current.isEmpty { runs.append(current) }
        current = []
    }

    /// The runs after a final `breakLine`.
    mutating func finish() -> [[(x: Double, y: Double)]] {
        breakLine()
        return runs
    }

    /// Moves the column's min and max, in input order, to the current run.
    private mutating func flushColumn() {
        defer { (lowest, highest, column) = (nil, nil, nil) }
        guard let lowest, let highest else { return }
        if lowest.order == highest.order {
            current.append((lowest.x, lowest.y))
        } else {
            let (first, second) = lowest.order < highest.order ? (lowest, highest) : (highest, lowest)
            current.append((first.x, first.y))
            current.append((second.x, second.y))
        }
    }
}
