import Foundation
import RoadTripCore
import RoadTripFormats
import RoadTripCompute

extension PageRenderer {
    /// Where the feed lives, from the site's root.
    static let feedPath = "feed.xml"

    /// `feed.xml` (`AtomFeed`): one entry per destination with a valid `date`, newest first (ties
    /// in home-page order), dated at the start of that day, or that time, in the site's time zone
    /// (or the offset the date gives). A destination without a date has no entry: a feed reader
    /// sorts and announces entries by their dates, and roadtrip does not make one up. The summary
    /// is the first paragraph of the prose as the page shows it, else the subtitle.
    func feed(trips: [Trip]) -> OutputFile {
        let dated = trips.enumerated().compactMap { position, trip -> (position: Int, trip: Trip, date: Date)? in
            guard let written = trip.destination.date, let date = CalendarDate.parse(written) else { return nil }
            return (position, trip, date.instant(in: timeZone))
        }
        .sorted { ($0.date, $1.position) > ($1.date, $0.position) }
        let entries = dated.map { item in
            let destination = item.trip.destination
            let path = destination.slug + "/"
            return AtomFeed.Entry(
                title: destination.title, id: feedIdentifier(path, name: destination.slug),
                url: feedLink(path), updated: item.date, summaryHTML: Self.feedSummary(of: destination),
                coordinate: item.trip.destinationCoordinate, tags: SiteTag.distinctNames(destination.tags))
        }
        let feed = AtomFeed.Feed(
            title: config.title, id: feedIdentifier("", name: ""), homeURL: feedLink(""), selfURL: feedLink(Self.feedPath),
            language: config.language, generatorVersion: RoadTripVersion.current, entries: entries)
        return OutputFile(path: Self.feedPath, contents: .text(AtomFeed.xml(feed)))
    }

    /// The site path `path` as the feed links it: absolute under a `baseURL`, else relative to
    /// the feed at the site's root (`new-york/`, `./` for the home page).
    private func feedLink(_ path: String) -> String {
        links.absolute(path) ?? (path.isEmpty ? "./" : SiteLinks.percentEncoded(path))
    }

    /// An Atom id (an absolute IRI, RFC 4287 §4.2.6): the page's URL under a `baseURL` with a
    /// host, else `AtomFeed.identifier(of:)` of the site's title and `name`.
    private func feedIdentifier(_ path: String, name: String) -> String {
        if links.origin != nil, let url = links.absolute(path) { return url }
        return AtomFeed.identifier(of: config.title + "\n" + name)
    }

    /// The first paragraph of `destination`'s prose (`<p>…</p>` as CommonMark rendered it), else
    /// its subtitle as HTML text, else nothing.
    /// The end tag is looked for byte by byte in UTF-8 (CommonMark writes it as `</p>`, ASCII):
    /// Foundation's `range(of:)` took ~3 % of a 4,000-destination rebuild's CPU, as the feed's key
    /// (``SiteFileGroup``) takes every destination's summary on every build.
    package static func feedSummary(of destination: Destination) -> String {
        let body = destination.bodyHTML.drop { $0.isWhitespace }
        if body.hasPrefix("<p>") {
            let utf8 = body.utf8, endTag = "</p>".utf8
            var index = utf8.startIndex
            while let open = utf8[index...].firstIndex(of: UInt8(ascii: "<")) {
                if utf8[open...].starts(with: endTag) { return String(body[..<utf8.index(open, offsetBy: endTag.count)]) }
                index = utf8.index(after: open)
            }
        }
        return HTMLEscaping.escape(destination.subtitle)
    }
}
