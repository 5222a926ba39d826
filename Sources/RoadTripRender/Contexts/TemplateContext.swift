import RoadTripCore

/// A typed page context, or a part of one, as the templates see it. Every conversion from the
/// typed contexts to template values is in this file, so the keys a theme may use are listed in
/// one place (the README's "Themes" section lists them too: keep both in step).
protocol TemplateContext {
    /// The value the templates see.
    var templateValue: TemplateValue { get }
}

extension Optional where Wrapped == String {
    /// The text, or `null` (falsy in a section) when absent.
    fileprivate var templateValue: TemplateValue { map { .string($0) } ?? .null }
}

extension Optional where Wrapped: TemplateContext {
    /// The value, or `null` when absent.
    fileprivate var templateValue: TemplateValue { map(\.templateValue) ?? .null }
}

extension PageContext: TemplateContext {
    /// The keys `site`, `links` and `page` of every page.
    var members: TemplateObject {
        [
            "site": .object([
                "title": .string(siteTitle), "language": .string(language),
                "generatorVersion": .string(generatorVersion),
            ]),
            "links": .object([
                "home": .string(links.home), "stylesheet": .string(links.stylesheet),
                "script": .string(links.script), "nearbyScript": links.nearbyScript.templateValue,
                "places": .string(links.places), "siteGeoJSON": .string(links.siteGeoJSON),
                "siteMapSVG": .string(links.siteMapSVG), "feed": .string(links.feed),
                "tags": links.tags.templateValue, "book": links.book.templateValue,
            ]),
            "page": .object([
                "canonicalURL": canonicalURL.templateValue, "openGraphURL": openGraphURL.templateValue, "image": image.templateValue,
            ]),
        ]
    }

    var templateValue: TemplateValue { .object(members) }
}

extension PageImage: TemplateContext {
    var templateValue: TemplateValue {
        .object([
            "url": .string(url), "width": .integer(width), "height": .integer(height),
            "type": .string(type), "alt": .string(alt),
        ])
    }
}

extension MapContext.Tile: TemplateContext {
    var templateValue: TemplateValue {
        .object([
            "left": .string(left), "top": .string(top), "width": .string(width), "height": .string(height),
            "url": .string(url), "offlineBasemap": .bool(isOfflineBasemap),
        ])
    }
}

extension MapContext: TemplateContext {
    var templateValue: TemplateValue {
        .object([
            "svg": .string(svg),
            "configJSON": .string(configJSON),
            "dataRegion": .string(dataRegion),
            "zoom": .string(zoom),
            "caption": .string(caption),
            "listLabel": .string(listLabel),
            "tiles": .list(tiles.map(\.templateValue)),
            "aspectRatio": .string(aspectRatio),
            "annotations": .list(annotations.map { item in
                .object([
                    "id": .string(item.id), "kind": .string(item.kind), "kindLabel": .string(item.kindLabel),
                    "title": .string(item.title), "subtitle": item.subtitle.templateValue,
                    "url": item.url.templateValue, "markerColor": .string(item.markerColor),
                    "marker": .string(item.marker),
                ])
            }),
        ])
    }
}

extension CardMapContext: TemplateContext {
    var templateValue: TemplateValue {
        .object([
            "tiles": .list(tiles.map(\.templateValue)),
            "pins": .list(pins.map { .object(["left": .string($0.left), "top": .string($0.top), "kind": .string($0.kind)]) }),
            "aspectRatio": .string(aspectRatio),
        ])
    }
}

extension ShareActions: TemplateContext {
    /// `{email, links: [{name, url}], webShare: {title, text, url}}` (absent actions `null`), or
    /// `null` when there is no action. Values are plain text; the template escapes them for their
    /// attributes (`{{…}}`).
    public var templateValue: TemplateValue {
        guard !isEmpty else { return .null }
        return .object([
            "email": email.templateValue,
            "links": .list(links.map { .object(["name": .string($0.name), "url": .string($0.url)]) }),
            "webShare": webShare.map { share in
                .object(["title": .string(share.title), "text": .string(share.text), "url": .string(share.url)])
            } ?? .null,
        ])
    }
}

extension DestinationPageContext: TemplateContext {
    var templateValue: TemplateValue {
        var members = page.members
        members["trip"] = .object(["mapTitle": .string(mapTitle)])
        members["share"] = share.templateValue
        members["map"] = map.templateValue
        members["destination"] = destination.templateValue
        return .object(members)
    }
}

extension DestinationContext: TemplateContext {
    var templateValue: TemplateValue {
        .object([
            "slug": .string(slug),
            "title": .string(title),
            "subtitle": subtitle.templateValue,
            "date": date.text.templateValue,
            "dateTime": date.dateTime.templateValue,
            "bodyHTML": .string(bodyHTML),
            "hasEvents": .bool(!events.isEmpty),
            "events": .list(events.map { event in
                .object([
                    "title": .string(event.title), "url": .string(event.url),
                    "date": event.date.text.templateValue, "dateTime": event.date.dateTime.templateValue,
                ])
            }),
            "weatherURL": weatherURL.templateValue,
            "hasTags": .bool(!tags.isEmpty),
            "tags": .list(tags.map { .string($0) }),
            "tagLinks": .list(tagLinks.map { .object(["name": .string($0.name), "url": $0.url.map { .string($0) } ?? .null]) }),
            "image": image.templateValue,
            "params": .object(TemplateObject(params.mapValues { TemplateValue($0) })),
            "placemark": placemark.map(Self.placemarkValue) ?? .null,
            "hasPhotos": .bool(!photos.isEmpty),
            "photos": .list(photos.map { photo in
                .object([
                    "title": .string(photo.title),
                    "alt": .string(photo.alt),
                    "thumbnail": .string(photo.thumbnail),
                    "web": .string(photo.web),
                    "srcset": .string(photo.srcset),
                    "width": .integer(photo.thumbnailSize.width),
                    "height": .integer(photo.thumbnailSize.height),
                    "webWidth": .integer(photo.webSize.width),
                    "webHeight": .integer(photo.webSize.height),
                    "annotationID": photo.annotationID.templateValue,
                    "placedFromTrack": .bool(photo.placedFromTrack),
                    "unplaced": photo.unplaced.templateValue,
                    "time": photo.time.templateValue,
                    "dateTime": photo.dateTime.templateValue,
                    "place": photo.place.templateValue,
                ])
            }),
            "hasContacts": .bool(!contacts.isEmpty),
            "contacts": .list(contacts.map(Self.contactValue)),
            "links": .object(["geojson": .string(geoJSONLink), "mapSVG": .string(mapSVGLink)]),
            "previous": previous.map { .object(["title": .string($0.title), "url": .string($0.url)]) } ?? .null,
            "next": next.map { .object(["title": .string($0.title), "url": .string($0.url)]) } ?? .null,
            "itinerary": itinerary.map { $0.templateValue(links: links, depth: 1) } ?? .null,
            "hasTripLogs": .bool(!tripLogs.isEmpty),
            "tripLogs": .list(tripLogs.map(\.templateValue)),
        ])
    }

    /// `line` ("Near Tromsø, Norway"), and with a gazetteer's placemark its `locality`, `state`,
    /// `country`, `countryCode` and `timeZone`.
    private static func placemarkValue(_ text: PlacemarkText) -> TemplateValue {
        guard let placemark = text.placemark else { return .object(["line": .string(text.line)]) }
        return .object([
            "line": .string(text.line),
            "locality": .string(placemark.locality), "state": .string(placemark.state),
            "country": .string(placemark.country), "countryCode": .string(placemark.countryCode),
            "timeZone": .string(placemark.timeZone),
        ])
    }

    /// `name`, `city`, and only what `contacts.publish` lets through: `emails` (`address`,
    /// `mailto`), `phones`, `addresses`.
    private static func contactValue(_ contact: PublicContact) -> TemplateValue {
        .object([
            "name": .string(contact.name), "city": nonEmpty(contact.city).templateValue,
            "emails": .list(contact.emails.map { .object(["address": .string($0.address), "mailto": .string($0.mailto)]) }),
            "phones": .list(contact.phones.map { .string($0) }),
            "addresses": .list(contact.addresses.map { .string($0) }),
        ])
    }
}

extension TripLogSummary: TemplateContext {
    var templateValue: TemplateValue {
        .object([
            "title": .string(title), "url": .string(url), "fromTo": fromTo.templateValue,
            "distance": .string(distance), "duration": duration.templateValue,
            "averageMovingSpeed": averageMovingSpeed.templateValue,
        ])
    }
}

extension TripLogPageContext: TemplateContext {
    var templateValue: TemplateValue {
        var members = page.members
        members["map"] = map.templateValue
        members["destination"] = .object(["title": .string(destinationTitle), "url": .string(destinationURL)])
        members["share"] = share.templateValue
        members["tripLog"] = .object([
            "title": .string(title),
            "fromTo": fromTo.templateValue,
            "statistics": .list(statistics.map { row in
                .object([
                    "key": .string(row.key), "label": .string(row.label), "value": .string(row.value),
                    "dateTime": nonEmpty(row.dateTime).templateValue,
                ])
            }),
            "reports": .list(reports.map { .string($0) }),
            "charts": .list(charts.map { chart in
                .object(["svg": .string(chart.svg), "caption": .string(chart.caption), "profileJSON": chart.profileJSON.templateValue])
            }),
            "links": .object(["geojson": .string(geoJSONLink), "gpx": .string(gpxLink)]),
        ])
        return .object(members)
    }
}

extension HomePageContext: TemplateContext {
    var templateValue: TemplateValue {
        var members = page.members
        members["map"] = map.templateValue
        members["home"] = .object([
            "destinationCount": .integer(cards.count),
            "hasDestinations": .bool(!cards.isEmpty),
            "destinationCountText": .string(destinationCountText),
            "itinerary": itinerary.templateValue,
            "hasTrips": .bool(!trips.isEmpty),
            "trips": .list(trips.map { trip in
                .object([
                    "title": .string(trip.title), "url": trip.url.templateValue, "summary": .string(trip.summary),
                    "links": trip.links.templateValue,
                ])
            }),
            "destinations": .list(Self.values(of: cards)),
        ])
        return .object(members)
    }

    /// The cards' values, made in chunks of 64 across the cores: a large site's home page has
    /// thousands, each with its map's tiles and pins, and is made after every other page (made
    /// in turn, the 4,000 cards of the benchmark site took ~20 ms of one core while the other waited).
    private static func values(of cards: [Card]) -> [TemplateValue] {
        concurrentMap(cards) { card in
            .object([
                "map": card.map.templateValue,
                "title": .string(card.title),
                "subtitle": card.subtitle.templateValue,
                "url": .string(card.url),
                "poiCount": .integer(card.poiCount),
                "poiCountText": .string(card.poiCountText),
            ])
        }
    }
}

extension ItineraryContext: TemplateContext {
    var templateValue: TemplateValue {
        .object([
            "title": .string(title),
            "summary": .string(summary),
            "hasRecordedLegs": .bool(hasRecordedLegs),
            "stops": .list(stops.map { stop in
                .object([
                    "number": .integer(stop.number), "title": .string(stop.title), "url": .string(stop.url),
                    "days": stop.days.templateValue, "arrival": stop.arrival.text.templateValue,
                    "arrivalDateTime": stop.arrival.dateTime.templateValue, "nights": stop.nights.templateValue,
                    "leg": stop.leg.templateValue, "legDetail": stop.legDetail.templateValue,
                    "driven": stop.driven.templateValue, "country": stop.country.templateValue,
                ])
            }),
            "totals": .list(totals.map { figure in
                .object([
                    "key": .string(figure.key), "label": .string(figure.label), "value": .string(figure.value),
                    "url": figure.url.templateValue,
                ])
            }),
            "links": links.templateValue,
        ])
    }
}

extension ItineraryLinks: TemplateContext {
    var templateValue: TemplateValue {
        .object([
            "calendar": calendar.templateValue, "gpx": .string(gpx), "geojson": .string(geoJSON), "page": page.templateValue,
        ])
    }
}

extension ItineraryStopLine {
    /// `{days, previous: {title, url, distance}, next: {…}, trip: {title, url}, text}` for a page
    /// `depth` folders below the root.
    func templateValue(links: SiteLinks, depth: Int) -> TemplateValue {
        func neighbour(_ stop: Neighbour?) -> TemplateValue {
            stop.map { stop in
                .object([
                    "title": .string(stop.title), "url": .string(links.link(to: stop.slug + "/", fromDepth: depth)),
                    "distance": .string(stop.distance),
                ])
            } ?? .null
        }
        return .object([
            "days": .string(days), "previous": neighbour(previous), "next": neighbour(next), "text": .string(text),
            "trip": .object([
                "title": .string(tripTitle),
                "url": hasTripTable
                    ? .string(links.link(to: ItineraryFiles.folder(of: tripName), fromDepth: depth)
                        + (tripName == nil ? "#itinerary-heading" : ""))
                    : .null,
            ]),
        ])
    }
}

extension ItineraryPageContext: TemplateContext {
    var templateValue: TemplateValue {
        var members = page.members
        members["map"] = map.templateValue
        members["itinerary"] = itinerary.templateValue
        return .object(members)
    }
}
