/// A group of site-wide files rendered together (``PageRenderer/siteFileGroups(trips:overview:itineraries:itineraryMaps:tags:tagMaps:itineraryLines:basemapFingerprint:keyParts:)``):
/// the overview map, `destinations.geojson`, one itinerary's files, the feed, one tag's page, the
/// index of tags, the trip book, and the rest (404 page, sitemap, `assets/places.json`).
///
/// Its ``key`` is a ``ContentDigest`` of exactly what its files show besides what the stored
/// build's site key covers (executable, `site.yaml`, theme, base URL, drafts, output folder): a
/// build whose key equals the last build's, with the files still as that build left them, need not
/// render the group at all.
package struct SiteFileGroup: Sendable {
    /// The overview map's template value and share preview, which the home page shows.
    package struct Overview: Sendable {
        package var map: MapContext
        package var preview: SharePreview?
    }

    /// A group's files and share previews; the overview group's also its ``Overview``.
    package struct Rendering: Sendable {
        package var files: PageFiles
        package var overview: Overview?
    }

    /// How the stored build names the group: `overview`, `destinations.geojson`, `itinerary/<name>`
    /// (`itinerary/` for the main trip), `feed`, `tag/<slug>`, `tags`, `book`, `other`.
    package let name: String
    /// Computes the digest of what the group shows, 16 hexadecimal digits; `nil` for a group
    /// rendered on every build (`other`: cheap to render). A closure, so that the builder computes
    /// the keys in parallel.
    package let key: @Sendable () -> String?
    /// Renders the group's files.
    package let render: @Sendable () throws(TemplateError) -> Rendering
}
