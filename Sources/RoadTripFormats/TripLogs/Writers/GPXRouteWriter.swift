import RoadTripCore

/// Writes a plan as a GPX 1.1 document (TopoGrafix, "GPX 1.1 Schema Documentation"), valid
/// against `gpx-1.1.xsd`: named waypoints (`wpt`) and one route (`rte`) through named route
/// points (`rtept`), the form navigators (OsmAnd, Garmin BaseCamp, Organic Maps) import as a
/// route to follow and places to see.
public enum GPXRouteWriter {
    /// A waypoint or route point: both are the schema's `wptType`.
    public struct Point: Sendable, Hashable {
        /// `name` (required here), `desc` and `type` (a classification, e.g. a POI's category),
        /// each left out when empty.
        public var name: String
        public var description: String
        public var type: String
        /// Where, degrees on WGS 84.
        public var coordinate: Coordinate
        /// An absolute URL of the point's page (`link href`), or `nil`.
        public var link: String?

        /// Creates a point (units as documented on each property).
        public init(name: String, description: String = "", type: String = "", coordinate: Coordinate, link: String? = nil) {
            self.name = name
            self.description = description
            self.type = type
            self.coordinate = coordinate
            self.link = link
        }
    }

    /// The document text: `metadata` (name, description, link), the waypoints, then the route —
    /// the order the schema's sequence requires. Points whose coordinate is not `isValid` are left
    /// out; a route with no point is left out (`rte` would carry no place).
    /// - Parameters:
    ///   - name: the document's and the route's `name`.
    ///   - description: their `desc`, left out when empty.
    ///   - link: an absolute URL for the metadata's `link`, or `nil`.
    public static func document(name: String, description: String, link: String?, route: [Point], waypoints: [Point]) -> String {
        XMLDocumentWriter.document { writer in
            writer.element("gpx", attributes: [
                ("version", "1.1"), ("creator", "roadtrip \(RoadTripVersion.current)"),
                ("xmlns", GPXWriter.namespace),
                ("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance"),
                ("xsi:schemaLocation", "\(GPXWriter.namespace) http://www.topografix.com/GPX/1/1/gpx.xsd"),
            ]) {
                writer.element("metadata") {
                    writer.element("name", text: name)
                    if !description.isEmpty { writer.element("desc", text: description) }
                    if let link { writer.element("link", attributes: [("href", link)]) }
                }
                for waypoint in waypoints where waypoint.coordinate.isValid {
                    write(waypoint, as: "wpt", with: writer)
                }
                let routePoints = route.filter(\.coordinate.isValid)
                if !routePoints.isEmpty {
                    writer.element("rte") {
                        writer.element("name", text: name)
                        if !description.isEmpty { writer.element("desc", text: description) }
                        for point in routePoints { write(point, as: "rtept", with: writer) }
                    }
                }
            }
        }
    }

    /// One `wptType` element: `name`, `desc`, `link`, `type`, in the schema's order.
    private static func write(_ point: Point, as element: String, with writer: XMLDocumentWriter) {
        writer.element(element, attributes: GPXWriter.position(point.coordinate)) {
            writer.element("name", text: point.name)
            if !point.description.isEmpty { writer.element("desc", text: point.description) }
            if let link = point.link { writer.element("link", attributes: [("href", link)]) }
            if !point.type.isEmpty { writer.element("type", text: point.type) }
        }
    }
}
