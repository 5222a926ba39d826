import Foundation
import RoadTripCore
import RoadTripGeo
import RoadTripContent
import RoadTripCompute

/// The "render" stage for pages: turns trips into the theme's template contexts and the
/// files of the output — pages, maps and GeoJSON. Pure: values in, `OutputFile`s out.
package struct PageRenderer: Sendable {
    let theme: Theme
    let config: SiteConfig
    let links: SiteLinks

    /// The project root the destinations' source paths are relative to (for copying `images/`).
    let projectRoot: URL

    /// The places `assets/places.json` lists for "You are near …" (`share.nearbyPlaces`).
    let geocoder: any Geocoder

    /// The site's time zone (`timeZone` of site.yaml), in which trip times are shown.
    let timeZone: TimeZone

    /// Dates and times worded for readers in the site's language and zone.
    let dates: ReadableDate

    /// The offline basemap's tiles the maps draw, `nil` without them.
    let basemapTiles: BasemapTileSet?
    /// The offline basemap of the overview map's own view (`BasemapTileSVG.body`), for its `map.svg`.
    let overviewBasemap: String?
    /// Whether some destination has a tag: every page then links the index of tags (when the
    /// theme makes tag pages).
    let siteHasTags: Bool
    /// Whether each page with a map names a share preview (``SharePreview``) in its head and
    /// returns it with its files: asked for, and the site has a `baseURL` with a scheme and host
    /// (`og:image` must be an absolute URL).
    let makesSharePreviews: Bool
    /// `config(forPageAtDepth:)` and `offlineBasemap(forPageAtDepth:)` of the depths pages are
    /// at (`precomputedDepths`), made once: every page, card and tag page asked for them (a
    /// 4,000-destination build made each ~12,000 times, ~2 % of its CPU).
    private let pageConfigs: [SiteConfig]
    private let basemapLayers: [OfflineBasemapLayer?]
    /// The page depths made ahead: the home page (0), a destination's (1), a tag's or trip log's (2–3).
    private static let precomputedDepths = 0..<4

    /// A renderer of `theme`'s pages for the site of `config`; `sharePreviews` asks for a share
    /// preview of each page with a map, which only a `baseURL` with a host gives.
    package init(
        theme: Theme, config: SiteConfig, projectRoot: URL, geocoder: any Geocoder, basemapTiles: BasemapTileSet? = nil,
        overviewBasemap: String? = nil, siteHasTags: Bool = false, sharePreviews: Bool = false
    ) {
        self.siteHasTags = siteHasTags
        self.basemapTiles = basemapTiles
        self.overviewBasemap = overviewBasemap
        self.geocoder = geocoder
        self.theme = theme
        self.config = config
        self.projectRoot = projectRoot
        links = SiteLinks(baseURL: config.baseURL)
        makesSharePreviews = sharePreviews && links.origin != nil
        timeZone = TimeZone(identifier: config.timeZone) ?? .gmt
        dates = ReadableDate(language: config.language, timeZone: timeZone)
        let links = links
        pageConfigs = Self.precomputedDepths.map { Self.config(config, forPageAtDepth: $0, links: links) }
        basemapLayers = Self.precomputedDepths.map { Self.offlineBasemap(basemapTiles, forPageAtDepth: $0, links: links) }
    }

    /// The site configuration as a page `depth` folders below the root uses it: tile layers whose
    /// templates are paths from the site root (`/tiles/{z}/{x}/{y}.png`) made links from that page
    /// (`TileLayer.resolved(with:fromDepth:)`), so maps and `map.svg` beside the page load them.
    func config(forPageAtDepth depth: Int) -> SiteConfig {
        Self.precomputedDepths.contains(depth) ? pageConfigs[depth] : Self.config(config, forPageAtDepth: depth, links: links)
    }

    private static func config(_ config: SiteConfig, forPageAtDepth depth: Int, links: SiteLinks) -> SiteConfig {
        var pageConfig = config
        pageConfig.tileLayers = config.tileLayers.mapValues { $0.resolved(with: links, fromDepth: depth) }
        return pageConfig
    }

    /// The offline basemap as a page `depth` folders below the root draws it: the tiles, their
    /// URL template from that page (`../assets/basemap/{z}/{x}-{y}.svg`) and the solid tiles'
    /// (`../assets/basemap/{fill}.svg`); `nil` without tiles.
    func offlineBasemap(forPageAtDepth depth: Int) -> OfflineBasemapLayer? {
        Self.precomputedDepths.contains(depth)
            ? basemapLayers[depth] : Self.offlineBasemap(basemapTiles, forPageAtDepth: depth, links: links)
    }

    private static func offlineBasemap(_ tiles: BasemapTileSet?, forPageAtDepth depth: Int, links: SiteLinks) -> OfflineBasemapLayer? {
        tiles.map {
            OfflineBasemapLayer(
                tiles: $0, url: links.sitePathTemplate(BasemapTileSet.urlTemplate, fromDepth: depth),
                solidURL: links.sitePathTemplate(BasemapTileSet.folder + "/{fill}.svg", fromDepth: depth))
        }
    }

    /// The small map of a destination's home-page card: the same region fitted to the card, drawn
    /// in HTML — the tiles and one marker per pin, placed in percent of the card — so that a home
    /// page listing thousands of destinations stays light. It is decorative (the card's title
    /// names the place), so it carries no text of its own.
    package func cardMap(trip: Trip) -> CardMapContext {
        let map = MapPresentation(
            title: trip.mapTitle, annotations: trip.annotations(), map: trip.maps.card, config: config(forPageAtDepth: 0),
            idPrefix: "card-", withStandaloneFile: false, drawsSVG: false, offlineBasemap: offlineBasemap(forPageAtDepth: 0))
        return CardMapContext(
            tiles: map.tiles(), pins: map.pinPositions(),
            aspectRatio: "\(Int(DestinationMaps.cardSize.width)) / \(Int(DestinationMaps.cardSize.height))")
    }

    /// A written date as pages show it: the text readers see ("1 June 2026", "11 May 2025,
    /// 23:30" — `ReadableDate.text(of:)`; an invalid date as written) and, when it is a valid HTML
    /// date, the text as written for a `<time datetime>` attribute.
    func dateText(_ value: String?) -> DateText {
        guard let value, !value.isEmpty else { return .none }
        guard let readable = dates.text(of: value) else { return DateText(text: value, dateTime: nil) }
        return DateText(text: readable, dateTime: value)
    }

    /// The share preview of `map` on the page in `folder` (`MapPresentation.sharePreview(folder:)`),
    /// `nil` unless the renderer makes them (``makesSharePreviews``).
    func sharePreview(of map: MapPresentation, folder: String) -> SharePreview? {
        makesSharePreviews ? map.sharePreview(folder: folder) : nil
    }

    /// The keys every page `depth` folders below the root has: the site, the links to the
    /// site-wide files (from the site root's `links` when given: the 404 page), the page's
    /// canonical URL, that of `canonicalPath` under `baseURL` (`nil`: none), and the share
    /// `preview` its head names (`og:image`, at its absolute URL), if any.
    func pageContext(depth: Int, canonicalPath: String?, links: SiteLinks? = nil, preview: SharePreview? = nil) -> PageContext {
        let links = links ?? self.links
        return PageContext(
            siteTitle: config.title, language: config.language, generatorVersion: RoadTripVersion.current,
            links: PageLinks(
                home: links.link(to: "", fromDepth: depth),
                stylesheet: links.link(to: "assets/roadtrip.css", fromDepth: depth),
                script: links.link(to: "assets/roadtrip.js", fromDepth: depth),
                nearbyScript: config.shareNearbyPlaces ? links.link(to: "assets/nearby.js", fromDepth: depth) : nil,
                places: links.link(to: "assets/places.json", fromDepth: depth),
                siteGeoJSON: links.link(to: "destinations.geojson", fromDepth: depth),
                siteMapSVG: links.link(to: "map.svg", fromDepth: depth),
                feed: links.link(to: Self.feedPath, fromDepth: depth),
                tags: siteHasTags && makesTagPages ? links.link(to: TagFiles.folder, fromDepth: depth) : nil,
                book: makesTripBook ? links.link(to: TripBook.folder, fromDepth: depth) : nil),
            canonicalURL: canonicalPath.flatMap { links.absolute($0) },
            openGraphURL: links.origin == nil ? nil : canonicalPath.flatMap { links.absolute($0) },
            image: preview.flatMap { preview in
                links.absolute(preview.path).map { url in
                    PageImage(
                        url: url, width: SharePreview.pixelWidth, height: SharePreview.pixelHeight,
                        type: SharePreview.mediaType, alt: preview.alt)
                }
            })
    }

    /// The destination's placemark as its page shows it: the author's `near: "…"` text, the
    /// gazetteer's placemark with its line ("Near Tromsø, Norway"), or `nil` without a placemark
    /// or with `near: false`.
    static func placemarkText(_ placemark: Placemark?, override: MetadataValue?) -> DestinationContext.PlacemarkText? {
        if case .bool(false)? = override { return nil }
        if case .string(let text)? = override { return DestinationContext.PlacemarkText(line: text, placemark: nil) }
        guard let placemark else { return nil }
        return DestinationContext.PlacemarkText(line: placemarkLine(placemark), placemark: placemark)
    }

    /// Where the destination is, for the e-mail share action: the author's `near:` text, else the
    /// placemark's line ("Near Tromsø, Norway"); `nil` with `near: false` or no placemark.
    static func placeText(_ placemark: Placemark?, override: MetadataValue?) -> String? {
        if case .bool(false)? = override { return nil }
        if case .string(let text)? = override { return text }
        return placemark.map(placemarkLine)
    }

    /// `Placemark.nearText` as a line of its own, capitalised ("Near Tromsø, Norway").
    static func placemarkLine(_ placemark: Placemark) -> String {
        let text = placemark.nearText
        return text.prefix(1).uppercased() + text.dropFirst()
    }

    /// The page, map and GeoJSON of one destination. `previous` and `next` are the neighbouring
    /// destinations in home-page order (for the pager). The trip's placemark says where the
    /// destination is ("near Tromsø, Norway") on the page and in the e-mail share action;
    /// `itineraryLine` where it is on its itinerary ("Day 3 of 16 · …"), `nil` when on none.
    package func destinationFiles(
        trip: Trip, previous: Destination?, next: Destination?, itineraryLine: ItineraryStopLine? = nil
    ) throws(TemplateError) -> PageFiles {
        let destination = trip.destination
        let slug = destination.slug
        let pageConfig = config(forPageAtDepth: 1)
        let map = MapPresentation(
            title: trip.mapTitle, annotations: trip.annotations(), map: trip.maps.page, config: pageConfig,
            offlineBasemap: offlineBasemap(forPageAtDepth: 1))
        let preview = sharePreview(of: map, folder: slug + "/")
        let tripLogPages = zip(trip.recordings, trip.maps.tripLogs).map {
            TripLogPage(renderer: self, trip: trip, recording: $0, map: $1)
        }
        func neighbour(_ other: Destination?) -> DestinationContext.Neighbour? {
            other.map { DestinationContext.Neighbour(title: $0.title, url: links.link(to: $0.slug + "/", fromDepth: 1)) }
        }
        var imageURL: String?
        if let image = destination.image {
            imageURL = WebLink.isHTTP(image) ? image : links.link(to: slug + "/" + image, fromDepth: 1)
        }
        let tagNames = SiteTag.distinctNames(destination.tags)
        let context = DestinationPageContext(
            page: pageContext(depth: 1, canonicalPath: slug + "/", preview: preview),
            mapTitle: trip.mapTitle,
            share: ShareActions(
                title: destination.title,
                text: ShareActions.text(config.shareDestinationText, destination: destination.title, locality: nil),
                place: Self.placeText(trip.placemark, override: destination.extraMetadata["near"]), page: slug + "/",
                links: links, config: config),
            map: map.context(tileLayers: pageConfig.tileLayers, listLabel: "Destination and points of interest"),
            destination: DestinationContext(
                slug: slug,
                title: destination.title,
                subtitle: nonEmpty(destination.subtitle),
                date: dateText(destination.date),
                bodyHTML: destination.bodyHTML,
                events: trip.events.map { DestinationContext.EventLink(title: $0.title, url: $0.url, date: dateText($0.date)) },
                weatherURL: nonEmpty(trip.weatherURL),
                tags: tagNames,
                tagLinks: tagNames.map { name in
                    DestinationContext.TagLink(name: name, url: tagPagePath(name).map { links.link(to: $0, fromDepth: 1) })
                },
                image: nonEmpty(imageURL),
                params: destination.extraMetadata,
                placemark: Self.placemarkText(trip.placemark, override: destination.extraMetadata["near"]),
                photos: galleryItems(of: trip),
                contacts: destination.publicContacts,
                geoJSONLink: links.link(to: slug + "/annotations.geojson", fromDepth: 1),
                mapSVGLink: links.link(to: slug + "/map.svg", fromDepth: 1),
                previous: neighbour(previous),
                next: neighbour(next),
                itinerary: itineraryLine,
                links: links,
                tripLogs: tripLogPages.map { $0.summary() }))
        var rendered = PageFiles(files: [
            OutputFile(path: slug + "/index.html", contents: try theme.templates.renderFile("destination", context: context.templateValue)),
            OutputFile(path: slug + "/map.svg", contents: .data(map.svgFile)),
            OutputFile(
                path: slug + "/annotations.geojson",
                contents: .data(Data(GeoJSON.featureCollectionUTF8(annotations: trip.annotations())))),
        ], sharePreview: preview)
        for page in tripLogPages { rendered += try page.files() }
        var files: [OutputFile] = []
        if !destination.assetFiles.isEmpty {
            // isDirectory given: without it Foundation lstat(2)s each path to find out.
            let folder = projectRoot.appendingPathComponent(destination.sourcePath, isDirectory: false).deletingLastPathComponent()
            for asset in destination.assetFiles {
                files.append(OutputFile(path: slug + "/" + asset, contents: .copy(from: folder.appendingPathComponent(asset, isDirectory: false))))
            }
        }
        for photo in trip.photos {
            guard let copies = trip.photoCopies[photo.fileName] else { continue }
            files.append(OutputFile(path: slug + "/photos/" + PhotoFiles.webName(photo), contents: .copy(from: copies.web)))
            files.append(OutputFile(path: slug + "/photos/" + PhotoFiles.thumbnailName(photo), contents: .copy(from: copies.thumbnail)))
        }
        rendered.files += files
        return rendered
    }

    /// The overview map's pins: each destination's, with the main trip's stop numbers as labels.
    func overviewPins(trips: [Trip], itineraries: [Itinerary]) -> [Annotation] {
        var stopNumbers: [Int: Int] = [:]
        for stop in itineraries.first(where: { $0.name == nil })?.stops ?? [] { stopNumbers[stop.destinationIndex] = stop.number }
        return trips.indices.map { index in
            let trip = trips[index]
            var pin = Annotation(
                id: "destination-" + trip.destination.slug, coordinate: trip.destinationCoordinate,
                title: trip.destinationName, subtitle: trip.destination.subtitle, kind: .destination,
                url: links.link(to: trip.destination.slug + "/", fromDepth: 0))
            pin.label = stopNumbers[index].map(String.init)
            return pin
        }
    }

    /// The overview map (`map.svg`, with its share preview) and its template value and share
    /// preview for the home page. `overview` is the overview map as the compute stage laid it out
    /// (``FittedMap/overview(of:config:)`` of the destinations, with the itineraries' routes); the
    /// main trip's stops carry their numbers on it.
    package func overviewFiles(
        trips: [Trip], overview: FittedMap, itineraries: [Itinerary] = []
    ) -> (files: PageFiles, overview: SiteFileGroup.Overview) {
        let homeConfig = config(forPageAtDepth: 0)
        let map = MapPresentation(
            title: "\(config.title): all destinations", annotations: overviewPins(trips: trips, itineraries: itineraries),
            map: overview, config: homeConfig, offlineBasemap: offlineBasemap(forPageAtDepth: 0),
            standaloneBasemap: basemapTiles == nil ? nil : overviewBasemap)
        let preview = sharePreview(of: map, folder: "")
        return (
            PageFiles(files: [OutputFile(path: "map.svg", contents: .data(map.svgFile))], sharePreview: preview),
            SiteFileGroup.Overview(map: map.context(tileLayers: homeConfig.tileLayers, listLabel: "Destinations"), preview: preview)
        )
    }

    /// The site's GeoJSON (`destinations.geojson`): every destination's map pins, their ids
    /// scoped by the destination's slug.
    func siteGeoJSON(trips: [Trip]) -> OutputFile {
        let siteAnnotations = trips.flatMap { trip in
            trip.annotations().map { annotation in
                var scoped = annotation
                scoped.id = trip.destination.slug + "/" + annotation.id
                // A thumbnail is relative to its destination's folder; here, to the site root.
                scoped.thumbnail = annotation.thumbnail.map { Slug.percentEncodedPath(trip.destination.slug) + "/" + $0 }
                return scoped
            }
        }
        return OutputFile(path: "destinations.geojson", contents: .data(Data(GeoJSON.featureCollectionUTF8(annotations: siteAnnotations))))
    }

    /// `404.html`, `sitemap.xml` (every page: the home page, the trip pages, the tag pages, each
    /// destination's page and trip-log pages) and, when the site shares nearby places,
    /// `assets/places.json`.
    func otherSiteFiles(trips: [Trip], itineraries: [Itinerary], tags: [SiteTag]) throws(TemplateError) -> PageFiles {
        // 404.html is served for any missing path, so its links must not be page-relative.
        let rootLinks = links.basePath == nil ? SiteLinks(baseURL: "/") : links
        let notFoundContext = pageContext(depth: 0, canonicalPath: nil, links: rootLinks)
        let notFound = try theme.templates.render("404", context: notFoundContext.templateValue)
        let tripPagePaths = theme.templates.contains(ItineraryFiles.layout)
            ? itineraries.compactMap { $0.name.map { ItineraryFiles.folder(of: $0) } } : []
        let tagPagePaths = makesTagPages && !tags.isEmpty ? [TagFiles.folder] + tags.map(TagFiles.folder(of:)) : []
        let pagePaths = tripPagePaths + tagPagePaths + trips.flatMap { trip in
            [trip.destination.slug + "/"] + trip.recordings.map { trip.destination.slug + "/trips/" + $0.log.slug + "/" }
        }
        let sitemapURLs = ([""] + pagePaths).map { path in
            (location: links.absolute(path) ?? SiteLinks(baseURL: "/").absolute(path) ?? "/" + path,
             lastModified: nil as String?)
        }
        var files = PageFiles(files: [
            OutputFile(path: "404.html", contents: .text(notFound)),
            OutputFile(path: "sitemap.xml", contents: .text(Sitemap.xml(urls: sitemapURLs))),
        ])
        if config.shareNearbyPlaces && !geocoder.hasNoPlaces {
            files.files.append(OutputFile(path: "assets/places.json", contents: .text(NearbyPlaces.json(geocoder.places))))
        }
        return files
    }

    /// The home page (`index.html`): every destination as a card with its small map, under the
    /// overview map, with the main trip's itinerary (when it has two stops or more) and links to
    /// the named trips' pages. `cardMaps` are the `cardMap(trip:)` values in the order of `trips`;
    /// `overviewPreview` is the overview map's share preview (`siteFiles`), which its head names.
    package func homePage(
        trips: [Trip], cardMaps: [CardMapContext?], overviewMap: MapContext, itineraries: [Itinerary] = [],
        overviewPreview: SharePreview? = nil
    ) throws(TemplateError) -> OutputFile {
        let main = itineraries.first { $0.name == nil && $0.stops.count >= 2 }
        let hasTripPages = theme.templates.contains(ItineraryFiles.layout)
        let context = HomePageContext(
            page: pageContext(depth: 0, canonicalPath: "", preview: overviewPreview),
            map: overviewMap,
            destinationCountText: CountText.counted(trips.count, .destination),
            cards: zip(trips, cardMaps).map { trip, cardMap in
                let destination = trip.destination
                return HomePageContext.Card(
                    map: cardMap, title: destination.title, subtitle: nonEmpty(destination.subtitle),
                    url: links.link(to: destination.slug + "/", fromDepth: 0),
                    poiCount: destination.pointsOfInterest.count,
                    poiCountText: CountText.counted(destination.pointsOfInterest.count, .pointOfInterest))
            },
            itinerary: main.map { itineraryContext($0, depth: 0) },
            trips: itineraries.filter { $0.name != nil }.map { itinerary in
                let links = itineraryLinks(itinerary, depth: 0)
                return HomePageContext.TripLink(
                    title: ItineraryText.title(of: itinerary, siteTitle: config.title), url: hasTripPages ? links.page : nil,
                    summary: ItineraryText.summary(itinerary), links: links)
            })
        return OutputFile(path: "index.html", contents: try theme.templates.renderFile("home", context: context.templateValue))
    }
}
