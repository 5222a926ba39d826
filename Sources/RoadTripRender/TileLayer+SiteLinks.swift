import RoadTripGeo

/// A tile layer's templates as links from a page of the site.
extension TileLayer {
    /// This layer as a page `depth` folders below the site root loads it: `url` and `overlay` that
    /// are paths from the site root made links by `links` (`SiteLinks.sitePathTemplate`); http(s)
    /// templates unchanged.
    public func resolved(with links: SiteLinks, fromDepth depth: Int) -> TileLayer {
        func resolve(_ template: String) -> String {
            Self.isSitePathTemplate(template) ? links.sitePathTemplate(template, fromDepth: depth) : template
        }
        var layer = self
        layer.url = resolve(url)
        layer.overlay = overlay.map(resolve)
        return layer
    }
}
