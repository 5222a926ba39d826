import Foundation
import RoadTripKit

extension Harness {
    /// `trips/<slug>.json` holding Google location history (`Records.json`, `Timeline.json`,
    /// `location-history.json`): `GoogleLocationHistoryFormat` must answer without trapping;
    /// `GoogleLocationHistoryReader` reads the file whole, and when the format is recognised
    /// `TripLogStream` streams the same file through the filters and statistics and must agree with
    /// reading it whole (the same diagnostics, fixes kept, statistics and report).
    static let googleLocationHistory = Harness(
        name: "google-location-history",
        summary: "Google location history: GoogleLocationHistoryReader, streamed by TripLogStream"
    ) { data in
        let path = "trips/trip.json"
        let url = ScratchFolder.write(data, to: path)
        let recognized = GoogleLocationHistoryFormat.recognizes(url)
        let log = DiagnosticLog()
        let tripLog = GoogleLocationHistoryReader.read(
            url, displayPath: path, slug: "trip", timeZone: TripLogChecks.timeZone, log: log)
        TripLogChecks.check(tripLog, log: log, path: path, input: data)
        guard let tripLog, recognized else { return }
        StreamChecks.checkStreamingAgrees(url: url, path: path, tripLog: tripLog, log: log)
    }
}
