import Foundation
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats

/// `GoogleLocationHistoryReader` on small files written from the documented layouts
/// (locationhistoryformat.com's Records schema and example record; the Android `Timeline.json`
/// and iOS `location-history.json` shapes public parsers read). Expected values are worked out by
/// hand or with Python's `datetime`, as each comment says, never by roadtrip.
@Suite struct GoogleLocationHistoryReaderTests {
    static let utc = TimeZone(identifier: "UTC")!

    func read(
        _ text: String, name: String = "Records.json", zone: TimeZone = utc, range: TripDateRange? = nil, log: DiagnosticLog
    ) -> TripLog? {
        GoogleLocationHistoryReader.read(
            TripLogTestFiles.file(name, text), displayPath: name, slug: "r", timeZone: zone, dateRange: range, log: log)
    }

    /// The schema's example record, pretty-printed as Takeout writes it (`"key" : value`), with an
    /// `activity` list to skip, then an older record with `timestampMs` and its members in another order.
    @Test func recordsJSONMapsEveryField() throws {
        let text = """
            {
              "locations" : [ {
                "latitudeE7" : 414216106,
                "longitudeE7" : 21684775,
                "accuracy" : 20,
                "velocity" : 10,
                "heading" : 270,
                "altitude" : 150,
                "verticalAccuracy" : 10,
                "activity" : [ {
                  "activity" : [ { "type" : "STILL", "confidence" : 100 } ],
                  "timestamp" : "2022-01-12T17:18:30.000Z"
                } ],
                "source" : "WIFI \\"quoted\\" ]}",
                "deviceTag" : 1234567890,
                "timestamp" : "2022-01-12T17:18:24.190Z"
              }, {
                "timestampMs" : "1546415889121",
                "accuracy" : 5,
                "longitudeE7" : 1512092955,
                "latitudeE7" : -338688197
              } ]
            }
            """
        let log = DiagnosticLog()
        let trip = try #require(read(text, log: log))
        #expect(log.diagnostics.isEmpty)
        #expect(trip.format == .googleLocationHistory)
        #expect(trip.locations.count == 2)
        let first = trip.locations[0]
        // 414216106 / 10^7 = 41.4216106°, 21684775 / 10^7 = 2.1684775° (exact decimal shifts; both
        // sides of the division are exact doubles, so the quotient is the double nearest the literal).
        #expect(first.coordinate.latitude == 41.4216106)
        #expect(first.coordinate.longitude == 2.1684775)
        #expect(first.horizontalAccuracy == 20)
        #expect(first.speed == 10)  // velocity, m/s
        #expect(first.course == 270)  // heading, degrees east of true north
        #expect(first.altitude == 150)
        #expect(first.verticalAccuracy == 10)
        // Python: datetime(2022,1,12,17,18,24,190000,tzinfo=timezone.utc).timestamp() = 1642007904.19
        #expect(abs(first.timestamp!.timeIntervalSince1970 - 1_642_007_904.19) < 1e-6)
        #expect(first.line == 2)  // the record's `{` ends line 2
        let second = trip.locations[1]
        #expect(second.coordinate.latitude == -33.8688197)
        #expect(second.coordinate.longitude == 151.2092955)
        #expect(second.horizontalAccuracy == 5)
        #expect(second.speed == nil && second.course == nil && second.altitude == nil)
        // timestampMs 1546415889121 ms = 1546415889.121 s (2019-01-02T07:58:09.121Z by Python's
        // datetime.fromtimestamp).
        #expect(second.timestamp == Date(timeIntervalSince1970: 1_546_415_889.121))
    }

    /// Android's `Timeline.json`: timelinePath points (time before or after the point), a visit
    /// skipped, a raw signal's position with accuracy, altitude and speed, an activity record skipped.
    @Test func androidTimelineJSON() throws {
        let text = """
            {
              "semanticSegments": [
                {
                  "startTime": "2024-05-01T10:00:00.000+02:00",
                  "endTime": "2024-05-01T12:00:00.000+02:00",
                  "timelinePath": [
                    {"point": "48.1234567°, 11.4567890°", "time": "2024-05-01T10:02:00.000+02:00"},
                    {"time": "2024-05-01T10:04:00.000+02:00", "point": "48.1300000°, 11.4600000°"}
                  ]
                },
                {"startTime": "2024-05-01T12:00:00.000+02:00", "visit": {"topCandidate": {"placeLocation": {"latLng": "48.2°, 11.5°"}}}}
              ],
              "rawSignals": [
                {"activityRecord": {"detectedActivities": [{"activityType": "STILL", "probability": 0.9}], "timestamp": "2024-05-01T08:05:00.000Z"}},
                {"position": {"LatLng": "48.1400000°, 11.4700000°", "accuracyMeters": 13, "altitudeMeters": 512.5,
                  "source": "GPS", "timestamp": "2024-05-01T08:06:00.000Z", "speedMetersPerSecond": 1.25}}
              ],
              "userLocationProfile": {"frequentPlaces": [{"placeLocation": "48.1°, 11.4°"}]}
            }
            """
        let log = DiagnosticLog()
        let trip = try #require(read(text, name: "Timeline.json", log: log))
        #expect(log.diagnostics.isEmpty)
        #expect(trip.locations.map(\.coordinate) == [
            Coordinate(latitude: 48.1234567, longitude: 11.456789), Coordinate(latitude: 48.13, longitude: 11.46),
            Coordinate(latitude: 48.14, longitude: 11.47),
        ])
        // 10:02+02:00 = 08:02Z = 1714550520 (Python datetime); 08:04Z = +120 s; 08:06Z = +240 s.
        #expect(trip.locations.map { $0.timestamp!.timeIntervalSince1970 } == [1_714_550_520, 1_714_550_640, 1_714_550_760])
        let raw = trip.locations[2]
        #expect(raw.horizontalAccuracy == 13 && raw.altitude == 512.5 && raw.speed == 1.25)
        #expect(trip.locations[0].horizontalAccuracy == nil)
    }

    /// iOS's `location-history.json`: a top-level list; path points are `geo:` URIs timed by
    /// minutes after the segment's `startTime`, which comes after the path here.
    @Test func iOSLocationHistoryList() throws {
        let text = """
            [
              {"endTime": "2024-05-01T12:00:00.000+02:00",
               "timelinePath": [{"point": "geo:48.123456,11.456789", "durationMinutesOffsetFromStartTime": "12"},
                                {"point": "geo:48.2,11.5,530", "durationMinutesOffsetFromStartTime": "30"}],
               "startTime": "2024-05-01T10:00:00.000+02:00"},
              {"startTime": "2024-05-01T12:00:00.000+02:00", "endTime": "2024-05-01T13:00:00.000+02:00",
               "visit": {"hierarchyLevel": "0", "topCandidate": {"placeLocation": "geo:48.3,11.6"}}}
            ]
            """
        let log = DiagnosticLog()
        let trip = try #require(read(text, name: "location-history.json", log: log))
        #expect(log.diagnostics.isEmpty)
        #expect(trip.locations.map(\.coordinate) == [
            Coordinate(latitude: 48.123456, longitude: 11.456789), Coordinate(latitude: 48.2, longitude: 11.5),
        ])
        // startTime 10:00+02:00 = 08:00Z = 1714550400; + 12 min = 1714551120; + 30 min = 1714552200.
        #expect(trip.locations.map { $0.timestamp!.timeIntervalSince1970 } == [1_714_551_120, 1_714_552_200])
        // geo:lat,lon,alt (RFC 5870): 530 m.
        #expect(trip.locations.map(\.altitude) == [nil, 530])
    }

    /// Bad records are warnings at the line and column of the record or of the bad value, skipped
    /// and counted in one summary; the good ones are kept. Columns counted by hand: on line 3,
    /// `{"latitudeE7": ` is 15 characters, so `"x"` starts at column 16; on line 6 the time's
    /// value starts after 65 characters.
    @Test func malformedRecordsAreSkippedAndCounted() throws {
        let text = """
            {"locations": [
            {"latitudeE7": 100000000, "longitudeE7": 200000000, "timestamp": "2024-01-01T00:00:00Z"},
            {"latitudeE7": "x", "longitudeE7": 200000000, "timestamp": "2024-01-01T00:00:01Z"},
            {"longitudeE7": 200000000, "timestamp": "2024-01-01T00:00:02Z"},
            {"latitudeE7": 950000000, "longitudeE7": 0, "timestamp": "2024-01-01T00:00:03Z"},
            {"latitudeE7": 100000000, "longitudeE7": 200000000, "timestamp": "yesterday"},
            {"latitudeE7": 100000000, "longitudeE7": 200000000},
            42,
            {"latitudeE7": 100000010, "longitudeE7": 200000000, "timestamp": "2024-01-01T00:00:09Z"}
            ]}
            """
        let log = DiagnosticLog()
        let trip = try #require(read(text, log: log))
        // 100000010 / 10^7 = 10.000001°.
        #expect(trip.locations.map(\.coordinate.latitude) == [10, 10.000001])
        #expect(log.errorCount == 0)
        #expect(log.diagnostics.map(\.description) == [
            "Records.json:3:16: warning: locations[1]: \"latitudeE7\" must be a number; record skipped",
            "Records.json:4:1: warning: locations[2] has no \"latitudeE7\"; record skipped",
            "Records.json:5:1: warning: locations[3]: latitude 95.0°, longitude 0.0° is not a place on Earth; record skipped",
            "Records.json:6:66: warning: locations[4]: \"timestamp\" must be an ISO 8601 time; record skipped",
            "Records.json:7:1: warning: locations[5] has no time; record skipped",
            "Records.json:8:1: warning: locations[6] is not an object; record skipped",
            "Records.json: warning: 6 records skipped: 1 with an unreadable value, 1 without a position, "
                + "1 with a position out of range, 1 with an unreadable time, 1 without a time, 1 not an object",
        ])
    }

    /// `timestampMs` can name any number of milliseconds: 1642007555000 ms is 2022-01-12T17:12:35Z
    /// (Python: datetime.fromtimestamp(1642007555, timezone.utc)); 10^22 ms is about 3.2 × 10^11
    /// years after 1970, outside 0001–9999 — a warning and the record skipped, never a time a
    /// trip log cannot write.
    /// A Timeline point that reads but lies off the globe says which number is out of range, at
    /// the point's value: `{"semanticSegments":[{"timelinePath":[{"point":` is 47 characters.
    @Test func aPointOffTheGlobeSaysWhichNumber() throws {
        let text = #"{"semanticSegments":[{"timelinePath":[{"point":"91.0°, 14.0°","time":"2024-06-01T07:00:00.000+02:00"},"#
            + #"{"point":"46.0°, 14.0°","time":"2024-06-01T07:01:00.000+02:00"}]}]}"#
        let log = DiagnosticLog()
        let trip = try #require(read(text, name: "Timeline.json", log: log))
        #expect(trip.locations.count == 1)
        #expect(log.diagnostics.map(\.description) == [
            "Timeline.json:1:48: warning: semanticSegments[0].timelinePath[0]: \"point\": latitude 91.0 is outside −90…90 degrees; record skipped",
            "Timeline.json: warning: 1 record skipped: 1 without a position",
        ])
    }

    @Test func aTimeOutsideTheYearsATripLogHoldsIsSkipped() throws {
        let text = """
            {"locations": [{"latitudeE7": 414216106, "longitudeE7": 21684775, "timestampMs": "1642007555000"},
            {"latitudeE7": 414226106, "longitudeE7": 21694775, "timestampMs": "10000000000000000000000"}]}
            """
        let log = DiagnosticLog()
        let trip = try #require(read(text, log: log))
        #expect(trip.locations.map(\.timestamp) == [Date(timeIntervalSince1970: 1_642_007_555)])
        #expect(log.diagnostics.map(\.description) == [
            "Records.json:2:1: warning: locations[1]: its time is outside the years 0001–9999; record skipped",
            "Records.json: warning: 1 record skipped: 1 with a time out of range",
        ])
    }

    /// A column counts characters: each `°` (two UTF-8 bytes) takes one. `{"semanticSegments": [`
    /// is 22 characters; then `{"timelinePath": [{"point": ` (28) and `"48.1°, 11.4°"` (14) and
    /// `, "time": ` (10): the bad time starts at column 75 (byte 77).
    @Test func columnsCountCharactersNotBytes() throws {
        let text = #"{"semanticSegments": [{"timelinePath": [{"point": "48.1°, 11.4°", "time": "bad"}]}]}"#
        let log = DiagnosticLog()
        let trip = try #require(read(text, name: "Timeline.json", log: log))
        #expect(trip.locations.isEmpty)
        #expect(log.diagnostics.first?.description
            == "Timeline.json:1:75: warning: semanticSegments[0].timelinePath[0]: \"time\" must be an ISO 8601 time; record skipped")
    }

    /// A file that is not JSON is an error at the byte at fault: `{"locations": [` is 15
    /// characters, the record's `{` is 16, `"latitudeE7"` 17–28, `:` 29, ` ` 30, `1` 31, `,` 32, `}` 33.
    @Test func syntaxErrorIsAnErrorAtItsPosition() {
        let log = DiagnosticLog()
        #expect(read(#"{"locations": [{"latitudeE7": 1,}]}"#, log: log) == nil)
        #expect(log.diagnostics.map(\.description) == [
            "Records.json:1:33: error: JSON syntax error: expected a member name in double quotes, found '}'"
        ])
    }

    /// Neither layout, or an empty file: an error, no log.
    @Test func otherJSONIsAnError() {
        let log = DiagnosticLog()
        #expect(read(#"{"format": "roadtrip-triplog"}"#, log: log) == nil)
        #expect(log.diagnostics.map(\.description) == [
            "Records.json:1:1: error: not Google location history: the object has no \"locations\", \"semanticSegments\" or \"rawSignals\""
        ])
        let empty = DiagnosticLog()
        #expect(read("  \n", log: empty) == nil)
        #expect(empty.errorCount == 1)
    }

    /// The day 2024-07-02 in America/Los_Angeles (PDT, UTC−7) runs from 07:00Z to the next day's
    /// 07:00Z (Python: `datetime(2024,7,2,tzinfo=ZoneInfo('America/Los_Angeles')).timestamp()`
    /// = 1719903600, the 3rd's = 1719990000). Of four fixes one second either side of each
    /// boundary, the two inside are kept; in UTC the same dates keep the first two instead.
    @Test func dateRangeKeepsTheDaysOfTheTripInTheSiteZone() throws {
        let seconds = [1_719_903_599, 1_719_903_600, 1_719_989_999, 1_719_990_000]
        let records = seconds.map { second in
            let time = ISO8601Time.format(Date(timeIntervalSince1970: Double(second)))
            return #"{"latitudeE7": 340000000, "longitudeE7": -1180000000, "timestamp": "\#(time)"}"#
        }
        let text = #"{"locations": ["# + records.joined(separator: ",\n") + "]}"
        let losAngeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
        let range = try TripDateRange(from: "2024-07-02", to: "2024-07-02", in: losAngeles)
        let log = DiagnosticLog()
        let trip = try #require(read(text, zone: losAngeles, range: range, log: log))
        #expect(trip.locations.map { Int($0.timestamp!.timeIntervalSince1970) } == [1_719_903_600, 1_719_989_999])
        #expect(log.diagnostics.isEmpty)

        let utcRange = try TripDateRange(from: "2024-07-02", to: "2024-07-02", in: Self.utc)
        let utcTrip = try #require(read(text, range: utcRange, log: DiagnosticLog()))
        #expect(utcTrip.locations.map { Int($0.timestamp!.timeIntervalSince1970) } == [1_719_903_599, 1_719_903_600])

        // Nothing in the range: no fix, and no warning from the reader (the one who reads it says so once).
        let later = try TripDateRange(from: "2025-01-01", to: nil, in: Self.utc)
        let none = DiagnosticLog()
        let empty = try #require(read(text, range: later, log: none))
        #expect(empty.locations.isEmpty)
        #expect(none.diagnostics.isEmpty)
    }

    /// Streaming: `receive` gets each kept fix and the log's own list stays empty.
    @Test func receiveTakesTheFixesInsteadOfTheLog() throws {
        let text = #"{"locations": [{"latitudeE7": 1, "longitudeE7": 2, "timestamp": "2024-01-01T00:00:00Z"}]}"#
        var received: [LocationSample] = []
        let trip = try #require(GoogleLocationHistoryReader.read(
            TripLogTestFiles.file("Records.json", text), displayPath: "Records.json", slug: "r", timeZone: Self.utc,
            log: DiagnosticLog()) { received.append($0) })
        #expect(trip.locations.isEmpty)
        // 1 / 10^7 = 1e-7°, 2 / 10^7 = 2e-7°.
        #expect(received.map(\.coordinate) == [Coordinate(latitude: 1e-7, longitude: 2e-7)])
    }

    /// Recognition from the file's start, and `TripLogReader`'s `.json` dispatch.
    @Test func recognitionAndDispatch() throws {
        let records = TripLogTestFiles.file("Records.json", #"{"locations": [{"timestampMs": "0", "latitudeE7": 0, "longitudeE7": 0}]}"#)
        let own = TripLogTestFiles.file(
            "own.json", #"{"format": "roadtrip-triplog", "version": 1, "locations": [{"latitude": 1, "longitude": 2}]}"#)
        let timeline = TripLogTestFiles.file("Timeline.json", #"{"userLocationProfile": {"a": [1, {"b": "]"}]}, "rawSignals": []}"#)
        let iOS = TripLogTestFiles.file("location-history.json", #"[{"startTime": "2024-01-01T00:00:00Z", "visit": {}}]"#)
        let broken = TripLogTestFiles.file("broken.json", #"{"locations": [{"latitudeE7""#)
        #expect(GoogleLocationHistoryFormat.recognizes(records))
        #expect(!GoogleLocationHistoryFormat.recognizes(own))
        #expect(GoogleLocationHistoryFormat.recognizes(timeline))
        #expect(GoogleLocationHistoryFormat.recognizes(iOS))
        #expect(!GoogleLocationHistoryFormat.recognizes(broken))

        let log = DiagnosticLog()
        let viaDispatch = try #require(TripLogReader.read(
            records, displayPath: "Records.json", timeZone: Self.utc, columnMapping: nil, log: log))
        #expect(viaDispatch.format == .googleLocationHistory)
        #expect(viaDispatch.locations.first?.timestamp == Date(timeIntervalSince1970: 0))
        let ownLog = try #require(TripLogReader.read(own, displayPath: "own.json", timeZone: Self.utc, columnMapping: nil, log: log))
        #expect(ownLog.format == .json)
    }
}
