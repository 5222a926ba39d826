import RoadTripCore
import RoadTripFormats
import RoadTripGeo

/// GeoJSON text (RFC 7946) for annotations and tracks: `[longitude, latitude]` positions and `bbox`
/// values with at most 6 decimals (`fractionDigits`), properties in the simplestyle-spec 1.1.0 convention (`title`,
/// `description`, `marker-color`, `marker-symbol`, `stroke`) plus roadtrip's `kind`.
public enum GeoJSON {
    /// The decimals of every number in the files (positions, `bbox`, a motion event's `peak`): 6,
    /// about 0.11 m of latitude. RFC 7946
    /// §11.2 notes that 6 decimals are about 10 cm, a precision a phone's GPS never reaches, and
    /// validators (`geojson-validator`) flag more as excessive precision. Values are rounded
    /// half-even on the binary double and trailing zeros dropped (`DecimalText.string`), so
    /// 5.3241549 is written `5.324155` and −0.0000004 `0`.
    public static let fractionDigits = 6

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
            if let thumbnail = annotation.thumbnail { properties.append(("thumbnail", .string(thumbnail))) }
            if let time = annotation.time { properties.append(("time", .string(time))) }
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
            members.append(("bbox", .array([west, south, east, north].map(decimal))))
        }
        members.append(("features", .array(features)))
        return JSONValue.object(members).text
    }

    /// A trip's filtered track as a `FeatureCollection` (`track.geojson`): one Feature
    /// whose geometry is a `MultiLineString` with one line per segment — never joined across a gap —
    /// each also cut at the antimeridian (RFC 7946 §3.1.9); then one `Point` Feature per motion event
    /// (`kind` "event", `title` the event's kind, `peak` in g) and per start/end marker.
    /// - Parameters:
    ///   - title: the track's `title` property.
    ///   - segments: the kept fixes per segment (degrees); segments with fewer than two valid
    ///     positions draw no line.
    ///   - points: extra point features (`title`, `kind`, coordinate, numeric properties).
    public static func track(
        title: String, segments: [[Coordinate]],
        points: [(title: String, kind: String, coordinate: Coordinate, numbers: [(String, Double)])] = []
    ) -> String {
        var lines: [JSONValue] = []
        var all: [Coordinate] = []
        for segment in segments {
            let valid = segment.filter(\.isValid)
            guard valid.count >= 2 else { continue }
            all += valid
            for piece in AntimeridianSplit.pieces(of: valid) where piece.count >= 2 {
                lines.append(.array(piece.map(position)))
            }
        }
        var features: [JSONValue] = []
        if !lines.isEmpty {
            features.append(.object([
                ("type", .string("Feature")),
                ("geometry", .object([("type", .string("MultiLineString")), ("coordinates", .array(lines))])),
                ("properties", .object([
                    ("title", .string(title)), ("kind", .string("track")), ("stroke", .string("#c62828")),
                    ("stroke-width", .number(3)),
                ])),
            ]))
        }
        for point in points where point.coordinate.isValid {
            all.append(point.coordinate)
            features.append(.object([
                ("type", .string("Feature")),
                ("geometry", .object([("type", .string("Point")), ("coordinates", position(point.coordinate))])),
                ("properties", .object([("title", .string(point.title)), ("kind", .string(point.kind))]
                    + point.numbers.map { ($0.0, decimal($0.1)) })),
            ]))
        }
        var members: [(String, JSONValue)] = [("type", .string("FeatureCollection"))]
        if !all.isEmpty {
            let (west, east) = LongitudeRange.shortestCovering(all.map(\.longitude))
            let latitudes = all.map(\.latitude)
            members.append(("bbox", .array([west, latitudes.min()!, east, latitudes.max()!].map(decimal))))
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

    /// `[longitude, latitude]` (RFC 7946 §3.1.1), each with at most `fractionDigits` decimals.
    private static func position(_ coordinate: Coordinate) -> JSONValue {
        .array([decimal(coordinate.longitude), decimal(coordinate.latitude)])
    }

    /// A number of the file (degrees, or a property's value) with at most `fractionDigits` decimals.
    private static func decimal(_ degrees: Double) -> JSONValue {
        .decimal(degrees, maximumFractionDigits: fractionDigits)
    }
}
