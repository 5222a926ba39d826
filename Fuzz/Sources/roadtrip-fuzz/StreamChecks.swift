import Foundation
import RoadTripKit

/// What `TripLogStream` promises for the logs it streams (GPX, Google location history): the same
/// result as reading the log whole and then filtering and measuring it.
enum StreamChecks {
    /// Streams the file at `url` (named `path`) through `TripLogStream` with the `roadTrip` preset and
    /// requires the same diagnostics as `log` (from reading it whole into `tripLog`), and the same
    /// fixes kept (in a build's columns), statistics and filter report as `ProcessedTripLog` on
    /// `tripLog`.
    /// - Returns: the log processed whole, for further checks.
    @discardableResult
    static func checkStreamingAgrees(url: URL, path: String, tripLog: TripLog, log: DiagnosticLog) -> ProcessedTripLog {
        let whole = ProcessedTripLog(log: tripLog, settings: .roadTrip)
        let streamLog = DiagnosticLog()
        let streamed = TripLogStream.process(
            url, displayPath: path, timeZone: TripLogChecks.timeZone, columnMapping: nil, settings: .roadTrip,
            title: nil, keeping: .columns(capacity: 0), log: streamLog)
        require(streamLog.diagnostics == log.diagnostics, "streaming reported \(streamLog.diagnostics), reading whole \(log.diagnostics)")
        if let streamed {
            // What a build keeps of each fix (`FilteredTrack`'s columns) is what reading whole kept.
            require(streamed.track.segmentRanges == whole.track.segmentRanges, "streaming kept other segments than reading whole")
            for index in 0..<whole.track.count {
                let (kept, full) = (streamed.track.sample(at: index), whole.track.sample(at: index))
                require(
                    kept.coordinate == full.coordinate && kept.timestamp == full.timestamp
                        && kept.altitude == full.altitude.flatMap { $0.isNaN ? nil : $0 }
                        && kept.course == full.course.flatMap { $0.isNaN ? nil : Double(Float($0)) },
                    "streaming kept fix \(index) as \(kept), reading whole as \(full)")
            }
            require(streamed.statistics == whole.statistics, "streaming measured \(streamed.statistics), reading whole \(whole.statistics)")
            require(streamed.locationReport == whole.locationReport, "streaming reported \(streamed.locationReport.sentence)")
        } else {
            require(false, "streaming gave nothing for a file that reads whole")
        }
        return whole
    }
}
