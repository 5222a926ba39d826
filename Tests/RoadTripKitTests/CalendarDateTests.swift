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

@Suite struct CalendarDateTests {
    /// Valid and invalid strings from the HTML date grammar (§2.3.5): 2024 is a leap year (divisible
    /// by 4, not by 100), 1900 is not (divisible by 100, not 400), 2000 is (divisible by 400).
    @Test func acceptsRealDaysOnly() {
        for valid in ["2026-06-01", "2024-02-29", "2000-02-29", "2026-06-01T14:30", "2026-06-01 14:30:05",
                      "2026-06-01T14:30:05.250Z", "2026-06-01T14:30+02:00", "2026-06-01T14:30-0700"] {
            #expect(CalendarDate.isValid(valid), "\(valid)")
        }
        for invalid in ["2026-13-45", "2026-02-30", "1900-02-29", "2025-02-29", "yesterday", "2026-6-1",
                        "2026-06-01T24:00", "2026-06-01T12:60", "06/01/2026", "", "0000-01-01"] {
            #expect(!CalendarDate.isValid(invalid), "\(invalid)")
        }
    }

    /// The parts as written; offsets in seconds east of UTC (−05:00 → −18000, +0130 → 5400).
    @Test func keepsThePartsAsWritten() throws {
        #expect(CalendarDate.parse("2026-06-01") == CalendarDate(year: 2026, month: 6, day: 1))
        let withOffset = try #require(CalendarDate.parse("2025-05-11T23:30:00-05:00"))
        #expect(withOffset.time == CalendarDate.TimeOfDay(hour: 23, minute: 30, second: 0))
        #expect(withOffset.utcOffset == -18_000)
        #expect(CalendarDate.parse("2026-06-01 14:30")?.utcOffset == nil)
        #expect(CalendarDate.parse("2026-06-01T14:30:05.250Z")?.utcOffset == 0)
        #expect(CalendarDate.parse("2026-06-01T14:30+0130")?.utcOffset == 5_400)
    }

    /// Instants from Python's zoneinfo: `datetime(2026,6,1,tzinfo=ZoneInfo('Europe/Oslo')).timestamp()`
    /// = 1780264800 (midnight CEST); `datetime(2025,5,11,23,30,tzinfo=timezone(timedelta(hours=-5)))`
    /// = 1747024200, whatever zone is asked; `datetime(2026,6,1,14,30,tzinfo=ZoneInfo('America/Los_Angeles'))`
    /// = 1780349400 (PDT).
    @Test func instantsInTheSiteZone() throws {
        let oslo = try #require(TimeZone(identifier: "Europe/Oslo"))
        let losAngeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
        #expect(CalendarDate.parse("2026-06-01")?.instant(in: oslo).timeIntervalSince1970 == 1_780_264_800)
        #expect(CalendarDate.parse("2025-05-11T23:30:00-05:00")?.instant(in: oslo).timeIntervalSince1970 == 1_747_024_200)
        #expect(CalendarDate.parse("2026-06-01T14:30")?.instant(in: losAngeles).timeIntervalSince1970 == 1_780_349_400)
    }
}
