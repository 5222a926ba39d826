import Foundation
import Testing

/// Open Graph and Twitter card tags (issue 17, item 8, the text part): each page's title and
/// description as its `<title>` and `<meta name="description">` give them, its canonical URL as
/// `og:url` under a baseURL.
@Suite struct SharingMetadataTests {
    @Test func eachPageSharesItsTitleDescriptionAndURL() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/site.yaml", "title: Norway\nbaseURL: https://example.org/trip/\n")
        try project.write("Destinations/bergen/index.md", ItineraryCommandTests.destination(
            "Bergen", 60.3913, 5.3221, "subtitle: Seven mountains & a wharf\n"))
        #expect(try project.build(["--quiet"]).status == 0)
        let page = try project.read("Output/bergen/index.html")
        #expect(page.contains("<title>Bergen · Norway</title>"))
        #expect(page.contains(#"<meta property="og:title" content="Bergen · Norway">"#))
        #expect(page.contains(#"<meta name="description" content="Bergen: Seven mountains &amp; a wharf">"#))
        #expect(page.contains(#"<meta property="og:description" content="Bergen: Seven mountains &amp; a wharf">"#))
        #expect(page.contains(#"<meta property="og:url" content="https://example.org/trip/bergen/">"#))
        #expect(page.contains(#"<meta property="og:site_name" content="Norway">"#))
        #expect(page.contains(#"<meta name="twitter:card" content="summary">"#))
        // Without a baseURL there is no absolute URL to share: no og:url.
        let relative = try TemporaryProject()
        defer { relative.remove() }
        try relative.write("Destinations/bergen/index.md", ItineraryCommandTests.destination("Bergen", 60.3913, 5.3221, ""))
        #expect(try relative.build(["--quiet"]).status == 0)
        let home = try relative.read("Output/index.html")
        #expect(!home.contains("og:url") && home.contains(#"<meta property="og:type" content="website">"#))
    }
}
