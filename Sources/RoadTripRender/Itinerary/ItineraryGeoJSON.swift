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
    /// longitude (west > east across 180°), and all longitudes up to a pole a leg passes over
    /// (RFC 7946 §5.3); it is left out with no stop.
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
            var (west, east) = LongitudeRange.shortestCovering(covered.map(\.longitude))
            var south = covered.map(\.latitude).min()!, north = covered.map(\.latitude).max()!
            // A leg over a pole covers every longitude there (RFC 7946 §5.3).
            for pole in Self.polesCrossed(by: itinerary.legs.map(\.path)) {
                (west, east) = (-180, 180)
                if pole > 0 { north = 90 } else { south = -90 }
            }
            members.append(("bbox", .array([west, south, east, north].map(decimal))))
        }
        members.append(("features", .array(features)))
        return JSONValue.object(members).text
    }

    /// The poles (+1 north, −1 south) that `paths` pass over: a path with a point at a pole, or
    /// two consecutive points more than 90° of longitude apart the short way round — a geodesic
    /// through points 20 km apart turns that fast only within 20 km of a pole.
    static func polesCrossed(by paths: [[Coordinate]]) -> Set<Int> {
        var poles: Set<Int> = []
        for path in paths {
            for (index, point) in path.enumerated() {
                if abs(point.latitude) >= 90 - 1e-9 { poles.insert(point.latitude > 0 ? 1 : -1) }
                guard index > 0 else { continue }
                let previous = path[index - 1]
                var step = abs(point.longitude - previous.longitude).truncatingRemainder(dividingBy: 360)
                if step > 180 { step = 360 - step }
                if step > 90 { poles.insert(point.latitude + previous.latitude > 0 ? 1 : -1) }
            }
        }
        return poles
    }
}
