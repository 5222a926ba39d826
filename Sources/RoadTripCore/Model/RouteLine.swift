/// One line of an itinerary's route as a map draws it: a recorded drive (a filtered segment of one
/// of its trip logs), drawn solid, or a leg nobody recorded, drawn dashed along its geodesic.
public struct RouteLine: Sendable, Hashable {
    /// The line's points in travel order, degrees (longitudes in −180…180: a map draws each step
    /// the short way round, so a leg across the antimeridian stays one line).
    public var coordinates: [Coordinate]
    /// `true` for a recorded drive, `false` for a planned leg.
    public var isRecorded: Bool

    /// Creates a line (degrees).
    public init(coordinates: [Coordinate], isRecorded: Bool) {
        self.coordinates = coordinates
        self.isRecorded = isRecorded
    }
}
