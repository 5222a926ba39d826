/// What every page's template sees, whatever the page: the site (`site`), the links from the page
/// to the site-wide files (`links`) and the page's own canonical URL (`page`).
struct PageContext: Sendable {
    /// The site's `title` and `language` (site.yaml) and the version of roadtrip that built it.
    var siteTitle: String
    var language: String
    var generatorVersion: String
    /// The links from the page to the site-wide files.
    var links: PageLinks
    /// The page's absolute URL under `baseURL`, `nil` without one (and on the 404 page, which any
    /// path serves).
    var canonicalURL: String?
    /// `canonicalURL` when it is absolute (a `baseURL` with a scheme and host), for `og:url`, which
    /// the Open Graph protocol wants absolute (ogp.me, "Basic Metadata"); `nil` otherwise.
    var openGraphURL: String? = nil
    /// The picture a link preview shows of the page (its map's ``SharePreview``), `nil` for a page
    /// without a map or a site without a `baseURL` with a host.
    var image: PageImage? = nil
}

/// A page's share preview as its head names it (Open Graph's `og:image` and its structured
/// properties, ogp.me §"Structured Properties"; X's `twitter:image`).
struct PageImage: Sendable {
    /// The PNG's absolute URL (`https://example.org/trip/bergen/og.png`).
    var url: String
    /// Its size in pixels and media type (`image/png`).
    var width: Int, height: Int
    var type: String
    /// Its text alternative (`og:image:alt`, `twitter:image:alt`).
    var alt: String
}

/// The links from one page to the site-wide files, each relative to the page (or from the site's
/// base path when one is configured).
struct PageLinks: Sendable {
    var home: String
    var stylesheet: String
    var script: String
    /// `assets/nearby.js`, only when `share.nearbyPlaces` is on.
    var nearbyScript: String?
    var places: String
    var siteGeoJSON: String
    var siteMapSVG: String
    /// `feed.xml`, the site's Atom feed.
    var feed: String
    /// `tags/`, the index of tags, when there are tag pages.
    var tags: String?
    /// `book/`, the printable trip book, when the theme makes it.
    var book: String?
}

/// Optional text as templates see it: `nil` for an absent or empty value, so that a section
/// (`{{#subtitle}}`) leaves it out.
func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
}
