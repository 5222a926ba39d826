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
    /// The recording as read.
    public var log: TripLog
    /// Its sidecar's title and filters.
    public var settings: TripLogSettings

    /// Creates a loaded log.
    public init(log: TripLog, settings: TripLogSettings) {
        self.log = log
        self.settings = settings
    }
}
