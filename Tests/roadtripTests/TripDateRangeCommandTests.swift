import Foundation
import Testing
import TestTools

/// `roadtrip trip stats|filter --from --to` on a Google location history file, run as the built
/// binary outside any project (UTC unless `--time-zone` says otherwise).
///
/// The file holds four fixes one second either side of the bounds of 2024-07-02 in
/// America/Los_Angeles (PDT, UTC−7: 07:00Z to the 3rd's 07:00Z; Python's `zoneinfo` gives
/// 1719903600 and 1719990000): 06:59:59Z, 07:00:00Z, the 3rd's 06:59:59Z and 07:00:00Z.
@Suite struct TripDateRangeCommandTests {
    static let history: String = {
        let times = ["2024-07-02T06:59:59Z", "2024-07-02T07:00:00Z", "2024-07-03T06:59:59Z", "2024-07-03T07:00:00Z"]
        let records = times.enumerated().map { index, time in
            // 0.001° apart in latitude (about 111 m), so the distance filter keeps every fix.
            #"{"latitudeE7": \#(340_000_000 + index * 10_000), "longitudeE7": -1180000000, "accuracy": 5, "timestamp": "\#(time)"}"#
        }
        let folder = TestScratch.folder("range")
        let url = folder.appendingPathComponent("Records.json")
        try! Data(("{\"locations\": [" + records.joined(separator: ",\n") + "]}\n").utf8).write(to: url)
        return url.path
    }()

    func run(_ arguments: [String]) throws -> CommandRunner.Output {
        try CommandRunner.run(arguments, in: CommandRunner.outsideAnyProject)
    }

    func fixes(_ output: CommandRunner.Output) throws -> (total: Int, format: String?) {
        let object = try #require(JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        let fixes = try #require(object["fixes"] as? [String: Any])
        return (try #require(fixes["total"] as? Int), object["format"] as? String)
    }

    @Test func aDayInTheTimeZone() throws {
        let output = try run([
            "trip", "stats", Self.history, "--json", "--from", "2024-07-02", "--to", "2024-07-02",
            "--time-zone", "America/Los_Angeles",
        ])
        #expect(output.status == 0, "\(output.standardError)")
        // The two fixes inside the Los Angeles day.
        #expect(try fixes(output).total == 2)
        #expect(try fixes(output).format == "googleLocationHistory")
        // The same dates in UTC: 2024-07-02T00:00Z … the 3rd's 00:00Z holds the first two.
        let utc = try run(["trip", "stats", Self.history, "--json", "--from", "2024-07-02", "--to", "2024-07-02"])
        #expect(try fixes(utc).total == 2)
        // A date and time is included: up to the 3rd's 06:59:59Z keeps three.
        let upTo = try run(["trip", "stats", Self.history, "--json", "--to", "2024-07-03T06:59:59Z"])
        #expect(try fixes(upTo).total == 3)
        let all = try run(["trip", "stats", Self.history, "--json"])
        #expect(try fixes(all).total == 4)
    }

    @Test func badRangesAreBadUsage() throws {
        let swapped = try run(["trip", "stats", Self.history, "--from", "2024-07-03", "--to", "2024-07-02"])
        #expect(swapped.status == 2)
        #expect(swapped.standardError.contains("--from 2024-07-03 is after --to 2024-07-02"))
        let unreadable = try run(["trip", "filter", Self.history, "--from", "yesterday"])
        #expect(unreadable.status == 2)
        #expect(unreadable.standardError.contains("--from must be a date (YYYY-MM-DD)"))
    }
}
