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
        String(decoding: ByteSink.collect { write(processed, format: format, to: $0) }, as: UTF8.self)
    }

    /// Writes `processed` in `format` into `sink`; GeoJSON and GPX as they are made, never whole
    /// (a million-fix track is 25 and 150 MB of text).
    public static func write(_ processed: ProcessedTripLog, format: Format, to sink: ByteSink) {
        switch format {
        case .geojson:
            GeoJSON.writeTrack(
                title: processed.title, segments: processed.segments.lazy.map(\.coordinates), points: points(processed),
                to: sink)
        case .gpx:
            GPXWriter.write(name: processed.title, segments: processed.segments, waypoints: processed.log.waypoints, to: sink)
        case .json: sink.write(JSONTripLogWriter.string(filteredLog(processed)))
        case .csv: sink.write(CSVTrackWriter.string(segments: processed.segments))
        }
    }

    /// The output file of `processed` in `format` at `path`, its bytes made while it is written
    /// (`OutputFile.Contents.produced`).
    public static func file(_ processed: ProcessedTripLog, format: Format, path: String) -> OutputFile {
        OutputFile(path: path, contents: .produced(OutputProducer { write(processed, format: format, to: $0) }))
    }

    /// The point features of the track's GeoJSON (see `Format.geojson`): `kind` `"start"` / `"end"`
    /// (titles "Start", "End") at the first and last kept fix, and `kind` `"event"` per placed
    /// motion event, titled with the event's kind (`bump`, `jolt`) and carrying `peak`, the
    /// high-pass magnitude in g.
    private static func points(_ processed: ProcessedTripLog) -> [GeoJSON.TrackPoint] {
        var points: [GeoJSON.TrackPoint] = []
        if let first = processed.track.first, let last = processed.track.last {
            points.append(("Start", "start", first.coordinate, []))
            points.append(("End", "end", last.coordinate, []))
        }
        for placed in processed.events {
            points.append((placed.event.kind.rawValue, "event", placed.coordinate, [("peak", placed.event.peak)]))
        }
        return points
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
        locations.reserveCapacity(processed.track.count)
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
