import Foundation
import RoadTripCore
import RoadTripCompute

/// `book/index.html` (layout `book`): the whole site as one document for printing or "Save as
/// PDF" — a cover with the overview map, then one destination a page with its map, its place on
/// the itinerary and its points of interest (the print stylesheet breaks the pages). The maps are
/// the sites' own `map.svg` files as images, so the page stays small whatever the site's size.
package enum TripBook {
    /// The page's folder below the site root.
    static let folder = "book/"
    /// The theme layout. A theme without it (a project's own theme made before the book) gets no book.
    package static let layout = "book"
}

/// The book's template values (`book` key): `title`, `overviewMap` (the overview's `map.svg`),
/// `destinationCountText`, `destinations` (each `title`, `subtitle`, `url`, `map`, `mapAlt`,
/// `itinerary` — the destination page's `itinerary` value — `hasPointsOfInterest`,
/// `pointsOfInterest` (`title`, `subtitle`)).
struct TripBookContext: Sendable {
    struct Entry: Sendable {
        var title: String
        var subtitle: String?
        var url: String
        var map: String
        var itinerary: TemplateValue
        var pointsOfInterest: [(title: String, subtitle: String?)]
    }

    var page: PageContext
    var overviewMap: String
    var destinationCountText: String
    var entries: [Entry]
}

extension TripBookContext: TemplateContext {
    var templateValue: TemplateValue {
        var members = page.members
        members["book"] = .object([
            "overviewMap": .string(overviewMap), "destinationCountText": .string(destinationCountText),
            "destinations": .list(entries.map { entry in
                .object([
                    "title": .string(entry.title), "subtitle": entry.subtitle.map { .string($0) } ?? .null,
                    "url": .string(entry.url), "map": .string(entry.map), "mapAlt": .string("Map of \(entry.title)"),
                    "itinerary": entry.itinerary,
                    "hasPointsOfInterest": .bool(!entry.pointsOfInterest.isEmpty),
                    "pointsOfInterest": .list(entry.pointsOfInterest.map { poi in
                        .object(["title": .string(poi.title), "subtitle": poi.subtitle.map { .string($0) } ?? .null])
                    }),
                ])
            }),
        ])
        return .object(members)
    }
}

extension PageRenderer {
    /// Whether the theme makes the trip book.
    var makesTripBook: Bool { theme.templates.contains(TripBook.layout) }

    /// `book/index.html` (`TripBook`), or nothing without the layout. `itineraryLines` are the
    /// destinations' places on their itineraries, in the order of `trips`.
    func tripBookFiles(trips: [Trip], itineraryLines: [ItineraryStopLine?]) throws(TemplateError) -> [OutputFile] {
        guard makesTripBook else { return [] }
        let depth = 1
        let context = TripBookContext(
            page: pageContext(depth: depth, canonicalPath: TripBook.folder),
            overviewMap: links.link(to: "map.svg", fromDepth: depth),
            destinationCountText: CountText.counted(trips.count, .destination),
            entries: trips.enumerated().map { index, trip in
                let destination = trip.destination
                return TripBookContext.Entry(
                    title: destination.title, subtitle: nonEmpty(destination.subtitle),
                    url: links.link(to: destination.slug + "/", fromDepth: depth),
                    map: links.link(to: destination.slug + "/map.svg", fromDepth: depth),
                    itinerary: index < itineraryLines.count
                        ? itineraryLines[index].map { $0.templateValue(links: links, depth: depth) } ?? .null : .null,
                    pointsOfInterest: destination.pointsOfInterest.map { ($0.title, nonEmpty($0.subtitle)) })
            })
        return [OutputFile(path: TripBook.folder + "index.html", contents: try theme.templates.renderFile(TripBook.layout, context: context.templateValue))]
    }
}
