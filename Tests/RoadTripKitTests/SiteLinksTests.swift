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

@Suite struct SiteLinksTests {
    /// Without a baseURL, links are relative to the page and name index.html, so Output/ works from
    /// disk: from `new-york/index.html` (depth 1) the home page is `../index.html`.
    @Test func relativeLinksWithoutBaseURL() {
        let links = SiteLinks(baseURL: nil)
        #expect(links.link(to: "", fromDepth: 0) == "index.html")
        #expect(links.link(to: "", fromDepth: 1) == "../index.html")
        #expect(links.link(to: "bergen/", fromDepth: 0) == "bergen/index.html")
        #expect(links.link(to: "assets/roadtrip.css", fromDepth: 1) == "../assets/roadtrip.css")
        #expect(links.absolute("bergen/") == nil)
    }

    /// A baseURL with a sub-path appears exactly once: `/trips/` + `bergen/`.
    @Test func baseURLSubPathAppearsOnce() {
        for base in ["https://example.org/trips/", "https://example.org/trips", "/trips/", "/trips"] {
            let links = SiteLinks(baseURL: base)
            #expect(links.link(to: "bergen/", fromDepth: 1) == "/trips/bergen/")
            #expect(links.link(to: "", fromDepth: 0) == "/trips/")
        }
        #expect(SiteLinks(baseURL: "https://example.org/trips/").absolute("bergen/") == "https://example.org/trips/bergen/")
        #expect(SiteLinks(baseURL: "http://localhost:8000/").absolute("") == "http://localhost:8000/")
    }

    /// Non-ASCII slugs are percent-encoded as UTF-8 (RFC 3986 §2.1): "東京" is E6 9D B1 E4 BA AC.
    @Test func nonLatinSlugsArePercentEncoded() {
        let links = SiteLinks(baseURL: "/")
        #expect(links.link(to: "東京/", fromDepth: 1) == "/%E6%9D%B1%E4%BA%AC/")
    }

    /// A tile template that is a path from the site root is used like any internal link: under the
    /// base path, or relative to the page (a trip page is 3 folders down: `../../../`); the
    /// template's braces stay as written for the page's script.
    @Test func sitePathTemplatesFollowTheBaseURL() {
        let template = "/tiles/{z}/{x}/{y}.png"
        #expect(SiteLinks(baseURL: "https://example.org/trips/").sitePathTemplate(template, fromDepth: 1)
            == "/trips/tiles/{z}/{x}/{y}.png")
        #expect(SiteLinks(baseURL: "/").sitePathTemplate(template, fromDepth: 3) == "/tiles/{z}/{x}/{y}.png")
        #expect(SiteLinks(baseURL: nil).sitePathTemplate(template, fromDepth: 0) == "tiles/{z}/{x}/{y}.png")
        #expect(SiteLinks(baseURL: nil).sitePathTemplate(template, fromDepth: 3) == "../../../tiles/{z}/{x}/{y}.png")
        let layer = TileLayer(url: template, overlay: "https://labels.example/{z}/{x}/{y}.png", attribution: "A", maxZoom: 18)
        let resolved = layer.resolved(with: SiteLinks(baseURL: "/trips/"), fromDepth: 1)
        #expect(resolved.url == "/trips/tiles/{z}/{x}/{y}.png")
        #expect(resolved.overlay == "https://labels.example/{z}/{x}/{y}.png")
    }
}
