import Foundation

/// How one trip log is to be read and filtered, from its sidecar
/// (`trips/<slug>.yaml`, or `trip.yaml` inside a recording folder) on top of the site's
/// `trips.preset` (in `site.yaml`).
public struct TripLogSettings: Sendable, Hashable {
    /// The sidecar's `title`, if any.
    public var title: String?
    /// The preset's settings with the sidecar's overrides applied.
    public var filters: FilterSettings
    /// A generic CSV's column mapping (`columns:` in the sidecar), if any.
    public var columns: [String: String]?
    /// The part of the recording that is this trip (`from:`/`to:` in the sidecar), if any.
    public var dateRange: TripDateRange?

    /// Creates settings.
    public init(
        title: String? = nil, filters: FilterSettings, columns: [String: String]? = nil, dateRange: TripDateRange? = nil
    ) {
        self.title = title
        self.filters = filters
        self.columns = columns
        self.dateRange = dateRange
    }
}

/// A trip log as loaded with a destination: the recording and how to filter it.
public struct LoadedTripLog: Sendable, Hashable {
    /// The recording as read — without its position fixes when it was read as a stream (`stream`).
    public var log: TripLog
    /// Its sidecar's title and filters.
    public var settings: TripLogSettings
    /// Where a log read as a stream is (a GPX or Google location history file): its fixes are not
    /// held after loading, and the filter step reads them again, one at a time, so that a build
    /// with a recording of a million fixes holds none of them raw.
    public var stream: StreamedTripLog?

    /// Creates a loaded log.
    public init(log: TripLog, settings: TripLogSettings, stream: StreamedTripLog? = nil) {
        self.log = log
        self.settings = settings
        self.stream = stream
    }
}

/// A trip-log file read as a stream (`LoadedTripLog.stream`): what reading it again needs.
public struct StreamedTripLog: Sendable, Hashable {
    /// The file.
    public var url: URL
    /// How diagnostics name it.
    public var displayPath: String
    /// The zone its times without an offset are read in.
    public var timeZone: TimeZone
    /// The position fixes it holds in its date range (none are kept).
    public var fixCount: Int

    /// Creates a source; see each property.
    public init(url: URL, displayPath: String, timeZone: TimeZone, fixCount: Int) {
        self.url = url
        self.displayPath = displayPath
        self.timeZone = timeZone
        self.fixCount = fixCount
    }
}
