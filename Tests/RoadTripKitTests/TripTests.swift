import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

@Suite struct TripTests {
    /// The classic app's Trip: the destination is the first annotation, then its POIs in order,
    /// with ids `destination`, `poi-1`, `poi-2` (1-based like the diagnostics' "POI n").
    @Test func annotationsPutTheDestinationFirst() {
        let destination = Destination(
            slug: "new-york-city", title: "New York City", subtitle: "The Big Apple",
            coordinate: Coordinate(latitude: 40.712756, longitude: -74.006047),
            pointsOfInterest: [
                PointOfInterest(title: "Statue of Liberty", subtitle: "Liberty Island",
                                coordinate: Coordinate(latitude: 40.689244, longitude: -74.044514)),
                PointOfInterest(title: "Empire State Building", coordinate: Coordinate(latitude: 40.748441, longitude: -73.985664),
                                color: "#0000ff", url: "https://www.esbnyc.com"),
            ],
            events: [Event(title: "nyc.gov", url: "https://www.nyc.gov/events")],
            weatherURL: "https://forecast.weather.gov/MapClick.php?lat=40.7128&lon=-74.0059",
            sourcePath: "Destinations/Destinations.plist")
        let region = CoordinateRegion(center: destination.coordinate, span: .defaultSpan)
        let trip = Trip(
            destination: destination,
            maps: DestinationMaps(destination: destination, initialRegion: region, recordings: [], config: SiteConfig()))
        #expect(trip.destinationName == "New York City")
        #expect(trip.mapTitle == "New York City")
        #expect(trip.destinationCoordinate == Coordinate(latitude: 40.712756, longitude: -74.006047))
        #expect(trip.initialRegion == region)
        #expect(trip.events.map(\.url) == ["https://www.nyc.gov/events"])
        #expect(trip.weatherURL == "https://forecast.weather.gov/MapClick.php?lat=40.7128&lon=-74.0059")
        let pins = trip.annotations()
        #expect(pins.map(\.id) == ["destination", "poi-1", "poi-2"])
        #expect(pins.map(\.kind) == [.destination, .pointOfInterest, .pointOfInterest])
        #expect(pins.map(\.title) == ["New York City", "Statue of Liberty", "Empire State Building"])
        #expect(pins[1].subtitle == "Liberty Island")
        // MapKit's classic pin colours: red destination, green POI; an explicit colour wins.
        #expect(pins[0].markerColor == "#d32f2f" && pins[1].markerColor == "#2e7d32" && pins[2].markerColor == "#0000ff")
        #expect(pins[2].url == "https://www.esbnyc.com")
    }

    /// The initial region (DESIGN §4.1): the front matter's span around the destination, the site
    /// default without one, and region: fit covering the destination and every POI.
    @Test func initialRegionFollowsTheRequest() {
        var config = SiteConfig()
        config.defaultSpan = CoordinateSpan(latitudeDelta: 0.1, longitudeDelta: 0.2)
        let center = Coordinate(latitude: 60.39299, longitude: 5.32415)
        var destination = Destination(slug: "bergen", title: "Bergen", coordinate: center, sourcePath: "x")
        #expect(InitialRegion.region(for: destination, config: config) == CoordinateRegion(center: center, span: config.defaultSpan))
        let span = CoordinateSpan(latitudeDelta: 0.03, longitudeDelta: 0.04)
        destination.regionRequest = .span(span)
        #expect(InitialRegion.region(for: destination, config: config) == CoordinateRegion(center: center, span: span))
        destination.regionRequest = .fit
        destination.pointsOfInterest = [
            PointOfInterest(title: "Ulriken", coordinate: Coordinate(latitude: 60.37758, longitude: 5.38575)),
            PointOfInterest(title: "Bryggen", coordinate: Coordinate(latitude: 60.39745, longitude: 5.32386)),
        ]
        let fitted = InitialRegion.region(for: destination, config: config)
        // Every pin lies inside the fitted region.
        for coordinate in [center] + destination.pointsOfInterest.map(\.coordinate) {
            #expect(abs(coordinate.latitude - fitted.center.latitude) <= fitted.span.latitudeDelta / 2)
            #expect(abs(coordinate.longitude - fitted.center.longitude) <= fitted.span.longitudeDelta / 2)
        }
    }
}
