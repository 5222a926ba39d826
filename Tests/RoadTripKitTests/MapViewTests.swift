import Testing
@testable import RoadTripKit

@Suite struct MapViewTests {
    /// Reference from the issue: a 0.05° × 0.05° span centred on 40.7484, −73.9857 in a 640 × 480
    /// viewport fits at zoom ≈ 13.320 with a displayed longitudeDelta ≈ 0.0880°.
    @Test func fitsEmpireStateRegionIn640x480() {
        let region = CoordinateRegion(
            center: Coordinate(latitude: 40.7484, longitude: -73.9857),
            span: CoordinateSpan(latitudeDelta: 0.05, longitudeDelta: 0.05))
        let view = MapView(region: region, width: 640, height: 480)
        #expect(abs(view.zoom - 13.320) < 0.0005)
        #expect(abs(view.displayedSpan.longitudeDelta - 0.0880) < 0.00005)
    }
}
