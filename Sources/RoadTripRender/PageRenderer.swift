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

    package init(theme: Theme, config: SiteConfig, projectRoot: URL, geocoder: any Geocoder) {
        self.geocoder = geocoder
        self.theme = theme
        self.config = config
        self.projectRoot = projectRoot
        links = SiteLinks(baseURL: config.baseURL)
        timeZone = TimeZone(identifier: config.timeZone) ?? .gmt
        dates = ReadableDate(language: config.language, timeZone: timeZone)
    }

    /// The site configuration as a page `depth` folders below the root uses it: tile layers whose
    /// templates are paths from the site root (`/tiles/{z}/{x}/{y}.png`) made links from that page
    /// (`TileLayer.resolved(with:fromDepth:)`), so maps and `map.svg` beside the page load them.
    func config(forPageAtDepth depth: Int) -> SiteConfig {
        var pageConfig = config
        pageConfig.tileLayers = config.tileLayers.mapValues { $0.resolved(with: links, fromDepth: depth) }
        return pageConfig
    }

    /// Width and height in CSS pixels of a home-page card's map.
    static let cardMapSize = (width: 320.0, height: 200.0)

    /// The small map of a destination's home-page card: the same region fitted to the card, drawn
    /// in HTML — the tiles and one marker per pin, placed in percent of the card — so that a home
    /// page listing thousands of destinations stays light. It is decorative (the card's title
    /// names the place), so it carries no text of its own.
    package func cardMap(trip: Trip) -> TemplateValue {
        let map = MapPresentation(
            title: trip.mapTitle, annotations: trip.annotations(), initialRegion: trip.initialRegion,
            config: config(forPageAtDepth: 0), width: Self.cardMapSize.width, height: Self.cardMapSize.height,
            idPrefix: "card-", withStandaloneFile: false, drawsSVG: false)
        return .object([
            "tiles": .list(map.tiles()),
            "pins": .list(map.pinPositions()),
            "aspectRatio": .string("\(Int(Self.cardMapSize.width)) / \(Int(Self.cardMapSize.height))"),
        ])
    }

    /// A template value for optional text: `null` (falsy in a section) when absent or empty.
    static func text(_ value: String?) -> TemplateValue {
        guard let value, !value.isEmpty else { return .null }
        return .string(value)
    }

    /// A written date for templates: `date` the text readers see ("1 June 2026", "11 May 2025,
    /// 23:30" — `ReadableDate.text(of:)`; an invalid date as written) and `dateTime` the text as
    /// written for a `<time datetime>` attribute when it is a valid HTML date, else `null`.
    func dateValues(_ value: String?) -> (date: TemplateValue, dateTime: TemplateValue) {
        guard let value, !value.isEmpty else { return (.null, .null) }
        guard let readable = dates.text(of: value) else { return (.string(value), .null) }
        return (.string(readable), .string(value))
    }

    /// Site-wide context keys (`site`, `links`) for a page `depth` folders below the root.
    func commonContext(depth: Int, links: SiteLinks? = nil) -> [String: TemplateValue] {
        let links = links ?? self.links
        return [
            "site": .object([
                "title": .string(config.title),
                "language": .string(config.language),
                "generatorVersion": .string(RoadTripVersion.current),
            ]),
            "links": .object([
                "home": .string(links.link(to: "", fromDepth: depth)),
                "stylesheet": .string(links.link(to: "assets/roadtrip.css", fromDepth: depth)),
                "script": .string(links.link(to: "assets/roadtrip.js", fromDepth: depth)),
                "nearbyScript": config.shareNearbyPlaces ? .string(links.link(to: "assets/nearby.js", fromDepth: depth)) : .null,
                "places": .string(links.link(to: "assets/places.json", fromDepth: depth)),
                "siteGeoJSON": .string(links.link(to: "destinations.geojson", fromDepth: depth)),
                "siteMapSVG": .string(links.link(to: "map.svg", fromDepth: depth)),
            ]),
        ]
    }

    /// The destination's placemark for templates: `line` ("Near Tromsø, Norway" — front matter
    /// `near: "…"` replaces it, `near: false` hides it), `locality`, `state`, `country`,
    /// `countryCode`, `timeZone`; `null` without a placemark or when hidden.
    static func placemarkValue(_ placemark: Placemark?, override: MetadataValue?) -> TemplateValue {
        if case .bool(false)? = override { return .null }
        if case .string(let text)? = override { return .object(["line": .string(text)]) }
        guard let placemark else { return .null }
        return .object([
            "line": .string(placemarkLine(placemark)),
            "locality": .string(placemark.locality), "state": .string(placemark.state),
            "country": .string(placemark.country), "countryCode": .string(placemark.countryCode),
            "timeZone": .string(placemark.timeZone),
        ])
    }

    /// One contact for templates: `name`, `city`, and only what `contacts.publish` lets through —
    /// `emails` (`address`, `mailto`), `phones`, `addresses`.
    static func contactValue(_ contact: PublicContact) -> TemplateValue {
        .object([
            "name": .string(contact.name), "city": text(contact.city),
            "emails": .list(contact.emails.map { .object(["address": .string($0.address), "mailto": .string($0.mailto)]) }),
            "phones": .list(contact.phones.map { .string($0) }),
            "addresses": .list(contact.addresses.map { .string($0) }),
        ])
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
    /// destination is ("near Tromsø, Norway") on the page and in the e-mail share action.
    package func destinationFiles(trip: Trip, previous: Destination?, next: Destination?) throws(TemplateError) -> [OutputFile] {
        let destination = trip.destination
        let slug = destination.slug
        let pageConfig = config(forPageAtDepth: 1)
        let map = MapPresentation(
            title: trip.mapTitle, annotations: trip.annotations(), initialRegion: trip.initialRegion,
            config: pageConfig, tracks: trip.tracks)
        let tripLogPages = trip.recordings.map {
            TripLogPage(renderer: self, trip: trip, recording: $0)
        }
        func neighbour(_ other: Destination?) -> TemplateValue {
            guard let other else { return .null }
            return .object([
                "title": .string(other.title), "url": .string(links.link(to: other.slug + "/", fromDepth: 1)),
            ])
        }
        var context = commonContext(depth: 1)
        context["page"] = .object(["canonicalURL": links.absolute(slug + "/").map { .string($0) } ?? .null])
        context["trip"] = .object(["mapTitle": .string(trip.mapTitle)])
        context["share"] = ShareActions(
            title: destination.title,
            text: ShareActions.text(config.shareDestinationText, destination: destination.title, locality: nil),
            place: Self.placeText(trip.placemark, override: destination.extraMetadata["near"]), page: slug + "/",
            links: links, config: config
        ).templateValue
        context["map"] = map.templateValue(tileLayers: pageConfig.tileLayers, listLabel: "Destination and points of interest")
        let events: [TemplateValue] = trip.events.map { event in
            let (date, dateTime) = dateValues(event.date)
            return .object([
                "title": .string(event.title), "url": .string(event.url), "date": date, "dateTime": dateTime,
            ])
        }
        let (date, dateTime) = dateValues(destination.date)
        var imageURL: String?
        if let image = destination.image {
            imageURL = WebLink.isHTTP(image) ? image : links.link(to: slug + "/" + image, fromDepth: 1)
        }
        let destinationLinks: TemplateValue = .object([
            "geojson": .string(links.link(to: slug + "/annotations.geojson", fromDepth: 1)),
            "mapSVG": .string(links.link(to: slug + "/map.svg", fromDepth: 1)),
        ])
        context["destination"] = .object([
            "slug": .string(slug),
            "title": .string(destination.title),
            "subtitle": Self.text(destination.subtitle),
            "date": date,
            "dateTime": dateTime,
            "bodyHTML": .string(destination.bodyHTML),
            "hasEvents": .bool(!events.isEmpty),
            "events": .list(events),
            "weatherURL": Self.text(trip.weatherURL),
            "hasTags": .bool(!destination.tags.isEmpty),
            "tags": .list(destination.tags.map { .string($0) }),
            "image": Self.text(imageURL),
            "params": .object(destination.extraMetadata.mapValues { TemplateValue($0) }),
            "placemark": Self.placemarkValue(trip.placemark, override: destination.extraMetadata["near"]),
            "hasPhotos": .bool(!trip.photos.isEmpty),
            "photos": .list(trip.photos.map { photo in
                .object([
                    "title": .string(photo.title),
                    "thumbnail": .string("photos/" + PhotoFiles.thumbnailName(photo)),
                    "web": .string("photos/" + PhotoFiles.webName(photo)),
                    "placedFromTrack": .bool(photo.coordinateSource == .trackLog),
                    "unplaced": .bool(photo.coordinate == nil),
                    "time": Self.text(photo.time.map { dates.dateTime($0) }),
                    "dateTime": Self.text(photo.time.map(ReadableDate.htmlDateTime)),
                ])
            }),
            "hasContacts": .bool(!destination.publicContacts.isEmpty),
            "contacts": .list(destination.publicContacts.map(Self.contactValue)),
            "links": destinationLinks,
            "previous": neighbour(previous),
            "next": neighbour(next),
            "hasTripLogs": .bool(!tripLogPages.isEmpty),
            "tripLogs": .list(tripLogPages.map { $0.summary() }),
        ])
        let html = try theme.templates.render("destination", context: .object(context))
        var files = [
            OutputFile(path: slug + "/index.html", contents: .text(html)),
            OutputFile(path: slug + "/map.svg", contents: .text(map.svgFile)),
            OutputFile(
                path: slug + "/annotations.geojson",
                contents: .text(GeoJSON.featureCollection(annotations: trip.annotations()))),
        ]
        for page in tripLogPages { files += try page.files() }
        let folder = projectRoot.appendingPathComponent(destination.sourcePath).deletingLastPathComponent()
        for asset in destination.assetFiles {
            files.append(OutputFile(path: slug + "/" + asset, contents: .copy(from: folder.appendingPathComponent(asset))))
        }
        for photo in trip.photos {
            guard let copies = trip.photoCopies[photo.fileName] else { continue }
            files.append(OutputFile(path: slug + "/photos/" + PhotoFiles.webName(photo), contents: .copy(from: copies.web)))
            files.append(OutputFile(path: slug + "/photos/" + PhotoFiles.thumbnailName(photo), contents: .copy(from: copies.thumbnail)))
        }
        return files
    }

    /// The site-wide files that do not need the destinations' pages: the overview map (`map.svg`),
    /// the site's GeoJSON (`destinations.geojson`: every destination and POI), `404.html` and
    /// `sitemap.xml` — and the overview map's template value for the home page. The builder runs
    /// this alongside the destination pages.
    package func siteFiles(trips: [Trip]) throws(TemplateError) -> (files: [OutputFile], overviewMap: TemplateValue) {
        let destinationPins = trips.map { trip in
            Annotation(
                id: "destination-" + trip.destination.slug, coordinate: trip.destinationCoordinate,
                title: trip.destinationName, subtitle: trip.destination.subtitle, kind: .destination,
                url: links.link(to: trip.destination.slug + "/", fromDepth: 0))
        }
        let overviewRegion = InitialRegion.overview(of: destinationPins.map(\.coordinate), config: config)
        let homeConfig = config(forPageAtDepth: 0)
        let map = MapPresentation(
            title: "\(config.title): all destinations", annotations: destinationPins,
            initialRegion: overviewRegion, config: homeConfig)

        // 404.html is served for any missing path, so its links must not be page-relative.
        let rootLinks = links.basePath == nil ? SiteLinks(baseURL: "/") : links
        var notFoundContext = commonContext(depth: 0, links: rootLinks)
        notFoundContext["page"] = .object(["canonicalURL": .null])
        let notFound = try theme.templates.render("404", context: .object(notFoundContext))

        let siteAnnotations = trips.flatMap { trip in
            trip.annotations().map { annotation in
                var scoped = annotation
                scoped.id = trip.destination.slug + "/" + annotation.id
                // A thumbnail is relative to its destination's folder; here, to the site root.
                scoped.thumbnail = annotation.thumbnail.map { Slug.percentEncodedPath(trip.destination.slug) + "/" + $0 }
                return scoped
            }
        }
        let pagePaths = trips.flatMap { trip in
            [trip.destination.slug + "/"] + trip.recordings.map { trip.destination.slug + "/trips/" + $0.log.slug + "/" }
        }
        let sitemapURLs = ([""] + pagePaths).map { path in
            (location: links.absolute(path) ?? SiteLinks(baseURL: "/").absolute(path) ?? "/" + path,
             lastModified: nil as String?)
        }
        var files = [
            OutputFile(path: "map.svg", contents: .text(map.svgFile)),
            OutputFile(
                path: "destinations.geojson",
                contents: .text(GeoJSON.featureCollection(annotations: siteAnnotations))),
            OutputFile(path: "404.html", contents: .text(notFound)),
            OutputFile(path: "sitemap.xml", contents: .text(Sitemap.xml(urls: sitemapURLs))),
        ]
        if config.shareNearbyPlaces && !geocoder.hasNoPlaces {
            files.append(OutputFile(path: "assets/places.json", contents: .text(NearbyPlaces.json(geocoder.places))))
        }
        return (files, map.templateValue(tileLayers: homeConfig.tileLayers, listLabel: "Destinations"))
    }

    /// The home page (`index.html`): every destination as a card with its small map, under the
    /// overview map. `cardMaps` are the `cardMap(trip:)` values in the order of `trips`.
    package func homePage(trips: [Trip], cardMaps: [TemplateValue], overviewMap: TemplateValue) throws(TemplateError)
        -> OutputFile
    {
        var context = commonContext(depth: 0)
        context["page"] = .object(["canonicalURL": links.absolute("").map { .string($0) } ?? .null])
        context["map"] = overviewMap
        context["home"] = .object([
            "destinationCount": .integer(trips.count),
            "hasDestinations": .bool(!trips.isEmpty),
            "destinationCountText": .string(CountText.counted(trips.count, .destination)),
            "destinations": .list(
                zip(trips, cardMaps).map { trip, cardMap in
                    let destination = trip.destination
                    return .object([
                        "map": cardMap,
                        "title": .string(destination.title),
                        "subtitle": destination.subtitle.isEmpty ? .null : .string(destination.subtitle),
                        "url": .string(links.link(to: destination.slug + "/", fromDepth: 0)),
                        "poiCount": .integer(destination.pointsOfInterest.count),
                        "poiCountText": .string(CountText.counted(destination.pointsOfInterest.count, .pointOfInterest)),
                    ])
                }),
        ])
        return OutputFile(path: "index.html", contents: .text(try theme.templates.render("home", context: .object(context))))
    }
}
