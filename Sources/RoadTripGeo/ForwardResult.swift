import RoadTripCore

/// What forward geocoding (`Gazetteer.forward`, `CLGeocoder.geocodeAddressString` on paper) found
/// for a place name.
///
/// Exactly one of two shapes:
/// - found: `placemark` is the most populous city whose whole name matches and which satisfies
///   every qualifier; `alternatives` are the other such cities, most populous first (non-empty
///   means the name was ambiguous: warn and list them with their coordinates); `suggestions` is
///   empty.
/// - not found: `placemark` is nil, `alternatives` is empty, and `suggestions` holds up to 3
///   cities with the nearest names by edit distance ("did you mean Tromsø, Norway?"), possibly
///   none (an empty or meaningless query).
///
/// Every placemark here has `distance` 0 and no `queriedCoordinate`.
public struct ForwardResult: Sendable, Hashable {
    /// The query as given ("Portland, Oregon").
    public var query: String
    /// The chosen city, or nil when nothing matched.
    public var placemark: Placemark?
    /// Other cities matching the name and qualifiers, most populous first.
    public var alternatives: [Placemark]
    /// When nothing matched: up to 3 cities with similar names, nearest name first.
    public var suggestions: [Placemark]

    /// Creates a result (see the type's documentation for the two shapes).
    public init(query: String, placemark: Placemark?, alternatives: [Placemark] = [], suggestions: [Placemark] = []) {
        self.query = query
        self.placemark = placemark
        self.alternatives = alternatives
        self.suggestions = suggestions
    }

    /// `true` when more than one city matched and the most populous was chosen.
    public var isAmbiguous: Bool { placemark != nil && !alternatives.isEmpty }
}
