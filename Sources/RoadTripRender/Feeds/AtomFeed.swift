import Foundation
import RoadTripCore
import RoadTripFormats

/// `feed.xml`: the site's destinations as an Atom 1.0 feed (RFC 4287), each entry carrying its
/// place as a GeoRSS-Simple point (`<georss:point>latitude longitude</georss:point>`, GeoRSS 1.1,
/// https://www.georss.org/simple).
///
/// RFC 4287 requires of a feed an `id`, a `title`, an `updated` and an author (§4.1.1; here the
/// site, on the feed, which every entry inherits), and of each entry an `id`, a `title`, an
/// `updated` (§4.1.2) and, without `content`, an `alternate` link (§4.1.1). Identifiers are
/// permanent, absolute IRIs (§4.2.6): the page's URL under a `baseURL`, else a `urn:uuid:` made
/// from the site's title and the destination's slug (`identifier(of:siteTitle:)`), which stays the
/// same build after build. Links are absolute under a `baseURL`, else relative to the feed (at the
/// site's root: RFC 4287 §2, RFC 3986 §5.1.3).
public enum AtomFeed {
    /// The Atom namespace (RFC 4287 §2).
    public static let namespace = "http://www.w3.org/2005/Atom"
    /// The GeoRSS namespace.
    public static let geoRSSNamespace = "http://www.georss.org/georss"
    /// The feed's media type (RFC 4287 §7), for `<link rel="alternate" type=…>`.
    public static let mediaType = "application/atom+xml"

    /// The feed as a whole.
    public struct Feed: Sendable {
        /// The site's title: `<title>`, and the author's `<name>`.
        public var title: String
        /// `<id>`: the home page's absolute URL, or a `urn:uuid:`.
        public var id: String
        /// The home page (`<link rel="alternate" type="text/html">`).
        public var homeURL: String
        /// The feed itself (`<link rel="self">`).
        public var selfURL: String
        /// `xml:lang` (site.yaml `language`, a BCP 47 tag).
        public var language: String
        /// roadtrip's version, for `<generator>`.
        public var generatorVersion: String
        /// Newest first.
        public var entries: [Entry]

        public init(
            title: String, id: String, homeURL: String, selfURL: String, language: String, generatorVersion: String,
            entries: [Entry]
        ) {
            self.title = title
            self.id = id
            self.homeURL = homeURL
            self.selfURL = selfURL
            self.language = language
            self.generatorVersion = generatorVersion
            self.entries = entries
        }
    }

    /// One destination.
    public struct Entry: Sendable {
        public var title: String
        /// `<id>`: the page's absolute URL, or a `urn:uuid:`.
        public var id: String
        /// The page (`<link rel="alternate" type="text/html">`, and the summary's `xml:base`, so
        /// that links in the summary resolve from the page as they do on it).
        public var url: String
        /// `<updated>` and `<published>`: the destination's `date`, UTC (RFC 3339 §5.6).
        public var updated: Date
        /// `<summary type="html">`: HTML, escaped once more here as Atom's `html` text requires
        /// (RFC 4287 §3.1.1.2); empty, no summary.
        public var summaryHTML: String
        /// The place, degrees (WGS 84).
        public var coordinate: Coordinate
        /// `<category term=…>` each.
        public var tags: [String]

        public init(
            title: String, id: String, url: String, updated: Date, summaryHTML: String, coordinate: Coordinate, tags: [String]
        ) {
            self.title = title
            self.id = id
            self.url = url
            self.updated = updated
            self.summaryHTML = summaryHTML
            self.coordinate = coordinate
            self.tags = tags
        }
    }

    /// The document: `<?xml …?>` and `<feed>`, whose `<updated>` is the newest entry's (the Unix
    /// epoch for a feed without entries, which never changes).
    public static func xml(_ feed: Feed) -> String {
        let updated = feed.entries.map(\.updated).max() ?? Date(timeIntervalSince1970: 0)
        return XMLDocumentWriter.document { writer in
            writer.element("feed", attributes: [
                ("xmlns", namespace), ("xmlns:georss", geoRSSNamespace), ("xml:lang", feed.language),
            ]) {
                writer.element("title", attributes: [("type", "text")], text: feed.title)
                writer.element("link", attributes: [("rel", "alternate"), ("type", "text/html"), ("href", feed.homeURL)])
                writer.element("link", attributes: [("rel", "self"), ("type", mediaType), ("href", feed.selfURL)])
                writer.element("id", text: feed.id)
                writer.element("updated", text: ISO8601Time.format(updated))
                writer.element("author") { writer.element("name", text: feed.title) }
                writer.element("generator", attributes: [("version", feed.generatorVersion)], text: "roadtrip")
                for entry in feed.entries {
                    writer.element("entry") {
                        writer.element("title", attributes: [("type", "text")], text: entry.title)
                        writer.element("link", attributes: [("rel", "alternate"), ("type", "text/html"), ("href", entry.url)])
                        writer.element("id", text: entry.id)
                        writer.element("published", text: ISO8601Time.format(entry.updated))
                        writer.element("updated", text: ISO8601Time.format(entry.updated))
                        for tag in entry.tags { writer.element("category", attributes: [("term", tag)]) }
                        // The summary's links resolve from the page, as they do on it (RFC 4287 §2);
                        // a destination with nothing to summarise has none (it is optional, §4.1.2).
                        if !entry.summaryHTML.isEmpty {
                            writer.element("summary", attributes: [("type", "html"), ("xml:base", entry.url)], text: entry.summaryHTML)
                        }
                        writer.element("georss:point", text: point(entry.coordinate))
                    }
                }
            }
        }
    }

    /// GeoRSS Simple's point: latitude, a space, longitude (degrees, at most 6 decimals as the
    /// site's GeoJSON).
    static func point(_ coordinate: Coordinate) -> String {
        DecimalText.string(coordinate.latitude, maximumFractionDigits: 6) + " "
            + DecimalText.string(coordinate.longitude, maximumFractionDigits: 6)
    }

    /// A `urn:uuid:` (RFC 9562 §5.8, version 8: "custom", its 122 bits the FNV-1a 64 of `name`
    /// under two prefixes) that names `name` — the site's title, and a destination's slug — the
    /// same in every build, for a site without a `baseURL` to make ids of.
    public static func identifier(of name: String) -> String {
        let high = UInt64(FNV1a.hex64("roadtrip feed 1 " + name), radix: 16) ?? 0
        let low = UInt64(FNV1a.hex64("roadtrip feed 2 " + name), radix: 16) ?? 0
        // Version 8 in the top nibble of octet 6, variant 0b10 in the top bits of octet 8.
        let versioned = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_8000
        let variant = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        func hex(_ value: UInt64, digits: Int) -> String {
            let text = String(value, radix: 16)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }
        let h = hex(versioned, digits: 16), l = hex(variant, digits: 16)
        return "urn:uuid:" + h.prefix(8) + "-" + h.dropFirst(8).prefix(4) + "-" + h.suffix(4) + "-" + l.prefix(4) + "-" + l.suffix(12)
    }
}
