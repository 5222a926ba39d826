import Foundation
import Synchronization
import RoadTripCore

/// A tag of the site (front matter `tags`) and the destinations that carry it.
///
/// Tags whose slugs are the same (`Slug.make(from:)`, the rule of destination slugs: "Norway" and
/// "norway", "Ålesund" and "alesund") are one tag, named as it is first written in home-page
/// order; its page is `tags/<slug>/`.
public struct SiteTag: Sendable, Hashable {
    /// The tag as first written.
    public var name: String
    /// Its page's folder name below `tags/`.
    public var slug: String
    /// The destinations carrying it: their positions in the site's (home-page) order, ascending.
    public var destinationIndices: [Int]

    public init(name: String, slug: String, destinationIndices: [Int]) {
        self.name = name
        self.slug = slug
        self.destinationIndices = destinationIndices
    }

    /// The slug of the tag written `name` (trimmed), `nil` for an empty tag: the one rule for a
    /// tag's page and for the links to it.
    ///
    /// Remembered by name as written (``knownSlugs``): a slug is a pure function of the name, and
    /// `Slug.make(from:)` runs ICU's `Latin-ASCII` transform (about 70,000 instructions a call,
    /// callgrind), while a build asks for the slugs of the same few tags about a dozen times per
    /// destination (the tag pages, each page's tag links, the feed).
    public static func slug(of name: String) -> String? {
        if let known = knownSlugs.withLock({ $0[name] }) { return known }
        let trimmedName = trimmed(name)
        let slug = trimmedName.isEmpty ? nil : Slug.make(from: trimmedName)
        knownSlugs.withLock { known in
            if known.count >= maximumKnownSlugs { known.removeAll(keepingCapacity: true) }
            known[name] = .some(slug)
        }
        return slug
    }

    /// `name` without the white space and line breaks at its ends (`CharacterSet.whitespacesAndNewlines`);
    /// the name itself, uncopied, when both ends are printable ASCII (every tag but a sloppy one:
    /// `trimmingWhitespacesAndNewlines`, whose test of the two bytes replaced two lookups in the
    /// `CharacterSet`, ~900 instructions a tag only to get the set).
    static func trimmed(_ name: String) -> String {
        name.trimmingWhitespacesAndNewlines
    }

    /// The slugs `slug(of:)` has made, by tag name as written (`nil` for a blank one), shared by
    /// the threads that render pages.
    private static let knownSlugs = Mutex<[String: String?]>([:])

    /// How many names ``knownSlugs`` holds before it starts again: far more distinct tags than a
    /// site has, few enough that a long `serve` session keeps a bounded table (a few MB at most).
    private static let maximumKnownSlugs = 10_000

    /// The tags a destination writes as its page and its feed entry show them: trimmed, without
    /// empty ones, and one per slug (the first spelling: "norway", "NORWAY " and "Norway" are one
    /// tag, as are "Café" composed and decomposed), in the order written.
    public static func distinctNames(_ written: [String]) -> [String] {
        var seen: Set<String> = []
        return written.compactMap { name in
            guard let slug = slug(of: name), seen.insert(slug).inserted else { return nil }
            return trimmed(name)
        }
    }

    /// Every tag of `destinations` (in home-page order), by slug; a tag that is empty once trimmed
    /// is none, and a destination naming one tag twice counts once.
    public static func tags(of destinations: [Destination]) -> [SiteTag] {
        var bySlug: [String: SiteTag] = [:]
        for (index, destination) in destinations.enumerated() {
            for name in distinctNames(destination.tags) {
                guard let slug = slug(of: name) else { continue }
                bySlug[slug, default: SiteTag(name: name, slug: slug, destinationIndices: [])].destinationIndices.append(index)
            }
        }
        return bySlug.values.sorted { $0.slug < $1.slug }
    }
}
