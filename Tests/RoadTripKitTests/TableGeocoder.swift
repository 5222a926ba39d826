import RoadTripCore
import RoadTripGeo

/// A geocoder of a few places given by the test, so that loaders and build steps that place
/// things run without Debian's GeoNames data: `reverse` is the nearest place by geodesic distance
/// (libproj), `forward` the places whose locality is the query exactly, most populous first.
struct TableGeocoder: Geocoder {
    let places: [Placemark]

    func reverse(_ coordinate: Coordinate) -> Placemark? {
        let nearest = places.map { ($0, Geodesic.inverse(from: coordinate, to: $0.coordinate).distance) }.min { $0.1 < $1.1 }
        return nearest.map { place, distance in
            var found = place
            found.distance = distance
            found.queriedCoordinate = coordinate
            return found
        }
    }

    func forward(_ query: String) -> ForwardResult {
        let matches = places.filter { $0.locality == query }.sorted { $0.population > $1.population }
        return ForwardResult(query: query, placemark: matches.first, alternatives: Array(matches.dropFirst()))
    }

    /// A town that exists nowhere else: Testville, 12 km north of 0°, 0° in the Gulf of Guinea.
    static let testville = TableGeocoder(places: [
        Placemark(
            locality: "Testville", state: "Test State", country: "Testland", countryCode: "TL", timeZone: "UTC",
            coordinate: Coordinate(latitude: 0.1, longitude: 0), population: 20_000)
    ])
}
