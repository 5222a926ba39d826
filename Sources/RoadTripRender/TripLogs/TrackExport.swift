import Foundation
import RoadTripCore
import RoadTripFormats
import RoadTripCompute

/// A filtered trip log in one of the formats `roadtrip trip filter --format` writes (and the trip
/// page's `track.geojson` / `track.gpx`).
public enum TrackExport {
    /// The output formats, named as the `--format` values.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// RFC 7946 `FeatureCollection`: the kept segments as one `MultiLineString` (cut at the
        /// antimeridian), then `Point`s for the start, the end and each placed motion event
        /// (`GeoJSON.track`).
        case geojson
        /// GPX 1.1 of the kept fixes, one `trkseg` per filtered segment, and the log's waypoints
        /// (`GPXWriter`).
        case gpx
        /// roadtrip's JSON trip log (`Docs/triplog.schema.json`) of `filteredLog(_:)`.
        case json
        /// One row per kept fix with its segment index (`CSVTrackWriter`).
        case csv
    }

    /// The document text of `processed` in `format`.
    public static func document(_ processed: ProcessedTripLog, format: Format) -> String {
        switch format {
        case .geojson: return geoJSON(processed)
        case .gpx:
            return GPXWriter.document(name: processed.title, segments: processed.segments, waypoints: processed.log.waypoints)
        case .json: return JSONTripLogWriter.string(filteredLog(processed))
        case .csv: return CSVTrackWriter.string(segments: processed.segments)
        }
    }

    /// `document`'s bytes (UTF-8); GPX without a copy of its text (`GPXWriter.data`), as a site's
    /// `track.gpx` of a long recording is hundreds of megabytes.
    public static func data(_ processed: ProcessedTripLog, format: Format) -> Data {
        guard format == .gpx else { return Data(document(processed, format: format).utf8) }
        return GPXWriter.data(name: processed.title, segments: processed.segments, waypoints: processed.log.waypoints)
    }

    /// The track as GeoJSON (see `Format.geojson`). Point features: `kind` `"start"` / `"end"`
    /// (titles "Start", "End") at the first and last kept fix, and `kind` `"event"` per placed
    /// motion event, titled with the event's kind (`bump`, `jolt`) and carrying `peak`, the
    /// high-pass magnitude in g.
    public static func geoJSON(_ processed: ProcessedTripLog) -> String {
        var points: [(title: String, kind: String, coordinate: Coordinate, numbers: [(String, Double)])] = []
        if let first = processed.segments.first?.first, let last = processed.segments.last?.last {
            points.append(("Start", "start", first.coordinate, []))
            points.append(("End", "end", last.coordinate, []))
        }
        for placed in processed.events {
            points.append((placed.event.kind.rawValue, "event", placed.coordinate, [("peak", placed.event.peak)]))
        }
        return GeoJSON.track(
            title: processed.title, segments: processed.segments.map { $0.map(\.coordinate) }, points: points)
    }

    /// The log after filtering, as a `TripLog` (what `--format json` writes):
    /// - `locations`: the kept fixes in travel order, each with `segment` set to its filtered
    ///   segment's 0-based index (so reading the file back keeps the gaps as segment breaks);
    /// - `headings`: the headings the heading filter kept;
    /// - `accelerations`: every valid accelerometer sample as read (the accelerometer filters
    ///   derive gravity and motion but drop only invalid samples), in g;
    /// - name, recordingStart, waypoints, slug, source and format: the log's own.
    public static func filteredLog(_ processed: ProcessedTripLog) -> TripLog {
        var log = processed.log
        var locations: [LocationSample] = []
        locations.reserveCapacity(processed.statistics.fixCount)
        for (index, segment) in processed.segments.enumerated() {
            for var fix in segment {
                fix.segment = index
                locations.append(fix)
            }
        }
        log.locations = locations
        log.headings = processed.headings?.kept ?? []
        log.accelerations = processed.accelerations?.samples.map {
            AccelerationSample(timestamp: $0.timestamp, x: $0.raw.x, y: $0.raw.y, z: $0.raw.z)
        } ?? []
        return log
    }
}
