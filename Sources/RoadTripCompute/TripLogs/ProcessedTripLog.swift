import Foundation
import RoadTripCore
import RoadTripGeo

/// A trip log after the pipeline's "compute" stage: filtered by one set of settings, with
/// its statistics and its motion events placed on the track. Plain values, ready for the trip page,
/// `track.geojson`, `track.gpx` and `roadtrip trip stats`.
public struct ProcessedTripLog: Sendable {
    /// A motion event from the accelerometer with where it happened (interpolated by time).
    public struct PlacedEvent: Sendable, Hashable {
        /// The event (kind, time, peak high-pass magnitude in g).
        public var event: AccelerationFilter.MotionEvent
        /// Where the vehicle was at the event's time (degrees).
        public var coordinate: Coordinate
        /// The nearest town to `coordinate`, once `locate(with:)` ran.
        public var placemark: Placemark? = nil
    }

    /// The log as read, without its raw position fixes (kept ones are in `segments`; how many were
    /// read is `locationReport.total`), so a long recording is not held in memory twice.
    public let log: TripLog
    /// The settings the log was filtered with.
    public let settings: FilterSettings
    /// The kept fixes, split at the log's own segments and at gaps (`gapTime`, `gapDistance`).
    public let track: FilteredTrack
    /// `track`'s segments, each a collection of its fixes.
    public var segments: FilteredTrack.Segments { track.segments }
    /// What the location filter dropped and why.
    public let locationReport: FilterReport
    /// Which altitudes of the kept fixes the altitude filter cleared and why (its total counts the
    /// kept fixes that had an altitude).
    public let altitudeReport: FilterReport
    /// The kept headings, when the log has a compass.
    public let headings: HeadingFilter.Result?
    /// Gravity, motion and events, when the log has an accelerometer.
    public let accelerations: AccelerationFilter.Result?
    /// Distance, times, speeds, elevation and extent of the kept segments.
    public let statistics: TripStatistics
    /// Where the log starts and ends: the nearest towns to its first and last kept fixes
    /// (`Gazetteer.reverse`), set by the compute stage; `nil` without fixes or gazetteer.
    public var startPlacemark: Placemark?
    public var endPlacemark: Placemark?
    /// Motion events that could be placed on the track (with their placemarks after `locate`).
    public private(set) var events: [PlacedEvent]

    /// "From Ljubljana to Bled", or "Around Bled" when both ends are near the same town; `nil`
    /// without placemarks, or when an end is farther than `Placemark.nearRadius` (50 km) from any
    /// town — a drive in open water is not "around" a town 1,900 km away.
    public var fromTo: String? {
        guard let start = startPlacemark, let end = endPlacemark, start.isNear, end.isNear else { return nil }
        if start.locality == end.locality && start.countryCode == end.countryCode { return "Around \(start.locality)" }
        return "From \(start.locality) to \(end.locality)"
    }

    /// The town where the log ends when it ends near one (`Placemark.isNear`), for "I'm currently
    /// in <locality>!".
    public var endLocality: String? {
        endPlacemark.flatMap { $0.isNear ? $0.locality : nil }
    }

    /// Sets `startPlacemark`, `endPlacemark` and each event's placemark from `gazetteer`
    /// (nothing when it is empty).
    public mutating func locate(with gazetteer: some Geocoder) {
        startPlacemark = track.first.flatMap { gazetteer.reverse($0.coordinate) }
        endPlacemark = track.last.flatMap { gazetteer.reverse($0.coordinate) }
        for index in events.indices { events[index].placemark = gazetteer.reverse(events[index].coordinate) }
    }

    /// The log's title: the sidecar's or the log's own name, else its slug.
    public var title: String { log.name ?? log.slug }

    /// Runs the filters and the statistics on `log` with `settings` (the preset with the sidecar's,
    /// the site's and the command line's overrides already applied). The kept fixes are stored
    /// whole (`FilteredTrack`): the log was held whole already.
    public init(log: TripLog, settings: FilterSettings) {
        self.settings = settings
        let location = LocationFilter.applyMeasuringSteps(
            log.locations, settings: settings, recordingStart: log.recordingStart)
        let altitude = AltitudeFilter.apply(location.segments, settings: settings)
        var withoutRawFixes = log
        withoutRawFixes.locations = []
        self.log = withoutRawFixes
        track = FilteredTrack(segments: altitude.segments)
        locationReport = location.report
        altitudeReport = altitude.report
        headings = log.headings.isEmpty ? nil : HeadingFilter.apply(log.headings, settings: settings)
        let acceleration = log.accelerations.isEmpty ? nil : AccelerationFilter.apply(log.accelerations, settings: settings)
        accelerations = acceleration
        events = (acceleration.map { AccelerationFilter.place(events: $0.events, on: altitude.segments) } ?? [])
            .map { PlacedEvent(event: $0.event, coordinate: $0.coordinate) }
        statistics = TripStatistics.compute(segments: altitude.segments, stepDistances: location.stepDistances)
    }

    /// A log with position fixes only, filtered and measured elsewhere (`TripLogStream`).
    init(
        positionsOnly log: TripLog, settings: FilterSettings, track: FilteredTrack,
        locationReport: FilterReport, altitudeReport: FilterReport, statistics: TripStatistics
    ) {
        self.log = log
        self.settings = settings
        self.track = track
        self.locationReport = locationReport
        self.altitudeReport = altitudeReport
        headings = nil
        accelerations = nil
        events = []
        self.statistics = statistics
    }

    /// Every filter's report sentence, location first ("1,204 of 1,350 fixes kept: …"); the
    /// altitudes' only when the kept fixes had any.
    public var reportSentences: [String] {
        [locationReport.sentence]
            + [
                altitudeReport.total > 0 ? altitudeReport.sentence : nil, headings?.report.sentence,
                accelerations?.report.sentence,
            ].compactMap { $0 }
    }
}
