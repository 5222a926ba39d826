/// The longitudes of any number of points in constant memory, for `LongitudeRange.shortestCovering`:
/// the lowest and highest longitude seen in each 1° bin (360 bins, 720 numbers at most).
///
/// Why it is exact: the covering arc is everything but the largest empty gap between neighbouring
/// longitudes on the circle. Between two occupied bins, the gap from one bin's highest to the next
/// occupied bin's lowest is the same for the kept extremes as for all the points; a gap inside one
/// bin is narrower than 1°. So whenever the largest gap is wider than 1° — every covering narrower
/// than 359° — the extremes give exactly the arc all the points give (the points at both ends of
/// it are among the extremes). For wider coverings the result still covers every point and is at
/// most 1° wider than the shortest.
public struct LongitudeBins: Sendable {
    private var lowest = [Double](repeating: .infinity, count: 360)
    private var highest = [Double](repeating: -.infinity, count: 360)
    private var isEmpty = true

    /// No longitudes yet.
    public init() {}

    /// Adds a longitude in degrees, −180…180 (others and non-finite values are ignored).
    public mutating func add(_ longitude: Double) {
        guard longitude >= -180 && longitude <= 180 else { return }
        let bin = min(Int(longitude + 180), 359)
        if longitude < lowest[bin] { lowest[bin] = longitude }
        if longitude > highest[bin] { highest[bin] = longitude }
        isEmpty = false
    }

    /// The west and east edges in degrees of the shortest arc covering every longitude added
    /// (`LongitudeRange.shortestCovering` of the bins' extremes), or `nil` when none was.
    public func shortestCovering() -> (west: Double, east: Double)? {
        guard !isEmpty else { return nil }
        var extremes: [Double] = []
        for bin in 0..<360 where lowest[bin] <= highest[bin] {
            extremes.append(lowest[bin])
            if highest[bin] != lowest[bin] { extremes.append(highest[bin]) }
        }
        return LongitudeRange.shortestCovering(extremes)
    }
}
