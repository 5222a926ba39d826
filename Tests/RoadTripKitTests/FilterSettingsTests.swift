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

/// Presets and overrides of DESIGN §4.2 / issue 4 ("Presets"), values copied from the issue text.
@Suite struct FilterSettingsTests {
    @Test func defaultPreset() {
        let settings = FilterSettings.preset(named: "default")
        #expect(
            settings
                == FilterSettings(
                    desiredAccuracy: 50, distanceFilter: 10, maximumAge: 5, maximumSpeed: 70, gapTime: 300,
                    gapDistance: 2000, headingFilter: 1, filteringFactor: 0.1, cutoffFrequency: nil,
                    desiredVerticalAccuracy: 50, maximumVerticalSpeed: 10))
    }

    @Test func coreLocationSamplePreset() throws {
        let settings = try #require(FilterSettings.preset(named: "corelocation-sample"))
        #expect(settings.desiredAccuracy == 1000)
        #expect(settings.distanceFilter == 500)
        #expect(settings.maximumAge == 5)
        #expect(settings.headingFilter == 5)
        #expect(settings.filteringFactor == 0.1)
        #expect(settings.maximumSpeed == nil && settings.gapTime == nil && settings.gapDistance == nil)
        #expect(settings.cutoffFrequency == nil)
        #expect(settings.desiredVerticalAccuracy == nil && settings.maximumVerticalSpeed == nil)
    }

    @Test func unknownPresetIsNil() {
        #expect(FilterSettings.preset(named: "Default") == nil)
        #expect(FilterSettings.preset(named: "") == nil)
        #expect(FilterSettings.presetNames.allSatisfy { FilterSettings.preset(named: $0) != nil })
    }

    /// The CLI flags of DESIGN §4.2, written out, and each camelCase name kebab-cased by hand.
    @Test func optionNamesAreTheDesignFlags() {
        let flags = [
            "desired-accuracy", "distance-filter", "maximum-age", "maximum-speed", "heading-filter",
            "filtering-factor", "cutoff-frequency", "gap-time", "gap-distance", "desired-vertical-accuracy",
            "maximum-vertical-speed",
        ]
        #expect(Set(FilterSettings.optionNames.keys) == Set(flags))
        #expect(Set(FilterSettings.optionNames.values) == Set(FilterSettings.names))
        for (flag, name) in FilterSettings.optionNames {
            let kebab = name.map { $0.isUppercase ? "-" + $0.lowercased() : String($0) }.joined()
            #expect(kebab == flag)
        }
    }

    @Test func overridesApply() {
        let (settings, errors) = FilterSettings.roadTrip.applying(["distanceFilter": 25, "maximumSpeed": 40])
        #expect(errors.isEmpty)
        #expect(settings.distanceFilter == 25 && settings.maximumSpeed == 40)
        #expect(settings.desiredAccuracy == 50)  // untouched
    }

    @Test func unknownNamesAndInvalidValuesAreReported() {
        let (settings, errors) = FilterSettings.roadTrip.applying([
            "distancefilter": 3, "desiredAccuracy": -5, "filteringFactor": 1.5, "gapTime": .nan, "maximumAge": 0,
        ])
        #expect(
            errors == [
                "filter setting 'desiredAccuracy' must be > 0 (metres), not -5",
                "filter setting 'filteringFactor' must be greater than 0 and at most 1, not 1.5",
                "filter setting 'gapTime' must be > 0 (seconds), not nan",
                "unknown filter setting 'distancefilter' (known: desiredAccuracy, distanceFilter, maximumAge, "
                    + "maximumSpeed, headingFilter, filteringFactor, cutoffFrequency, gapTime, gapDistance, "
                    + "desiredVerticalAccuracy, maximumVerticalSpeed)",
            ])
        #expect(settings.desiredAccuracy == 50 && settings.filteringFactor == 0.1 && settings.gapTime == 300)
        #expect(settings.maximumAge == 0)  // the valid override still applies
    }

    @Test func filteringFactorOrCutoffFrequency() {
        var settings = FilterSettings.roadTrip
        #expect(settings.set("cutoffFrequency", to: 1) == nil)
        #expect(settings.cutoffFrequency == 1 && settings.filteringFactor == nil)
        #expect(settings.set("filteringFactor", to: 0.2) == nil)
        #expect(settings.filteringFactor == 0.2 && settings.cutoffFrequency == nil)

        let (both, errors) = FilterSettings.roadTrip.applying(["filteringFactor": 0.2, "cutoffFrequency": 2])
        #expect(errors == ["give filteringFactor or cutoffFrequency, not both"])
        #expect(both.filteringFactor == 0.1 && both.cutoffFrequency == nil)
    }

    @Test func headingFilterRange() {
        var settings = FilterSettings()
        #expect(settings.set("headingFilter", to: 180) == nil)
        #expect(settings.set("headingFilter", to: 181) == "filter setting 'headingFilter' must be between 0 and 180 (degrees), not 181")
        #expect(settings.headingFilter == 180)
    }
}

/// The report sentence of DESIGN §4.2 ("1,204 of 1,350 fixes kept: 96 less accurate than 50 m,
/// 50 stale"), written out by hand.
@Suite struct FilterReportTests {
    @Test func designExample() {
        let report = FilterReport(
            subject: .fixes, total: 1350, dropped: [.stale: 50, .lessAccurate: 96, .tooFast: 0], settings: .roadTrip)
        #expect(report.kept == 1204)
        #expect(report.sentence == "1,204 of 1,350 fixes kept: 96 less accurate than 50 m, 50 stale")
    }

    /// Every reason, in the documented order (invalid, lessAccurate, stale, timeWentBackwards,
    /// repeatedTime, tooClose, tooFast); 12,345 − (1+2+3+7+4+5+1,006) = 11,317.
    @Test func everyReasonInOrder() {
        let settings = FilterSettings(desiredAccuracy: 12.5, distanceFilter: 10, maximumSpeed: 70)
        let report = FilterReport(
            subject: .fixes, total: 12_345,
            dropped: [
                .tooFast: 1006, .tooClose: 5, .repeatedTime: 4, .timeWentBackwards: 7, .stale: 3, .lessAccurate: 2,
                .invalid: 1,
            ],
            settings: settings)
        #expect(
            report.sentence
                == "11,317 of 12,345 fixes kept: 1 invalid, 2 less accurate than 12.5 m, 3 stale, "
                + "7 where time went backwards, 4 with a repeated timestamp, 5 within 10 m of the previous, "
                + "1,006 faster than 70 m/s")
    }

    @Test func nothingDropped() {
        #expect(FilterReport(subject: .fixes, total: 10, settings: .roadTrip).sentence == "all 10 fixes kept")
        #expect(FilterReport(subject: .fixes, total: 1, settings: .roadTrip).sentence == "the only fix kept")
        #expect(FilterReport(subject: .fixes, total: 0, settings: .roadTrip).sentence == "no fixes")
        #expect(
            FilterReport(subject: .accelerations, total: 3000, settings: .roadTrip).sentence
                == "all 3,000 acceleration samples kept")
        #expect(FilterReport(subject: .fixes, total: 1, dropped: [.invalid: 1], settings: .roadTrip).sentence
            == "0 of 1 fix kept: 1 invalid")
    }

    @Test func headingWording() {
        let report = FilterReport(
            subject: .headings, total: 1500, dropped: [.withinHeadingFilter: 1200, .invalid: 3], settings: .roadTrip)
        #expect(report.sentence == "297 of 1,500 headings kept: 3 invalid, 1,200 within 1° of the previous")
    }
}
