import Foundation

/// A recording of the drive to a destination: what one trip-log file or
/// phone-logger folder holds, as read, before any filter. (The site's view of a destination is a
/// `Trip`; a recording is always a `TripLog`.)
public struct TripLog: Sendable, Hashable {
    /// The file format a log was read from (the reader that read it, chosen by the file's content).
    public enum Format: String, Sendable, Hashable, Codable {
        /// GPX 1.0 or 1.1.
        case gpx
        /// NMEA 0183 sentences.
        case nmea
        /// roadtrip's own JSON trip log (`Docs/triplog.schema.json`).
        case json
        /// A CSV: GPSLogger, OpenTracks, roadtrip's `trip filter --format csv`, or sidecar-mapped.
        case csv
        /// A Sensor Logger recording folder (or its `Location.csv`).
        case sensorLogger
        /// KML 2.2 or 2.3 (with Google's `gx:` extensions).
        case kml
        /// A KML document inside a KMZ (zip) archive.
        case kmz
        /// Garmin Training Center Database v2 (TCX).
        case tcx
        /// GeoJSON (RFC 7946) LineString or MultiLineString features.
        case geojson
        /// Google location history: Takeout's `Records.json`, or a phone's `Timeline.json` / `location-history.json`.
        case googleLocationHistory
    }

    /// The log's slug: its file name without extension, or its folder's name.
    public var slug: String
    /// The log as diagnostics name it (relative to the project root, or as given).
    public var sourcePath: String
    /// What it was read from.
    public var format: Format
    /// A name the log gives itself (GPX `trk/name`, a sidecar `title`), if any.
    public var name: String?
    /// When the recording started, when the log says so (Sensor Logger's zero of
    /// `seconds_elapsed`, a JSON log's `recordingStart`); fixes older than this by more than
    /// `maximumAge` are stale cached fixes.
    public var recordingStart: Date?
    /// Position fixes in file order.
    public var locations: [LocationSample]
    /// Compass readings in file order.
    public var headings: [HeadingSample]
    /// Accelerometer samples in file order.
    public var accelerations: [AccelerationSample]
    /// Named points the log carries (GPX `wpt`), which become POIs of the destination.
    public var waypoints: [PointOfInterest]

    /// Creates a log; every collection defaults to empty.
    public init(
        slug: String, sourcePath: String, format: Format, name: String? = nil, recordingStart: Date? = nil,
        locations: [LocationSample] = [], headings: [HeadingSample] = [],
        accelerations: [AccelerationSample] = [], waypoints: [PointOfInterest] = []
    ) {
        self.slug = slug
        self.sourcePath = sourcePath
        self.format = format
        self.name = name
        self.recordingStart = recordingStart
        self.locations = locations
        self.headings = headings
        self.accelerations = accelerations
        self.waypoints = waypoints
    }
}
