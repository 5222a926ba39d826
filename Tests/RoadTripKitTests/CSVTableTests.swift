import Foundation
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

@Suite struct CSVTableTests {
    @Test func quotingLineBreaksAndLineNumbers() throws {
        // Line 1 header (with OpenTracks' '#'), CRLF endings, a quoted delimiter, doubled quotes
        // (RFC 4180 §2.7), a blank line 3, a quoted field spanning lines 4–5, and LF line 6.
        let url = TripLogTestFiles.file(
            "t.csv", "#a, b\r\n\"x,1\",\"he said \"\"hi\"\"\"\r\n\r\n\"multi\nline\",2\n3,4")
        var table = try CSVTable(url: url, displayPath: "t.csv")
        #expect(table.header == ["a", "b"])
        let first = try #require(try table.next())
        #expect(first.line == 2)
        #expect(first.string(0) == "x,1")
        #expect(first.string(1) == "he said \"hi\"")
        let second = try #require(try table.next())
        #expect(second.line == 4)
        #expect(second.string(0) == "multi\nline")
        let third = try #require(try table.next())
        #expect(third.line == 6)
        #expect(try third.number(0) == 3)
        #expect(try table.next() == nil)
    }

    @Test func semicolonDelimiterWithDecimalCommaIsSniffed() throws {
        let url = TripLogTestFiles.file("t.csv", "time;lat\n1;47,5\n")
        var table = try CSVTable.openSniffingDelimiter(url: url, displayPath: "t.csv")
        #expect(table.header == ["time", "lat"])
        let record = try #require(try table.next())
        #expect(try record.number(1) == 47.5)
    }

    @Test func presentButUnparsableNumberThrowsMissingIsNil() throws {
        let url = TripLogTestFiles.file("t.csv", "a,b\nnan,\n")
        var table = try CSVTable(url: url, displayPath: "t.csv")
        let record = try #require(try table.next())
        #expect(try record.number(1) == nil)
        #expect(throws: CSVTable.FieldError.self) { try record.number(0) }
    }

    @Test func unterminatedQuoteIsAnErrorAtItsLine() throws {
        let url = TripLogTestFiles.file("t.csv", "a,b\n1,2\n\"open,3\n")
        var table = try CSVTable(url: url, displayPath: "t.csv")
        _ = try table.next()
        do {
            _ = try table.next()
            Issue.record("expected an error")
        } catch {
            #expect(error.location.line == 3)
            #expect(error.severity == .error)
        }
    }

    @Test func iso8601TimesParsedByHand() throws {
        // Expected values from Python: datetime.fromisoformat(...).timestamp().
        let utc = TimeZone(identifier: "UTC")!
        #expect(TimestampParser.parse("2020-02-02T03:02:03+01:00", fallback: utc)?.date.timeIntervalSince1970 == 1_580_608_923)
        #expect(TimestampParser.parse("2020-02-02T07:32:03+0530", fallback: utc)?.date.timeIntervalSince1970 == 1_580_608_923)
        let fraction = try #require(TimestampParser.parse("2004-08-07T03:29:08.379Z", fallback: utc))
        #expect(abs(fraction.date.timeIntervalSince1970 - 1_091_849_348.379) < 1e-6)
        #expect(fraction.hadZone)
        // Zone-less in Europe/Zurich (CET, +01:00 in February): 03:02:03 local = 02:02:03Z.
        let local = try #require(TimestampParser.parse("2020-02-02T03:02:03", fallback: TimeZone(identifier: "Europe/Zurich")!))
        #expect(local.date.timeIntervalSince1970 == 1_580_608_923)
        #expect(!local.hadZone)
        #expect(TimestampParser.parse("2023-02-29T00:00:00Z", fallback: utc) == nil)  // not a leap year
        #expect(TimestampParser.parse("2023-06-01T10:00:00Q", fallback: utc) == nil)
        #expect(ISO8601Time.format(Date(timeIntervalSince1970: 1_091_849_348.379)) == "2004-08-07T03:29:08.379Z")
        #expect(ISO8601Time.format(Date(timeIntervalSince1970: 1_580_608_923)) == "2020-02-02T02:02:03Z")
    }
}
