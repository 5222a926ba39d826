import Foundation
import Testing

/// `feed.xml`: the destinations with a date as an Atom 1.0 feed (RFC 4287), newest first, each
/// with its place as a GeoRSS point, linked from every page's head.
@Suite struct FeedBuildTests {
    static let destination = ItineraryCommandTests.destination

    private static func norway(_ project: TemporaryProject, siteYAML: String) throws {
        try project.write("Destinations/site.yaml", siteYAML)
        try project.write(
            "Destinations/bergen/index.md",
            destination("Bergen", 60.3913, 5.3221, "date: 2025-06-14\ntags: [fjords, Norway]\n") + "Fjords & *rain*.\n\nSecond paragraph.\n")
        try project.write("Destinations/alesund/index.md", destination("Ålesund", 62.4723, 6.1549, "date: 2025-06-16T18:30\nsubtitle: Art <nouveau>\n"))
        try project.write("Destinations/oslo/index.md", destination("Oslo", 59.91, 10.75, "itinerary: false\n"))
    }

    @Test func datedDestinationsNewestFirstUnderABaseURL() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try Self.norway(project, siteYAML: "title: Norway\ntimeZone: Europe/Oslo\nbaseURL: https://example.org/trip/\n")
        let result = try project.build(["--quiet"])
        #expect(result.status == 0, "\(result.standardError)")
        let feed = try project.read("Output/feed.xml")
        #expect(feed.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        #expect(feed.contains(#"<feed xmlns="http://www.w3.org/2005/Atom" xmlns:georss="http://www.georss.org/georss" xml:lang="en">"#))
        #expect(feed.contains(#"<link rel="self" type="application/atom+xml" href="https://example.org/trip/feed.xml"/>"#))
        #expect(feed.contains("<id>https://example.org/trip/</id>"))
        // Ålesund 2025-06-16 18:30 in Oslo (CEST, UTC+2) is 16:30 UTC; Bergen's day starts at
        // 2025-06-14 00:00 CEST, 2025-06-13 22:00 UTC. The feed is as new as its newest entry.
        #expect(feed.contains("<updated>2025-06-16T16:30:00Z</updated>\n  <author>"), "\(feed)")
        let entries = feed.components(separatedBy: "<entry>").dropFirst()
        #expect(entries.count == 2, "Oslo has no date: no entry")
        let alesund = try #require(entries.first), bergen = try #require(entries.last)
        #expect(alesund.contains("<title type=\"text\">Ålesund</title>"))
        #expect(alesund.contains("<id>https://example.org/trip/alesund/</id>"))
        #expect(alesund.contains("<published>2025-06-16T16:30:00Z</published>"))
        // No prose: the subtitle, escaped for HTML, then for XML.
        #expect(alesund.contains(#"<summary type="html" xml:base="https://example.org/trip/alesund/">Art &amp;lt;nouveau&amp;gt;</summary>"#), "\(alesund)")
        #expect(bergen.contains("<updated>2025-06-13T22:00:00Z</updated>"))
        #expect(bergen.contains(#"<link rel="alternate" type="text/html" href="https://example.org/trip/bergen/"/>"#))
        #expect(bergen.contains(#"<category term="fjords"/>"#) && bergen.contains(#"<category term="Norway"/>"#))
        // The first paragraph as the page shows it (CommonMark's "&amp;"), escaped once more.
        #expect(bergen.contains("&lt;p&gt;Fjords &amp;amp; &lt;em&gt;rain&lt;/em&gt;.&lt;/p&gt;</summary>"), "\(bergen)")
        #expect(!bergen.contains("Second paragraph"))
        #expect(bergen.contains("<georss:point>60.3913 5.3221</georss:point>"))
        // Every page names the feed in its head.
        for page in ["Output/index.html", "Output/bergen/index.html", "Output/404.html"] {
            #expect(try project.read(page).contains(
                #"<link rel="alternate" type="application/atom+xml" href="/trip/feed.xml" title="Norway">"#), "\(page)")
        }
    }

    /// Without a baseURL the links are relative to the feed at the site's root, and the ids are
    /// `urn:uuid:`s of the site's title and the slug, the same in every build.
    @Test func relativeLinksAndStableIdentifiersWithoutABaseURL() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try Self.norway(project, siteYAML: "title: Norway\ntimeZone: Europe/Oslo\n")
        #expect(try project.build(["--quiet"]).status == 0)
        let feed = try project.read("Output/feed.xml")
        #expect(feed.contains(#"<link rel="alternate" type="text/html" href="./"/>"#))
        #expect(feed.contains(#"<link rel="self" type="application/atom+xml" href="feed.xml"/>"#))
        #expect(feed.contains(#"<link rel="alternate" type="text/html" href="bergen/"/>"#))
        #expect(feed.contains(#"<link rel="alternate" type="text/html" href="%C3%A5lesund/"/>"#) || feed.contains(#"href="alesund/""#), "\(feed)")
        // Version 8 (RFC 9562 §5.8) over FNV-1a 64 of "roadtrip feed 1 Norway\nbergen" and of
        // "roadtrip feed 2 Norway\nbergen", computed with Python's integers:
        //   h = 0xcbf29ce484222325; for b in s: h = ((h ^ b) * 0x100000001b3) % 2**64
        #expect(feed.contains("<id>urn:uuid:4f92abee-fc81-875a-818b-8e45b490438f</id>"), "\(feed)")
        #expect(try project.read("Output/bergen/index.html").contains(#"href="../feed.xml" title="Norway">"#))
        // Built again, byte for byte the same.
        #expect(try project.build(["--quiet", "--output", project.root.appendingPathComponent("Again").path]).status == 0)
        #expect(try project.read("Again/feed.xml") == feed)
    }
}
