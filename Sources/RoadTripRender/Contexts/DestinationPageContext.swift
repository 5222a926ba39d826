import RoadTripCore
import RoadTripCompute

/// What the theme's `destination` template sees: the common keys, the map, the share actions and
/// the destination with its events, photos, contacts, trip logs and neighbours.
struct DestinationPageContext: Sendable {
    var page: PageContext
    /// The map's title (`trip.mapTitle`): the destination's name.
    var mapTitle: String
    var share: ShareActions
    var map: MapContext
    var destination: DestinationContext
}

/// A date as a page shows it: `text` for readers ("1 June 2026"; an invalid date as written) and
/// `dateTime` for `<time datetime>` when the written date is a valid HTML date.
struct DateText: Sendable {
    var text: String?
    var dateTime: String?

    static let none = DateText()
}

/// The destination itself, as its page shows it.
struct DestinationContext: Sendable {
    /// One event link.
    struct EventLink: Sendable {
        var title: String
        var url: String
        var date: DateText
    }

    /// One published photo as the gallery shows it (``PageRenderer/galleryItems(of:)``).
    struct PhotoItem: Sendable {
        /// The caption, else the file name.
        var title: String
        /// The thumbnail's text alternative: the caption, else "Photo near Bled, Slovenia, 1 June
        /// 2024, 14:30 CEST" (or "Photo 3 of Bled" when neither place nor time is known).
        var alt: String
        /// The copies, relative to the page: `photos/<name>-thumb.jpg` and `photos/<name>.jpg`.
        var thumbnail: String
        var web: String
        /// Both copies with their pixel widths (`PageRenderer.sourceSet`).
        var srcset: String
        /// The copies' sizes in pixels.
        var thumbnailSize: PhotoCopies.PixelSize
        var webSize: PhotoCopies.PixelSize
        /// The id of the photo's pin on the map (`photo-3`), `nil` when it is not on the map.
        var annotationID: String?
        /// Placed on a trip log by its time rather than by its own GPS.
        var placedFromTrack: Bool
        /// Why it is not on the map ("taken 2 h after the trip log ends"), `nil` when it is.
        var unplaced: String?
        /// When it was taken, in the zone of where it was taken ("1 June 2024, 14:30 CEST";
        /// `PlaceAndTime`), and the instant for `<time datetime>`; `nil` without a time.
        var time: String?
        var dateTime: String?
        /// Where it was taken ("Near Bled, Slovenia"), `nil` without a placemark.
        var place: String?
    }

    /// The destination's placemark line ("Near Tromsø, Norway"), with the placemark's parts when it
    /// came from the gazetteer (`nil` when the author's `near:` text replaced it).
    struct PlacemarkText: Sendable {
        var line: String
        var placemark: Placemark?
    }

    /// A neighbouring destination in home-page order, for the pager.
    struct Neighbour: Sendable {
        var title: String
        var url: String
    }

    var slug: String
    var title: String
    var subtitle: String?
    var date: DateText
    var bodyHTML: String
    var events: [EventLink]
    var weatherURL: String?
    var tags: [String]
    /// Each tag with its page (`url` `nil` when the theme makes no tag pages).
    var tagLinks: [TagLink]

    /// A tag and its page.
    struct TagLink: Sendable {
        var name: String
        var url: String?
    }
    var image: String?
    /// The front matter's keys that roadtrip does not interpret, as written.
    var params: [String: MetadataValue]
    var placemark: PlacemarkText?
    var photos: [PhotoItem]
    var contacts: [PublicContact]
    /// Links to the destination's `annotations.geojson` and `map.svg`.
    var geoJSONLink: String
    var mapSVGLink: String
    var previous: Neighbour?
    var next: Neighbour?
    /// Where the destination is on its itinerary, `nil` when it is on none.
    var itinerary: ItineraryStopLine?
    /// The links of the page (for the itinerary line's neighbours).
    var links: SiteLinks
    var tripLogs: [TripLogSummary]
}

/// One trip log's line on its destination's page: title, link and headline figures.
struct TripLogSummary: Sendable {
    var title: String
    var url: String
    var fromTo: String?
    var distance: String
    var duration: String?
    var averageMovingSpeed: String?
}
