/// A point of interest of a destination, as read from `pois.json`, `pois.plist`
/// or inline front matter.
public struct PointOfInterest: Sendable, Hashable, Codable {
    /// The POI's name.
    public var title: String
    /// A short line under the title; empty when there is none.
    public var subtitle: String
    /// Position in degrees (WGS 84).
    public var coordinate: Coordinate
    /// Optional grouping (e.g. "museum").
    public var category: String?
    /// Optional pin colour (`#rrggbb`).
    public var color: String?
    /// Optional link.
    public var url: String?

    /// Creates a point of interest.
    public init(
        title: String, subtitle: String = "", coordinate: Coordinate,
        category: String? = nil, color: String? = nil, url: String? = nil
    ) {
        self.title = title
        self.subtitle = subtitle
        self.coordinate = coordinate
        self.category = category
        self.color = color
        self.url = url
    }
}
