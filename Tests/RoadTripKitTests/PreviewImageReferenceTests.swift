import Foundation
import Testing
@testable import RoadTripFormats
@testable import RoadTripSite

/// How `roadtrip check` reads a link preview's picture: which `<meta>` names one, and when an
/// absolute URL is the site's own file.
@Suite struct PreviewImageReferenceTests {
    /// Open Graph's tags are `property`, X's `name` (as the default theme writes them); other
    /// `<meta>` elements, and an empty `content`, name no file.
    @Test func theMetaTagsOfAPreviewPicture() throws {
        let page = """
            <!DOCTYPE html><html><head><title>x</title>
            <meta property="og:image" content=" https://example.org/trip/og.png ">
            <meta name="twitter:image" content="https://example.org/trip/og.png">
            <meta property="og:image:secure_url" content="https://example.org/trip/secure.png">
            <meta property="og:title" content="https://example.org/not-an-image">
            <meta property="og:image:alt" content="https://example.org/not-an-image-either">
            <meta property="og:image" content="">
            </head><body></body></html>
            """
        let scanned = try #require(DocumentReferences.scan(Data(page.utf8), isXML: false))
        let metas = scanned.references.filter { $0.element == "meta" }
        #expect(metas.map(\.url) == ["https://example.org/trip/og.png", "https://example.org/trip/og.png", "https://example.org/trip/secure.png"])
        #expect(metas.map(\.line) == [2, 3, 4])
        #expect(metas.allSatisfy { $0.kind == .resource && $0.attribute == "content" })
    }

    /// An absolute URL is the site's own file when it starts with the baseURL's origin (scheme and
    /// host in any case, RFC 3986 §6.2.2.1) and path; another path on the same host is not the site.
    @Test func anAbsoluteURLUnderTheBaseURLIsASitePath() {
        let origin = "https://example.org", base = "/trip/"
        #expect(LinkCheck.sitePath(of: "https://example.org/trip/bergen/og.png", origin: origin, basePath: base) == "/trip/bergen/og.png")
        #expect(LinkCheck.sitePath(of: "HTTPS://Example.ORG/trip/", origin: origin, basePath: base) == "/trip/")
        #expect(LinkCheck.sitePath(of: "https://example.org/trip", origin: origin, basePath: base) == "/trip")
        #expect(LinkCheck.sitePath(of: "https://example.org/other/og.png", origin: origin, basePath: base) == nil)
        #expect(LinkCheck.sitePath(of: "https://example.org.evil/trip/og.png", origin: origin, basePath: base) == nil)
        #expect(LinkCheck.sitePath(of: "http://example.org/trip/og.png", origin: origin, basePath: base) == nil)
        #expect(LinkCheck.sitePath(of: "https://example.org/trip/og.png", origin: nil, basePath: base) == nil)
    }
}
