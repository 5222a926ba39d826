import Foundation
import RoadTripCore
import RoadTripCompute

extension PageRenderer {
    /// The site-wide files that do not need the destinations' pages, as ``SiteFileGroup``s, each
    /// keyed by what its files show (read from the renderers and the default theme's layouts):
    ///
    /// - `overview`: `map.svg` and its share preview, from each destination's pin (slug, title,
    ///   subtitle, coordinate, the main trip's stop number), `overview` (the compute stage's
    ///   ``FittedMap/overview(of:config:)``), the offline basemap (`basemapFingerprint`, and the
    ///   overview's own basemap drawing);
    /// - `destinations.geojson`: every destination's slug and every field of its map pins;
    /// - `itinerary/<name>`: an itinerary's calendar, GPX, GeoJSON and trip page, from every field of
    ///   the itinerary, its map, the offline basemap (`basemapFingerprint`: its `map.svg` embeds
    ///   the tiles), and each stop's subtitle and points of interest;
    /// - `feed`: each destination's slug, date, title, feed summary (first paragraph of the prose,
    ///   else the subtitle), coordinate and tags, in home-page order;
    /// - `tag/<slug>`: a tag's page and map, from the tag, its map, the offline basemap, and each
    ///   member's slug, title, subtitle and coordinate; `tags`: the index, from every tag's name, slug and members' slug,
    ///   title and subtitle;
    /// - `book`: each destination's slug, title, subtitle, place on its itinerary and points of
    ///   interest' titles and subtitles;
    /// - `other` (404 page, sitemap, `assets/places.json`), without a key: rendered every time.
    ///
    /// Every key also holds whether the site has tags (every page then links their index). What
    /// the stored build's site key covers (site.yaml, theme, base URL, executable) is in none.
    /// The keys are made from `keyParts` (``siteKeyParts(trips:overview:itineraries:basemapFingerprint:)``
    /// of the same trips, overview, itineraries and fingerprint); without them a group has no key.
    package func siteFileGroups(
        trips: [Trip], overview: FittedMap, itineraries: [Itinerary] = [], itineraryMaps: [FittedMap?] = [],
        tags: [SiteTag] = [], tagMaps: [FittedMap] = [], itineraryLines: [ItineraryStopLine?] = [],
        basemapFingerprint: String? = nil, keyParts: SiteKeyParts? = nil
    ) -> [SiteFileGroup] {
        var groups = [
            SiteFileGroup(name: "overview", key: { keyParts?.overviewKey }) { () throws(TemplateError) in
                let (files, overview) = overviewFiles(trips: trips, overview: overview, itineraries: itineraries)
                return SiteFileGroup.Rendering(files: files, overview: overview)
            },
            SiteFileGroup(name: "destinations.geojson", key: { keyParts.map(siteGeoJSONKey) }) { () throws(TemplateError) in
                SiteFileGroup.Rendering(files: PageFiles(files: [siteGeoJSON(trips: trips)]), overview: nil)
            },
            SiteFileGroup(name: "feed", key: { keyParts.map(feedKey) }) { () throws(TemplateError) in
                SiteFileGroup.Rendering(files: PageFiles(files: [feed(trips: trips)]), overview: nil)
            },
            SiteFileGroup(name: "book", key: { keyParts.map { bookKey($0, itineraryLines: itineraryLines) } }) { () throws(TemplateError) in
                SiteFileGroup.Rendering(
                    files: PageFiles(files: try tripBookFiles(trips: trips, itineraryLines: itineraryLines)), overview: nil)
            },
            SiteFileGroup(name: "other", key: { nil }) { () throws(TemplateError) in
                SiteFileGroup.Rendering(
                    files: try otherSiteFiles(trips: trips, itineraries: itineraries, tags: tags), overview: nil)
            },
        ]
        for (position, (itinerary, map)) in zip(itineraries, itineraryMaps).enumerated() {
            groups.append(SiteFileGroup(
                name: "itinerary/" + (itinerary.name ?? ""),
                key: { keyParts.map { itineraryKey(position, of: itineraries, map: map, parts: $0, basemapFingerprint: basemapFingerprint) } }
            ) { () throws(TemplateError) in
                SiteFileGroup.Rendering(files: try itineraryFiles([itinerary], maps: [map], trips: trips), overview: nil)
            })
        }
        if makesTagPages && !tags.isEmpty {
            for (tag, map) in zip(tags, tagMaps) {
                groups.append(SiteFileGroup(
                    name: "tag/" + tag.slug, key: { keyParts.map { tagKey(tag, map: map, trips: trips, parts: $0, basemapFingerprint: basemapFingerprint) } }
                ) {
                    () throws(TemplateError) in
                    SiteFileGroup.Rendering(files: try tagPage(tag, map: map, trips: trips), overview: nil)
                })
            }
            groups.append(SiteFileGroup(name: "tags", key: { keyParts.map { tagIndexKey(tags, parts: $0) } }) { () throws(TemplateError) in
                SiteFileGroup.Rendering(files: PageFiles(files: [try tagIndex(tags, trips: trips)]), overview: nil)
            })
        }
        return groups
    }

    /// The key of the home page (`index.html`), from what it shows: the overview map (the
    /// overview group's key), each destination's card (slug, title, subtitle, count of points of
    /// interest, and what ``cardMap(trip:)`` draws its small map from: its pins and its fitted card
    /// map, on the offline basemap of `basemapFingerprint`) and every field of each itinerary (the
    /// main trip's table, the named trips' links and summaries). From the card maps' inputs, not
    /// the card maps: a kept home page needs none made.
    package func homePageKey(_ parts: SiteKeyParts, basemapFingerprint: String?) -> String {
        var digest = siteDigest("home")
        digest.add(parts.overviewKey)
        digest.add(basemapFingerprint)
        digest.add(parts.trips.count)
        for trip in parts.trips { digest.add(hash: trip.card) }
        digest.add(parts.itineraries.count)
        for itinerary in parts.itineraries { digest.add(hash: itinerary) }
        return digest.hex
    }

    /// What the site-wide groups' keys read from `trips` and `itineraries`, digested once: each
    /// trip's parts in parallel across the cores (in chunks of 64), each itinerary's digest, and the
    /// overview's key (its map, `basemapFingerprint`, its own basemap drawing and its pins: slug,
    /// title, subtitle, coordinate and the main trip's stop number). Before, each key read every
    /// trip itself, so each trip's pins were made four times and every itinerary and the overview's
    /// pins digested twice: ~60 ms of CPU time for a 4,000-destination rebuild.
    package func siteKeyParts(
        trips: [Trip], overview: FittedMap, itineraries: [Itinerary], basemapFingerprint: String?
    ) -> SiteKeyParts {
        let pins = overviewPins(trips: trips, itineraries: itineraries)
        let tripParts = concurrentMap(Array(trips.indices)) { index in
            SiteKeyParts.TripParts(trip: trips[index], overviewPin: pins[index])
        }
        let itineraryDigests = concurrentMap(count: itineraries.count) { position in
            var digest = ContentDigest("itinerary")
            digest.add(itineraries[position])
            return digest.value
        }
        var overviewDigest = siteDigest("overview")
        overviewDigest.add(overview)
        overviewDigest.add(basemapFingerprint)
        overviewDigest.add(basemapTiles == nil ? nil : overviewBasemap)
        overviewDigest.add(tripParts.count)
        for trip in tripParts { overviewDigest.add(hash: trip.overviewPin) }
        return SiteKeyParts(trips: tripParts, itineraries: itineraryDigests, overviewKey: overviewDigest.hex)
    }

    /// A digest starting with `label` and whether the site has tags (``pageContext(depth:canonicalPath:links:preview:)``
    /// links their index from every page).
    private func siteDigest(_ label: String) -> ContentDigest {
        var digest = ContentDigest(label)
        digest.add(siteHasTags)
        return digest
    }

    private func siteGeoJSONKey(_ parts: SiteKeyParts) -> String {
        var digest = siteDigest("destinations.geojson")
        digest.add(parts.trips.count)
        for trip in parts.trips { digest.add(hash: trip.pins) }
        return digest.hex
    }

    private func feedKey(_ parts: SiteKeyParts) -> String {
        var digest = siteDigest("feed")
        digest.add(parts.trips.count)
        for trip in parts.trips { digest.add(hash: trip.feed) }
        return digest.hex
    }

    private func bookKey(_ parts: SiteKeyParts, itineraryLines: [ItineraryStopLine?]) -> String {
        var digest = siteDigest("book")
        digest.add(parts.trips.count)
        for (index, trip) in parts.trips.enumerated() {
            digest.add(hash: trip.listing)
            let line = index < itineraryLines.count ? itineraryLines[index] : nil
            digest.add(line != nil)
            if let line {
                digest.add(line.days)
                for neighbour in [line.previous, line.next] {
                    digest.add(neighbour?.title)
                    digest.add(neighbour?.slug)
                    digest.add(neighbour?.distance)
                }
                digest.add(line.tripName)
                digest.add(line.tripTitle)
                digest.add(line.hasTripTable)
            }
            digest.add(hash: trip.pointsOfInterestListed)
        }
        return digest.hex
    }

    private func itineraryKey(
        _ position: Int, of itineraries: [Itinerary], map: FittedMap?, parts: SiteKeyParts, basemapFingerprint: String?
    ) -> String {
        var digest = siteDigest("itinerary")
        // The trip page's map.svg embeds the offline basemap's tiles.
        digest.add(basemapFingerprint)
        digest.add(hash: parts.itineraries[position])
        digest.add(map != nil)
        if let map { digest.add(map) }
        for stop in itineraries[position].stops { digest.add(hash: parts.trips[stop.destinationIndex].stop) }
        return digest.hex
    }

    private func tagKey(_ tag: SiteTag, map: FittedMap, trips: [Trip], parts: SiteKeyParts, basemapFingerprint: String?) -> String {
        var digest = siteDigest("tag")
        // The tag's map.svg embeds the offline basemap's tiles.
        digest.add(basemapFingerprint)
        digest.add(tag.name)
        digest.add(tag.slug)
        digest.add(map)
        digest.add(tag.destinationIndices.count)
        for index in tag.destinationIndices {
            digest.add(hash: parts.trips[index].listing)
            digest.add(trips[index].destinationCoordinate)
        }
        return digest.hex
    }

    private func tagIndexKey(_ tags: [SiteTag], parts: SiteKeyParts) -> String {
        var digest = siteDigest("tags")
        digest.add(tags.count)
        for tag in tags {
            digest.add(tag.name)
            digest.add(tag.slug)
            digest.add(tag.destinationIndices.count)
            for index in tag.destinationIndices { digest.add(hash: parts.trips[index].listing) }
        }
        return digest.hex
    }
}

extension ContentDigest {
    /// A destination as a list of destinations (a card, a tag's list, the book) names it: its
    /// slug (its page's link), title and subtitle.
    mutating func addListing(_ destination: Destination) {
        add(destination.slug)
        add(destination.title)
        add(destination.subtitle)
    }
}
