/// A pin on a map, like MapKit's `MKAnnotation`: a coordinate with a title and a subtitle.
public struct Annotation: Sendable, Hashable, Codable {
    /// What an annotation stands for; it decides the pin's default colour and the GeoJSON `kind`.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case destination
        case pointOfInterest
        case waypoint
        case photo
        case contact
        case event
    }

    /// Stable identifier, unique within one page (used as `data-annotation-id`).
    public var id: String
    /// Position in degrees (WGS 84).
    public var coordinate: Coordinate
    /// The callout's first line.
    public var title: String
    /// The callout's second line, empty when there is none.
    public var subtitle: String
    /// What the pin stands for.
    public var kind: Kind
    /// Optional grouping shown in lists (for POIs, e.g. "museum").
    public var category: String?
    /// Optional pin colour as a CSS hex colour (`#rrggbb`); `nil` takes the kind's default.
    public var color: String?
    /// Optional link opened from the callout (the MapKit detail-disclosure idea).
    public var url: String?
    /// For a photo: the thumbnail's URL (GeoJSON property `thumbnail`).
    public var thumbnail: String?
    /// For a photo: when it was taken, ISO 8601 in UTC (GeoJSON property `time`).
    public var time: String?
    /// Text the pin carries in its head instead of its kind's mark (the destination's star, a
    /// POI's number): an itinerary stop's number on a trip's map; GeoJSON `marker-symbol`.
    public var label: String?

    /// Creates an annotation.
    public init(
        id: String, coordinate: Coordinate, title: String, subtitle: String = "",
        kind: Kind, category: String? = nil, color: String? = nil, url: String? = nil
    ) {
        self.id = id
        self.coordinate = coordinate
        self.title = title
        self.subtitle = subtitle
        self.kind = kind
        self.category = category
        self.color = color
        self.url = url
    }

    /// The pin colour to draw: `color` when set, else MapKit's classic pin colours —
    /// red for the destination, green for points of interest, purple for everything else.
    public var markerColor: String {
        color ?? Self.pinColor(of: kind)
    }

    /// MapKit's classic pin colour of `kind`, as `#rrggbb`: red for a destination, green for a
    /// point of interest, purple for everything else.
    public static func pinColor(of kind: Kind) -> String {
        switch kind {
        case .destination: return "#d32f2f"
        case .pointOfInterest: return "#2e7d32"
        default: return "#7b1fa2"
        }
    }
}
