/// GeoJSON text (RFC 7946) for annotations and tracks: `[longitude, latitude]` positions with at most
/// 7 decimals (RFC 7946 §11.2), properties in the simplestyle-spec 1.1.0 convention (`title`,
/// `description`, `marker-color`, `marker-symbol`, `stroke`) plus roadtrip's `kind` (DESIGN §5).
public enum GeoJSON {
    /// A `FeatureCollection` with one `Point` Feature per annotation, in order.
    ///
    /// Shape: `{"type":"FeatureCollection","bbox":[west,south,east,north],"features":[{"type":"Feature",
    /// "id":…,"geometry":{"type":"Point","coordinates":[lon,lat]},"properties":{"title","description",
    /// "marker-color","marker-symbol"?,"kind","category"?,"url"?, …extra}}]}`.
    /// - `marker-symbol` matches the SVG pins (`SVGMap`): `"star"` (a Maki icon) for the destination,
    ///   the POI's 1-based number among the points of interest (`"1"`, `"2"`, …) for POIs, none else.
    /// - `bbox` (RFC 7946 §5) spans the points' latitudes, and their longitudes the short way round
    ///   (`LongitudeRange.shortestCovering`), so `west > east` when they straddle 180°; it is
    ///   omitted when there are no features.
    /// - Annotations whose coordinate is not `isValid` are left out (GeoJSON has no NaN).
    ///
    /// - Parameters:
    ///   - annotations: the pins, destination first as `Trip.annotations()` orders them.
    ///   - extraProperties: more string properties for a feature (e.g. a page URL), appended after
    ///     the standard ones; names should not repeat those.
    /// - Returns: compact JSON text, safe inside `<script>` (see `JSONText.string`).
    public static func featureCollection(
        annotations: [Annotation],
        extraProperties: (Annotation) -> [(name: String, value: String)] = { _ in [] }
    ) -> String {
        let valid = annotations.filter(\.coordinate.isValid)
        var features: [JSONValue] = []
        features.reserveCapacity(valid.count)
        var pointOfInterestNumber = 0
        for annotation in valid {
            var symbol: String?
            switch annotation.kind {
            case .destination: symbol = "star"
            case .pointOfInterest:
                pointOfInterestNumber += 1
                symbol = String(pointOfInterestNumber)
            default: symbol = nil
            }
            var properties: [(String, JSONValue)] = [
                ("title", .string(annotation.title)),
                ("description", .string(annotation.subtitle)),
                ("marker-color", .string(annotation.markerColor)),
            ]
            if let symbol { properties.append(("marker-symbol", .string(symbol))) }
            properties.append(("kind", .string(annotation.kind.rawValue)))
            if let category = annotation.category { properties.append(("category", .string(category))) }
            if let url = annotation.url { properties.append(("url", .string(url))) }
            for (name, value) in extraProperties(annotation) {
                properties.append((name, .string(value)))
            }
            features.append(.object([
                ("type", .string("Feature")),
                ("id", .string(annotation.id)),
                ("geometry", .object([("type", .string("Point")), ("coordinates", position(annotation.coordinate))])),
                ("properties", .object(properties)),
            ]))
        }
        var members: [(String, JSONValue)] = [("type", .string("FeatureCollection"))]
        if !valid.isEmpty {
            let latitudes = valid.map(\.coordinate.latitude)
            let (west, east) = LongitudeRange.shortestCovering(valid.map(\.coordinate.longitude))
            let south = latitudes.min() ?? 0, north = latitudes.max() ?? 0
            members.append(("bbox", .array([west, south, east, north].map { .number($0) })))
        }
        members.append(("features", .array(features)))
        return JSONValue.object(members).text
    }

    /// A line geometry for a track: a `LineString`, or a `MultiLineString` when the path crosses the
    /// antimeridian, cut there as RFC 7946 §3.1.9 requires (`AntimeridianSplit.pieces(of:)`).
    ///
    /// - Parameter path: the track's coordinates in degrees, in travel order; invalid coordinates
    ///   are left out.
    /// - Returns: the geometry object's JSON text, or `nil` when fewer than two positions remain
    ///   (a LineString needs two, RFC 7946 §3.1.4).
    public static func lineString(_ path: [Coordinate]) -> String? {
        let pieces = AntimeridianSplit.pieces(of: path.filter(\.isValid))
        func line(_ piece: [Coordinate]) -> JSONValue { .array(piece.map(position)) }
        switch pieces.count {
        case 0: return nil
        case 1: return JSONValue.object([("type", .string("LineString")), ("coordinates", line(pieces[0]))]).text
        default:
            return JSONValue.object([
                ("type", .string("MultiLineString")), ("coordinates", .array(pieces.map(line))),
            ]).text
        }
    }

    /// `[longitude, latitude]`, written with at most 7 decimals (RFC 7946 §3.1.1, §11.2).
    private static func position(_ coordinate: Coordinate) -> JSONValue {
        .array([.number(coordinate.longitude), .number(coordinate.latitude)])
    }
}
