import Testing
@testable import RoadTripKit

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
}
