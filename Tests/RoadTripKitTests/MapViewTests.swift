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

@Suite struct MapViewGeometryTests {
    /// A 10° × 1° region at (0, 0) in 256 × 256 px is bound by its width: half of it is
    /// 5/360 · 256 = 3.5556 px at zoom 0, so 2^z = 128 / 3.5556 = 36 and z = log2 36 =
    /// 5.169925001442312; the displayed longitudeDelta is then 256 / (256 · 36) · 360 = 10°.
    @Test func widthBoundZoomByHand() {
        let view = MapView(
            region: CoordinateRegion(
                center: Coordinate(latitude: 0, longitude: 0),
                span: CoordinateSpan(latitudeDelta: 1, longitudeDelta: 10)),
            width: 256, height: 256)
        #expect(abs(view.zoom - 5.169925001442312) <= 1e-12)
        #expect(abs(view.displayedSpan.longitudeDelta - 10) <= 1e-9)
        #expect(abs(view.point(for: Coordinate(latitude: 0, longitude: 5)).x - 256) <= 1e-9)
        #expect(abs(view.point(for: Coordinate(latitude: 0, longitude: 0)).y - 128) <= 1e-9)
    }

    /// DESIGN §4.1: doubling the span zooms out by exactly one level.
    @Test func doublingSpanZoomsOutOneLevel() {
        let center = Coordinate(latitude: 47.6, longitude: -122.3)
        let near = MapView(
            region: CoordinateRegion(center: center, span: CoordinateSpan(latitudeDelta: 0.02, longitudeDelta: 0.4)),
            width: 640, height: 480)
        let far = MapView(
            region: CoordinateRegion(center: center, span: CoordinateSpan(latitudeDelta: 0.04, longitudeDelta: 0.8)),
            width: 640, height: 480)
        #expect(abs(near.zoom - far.zoom - 1) <= 1e-9)
    }

    /// Zoom limits: a 1e-6° span would need zoom > 19 and is held at 19; the whole world fits
    /// 1024 px at zoom 2 (1024 = 256 · 2²) and is held at minimumZoom 3 when asked.
    @Test func zoomIsClamped() {
        let tiny = MapView(
            region: CoordinateRegion(
                center: Coordinate(latitude: 10, longitude: 10),
                span: CoordinateSpan(latitudeDelta: 1e-6, longitudeDelta: 1e-6)),
            width: 640, height: 480)
        #expect(tiny.zoom == 19)
        let world = MapView(
            region: CoordinateRegion(
                center: Coordinate(latitude: 0, longitude: 0),
                span: CoordinateSpan(latitudeDelta: 180, longitudeDelta: 360)),
            width: 1024, height: 1024, minimumZoom: 3)
        #expect(world.zoom == 3)
    }

    /// A region centred on the antimeridian draws both sides as one piece: 179.97° and −179.97°
    /// are 0.03° west and east of 180°.
    @Test func pointsAcrossTheAntimeridian() {
        let view = MapView(
            region: CoordinateRegion(
                center: Coordinate(latitude: -16.8, longitude: 180),
                span: CoordinateSpan(latitudeDelta: 0.1, longitudeDelta: 0.1)),
            width: 400, height: 400)
        let west = view.point(for: Coordinate(latitude: -16.8, longitude: 179.97))
        let east = view.point(for: Coordinate(latitude: -16.8, longitude: -179.97))
        let pixelsPerDegree = WebMercator.worldSize(zoom: view.zoom) / 360
        #expect(abs(west.x - (200 - 0.03 * pixelsPerDegree)) <= 1e-6)
        #expect(abs(east.x - (200 + 0.03 * pixelsPerDegree)) <= 1e-6)
        let back = view.coordinate(atX: east.x, y: east.y)
        #expect(abs(back.longitude - -179.97) <= 1e-9)
        #expect(abs(back.latitude - -16.8) <= 1e-9)
    }

    /// A non-finite longitude used to spin forever in `while` loops (∞ − 360 = ∞); it now gives
    /// NaN at once.
    @Test func infiniteLongitudeDoesNotHang() {
        let view = MapView(
            region: CoordinateRegion(center: Coordinate(latitude: 0, longitude: 0), span: .defaultSpan),
            width: 100, height: 100)
        #expect(view.point(for: Coordinate(latitude: 0, longitude: .infinity)).x.isNaN)
        #expect(view.coordinate(atX: .infinity, y: 50).longitude.isNaN)
    }
}
