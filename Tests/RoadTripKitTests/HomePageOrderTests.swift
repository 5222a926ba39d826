import Foundation
import Testing
import TestTools
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

/// The one destination order (issue 11): `order`, then `date` (as a moment in the site's zone),
/// then title in the site's language, then slug. Expected orders are worked out by hand below.
@Suite struct HomePageOrderTests {
    func destination(_ slug: String, _ title: String, order: Int? = nil, date: String? = nil) -> Destination {
        Destination(
            slug: slug, title: title, coordinate: Coordinate(latitude: 0, longitude: 0), date: date, order: order,
            sourcePath: "Destinations/\(slug)/index.md")
    }

    func slugs(_ destinations: [Destination], language: String = "en", timeZone: String = "UTC") -> [String] {
        var config = SiteConfig()
        config.language = language
        config.timeZone = timeZone
        return HomePageOrder(config: config).sorted(destinations).map(\.slug)
    }

    /// `order` 1 and 2 first (by order, whatever their dates or titles), then the dated ones by
    /// date, then the undated by title.
    @Test func orderThenDateThenTitle() {
        let destinations = [
            destination("z-undated", "Zagreb"),
            destination("a-undated", "Alta"),
            destination("late", "Bergen", date: "2026-07-01"),
            destination("early", "Tromsø", date: "2026-06-01"),
            destination("second", "Aaa", order: 2, date: "2020-01-01"),
            destination("first", "Zzz", order: 1, date: "2030-01-01"),
            destination("bad-date", "Bodø", date: "soon"),
        ]
        #expect(slugs(destinations) == ["first", "second", "early", "late", "a-undated", "bad-date", "z-undated"])
    }

    /// Dates compare as moments: 2026-06-01T23:30-05:00 is 04:30 UTC on 2 June, after
    /// 2026-06-02T01:00Z; a day alone is its midnight, so before a time on that day. In
    /// Europe/Oslo (UTC+2 in June) the zone-less 2026-06-02T02:00 is 00:00 UTC, before 01:00Z;
    /// in UTC it is after.
    @Test func datesCompareAsMoments() {
        let destinations = [
            destination("chicago", "A", date: "2026-06-01T23:30:00-05:00"),
            destination("utc", "B", date: "2026-06-02T01:00Z"),
            destination("day", "C", date: "2026-06-01"),
            destination("morning", "D", date: "2026-06-01T08:00Z"),
        ]
        #expect(slugs(destinations) == ["day", "morning", "utc", "chicago"])
        let local = [destination("utc", "B", date: "2026-06-02T01:00Z"), destination("local", "A", date: "2026-06-02T02:00")]
        #expect(slugs(local, timeZone: "Europe/Oslo") == ["local", "utc"])
        #expect(slugs(local, timeZone: "UTC") == ["utc", "local"])
    }

    /// Titles ignore case, read numbers by value, and follow the site's language: Norwegian
    /// puts Æ, Ø, Å after Z; English sorts Å with A. Equal titles fall back to the slug's bytes.
    @Test func titlesInTheSiteLanguage() {
        let destinations = [
            destination("alesund", "Ålesund"), destination("stop-10", "Stop 10"), destination("stop-9", "stop 9"),
            destination("zagreb", "Zagreb"), destination("oystese", "Øystese"), destination("bergen", "Bergen"),
        ]
        #expect(slugs(destinations, language: "en")
            == ["alesund", "bergen", "oystese", "stop-9", "stop-10", "zagreb"])
        #expect(slugs(destinations, language: "nb")
            == ["bergen", "stop-9", "stop-10", "zagreb", "oystese", "alesund"])
        #expect(slugs([destination("b", "Same"), destination("a", "Same")]) == ["a", "b"])
    }

    /// `sort(_:)` puts the destinations in place by swapping them along the cycles of the order's
    /// permutation: from every one of 200 shuffles (seeded, so every cycle shape from one long
    /// cycle to none) of the seven destinations of `orderThenDateThenTitle`, the hand-worked order.
    @Test func sortingInPlaceGivesTheOrderFromAnyShuffle() {
        let destinations = [
            destination("first", "Zzz", order: 1, date: "2030-01-01"),
            destination("second", "Aaa", order: 2, date: "2020-01-01"),
            destination("early", "Tromsø", date: "2026-06-01"),
            destination("late", "Bergen", date: "2026-07-01"),
            destination("a-undated", "Alta"),
            destination("bad-date", "Bodø", date: "soon"),
            destination("z-undated", "Zagreb"),
        ]
        var random = SplitMix64(seed: 18)
        let order = HomePageOrder(config: SiteConfig())
        for _ in 0..<200 {
            var shuffled = destinations.shuffled(using: &random)
            order.sort(&shuffled)
            #expect(shuffled.map(\.slug) == ["first", "second", "early", "late", "a-undated", "bad-date", "z-undated"])
        }
    }
}
