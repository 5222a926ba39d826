import RoadTripCore
import RoadTripCompute

extension BuildStep {
    /// Each destination's trip logs through the filters of their settings, with their statistics
    /// and the places they start and end (`ProcessedTripLog`), in parallel across destinations;
    /// the ``BuildCache`` gives those of destinations whose source is unchanged.
    static let filterTrips = BuildStep("filter-trips") { state, context throws(BuildStop) in
        let (recordings, reused) = context.perDestination(state.destinations, reusing: "filter-trips") { _, destination in
            destination.tripLogs.map { loaded in
                var recording = processed(loaded)
                recording.locate(with: context.environment.geocoder)
                return recording
            }
        }
        state.recordings = recordings
        state.reusedRecordings = reused.count { $0 }
        for (destination, recordings) in zip(state.destinations, recordings) {
            for recording in recordings {
                context.verbose(
                    "\(destination.slug)/trips/\(recording.log.slug): " + (recording.fromTo.map { $0 + "; " } ?? "")
                        + recording.reportSentences.joined(separator: "; "))
            }
        }
        // Reused counts trip logs, as the total does (a destination holds any number of them).
        let reusedLogs = zip(recordings, reused).reduce(0) { $0 + ($1.1 ? $1.0.count : 0) }
        return CountText.counted(recordings.reduce(0) { $0 + $1.count }, "trip log") + context.reusedNote(reusedLogs)
    }

    /// `loaded` filtered and measured: a log read as a stream (`LoadedTripLog.stream`) is read
    /// again, one fix at a time, through the filters (`TripLogStream`, whose problems were
    /// reported when it was loaded); any other from its fixes in memory.
    private static func processed(_ loaded: LoadedTripLog) -> ProcessedTripLog {
        if let stream = loaded.stream,
            let streamed = TripLogStream.process(
                stream.url, displayPath: stream.displayPath, timeZone: stream.timeZone, columnMapping: nil,
                dateRange: loaded.settings.dateRange, settings: loaded.settings.filters, title: loaded.settings.title,
                keeping: .columns(capacity: stream.fixCount), log: DiagnosticLog())
        {
            return streamed
        }
        return ProcessedTripLog(log: loaded.log, settings: loaded.settings.filters)
    }
}
