import Foundation

/// Reduces a polyline to at most two vertices per column (four with `keepsEnds`), so a
/// million-point series draws as a path of a few thousand vertices that looks the same: in pixel
/// coordinates with columns one pixel wide (a chart's path), or in seconds with columns of a
/// fraction of the recording (`TrackProfile`, before the chart's own pass).
///
/// Min/max decimation: consecutive points whose x falls in the same column
/// (`floor((x − origin) / columnWidth)`) are replaced by the one with the smallest y and the one
/// with the largest y, in their original order (one point when they coincide); with `keepsEnds`,
/// also the column's first and last point. The column's vertical extent, and so every local and the
/// global extremes, survive exactly; only the slope inside one pixel is lost. A gap (`breakLine`)
/// or a change of column flushes the column, so the result keeps the input's order and never joins
/// points across a gap. Bound: ≤ 2 vertices per column per unbroken run.
///
/// (`keepsEnds` is the "M4" variant — first, last, min and max per column: Jugel et al., "M4: A
/// Visualization-Oriented Time Series Data Aggregation", PVLDB 7(10), 2014 — which also keeps the
/// first and last x and the joins between columns exact, at twice the size; at one pixel the
/// difference does not show.)
public struct ColumnDecimation: Sendable {
    /// The unbroken runs so far, each a list of vertices (x, y), in input order.
    public private(set) var runs: [[(x: Double, y: Double)]] = []
    private var current: [(x: Double, y: Double)] = []
    private let origin: Double
    private let columnWidth: Double
    private let keepsEnds: Bool
    private var column: Double?
    private var first: (x: Double, y: Double, order: Int)?
    private var last: (x: Double, y: Double, order: Int)?
    private var lowest: (x: Double, y: Double, order: Int)?
    private var highest: (x: Double, y: Double, order: Int)?
    private var order = 0

    /// A decimator whose columns are `columnWidth` wide (in x's unit, > 0) from `origin`; the
    /// defaults are pixel columns. `keepsEnds` also keeps each column's first and last point.
    public init(origin: Double = 0, columnWidth: Double = 1, keepsEnds: Bool = false) {
        self.origin = origin
        self.columnWidth = columnWidth
        self.keepsEnds = keepsEnds
    }

    /// Adds the next point of the current run (non-finite coordinates break the line).
    public mutating func add(x: Double, y: Double) {
        guard x.isFinite, y.isFinite else { return breakLine() }
        let pointColumn = ((x - origin) / columnWidth).rounded(.down)
        if pointColumn != column { flushColumn() }
        column = pointColumn
        order += 1
        if first == nil { first = (x, y, order) }
        last = (x, y, order)
        if lowest == nil || y < lowest!.y { lowest = (x, y, order) }
        if highest == nil || y > highest!.y { highest = (x, y, order) }
    }

    /// Ends the current run: the next point starts a new one (a gap in the line).
    public mutating func breakLine() {
        flushColumn()
        if !current.isEmpty { runs.append(current) }
        current = []
    }

    /// The runs after a final `breakLine`.
    public mutating func finish() -> [[(x: Double, y: Double)]] {
        breakLine()
        return runs
    }

    /// Moves the column's min and max (and first and last with `keepsEnds`), in input order and
    /// each once, to the current run.
    private mutating func flushColumn() {
        defer { (first, last, lowest, highest, column) = (nil, nil, nil, nil, nil) }
        guard let lowest, let highest, let first, let last else { return }
        var kept = [lowest, highest]
        if keepsEnds { kept += [first, last] }
        var previousOrder = 0
        for point in kept.sorted(by: { $0.order < $1.order }) where point.order != previousOrder {
            current.append((point.x, point.y))
            previousOrder = point.order
        }
    }
}
