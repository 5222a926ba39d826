/// The shortest run of longitudes covering a set of points, going the short way round across ±180°
/// when that is shorter — the one place this logic lives (GeoJSON `bbox`, region fitting).
public enum LongitudeRange {
    /// The west and east edges (degrees) of the shortest eastward arc that contains every longitude.
    ///
    /// Method: sort the longitudes and find the largest empty gap between neighbours on the circle
    /// (including the gap from the easternmost back round to the westernmost); the covering arc is
    /// everything else, running east from the longitude after that gap to the one before it. When the
    /// largest gap is the one that spans ±180° (ties prefer it), the result is the ordinary
    /// `(min, max)`; otherwise the arc crosses the antimeridian and `west > east`, as RFC 7946 §5.2
    /// writes a bbox across 180° (e.g. 179.9 and −179.95 → west 179.9, east −179.95).
    ///
    /// - Parameter longitudes: degrees; values outside −180…180 are wrapped into it first, and
    ///   non-finite values are ignored. A single longitude gives `(it, it)`.
    /// - Precondition: at least one finite longitude (there is no range of nothing).
    public static func shortestCovering(_ longitudes: [Double]) -> (west: Double, east: Double) {
        let sorted = longitudes.filter(\.isFinite).map(wrapped).sorted()
        precondition(!sorted.isEmpty, "LongitudeRange.shortestCovering needs at least one finite longitude")
        guard let first = sorted.first, let last = sorted.last else { return (0, 0) }
        // The gap across ±180° first, so a tie keeps the non-crossing range.
        var largestGap = first + 360 - last
        var range = (west: first, east: last)
        for index in sorted.indices.dropLast() {
            let gap = sorted[index + 1] - sorted[index]
            if gap > largestGap {
                largestGap = gap
                range = (west: sorted[index + 1], east: sorted[index])
            }
        }
        return range
    }

    /// `longitude` moved by whole turns into −180…180 (values already inside, including ±180, are
    /// kept as they are).
    private static func wrapped(_ longitude: Double) -> Double {
        guard longitude < -180 || longitude > 180 else { return longitude }
        let turned = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (turned < 0 ? turned + 360 : turned) - 180
    }
}
