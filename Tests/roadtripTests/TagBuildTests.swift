import Foundation
import Testing

/// Tag pages: `tags/<slug>/` for each tag with a map of its destinations, `tags/` listing them,
/// the destination pages' tags linking there, all in the sitemap.
@Suite struct TagBuildTests {
    static let destination = ItineraryCommandTests.destination

    @Test func eachTagHasAPageWithAMapAndTheIndexListsThem() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/site.yaml", "title: Norway\nbaseURL: https://example.org/trip/\n")
        try project.write("Destinations/bergen/index.md", Self.destination("Bergen", 60.3913, 5.3221, "order: 1\ntags: [fjords, Norway]\n"))
        // "norway" is the same tag as "Norway" (the same slug): named as first written, in home-page order.
        try project.write("Destinations/alesund/index.md", Self.destination("Ålesund", 62.4723, 6.1549, "order: 2\ntags: [norway, Art Nouveau, \"  \"]\n"))
        try project.write("Destinations/oslo/index.md", Self.destination("Oslo", 59.91, 10.75, "order: 3\n"))
        let result = try project.build(["--quiet"])
        #expect(result.status == 0, "\(result.standardError)")

        let index = try project.read("Output/tags/index.html")
        #expect(index.contains("<title>Tags · Norway</title>"))
        // By slug: art-nouveau, fjords, norway.
        let listed = index.matches(of: #/<li><a href="([^"]+)">([^<]+)</a> <span class="tag-count">([^<]+)</span></li>/#)
            .map { "\($0.1) \($0.2) \($0.3)" }
        #expect(listed == [
            "/trip/tags/art-nouveau/ Art Nouveau 1 destination", "/trip/tags/fjords/ fjords 1 destination",
            "/trip/tags/norway/ Norway 2 destinations",
        ], "\(index)")

        let norway = try project.read("Output/tags/norway/index.html")
        #expect(norway.contains("<h1>Norway</h1>"))
        #expect(norway.contains(#"<li><a href="/trip/bergen/">Bergen</a></li>"#) && norway.contains(#"<li><a href="/trip/alesund/">Ålesund</a></li>"#))
        #expect(!norway.contains("Oslo"))
        // Its map: both destinations' pins, the region fitted around them (Bergen 60.39° N,
        // Ålesund 62.47° N: the centre lies between them).
        #expect(norway.contains(#"data-annotation-id="destination-bergen""#) && norway.contains(#"data-annotation-id="destination-alesund""#))
        let config = try #require(norway.firstMatch(of: #/"initialRegion":\{"center":\{"latitude":([-\d.]+),"longitude":([-\d.]+)\}/#))
        let latitude = try #require(Double(config.1)), longitude = try #require(Double(config.2))
        #expect(latitude > 60.3913 && latitude < 62.4723 && longitude > 5.3221 && longitude < 6.1549, "\(latitude), \(longitude)")
        #expect(project.exists("Output/tags/norway/map.svg"))
        #expect(try project.read("Output/tags/norway/map.svg").contains("Bergen"))

        // Destination pages link their tags; every page links the index.
        let bergen = try project.read("Output/bergen/index.html")
        #expect(bergen.contains(#"<li><a href="/trip/tags/norway/" rel="tag">Norway</a></li>"#))
        #expect(bergen.contains(#"<nav class="site-nav" aria-label="Site"><a href="/trip/tags/">Tags</a> <a href="/trip/book/">Trip book</a></nav>"#))
        let sitemap = try project.read("Output/sitemap.xml")
        for path in ["tags/", "tags/norway/", "tags/fjords/", "tags/art-nouveau/"] {
            #expect(sitemap.contains("<loc>https://example.org/trip/\(path)</loc>"), "\(path)")
        }
        #expect(!project.exists("Output/tags/index/index.html"))
    }

    /// A project theme without the `tag` layout: no tag pages, the tags as plain text, no link to
    /// an index; a site without tags has neither.
    @Test func aThemeWithoutTagPagesAndASiteWithoutTags() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.useOwnThemeWithout(layout: "tag")
        try project.write("Destinations/bergen/index.md", Self.destination("Bergen", 60.3913, 5.3221, "tags: [fjords]\n"))
        #expect(try project.build(["--quiet"]).status == 0)
        #expect(!project.exists("Output/tags"))
        let bergen = try project.read("Output/bergen/index.html")
        #expect(bergen.contains("<li>fjords</li>") && !bergen.contains(">Tags</a>"))

        let untagged = try TemporaryProject()
        defer { untagged.remove() }
        try untagged.write("Destinations/bergen/index.md", Self.destination("Bergen", 60.3913, 5.3221, ""))
        #expect(try untagged.build(["--quiet"]).status == 0)
        #expect(!untagged.exists("Output/tags"))
        #expect(try !untagged.read("Output/index.html").contains(">Tags</a>"))
    }

    /// `tags/` holds the tag pages: a destination of that slug is an error at its file.
    @Test func theSlugTagsIsReserved() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/Tags/index.md", Self.destination("Tags", 1, 2, ""))
        let result = try project.build(["--quiet"])
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "Destinations/Tags/index.md: error: the slug 'tags' is reserved for the tag pages (tags/<tag>/); rename the destination"),
            "\(result.standardError)")
    }

    /// `book/` holds the trip book: a destination of that slug is an error at its file, before any
    /// output is written (it failed in write-output with "written twice", naming no source; from a
    /// fresh-clone tester).
    @Test func theSlugBookIsReserved() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/book/index.md", Self.destination("Book", 1, 2, ""))
        let result = try project.build(["--quiet"])
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "Destinations/book/index.md: error: the slug 'book' is reserved for the trip book (book/index.html); rename the destination"),
            "\(result.standardError)")
        #expect(!project.exists("Output"))
    }

    /// A destination's tags as its page and feed entry show them: trimmed, no empty one, one a slug
    /// (from a fresh-clone tester: "norway", "NORWAY " and " norway" made three links, and an empty
    /// tag an Atom category without a term, which RFC 4287 §4.2.2.2 forbids).
    @Test func aDestinationShowsEachOfItsTagsOnce() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/site.yaml", "title: Tags\n")
        try project.write(
            "Destinations/oslo/index.md",
            "---\ntitle: Oslo\nlatitude: 59.91\nlongitude: 10.75\ndate: 2024-06-01\n"
                + "tags: [norway, \"NORWAY \", \" norway\", \"\", \"Caf\u{E9}\", \"Cafe\u{301}\"]\n---\nThe capital.\n")
        let result = try project.build(["--quiet"])
        #expect(result.status == 0, "\(result.standardError)")
        let page = try project.read("Output/oslo/index.html")
        #expect(page.components(separatedBy: "rel=\"tag\"").count - 1 == 2, "norway and café, once each")
        let feed = try project.read("Output/feed.xml")
        #expect(feed.components(separatedBy: "<category ").count - 1 == 2)
        #expect(feed.contains("<category term=\"norway\"/>") && !feed.contains("term=\"\""))
    }
}
