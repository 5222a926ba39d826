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
        String(decoding: itineraryUTF8(itinerary, pageURL: pageURL), as: UTF8.self)
    }

    /// ``itinerary(_:pageURL:)``'s text as UTF-8, for a file written as it is.
    public static func itineraryUTF8(_ itinerary: Itinerary, pageURL: (ItineraryStop) -> String) -> [UInt8] {
        let stops = itinerary.stops.enumerated().filter { $0.element.coordinate.isValid }
        let legs = itinerary.legs.compactMap { leg -> (leg: ItineraryLeg, path: [Coordinate], pieces: [[Coordinate]])? in
            let path = leg.path.filter(\.isValid)
            return linePieces(path).map { (leg, path, $0) }
        }
        let covered = stops.map(\.element.coordinate) + legs.flatMap(\.path)
        var json = JSONWriter(capacity: 64 + 480 * stops.count + legs.reduce(0) { $0 + 48 * $1.path.count })
        json.beginObject()
        json.key("type")
        json.string("FeatureCollection")
        if !covered.isEmpty {
            var (west, east) = LongitudeRange.shortestCovering(covered.map(\.longitude))
            var south = covered.map(\.latitude).min()!, north = covered.map(\.latitude).max()!
            // A leg over a pole covers every longitude there (RFC 7946 §5.3).
            for pole in Self.polesCrossed(by: itinerary.legs.map(\.path)) {
                (west, east) = (-180, 180)
                if pole > 0 { north = 90 } else { south = -90 }
            }
            writeBoundingBox(west: west, south: south, east: east, north: north, to: &json)
        }
        json.key("features")
        json.beginArray()
        for (index, stop) in stops {
            beginPointFeature(id: "stop-\(stop.number)", at: stop.coordinate, to: &json)
            json.key("title"); json.string(stop.title)
            json.key("description"); json.string(ItineraryText.stopLine(itinerary, stopAt: index))
            json.key("marker-color"); json.string(Annotation.pinColor(of: .destination))
            json.key("marker-symbol"); json.string(String(stop.number))
            json.key("kind"); json.string("stop")
            json.key("number"); json.number(Double(stop.number))
            json.key("slug"); json.string(stop.slug)
            json.key("url"); json.string(pageURL(stop))
            if let arrival = stop.arrival { json.key("arrival"); json.string(ItineraryText.text(of: arrival)) }
            if let departure = stop.departure { json.key("departure"); json.string(ItineraryText.text(of: departure)) }
            if let nights = stop.nights { json.key("nights"); json.number(Double(nights)) }
            json.endObject()  // properties
            json.endObject()  // the Feature
        }
        for (leg, _, pieces) in legs {
            let from = itinerary.stops[leg.from], to = itinerary.stops[leg.to]
            json.beginObject()
            json.key("type"); json.string("Feature")
            json.key("id"); json.string("leg-\(from.number)")
            json.key("geometry"); writeLineGeometry(pieces, to: &json)
            json.key("properties")
            json.beginObject()
            json.key("title"); json.string(from.title + " → " + to.title)
            json.key("kind"); json.string("leg")
            json.key("from"); json.number(Double(from.number))
            json.key("to"); json.number(Double(to.number))
            json.key("distance"); json.number(leg.distance, maximumFractionDigits: 1)
            json.key("initialBearing"); json.number(leg.initialBearing, maximumFractionDigits: fractionDigits)
            json.key("stroke"); json.string(SVGMap.routeStroke)
            if let recorded = leg.recorded {
                json.key("drivenDistance"); json.number(recorded.distance, maximumFractionDigits: 1)
                json.key("drivingTime"); json.number(recorded.drivingTime, maximumFractionDigits: 1)
            }
            json.endObject()
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.bytes
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
