import Testing
@testable import RoadTripRender

/// What the pages' tile markup puts inside CSS `url('…')`.
@Suite struct MapPresentationTests {
    /// Quotes, parentheses and the backslash would end or escape a CSS `url('…')`: they become
    /// their RFC 3986 percent-encodings (ASCII 0x27 ', 0x22 ", 0x28 (, 0x29 ), 0x5C \); anything
    /// else, non-ASCII included, is kept as it is.
    @Test func cssURLSafeEncodesOnlyWhatWouldEndTheURL() {
        #expect(MapPresentation.cssURLSafe("../assets/basemap/12/2108/1180.svg") == "../assets/basemap/12/2108/1180.svg")
        #expect(MapPresentation.cssURLSafe("https://t.example/a'b\"c(d)e\\f.png") == "https://t.example/a%27b%22c%28d%29e%5Cf.png")
        #expect(MapPresentation.cssURLSafe("/trips/Ålesund (2)/0.svg") == "/trips/Ålesund %282%29/0.svg")
    }
}
