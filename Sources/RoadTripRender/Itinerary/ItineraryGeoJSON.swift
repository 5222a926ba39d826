import RoadTripCore
import RoadTripFormats
import RoadTripGeo
import RoadTripCompute

extension GeoJSON {
    /// An itinerary as a `FeatureCollection` (`itinerary.geojson`, RFC 7946): one `Point` Feature
    /// per stop, in travel order, then one Feature per leg whose geometry follows the geodesic
    /// (`ItineraryLeg.path`: points at most 20 km apart, 33 at most): a `LineString`, or a `MultiLineString`
    /// cut at the antimeridian (§3.1.9).
    ///
    /// Stop properties: `title`, `description` (`ItineraryText.stopLine`), `marker-color` (the
    /// destination red), `marker-symbol` (the stop's number), `kind` `"stop"`, `number`, `slug`,
    /// `url` (`pageURL`), and where known `arrival`, `departure` (as written, `YYYY-MM-DD` or with a
    /// time), `nights`. Leg properties: `title` ("Bergen → Ålesund"), `kind` `"leg"`, `from` and
    /// `to` (stop numbers), `distance` (metres, geodesic, 0.1 m) and `initialBearing` (degrees
    /// clockwise from north), `stroke`, and for a recorded leg `drivenDistance` (metres) and
    /// `drivingTime` (seconds). `bbox` covers the stops and the legs' paths, the short way round in
    /// longitude (west > east across 180°); it is left out with no stop.
    public static func itinerary(_ itinerary: Itinerary, pageURL: (ItineraryStop) -> String) -> String {
        var features: [JSONValue] = []
        var covered: [Coordinate] = []
        for (index, stop) in itinerary.stops.enumerated() where stop.coordinate.isValid {
            covered.append(stop.coordinate)
            var properties: [(String, JSONValue)] = [
                ("title", .string(stop.title)),
                ("description", .string(ItineraryText.stopLine(itinerary, stopAt: index))),
                ("marker-color", .string(Annotation.pinColor(of: .destination))),
                ("marker-symbol", .string(String(stop.number))),
                ("kind", .string("stop")),
                ("number", .number(Double(stop.number))),
                ("slug", .string(stop.slug)),
                ("url", .string(pageURL(stop))),
            ]
            if let arrival = stop.arrival { properties.append(("arrival", .string(ItineraryText.text(of: arrival)))) }
            if let departure = stop.departure { properties.append(("departure", .string(ItineraryText.text(of: departure)))) }
            if let nights = stop.nights { properties.append(("nights", .number(Double(nights)))) }
            features.append(.object([
                ("type", .string("Feature")),
                ("id", .string("stop-\(stop.number)")),
                ("geometry", .object([("type", .string("Point")), ("coordinates", position(stop.coordinate))])),
                ("properties", .object(properties)),
            ]))
        }
        for leg in itinerary.legs {
            let path = leg.path.filter(\.isValid)
            guard let geometry = lineGeometry(path) else { continue }
            covered += path
            let from = itinerary.stops[leg.from], to = itinerary.stops[leg.to]
            var properties: [(String, JSONValue)] = [
                ("title", .string(from.title + " → " + to.title)),
                ("kind", .string("leg")),
                ("from", .number(Double(from.number))),
                ("to", .number(Double(to.number))),
                ("distance", .decimal(leg.distance, maximumFractionDigits: 1)),
                ("initialBearing", decimal(leg.initialBearing)),
                ("stroke", .string(SVGMap.routeStroke)),
            ]
            if let recorded = leg.recorded {
                properties.append(("drivenDistance", .decimal(recorded.distance, maximumFractionDigits: 1)))
                properties.append(("drivingTime", .decimal(recorded.drivingTime, maximumFractionDigits: 1)))
            }
            features.append(.object([
                ("type", .string("Feature")),
                ("id", .string("leg-\(from.number)")),
                ("geometry", geometry),
                ("properties", .object(properties)),
            ]))
        }
        var members: [(String, JSONValue)] = [("type", .string("FeatureCollection"))]
        if !covered.isEmpty {
            let (west, east) = LongitudeRange.shortestCovering(covered.map(\.longitude))
            let latitudes = covered.map(\.latitude)
            members.append(("bbox", .array([west, latitudes.min()!, east, latitudes.max()!].map(decimal))))
        }
        members.append(("features", .array(features)))
        return JSONValue.object(members).text
    }
}
