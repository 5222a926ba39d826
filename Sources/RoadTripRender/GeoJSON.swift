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
    ///   (`LongitudeRange.shortestCovering`), so `west > east` when they straddle 180° — all of
    ///   them, −180 to 180, when a point is at a pole (§5.3); it is omitted when there are no features.
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
        String(decoding: featureCollectionUTF8(annotations: annotations, extraProperties: extraProperties), as: UTF8.self)
    }

    /// ``featureCollection(annotations:extraProperties:)``'s text as UTF-8, for a file written as
    /// it is (a `String` of it would check each byte again).
    public static func featureCollectionUTF8(
        annotations: [Annotation],
        extraProperties: (Annotation) -> [(name: String, value: String)] = { _ in [] }
    ) -> [UInt8] {
        let valid = annotations.filter(\.coordinate.isValid)
        var json = JSONWriter(capacity: 64 + 320 * valid.count)
        json.beginObject()
        json.key("type")
        json.string("FeatureCollection")
        if !valid.isEmpty {
            let latitudes = valid.map(\.coordinate.latitude)
            let (west, east) = LongitudeRange.shortestCovering(valid.map(\.coordinate.longitude))
            writeBoundingBox(west: west, south: latitudes.min() ?? 0, east: east, north: latitudes.max() ?? 0, to: &json)
        }
        json.key("features")
        json.beginArray()
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
            if let label = annotation.label { symbol = label }
            beginPointFeature(id: annotation.id, at: annotation.coordinate, to: &json)
            json.key("title"); json.string(annotation.title)
            json.key("description"); json.string(annotation.subtitle)
            json.key("marker-color"); json.string(annotation.markerColor)
            if let symbol { json.key("marker-symbol"); json.string(symbol) }
            json.key("kind"); json.string(annotation.kind.rawValue)
            if let category = annotation.category { json.key("category"); json.string(category) }
            if let url = annotation.url { json.key("url"); json.string(url) }
            if let thumbnail = annotation.thumbnail { json.key("thumbnail"); json.string(thumbnail) }
            if let time = annotation.time { json.key("time"); json.string(time) }
            for (name, value) in extraProperties(annotation) {
                json.key(name)
                json.string(value)
            }
            json.endObject()  // properties
            json.endObject()  // the Feature
        }
        json.endArray()
        json.endObject()
        return json.bytes
    }

    /// `"bbox":[west,south,east,north]` (RFC 7946 §5), each with at most `fractionDigits` decimals;
    /// west −180 and east 180 when the box holds a pole as written (§5.3: 89.9999999 is written 90).
    static func writeBoundingBox(west: Double, south: Double, east: Double, north: Double, to json: inout JSONWriter) {
        func written(_ latitude: Double) -> Double {
            Double(JSONText.number(latitude, maximumFractionDigits: fractionDigits)) ?? latitude
        }
        let holdsPole = written(north) >= 90 || written(south) <= -90
        json.key("bbox")
        json.beginArray()
        for value in [holdsPole ? -180 : west, south, holdsPole ? 180 : east, north] {
            json.number(value, maximumFractionDigits: fractionDigits)
        }
        json.endArray()
    }

    /// A `Point` Feature up to its open `properties` object: `{"type":"Feature","id":…,
    /// "geometry":{"type":"Point","coordinates":[lon,lat]},"properties":{` — the caller writes the
    /// properties and closes both objects.
    static func beginPointFeature(id: String, at coordinate: Coordinate, to json: inout JSONWriter) {
        json.beginObject()
        json.key("type"); json.string("Feature")
        json.key("id"); json.string(id)
        json.key("geometry")
        json.beginObject()
        json.key("type"); json.string("Point")
        json.key("coordinates")
        json.beginArray()
        json.number(coordinate.longitude, maximumFractionDigits: fractionDigits)
        json.number(coordinate.latitude, maximumFractionDigits: fractionDigits)
        json.endArray()
        json.endObject()
        json.key("properties")
        json.beginObject()
    }

    /// A point Feature of a track file: a title, a `kind` and numeric properties at a coordinate.
    public typealias TrackPoint = (title: String, kind: String, coordinate: Coordinate, numbers: [(String, Double)])

    /// A trip's filtered track as a `FeatureCollection` (`track.geojson`): one Feature
    /// whose geometry is a `MultiLineString` with one line per segment — never joined across a gap —
    /// each also cut at the antimeridian (RFC 7946 §3.1.9); then one `Point` Feature per motion event
    /// (`kind` "event", `title` the event's kind, `peak` in g) and per start/end marker.
    /// - Parameters:
    ///   - title: the track's `title` property.
    ///   - segments: the kept fixes per segment (degrees); segments with fewer than two valid
    ///     positions draw no line.
    ///   - points: extra point features (`title`, `kind`, coordinate, numeric properties).
    public static func track<Segments: Collection>(
        title: String, segments: Segments, points: [TrackPoint] = []
    ) -> String where Segments.Element: Collection<Coordinate> {
        String(decoding: ByteSink.collect { writeTrack(title: title, segments: segments, points: points, to: $0) }, as: UTF8.self)
    }

    /// Writes `track`'s text into `sink` as it is made, never holding the whole document (a
    /// 1,000,000-fix track is about 25 MB of text). `segments` is read twice: first for the
    /// `bbox` (in constant memory, `LongitudeBins`: exact unless the track circles more than 359° of
    /// longitude, where it may be up to 1° wider), then for the lines.
    public static func writeTrack<Segments: Collection>(
        title: String, segments: Segments, points: [TrackPoint] = [], to sink: ByteSink
    ) where Segments.Element: Collection<Coordinate> {
        func drawsLine(_ segment: Segments.Element) -> Bool {
            var valid = 0
            for coordinate in segment where coordinate.isValid {
                valid += 1
                if valid == 2 { return true }
            }
            return false
        }
        var longitudes = LongitudeBins()
        var (south, north) = (Double.infinity, -Double.infinity)
        func cover(_ coordinate: Coordinate) {
            longitudes.add(coordinate.longitude)
            south = min(south, coordinate.latitude)
            north = max(north, coordinate.latitude)
        }
        for segment in segments where drawsLine(segment) {
            for coordinate in segment where coordinate.isValid { cover(coordinate) }
        }
        for point in points where point.coordinate.isValid { cover(point.coordinate) }

        sink.write(#"{"type":"FeatureCollection","#)
        if let (west, east) = longitudes.shortestCovering() {
            var json = JSONWriter()
            writeBoundingBox(west: west, south: south, east: east, north: north, to: &json)
            sink.write(String(decoding: json.bytes, as: UTF8.self) + ",")
        }
        sink.write(#""features":["#)
        var piecesWritten = 0
        for segment in segments where drawsLine(segment) {
            var cutter = AntimeridianSplit.Cutter()
            for coordinate in segment where coordinate.isValid {
                cutter.add(coordinate) { position, opensPiece in
                    var text = ""
                    if opensPiece {
                        text += piecesWritten == 0
                            ? #"{"type":"Feature","geometry":{"type":"MultiLineString","coordinates":[["#
                            : "],["
                        piecesWritten += 1
                    } else {
                        text += ","
                    }
                    sink.write(text + "[" + number(position.longitude) + "," + number(position.latitude) + "]")
                }
            }
        }
        if piecesWritten > 0 {
            sink.write("]]}," + #""properties":"# + JSONValue.object([
                ("title", .string(title)), ("kind", .string("track")), ("stroke", .string("#c62828")),
                ("stroke-width", .number(3)),
            ]).text + "}")
        }
        for (index, point) in points.filter({ $0.coordinate.isValid }).enumerated() {
            if piecesWritten > 0 || index > 0 { sink.write(",") }
            sink.write(JSONValue.object([
                ("type", .string("Feature")),
                ("geometry", .object([("type", .string("Point")), ("coordinates", position(point.coordinate))])),
                ("properties", .object([("title", .string(point.title)), ("kind", .string(point.kind))]
                    + point.numbers.map { ($0.0, decimal($0.1)) })),
            ]).text)
        }
        sink.write("]}")
    }

    /// A line geometry for a track: a `LineString`, or a `MultiLineString` when the path crosses the
    /// antimeridian, cut there as RFC 7946 §3.1.9 requires (`AntimeridianSplit.pieces(of:)`).
    ///
    /// - Parameter path: the track's coordinates in degrees, in travel order; invalid coordinates
    ///   are left out.
    /// - Returns: the geometry object's JSON text, or `nil` when fewer than two positions remain
    ///   (a LineString needs two, RFC 7946 §3.1.4).
    public static func lineString(_ path: [Coordinate]) -> String? {
        guard let pieces = linePieces(path) else { return nil }
        var json = JSONWriter()
        writeLineGeometry(pieces, to: &json)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// The pieces of `path`'s line geometry (`AntimeridianSplit.pieces(of:)` of its valid
    /// coordinates, each of at least two positions), or `nil` when there is none.
    static func linePieces(_ path: [Coordinate]) -> [[Coordinate]]? {
        let pieces = AntimeridianSplit.pieces(of: path.filter(\.isValid))
        return pieces.isEmpty ? nil : pieces
    }

    /// Writes the geometry of `pieces` (``linePieces(_:)``): a `LineString` for one piece, a
    /// `MultiLineString` for more, each position `[longitude, latitude]` with at most
    /// `fractionDigits` decimals — straight into `json`, with no tree of values per position (an
    /// itinerary's legs have thousands).
    static func writeLineGeometry(_ pieces: [[Coordinate]], to json: inout JSONWriter) {
        json.beginObject()
        json.key("type"); json.string(pieces.count == 1 ? "LineString" : "MultiLineString")
        json.key("coordinates")
        if pieces.count > 1 { json.beginArray() }
        for piece in pieces {
            json.beginArray()
            for coordinate in piece {
                json.beginArray()
                json.number(coordinate.longitude, maximumFractionDigits: fractionDigits)
                json.number(coordinate.latitude, maximumFractionDigits: fractionDigits)
                json.endArray()
            }
            json.endArray()
        }
        if pieces.count > 1 { json.endArray() }
        json.endObject()
    }

    /// `[longitude, latitude]` (RFC 7946 §3.1.1), each with at most `fractionDigits` decimals.
    static func position(_ coordinate: Coordinate) -> JSONValue {
        .array([decimal(coordinate.longitude), decimal(coordinate.latitude)])
    }

    /// A number of the file (degrees, or a property's value) with at most `fractionDigits` decimals.
    static func decimal(_ degrees: Double) -> JSONValue {
        .decimal(degrees, maximumFractionDigits: fractionDigits)
    }

    /// `decimal`'s text.
    private static func number(_ degrees: Double) -> String {
        JSONText.number(degrees, maximumFractionDigits: fractionDigits)
    }
}
