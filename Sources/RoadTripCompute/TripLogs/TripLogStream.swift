import Foundation
import Synchronization
import RoadTripCore
import RoadTripFormats

/// Read → filter → statistics as one streaming pass, for logs too long to hold: each fix goes from
/// the reader through `LocationFilter.Stream` into `TripStatistics.Accumulator` as it is read, and
/// only kept fixes are stored — and none at all when the track is not wanted (`roadtrip trip stats`),
/// so memory stays the same whatever the file's length.
///
/// GPX and Google location history are read this way (the formats long tracks come in; a GPX is
/// recognised by its content, whatever its name: `TripLogContent`); other formats are read whole
/// and processed by `ProcessedTripLog(log:settings:)` — with the same result, since the location
/// filter decides each fix from the fixes before it.
public enum TripLogStream {
    /// Reads, filters and measures the trip log at `url` (a file or a recording folder).
    /// - Parameters:
    ///   - displayPath, timeZone, columnMapping, dateRange: as for `TripLogReader.read`; fixes outside
    ///     `dateRange` are dropped as they are read.
    ///   - settings: the filter settings (preset, sidecar and flags already applied).
    ///   - title: a title that replaces the log's own name (a sidecar's `title`), if any.
    ///   - keeping: which kept fixes to store in the result's `track` (`.none` leaves it empty, and
    ///     everything else is as usual). A log read whole (not streamable) keeps whole samples.
    ///   - log: receives the errors and warnings, each once.
    /// - Returns: the processed log, or `nil` after an error in `log`.
    public static func process(
        _ url: URL, displayPath: String, timeZone: TimeZone, columnMapping: [String: String]?,
        dateRange: TripDateRange? = nil, settings: FilterSettings, title: String?, keeping: TrackStorage, log: DiagnosticLog
    ) -> ProcessedTripLog? {
        guard TripLogReader.isStreamable(url) else {
            return processWhole(
                url, displayPath: displayPath, timeZone: timeZone, columnMapping: columnMapping, dateRange: dateRange,
                settings: settings, title: title, log: log)
        }
        // The reader runs on a thread of its own and hands fixes over in chunks; this thread filters
        // and measures them meanwhile (libxml2 and the geodesics each take about half the time).
        let channel = ChunkChannel<[LocationSample]>(capacity: 8)
        let readResult = Mutex<TripLog?>(nil)
        let reader = Thread {
            var chunk: [LocationSample] = []
            chunk.reserveCapacity(chunkSize)
            let read = TripLogReader.stream(url, displayPath: displayPath, timeZone: timeZone, dateRange: dateRange, log: log) { fix in
                chunk.append(fix)
                if chunk.count == chunkSize {
                    channel.send(chunk)
                    chunk.removeAll(keepingCapacity: true)
                }
            }
            if !chunk.isEmpty { channel.send(chunk) }
            readResult.withLock { $0 = read }
            channel.finish()
        }
        reader.name = "roadtrip-reader"
        reader.stackSize = 1 << 20
        reader.start()

        var filter = LocationFilter.Stream(settings: settings, recordingStart: nil)
        var altitudes = AltitudeFilter.Stream(settings: settings)
        var statistics = TripStatistics.Accumulator()
        var track: FilteredTrack
        switch keeping {
        case .none: track = FilteredTrack()
        case .columns(let capacity): track = FilteredTrack(reservingCapacity: capacity)
        case .wholeSamples: track = FilteredTrack(keepingWholeSamples: true)
        }
        let storesFixes = keeping != .none
        func take(_ entry: AltitudeFilter.Entry) {
            statistics.add(entry.fix, opensSegment: entry.opensSegment, stepDistance: entry.stepDistance)
            if storesFixes { track.append(entry.fix, opensSegment: entry.opensSegment) }
        }
        func filtered(_ decision: LocationFilter.Decision, _ kept: LocationSample) {
            guard case .kept(let opensSegment, let stepDistance) = decision else { return }
            altitudes.add(AltitudeFilter.Entry(fix: kept, opensSegment: opensSegment, stepDistance: stepDistance), emit: take)
        }
        while let chunk = channel.receive() {
            for fix in chunk { filter.add(fix, emit: filtered) }
        }
        filter.finish(emit: filtered)
        altitudes.finish(emit: take)
        let read = readResult.withLock { $0 }
        guard var tripLog = read else { return nil }
        if let title { tripLog.name = title }
        return ProcessedTripLog(
            positionsOnly: tripLog, settings: settings, track: track, locationReport: filter.report,
            altitudeReport: altitudes.report, statistics: statistics.statistics())
    }

    /// Which kept fixes `process` stores (`ProcessedTripLog.track`).
    public enum TrackStorage: Sendable, Hashable {
        /// None: the statistics and reports only (`roadtrip trip stats`).
        case none
        /// Positions, times, altitudes and courses (`FilteredTrack`'s columns), room made for
        /// `capacity` fixes at once (the number read, when known): what a site shows.
        case columns(capacity: Int)
        /// Every field of every kept fix (`roadtrip trip filter`'s JSON and CSV).
        case wholeSamples
    }

    /// Fixes handed from the reader thread to the filter at a time.
    private static let chunkSize = 4096

    /// Reads the whole log, then filters and measures it.
    private static func processWhole(
        _ url: URL, displayPath: String, timeZone: TimeZone, columnMapping: [String: String]?, dateRange: TripDateRange?,
        settings: FilterSettings, title: String?, log: DiagnosticLog
    ) -> ProcessedTripLog? {
        guard var tripLog = TripLogReader.read(
            url, displayPath: displayPath, timeZone: timeZone, columnMapping: columnMapping, dateRange: dateRange, log: log
        )?.restricted(to: dateRange)
        else { return nil }
        if let title { tripLog.name = title }
        return ProcessedTripLog(log: tripLog, settings: settings)
    }
}
