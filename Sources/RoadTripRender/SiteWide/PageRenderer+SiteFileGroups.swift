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
    package func siteFileGroups(
        trips: [Trip], overview: FittedMap, itineraries: [Itinerary] = [], itineraryMaps: [FittedMap?] = [],
        tags: [SiteTag] = [], tagMaps: [FittedMap] = [], itineraryLines: [ItineraryStopLine?] = [],
        basemapFingerprint: String? = nil
    ) -> [SiteFileGroup] {
        var groups = [
            SiteFileGroup(
                name: "overview",
                key: { overviewKey(trips: trips, overview: overview, itineraries: itineraries, basemapFingerprint: basemapFingerprint) }
            ) { () throws(TemplateError) in
                let (files, overview) = overviewFiles(trips: trips, overview: overview, itineraries: itineraries)
                return SiteFileGroup.Rendering(files: files, overview: overview)
            },
            SiteFileGroup(name: "destinations.geojson", key: { siteGeoJSONKey(trips: trips) }) { () throws(TemplateError) in
                SiteFileGroup.Rendering(files: PageFiles(files: [siteGeoJSON(trips: trips)]), overview: nil)
            },
            SiteFileGroup(name: "feed", key: { feedKey(trips: trips) }) { () throws(TemplateError) in
                SiteFileGroup.Rendering(files: PageFiles(files: [feed(trips: trips)]), overview: nil)
            },
            SiteFileGroup(name: "book", key: { bookKey(trips: trips, itineraryLines: itineraryLines) }) { () throws(TemplateError) in
                SiteFileGroup.Rendering(
                    files: PageFiles(files: try tripBookFiles(trips: trips, itineraryLines: itineraryLines)), overview: nil)
            },
            SiteFileGroup(name: "other", key: { nil }) { () throws(TemplateError) in
                SiteFileGroup.Rendering(
                    files: try otherSiteFiles(trips: trips, itineraries: itineraries, tags: tags), overview: nil)
            },
        ]
        for (itinerary, map) in zip(itineraries, itineraryMaps) {
            groups.append(SiteFileGroup(
                name: "itinerary/" + (itinerary.name ?? ""), key: { itineraryKey(itinerary, map: map, trips: trips, basemapFingerprint: basemapFingerprint) }
            ) { () throws(TemplateError) in
                SiteFileGroup.Rendering(files: try itineraryFiles([itinerary], maps: [map], trips: trips), overview: nil)
            })
        }
        if makesTagPages && !tags.isEmpty {
            for (tag, map) in zip(tags, tagMaps) {
                groups.append(SiteFileGroup(name: "tag/" + tag.slug, key: { tagKey(tag, map: map, trips: trips, basemapFingerprint: basemapFingerprint) }) {
                    () throws(TemplateError) in
                    SiteFileGroup.Rendering(files: try tagPage(tag, map: map, trips: trips), overview: nil)
                })
            }
            groups.append(SiteFileGroup(name: "tags", key: { tagIndexKey(tags, trips: trips) }) { () throws(TemplateError) in
                SiteFileGroup.Rendering(files: PageFiles(files: [try tagIndex(tags, trips: trips)]), overview: nil)
            })
        }
        return groups
    }

    /// The key of the home page (`index.html`), from what it shows: the overview map (the
    /// overview group's key, made again), each destination's card (slug, title, subtitle, count
    /// of points of interest, and what ``cardMap(trip:)`` draws its small map from: its pins and its
    /// fitted card map, on the offline basemap of `basemapFingerprint`) and every field of
    /// `itineraries` (the main trip's table, the named trips' links and summaries). From the
    /// card maps' inputs, not the card maps: a kept home page needs none made.
    package func homePageKey(
        trips: [Trip], overview: FittedMap, itineraries: [Itinerary], basemapFingerprint: String?
    ) -> String {
        var digest = siteDigest("home")
        digest.add(overviewKey(trips: trips, overview: overview, itineraries: itineraries, basemapFingerprint: basemapFingerprint))
        digest.add(basemapFingerprint)
        digest.add(trips.count)
        for trip in trips {
            digest.addListing(trip.destination)
            digest.add(trip.destination.pointsOfInterest.count)
            digest.add(trip.annotations())
            digest.add(trip.maps.card)
        }
        digest.add(itineraries.count)
        for itinerary in itineraries { digest.add(itinerary) }
        return digest.hex
    }

    /// A digest starting with `label` and whether the site has tags (``pageContext(depth:canonicalPath:links:preview:)``
    /// links their index from every page).
    private func siteDigest(_ label: String) -> ContentDigest {
        var digest = ContentDigest(label)
        digest.add(siteHasTags)
        return digest
    }

    private func overviewKey(
        trips: [Trip], overview: FittedMap, itineraries: [Itinerary], basemapFingerprint: String?
    ) -> String {
        var digest = siteDigest("overview")
        digest.add(overview)
        digest.add(basemapFingerprint)
        digest.add(basemapTiles == nil ? nil : overviewBasemap)
        digest.add(overviewPins(trips: trips, itineraries: itineraries))
        return digest.hex
    }

    private func siteGeoJSONKey(trips: [Trip]) -> String {
        var digest = siteDigest("destinations.geojson")
        digest.add(trips.count)
        for trip in trips {
            digest.add(trip.destination.slug)
            digest.add(trip.annotations())
        }
        return digest.hex
    }

    private func feedKey(trips: [Trip]) -> String {
        var digest = siteDigest("feed")
        digest.add(trips.count)
        for trip in trips {
            let destination = trip.destination
            digest.add(destination.slug)
            digest.add(destination.date)
            digest.add(destination.title)
            digest.add(Self.feedSummary(of: destination))
            digest.add(trip.destinationCoordinate)
            let tags = SiteTag.distinctNames(destination.tags)
            digest.add(tags.count)
            for tag in tags { digest.add(tag) }
        }
        return digest.hex
    }

    private func bookKey(trips: [Trip], itineraryLines: [ItineraryStopLine?]) -> String {
        var digest = siteDigest("book")
        digest.add(trips.count)
        for (index, trip) in trips.enumerated() {
            let destination = trip.destination
            digest.addListing(destination)
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
            digest.add(destination.pointsOfInterest.count)
            for poi in destination.pointsOfInterest {
                digest.add(poi.title)
                digest.add(poi.subtitle)
            }
        }
        return digest.hex
    }

    private func itineraryKey(_ itinerary: Itinerary, map: FittedMap?, trips: [Trip], basemapFingerprint: String?) -> String {
        var digest = siteDigest("itinerary")
        // The trip page's map.svg embeds the offline basemap's tiles.
        digest.add(basemapFingerprint)
        digest.add(itinerary)
        digest.add(map != nil)
        if let map { digest.add(map) }
        for stop in itinerary.stops {
            let destination = trips[stop.destinationIndex].destination
            digest.add(destination.subtitle)
            digest.add(destination.pointsOfInterest.count)
            for poi in destination.pointsOfInterest {
                digest.add(poi.title)
                digest.add(poi.subtitle)
                digest.add(poi.category)
                digest.add(poi.coordinate)
                digest.add(poi.url)
            }
        }
        return digest.hex
    }

    private func tagKey(_ tag: SiteTag, map: FittedMap, trips: [Trip], basemapFingerprint: String?) -> String {
        var digest = siteDigest("tag")
        // The tag's map.svg embeds the offline basemap's tiles.
        digest.add(basemapFingerprint)
        digest.add(tag.name)
        digest.add(tag.slug)
        digest.add(map)
        digest.add(tag.destinationIndices.count)
        for index in tag.destinationIndices {
            digest.addListing(trips[index].destination)
            digest.add(trips[index].destinationCoordinate)
        }
        return digest.hex
    }

    private func tagIndexKey(_ tags: [SiteTag], trips: [Trip]) -> String {
        var digest = siteDigest("tags")
        digest.add(tags.count)
        for tag in tags {
            digest.add(tag.name)
            digest.add(tag.slug)
            digest.add(tag.destinationIndices.count)
            for index in tag.destinationIndices { digest.addListing(trips[index].destination) }
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
