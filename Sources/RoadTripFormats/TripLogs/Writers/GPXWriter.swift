import Foundation
import RoadTripCore

/// Writes filtered fixes as a GPX 1.1 document (TopoGrafix, "GPX 1.1 Schema Documentation",
/// http://www.topografix.com/GPX/1/1), valid against `gpx-1.1.xsd`: one `trk` whose `trkseg`s are
/// the segments, in order, with `ele` (metres) and `time` (UTC, `xsd:dateTime`) where known; the
/// waypoints as `wpt` before the track, as the schema's sequence requires.
public enum GPXWriter {
    /// The GPX 1.1 namespace.
    public static let namespace = "http://www.topografix.com/GPX/1/1"

    /// The document text.
    /// - Parameters:
    ///   - name: the track's name (also the metadata name), e.g. the trip's title.
    ///   - segments: the filtered segments in travel order; empty segments are left out.
    ///   - waypoints: named points written as `wpt` (title → `name`, subtitle → `desc`).
    public static func document<Segments: Sequence>(
        name: String, segments: Segments, waypoints: [PointOfInterest] = []
    ) -> String where Segments.Element: Collection<LocationSample> {
        XMLDocumentWriter.document { write(name: name, segments: segments, waypoints: waypoints, with: $0) }
    }

    /// Writes `document`'s bytes (UTF-8) into `sink` as they are made, never holding the whole
    /// document: for a site's `track.gpx`, which for a long recording is hundreds of megabytes.
    public static func write<Segments: Sequence>(
        name: String, segments: Segments, waypoints: [PointOfInterest] = [], to sink: ByteSink
    ) where Segments.Element: Collection<LocationSample> {
        XMLDocumentWriter.write(to: sink) { write(name: name, segments: segments, waypoints: waypoints, with: $0) }
    }

    /// Writes the document (see `document`) through `writer`.
    private static func write<Segments: Sequence>(
        name: String, segments: Segments, waypoints: [PointOfInterest], with writer: XMLDocumentWriter
    ) where Segments.Element: Collection<LocationSample> {
        writer.element("gpx", attributes: [
            ("version", "1.1"), ("creator", "roadtrip \(RoadTripVersion.current)"),
            ("xmlns", namespace),
            ("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance"),
            ("xsi:schemaLocation", "\(namespace) http://www.topografix.com/GPX/1/1/gpx.xsd"),
        ]) {
            writer.element("metadata") { writer.element("name", text: name) }
            for waypoint in waypoints where waypoint.coordinate.isValid {
                writer.element("wpt", attributes: position(waypoint.coordinate)) {
                    writer.element("name", text: waypoint.title)
                    if !waypoint.subtitle.isEmpty { writer.element("desc", text: waypoint.subtitle) }
                }
            }
            writer.element("trk") {
                writer.element("name", text: name)
                for segment in segments where !segment.isEmpty {
                    writer.element("trkseg") {
                        for fix in segment where fix.coordinate.isValid {
                            writer.element("trkpt", attributes: position(fix.coordinate)) {
                                if let altitude = fix.altitude, altitude.isFinite {
                                    writer.element("ele", text: DecimalText.string(altitude, maximumFractionDigits: 2))
                                }
                                if let timestamp = fix.timestamp {
                                    writer.element("time", text: ISO8601Time.format(timestamp))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// `lat`/`lon` attributes in degrees with at most 7 decimals (about 1 cm). The schema's
    /// `longitudeType` is −180 ≤ lon < 180, so a longitude that is or rounds to 180 is written −180
    /// (the same meridian).
    static func position(_ coordinate: Coordinate) -> [(String, String)] {
        var longitude = DecimalText.string(coordinate.longitude, maximumFractionDigits: 7)
        if longitude == "180" { longitude = "-180" }
        return [("lat", DecimalText.string(coordinate.latitude, maximumFractionDigits: 7)), ("lon", longitude)]
    }
}
