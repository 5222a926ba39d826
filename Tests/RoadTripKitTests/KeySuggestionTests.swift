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

/// "Did you mean …?" for unknown keys: a case difference first, then a few edits.
@Suite struct KeySuggestionTests {
    /// Optimal string alignment distances worked by hand: "kitten" → "sitting" is 3 (k→s, e→i,
    /// +g: Levenshtein's classic example), a swap of neighbours is 1 ("subtitel" → "subtitle"),
    /// "lattitude" → "latitude" is one deletion.
    @Test func editDistances() {
        func distance(_ a: String, _ b: String) -> Int { KeySuggestion.editDistance(Array(a), Array(b)) }
        #expect(distance("kitten", "sitting") == 3)
        #expect(distance("subtitel", "subtitle") == 1)
        #expect(distance("lattitude", "latitude") == 1)
        #expect(distance("", "abc") == 3)
        #expect(distance("same", "same") == 0)
    }

    /// The misspellings, each against the keys of its own mapping.
    @Test func suggestionsForTheMisspellingsNewUsersWrite() {
        #expect(KeySuggestion.suggestion(for: "timezone", among: SiteConfig.keys) == "timeZone")
        #expect(KeySuggestion.suggestion(for: "baseUrl", among: SiteConfig.keys) == "baseURL")
        #expect(KeySuggestion.suggestion(for: "Title", among: DestinationLoader.knownKeys) == "title")
        #expect(KeySuggestion.suggestion(for: "Latitude", among: DestinationLoader.knownKeys) == "latitude")
        #expect(KeySuggestion.suggestion(for: "defaultspan", among: ["defaultSpan", "viewport", "fitPadding", "tileLayers"])
            == "defaultSpan")
        #expect(KeySuggestion.suggestion(for: "lattitude", among: DestinationLoader.knownKeys) == "latitude")
        #expect(KeySuggestion.suggestion(for: "tittle", among: DestinationLoader.knownKeys) == "title")
        #expect(KeySuggestion.suggestion(for: "site.yml", among: ["site.yaml", "Destinations.plist"]) == "site.yaml")
    }

    /// A short key of the author's own is not a typo of a known one ("time" is one edit from
    /// "title"), a far one gets nothing, and a known key is not "misspelt".
    @Test func noSuggestionWhenNothingIsClose() {
        #expect(KeySuggestion.suggestion(for: "time", among: DestinationLoader.knownKeys) == nil)
        #expect(KeySuggestion.suggestion(for: "rating", among: DestinationLoader.knownKeys) == nil)
        #expect(KeySuggestion.suggestion(for: "title", among: DestinationLoader.knownKeys) == nil)
        #expect(KeySuggestion.didYouMean("colour", among: ["color"]) == "; did you mean 'color'?")
        #expect(KeySuggestion.didYouMean("zzz", among: ["color"]) == "")
    }
}
