import RoadTripCore
import RoadTripCompute

/// What the keys of the site-wide groups (``PageRenderer/siteFileGroups(trips:overview:itineraries:itineraryMaps:tags:tagMaps:itineraryLines:basemapFingerprint:keyParts:)``)
/// read from the trips and itineraries, digested once per build
/// (``PageRenderer/siteKeyParts(trips:overview:itineraries:basemapFingerprint:)``): each key then
/// joins the 64-bit digests of the parts it shows (``ContentDigest/add(hash:)``) instead of
/// reading every field of every trip again.
package struct SiteKeyParts: Sendable {
    /// What one trip contributes, each part the XXH3-64 digest (``ContentDigest/value``) of
    /// exactly the fields its keys read before.
    package struct TripParts: Sendable {
        /// As a list of destinations names it (card, tag lists, book): slug, title, subtitle.
        var listing: UInt64
        /// `destinations.geojson`'s: slug and every field of every map pin (``Trip/annotations()``).
        var pins: UInt64
        /// The feed's: slug, date, title, summary (the first paragraph), coordinate, distinct tags.
        var feed: UInt64
        /// The book's: how many points of interest, and each one's title and subtitle.
        var pointsOfInterestListed: UInt64
        /// The home page card's: the listing, how many points of interest, the pins and the card map.
        var card: UInt64
        /// An itinerary page's, as one of its stops: subtitle and each point of interest's title,
        /// subtitle, category, coordinate and link.
        var stop: UInt64
        /// The overview map's pin of the trip (slug, title, subtitle, coordinate, stop number).
        var overviewPin: UInt64

        init(trip: Trip, overviewPin pin: Annotation) {
            let destination = trip.destination
            let annotations = trip.annotations()
            var listing = ContentDigest("listing")
            listing.addListing(destination)
            self.listing = listing.value

            var pins = ContentDigest("pins")
            pins.add(destination.slug)
            pins.add(annotations)
            self.pins = pins.value

            var feed = ContentDigest("feed")
            feed.add(destination.slug)
            feed.add(destination.date)
            feed.add(destination.title)
            feed.add(PageRenderer.feedSummary(of: destination))
            feed.add(trip.destinationCoordinate)
            let tags = SiteTag.distinctNames(destination.tags)
            feed.add(tags.count)
            for tag in tags { feed.add(tag) }
            self.feed = feed.value

            var listed = ContentDigest("points of interest")
            listed.add(destination.pointsOfInterest.count)
            for poi in destination.pointsOfInterest {
                listed.add(poi.title)
                listed.add(poi.subtitle)
            }
            pointsOfInterestListed = listed.value

            var card = ContentDigest("card")
            card.addListing(destination)
            card.add(destination.pointsOfInterest.count)
            card.add(annotations)
            card.add(trip.maps.card)
            self.card = card.value

            var stop = ContentDigest("stop")
            stop.add(destination.subtitle)
            stop.add(destination.pointsOfInterest.count)
            for poi in destination.pointsOfInterest {
                stop.add(poi.title)
                stop.add(poi.subtitle)
                stop.add(poi.category)
                stop.add(poi.coordinate)
                stop.add(poi.url)
            }
            self.stop = stop.value

            var overviewPin = ContentDigest("overview pin")
            overviewPin.add(pin)
            self.overviewPin = overviewPin.value
        }
    }

    /// Each trip's parts, in the site's order.
    let trips: [TripParts]
    /// Each itinerary's digest: every stored field, its stops, legs and totals.
    let itineraries: [UInt64]
    /// The overview group's key.
    let overviewKey: String
}
