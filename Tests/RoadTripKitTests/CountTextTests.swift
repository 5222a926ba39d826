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

/// Counts before nouns, the one wording of pages, reports and the command line: "1 point of
/// interest", "2 points of interest", "1,350 fixes". Expected texts are written out by hand.
@Suite struct CountTextTests {
    @Test func thousandsSeparators() {
        #expect(CountText.grouped(0) == "0")
        #expect(CountText.grouped(7) == "7")
        #expect(CountText.grouped(999) == "999")
        #expect(CountText.grouped(1000) == "1,000")
        #expect(CountText.grouped(1204) == "1,204")
        #expect(CountText.grouped(1_234_567) == "1,234,567")
        #expect(CountText.grouped(-1234) == "-1,234")
        #expect(CountText.grouped(Int.min) == "-9,223,372,036,854,775,808")
        // Decimals: the whole part grouped, the fraction kept.
        #expect(CountText.grouped(number: "2374.9") == "2,374.9")
        #expect(CountText.grouped(number: "-1234567.25") == "-1,234,567.25")
        #expect(CountText.grouped(number: "999.99") == "999.99")
        #expect(TripStatisticsText.distance(2_374_900) == "2,374.9 km (1,475.7 mi)")
    }

    @Test func singularOnlyForOne() {
        #expect(CountText.counted(0, .pointOfInterest) == "0 points of interest")
        #expect(CountText.counted(1, .pointOfInterest) == "1 point of interest")
        #expect(CountText.counted(2, .pointOfInterest) == "2 points of interest")
        #expect(CountText.counted(1, .destination) == "1 destination")
        #expect(CountText.counted(8, .destination) == "8 destinations")
        #expect(CountText.counted(1, .fix) == "1 fix")
        #expect(CountText.counted(1350, .fix) == "1,350 fixes")
        #expect(CountText.counted(1, .motionEvent) == "1 motion event")
        #expect(CountText.counted(3, "file") == "3 files")
        #expect(CountText.counted(1, "file") == "1 file")
    }

    /// The filter reports and the readers' skip summaries use the same nouns.
    @Test func reportsUseTheSameNouns() {
        let settings = FilterSettings()
        #expect(FilterReport(subject: .fixes, total: 1, settings: settings).sentence == "the only fix kept")
        #expect(FilterReport(subject: .fixes, total: 0, settings: settings).sentence == "no fixes")
        #expect(FilterReport(subject: .headings, total: 2, settings: settings).sentence == "all 2 headings kept")
        #expect(
            FilterReport(subject: .accelerations, total: 1, dropped: [.invalid: 1], settings: settings).sentence
                == "0 of 1 acceleration sample kept: 1 invalid")
        let log = DiagnosticLog()
        var skipped = SkippedRecords(path: "trips/a.csv", noun: CountText.Noun("row"))
        skipped.skip(reason: "bad time", line: 3, message: "bad time; row skipped", log: log)
        skipped.report(to: log)
        #expect(log.diagnostics.last?.message == "1 row skipped: 1 bad time")
    }

    /// A huge setting (`--distance-filter 1e308`) is shown in exponent form, not as 309 digits;
    /// ordinary ones keep at most 3 decimals.
    @Test func settingsInReportsStayShort() {
        var settings = FilterSettings()
        settings.distanceFilter = 1e308
        #expect(FilterReport(subject: .fixes, total: 3, dropped: [.tooClose: 2], settings: settings).sentence
            == "1 of 3 fixes kept: 2 within 1e+308 m of the previous")
        settings.distanceFilter = 12.34567
        #expect(FilterReport(subject: .fixes, total: 3, dropped: [.tooClose: 2], settings: settings).sentence
            == "1 of 3 fixes kept: 2 within 12.346 m of the previous")
    }
}
