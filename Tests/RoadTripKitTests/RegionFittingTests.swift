import Foundation
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

/// `RegionFitting.region(fitting:...)`. The main check is the defining property, measured through
/// `MapView` (the independent Web Mercator projection): every coordinate lies at least `padding`
/// px inside every viewport edge, one lies at `padding` px (±0.5) from an edge, and the zoom never
/// exceeds `maximumZoom`.
@Suite struct RegionFittingTests {
    struct FitCase: Sendable, CustomTestStringConvertible {
        let name: String
        let coordinates: [Coordinate]
        let width: Double
        let height: Double
        let padding: Double
        var maximumZoom = 19.0
        var testDescription: String { name }
    }

    /// Fits `fit`, shows it in a `MapView`, and returns the view and the smallest distance (px)
    /// from any coordinate to any viewport edge.
    func fitted(_ fit: FitCase) -> (region: CoordinateRegion, view: MapView, margin: Double) {
        let region = RegionFitting.region(
            fitting: fit.coordinates, viewportWidth: fit.width, viewportHeight: fit.height,
            padding: fit.padding, defaultSpan: .defaultSpan, maximumZoom: fit.maximumZoom)
        let view = MapView(region: region, width: fit.width, height: fit.height, maximumZoom: .infinity)
        let margin = fit.coordinates.map { coordinate -> Double in
            let point = view.point(for: coordinate)
            return min(point.x, fit.width - point.x, point.y, fit.height - point.y)
        }.min() ?? .infinity
        return (region, view, margin)
    }

    func expectTightFit(_ fit: FitCase, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let (region, view, margin) = fitted(fit)
        #expect(view.zoom <= fit.maximumZoom + 1e-9, sourceLocation: sourceLocation)
        #expect(margin >= fit.padding - 0.5, "margin \(margin)", sourceLocation: sourceLocation)
        #expect(margin <= fit.padding + 0.5, "margin \(margin)", sourceLocation: sourceLocation)
        #expect((-180.0...180.0).contains(region.center.longitude), sourceLocation: sourceLocation)
        #expect(region.span.latitudeDelta <= 180 && region.span.longitudeDelta <= 360, sourceLocation: sourceLocation)
    }

    static let newYork = Coordinate(latitude: 40.712756, longitude: -74.006047)
    static let sanFrancisco = Coordinate(latitude: 37.7749, longitude: -122.4194)

    static let cases: [FitCase] = [
        FitCase(name: "NYC–SF", coordinates: [newYork, sanFrancisco], width: 800, height: 600, padding: 40),
        FitCase(name: "NYC–SF tall", coordinates: [newYork, sanFrancisco], width: 300, height: 900, padding: 24),
        FitCase(
            name: "Taveuni across 180°",
            coordinates: [
                Coordinate(latitude: -16.8, longitude: 179.97), Coordinate(latitude: -16.8, longitude: -179.97),
                Coordinate(latitude: -16.75, longitude: 179.99),
            ],
            width: 640, height: 480, padding: 20),
        FitCase(
            name: "Fiji–Samoa across 180°",
            coordinates: [
                Coordinate(latitude: -18.1416, longitude: 178.4419), Coordinate(latitude: -16.8, longitude: -179.97),
                Coordinate(latitude: -13.8333, longitude: -171.7667),
            ],
            width: 1024, height: 768, padding: 32),
        FitCase(
            name: "near 80° N",
            coordinates: [
                Coordinate(latitude: 80, longitude: 10), Coordinate(latitude: 79.5, longitude: 20),
                Coordinate(latitude: 78, longitude: 15),
            ],
            width: 1024, height: 768, padding: 32),
        FitCase(
            name: "near 80° S",
            coordinates: [
                Coordinate(latitude: -80, longitude: -60), Coordinate(latitude: -79, longitude: -50),
                Coordinate(latitude: -81, longitude: -70),
            ],
            width: 500, height: 500, padding: 10),
        FitCase(
            name: "80° N to 80° S",
            coordinates: [Coordinate(latitude: 80, longitude: 0), Coordinate(latitude: -80, longitude: 10)],
            width: 400, height: 800, padding: 16),
        FitCase(
            name: "beyond the Web Mercator limit",
            coordinates: [Coordinate(latitude: 88, longitude: 0), Coordinate(latitude: 70, longitude: 10)],
            width: 600, height: 600, padding: 20),
        FitCase(
            name: "along a meridian",
            coordinates: [Coordinate(latitude: 45, longitude: 7), Coordinate(latitude: 46, longitude: 7)],
            width: 1000, height: 300, padding: 12),
        FitCase(
            name: "along a parallel",
            coordinates: [Coordinate(latitude: 45, longitude: 7), Coordinate(latitude: 45, longitude: 8)],
            width: 300, height: 1000, padding: 12),
        FitCase(
            name: "three points 120° apart",
            coordinates: [
                Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 10, longitude: 120),
                Coordinate(latitude: -10, longitude: -120),
            ],
            width: 1600, height: 900, padding: 40),
        FitCase(name: "no padding", coordinates: [newYork, sanFrancisco], width: 512, height: 512, padding: 0),
    ]

    @Test(arguments: cases) func fitsTightly(_ fit: FitCase) {
        expectTightFit(fit)
    }

    /// 60 pseudo-random sets (a fixed linear congruential generator, so runs repeat): 2–10 points
    /// within a 120° × 140° box placed anywhere in longitude (often across 180°), viewports of
    /// 200–1400 px, padding 0–60 px.
    @Test func fitsRandomSetsTightly() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func random() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        for index in 0..<60 {
            let west = -180 + 360 * random()
            let count = 2 + Int(random() * 9)
            let coordinates = (0..<count).map { _ in
                Coordinate(
                    latitude: -70 + 140 * random(), longitude: Longitude.wrapped(west + 120 * random()))
            }
            let fit = FitCase(
                name: "random \(index)", coordinates: coordinates, width: 200 + 1200 * random(),
                height: 200 + 1200 * random(), padding: 60 * random())
            expectTightFit(fit)
        }
    }

    /// NYC–SF in 800 × 600 with 40 px padding, by hand (Python, math module): the longitude extent
    /// 48.413353° is 34.42727324444444 px at zoom 0 and the Mercator y extent 2.6982341678895096 px,
    /// so the width binds: z = log2(720 / 34.42727324444444) = 4.386373082297531. The center is
    /// (−74.006047 − 122.4194)/2 = −98.2127235° and the Mercator midpoint latitude 39.259215206363°;
    /// the span shown is 800 / (256 · 2^z) · 360 = 53.79261444444444° wide.
    @Test func newYorkSanFranciscoByHand() {
        let region = RegionFitting.region(
            fitting: [Self.newYork, Self.sanFrancisco], viewportWidth: 800, viewportHeight: 600,
            padding: 40, defaultSpan: .defaultSpan, maximumZoom: 19)
        #expect(abs(region.center.longitude - -98.2127235) <= 1e-9)
        #expect(abs(region.center.latitude - 39.259215206363) <= 1e-9)
        #expect(abs(region.span.longitudeDelta - 53.79261444444444) <= 1e-9)
        let view = MapView(region: region, width: 800, height: 600)
        #expect(abs(view.zoom - 4.386373082297531) <= 1e-9)
        #expect(abs(view.point(for: Self.sanFrancisco).x - 40) <= 1e-6)
        #expect(abs(view.point(for: Self.newYork).x - 760) <= 1e-6)
    }

    /// Taveuni across 180°: the region is 0.06° wide around 180° (not 359.94° around 0°).
    @Test func takesTheShortWayAcrossTheAntimeridian() {
        let region = RegionFitting.region(
            fitting: [Coordinate(latitude: -16.8, longitude: 179.97), Coordinate(latitude: -16.8, longitude: -179.97)],
            viewportWidth: 640, viewportHeight: 480, padding: 20, defaultSpan: .defaultSpan, maximumZoom: 19)
        #expect(abs(abs(region.center.longitude) - 180) <= 1e-9)
        // 640 px shows 0.06° · 640 / 600 = 0.064° when the 0.06° extent fills 600 px.
        #expect(abs(region.span.longitudeDelta - 0.064) <= 1e-9)
    }

    @Test func longitudeExtentIsTheComplementOfTheLargestGap() {
        let acrossAntimeridian = RegionFitting.longitudeExtent([170, -170, 175])
        #expect(acrossAntimeridian.west == 170 && acrossAntimeridian.east == 190)
        let plain = RegionFitting.longitudeExtent([10, -10, 3])
        #expect(plain.west == -10 && plain.east == 10)
        // Equal gaps of 120°: the arc not crossing ±180° wins.
        let tie = RegionFitting.longitudeExtent([0, 120, -120])
        #expect(tie.west == -120 && tie.east == 120)
    }

    /// Two points 1 m apart (placed with the geodesic) would need zoom ≈ 27: the region is the
    /// one shown at exactly maximumZoom, centred between them.
    @Test(arguments: [17.0, 19.0])
    func closePointsStopAtMaximumZoom(maximumZoom: Double) {
        let a = Coordinate(latitude: 51.5, longitude: -0.12)
        let b = Geodesic.direct(from: a, azimuth: 60, distance: 1)
        let region = RegionFitting.region(
            fitting: [a, b], viewportWidth: 640, viewportHeight: 480, padding: 30,
            defaultSpan: .defaultSpan, maximumZoom: maximumZoom)
        let view = MapView(region: region, width: 640, height: 480, maximumZoom: .infinity)
        #expect(abs(view.zoom - maximumZoom) <= 1e-9)
        let (pointA, pointB) = (view.point(for: a), view.point(for: b))
        #expect(abs((pointA.x + pointB.x) / 2 - 320) <= 1e-6)
        #expect(abs((pointA.y + pointB.y) / 2 - 240) <= 1e-6)
    }

    /// A single coordinate, or several identical ones, gets the default span around it.
    @Test(arguments: [1, 3])
    func singleCoordinateGetsDefaultSpan(copies: Int) {
        let point = Coordinate(latitude: -33.8688, longitude: 151.2093)
        let span = CoordinateSpan(latitudeDelta: 0.2, longitudeDelta: 0.3)
        let region = RegionFitting.region(
            fitting: Array(repeating: point, count: copies), viewportWidth: 640, viewportHeight: 480,
            padding: 20, defaultSpan: span, maximumZoom: 19)
        #expect(region == CoordinateRegion(center: point, span: span))
    }

    /// A default span smaller than maxZoom allows (1e-5° would be zoom ≈ 25 in 640 px) is
    /// widened to what the viewport shows at maximumZoom.
    @Test func singleCoordinateRespectsMaximumZoom() {
        let point = Coordinate(latitude: 48.8584, longitude: 2.2945)
        let region = RegionFitting.region(
            fitting: [point], viewportWidth: 640, viewportHeight: 480, padding: 20,
            defaultSpan: CoordinateSpan(latitudeDelta: 1e-5, longitudeDelta: 1e-5), maximumZoom: 18)
        let view = MapView(region: region, width: 640, height: 480, maximumZoom: .infinity)
        #expect(abs(view.zoom - 18) <= 1e-9)
        #expect(abs(region.center.latitude - point.latitude) <= 1e-9)
        #expect(abs(region.center.longitude - point.longitude) <= 1e-12)
    }

    @Test func noCoordinatesGivesTheWholeWorld() {
        let region = RegionFitting.region(
            fitting: [], viewportWidth: 640, viewportHeight: 480, padding: 20,
            defaultSpan: .defaultSpan, maximumZoom: 19)
        #expect(region.span == CoordinateSpan(latitudeDelta: 180, longitudeDelta: 360))
        #expect(region.center == Coordinate(latitude: 0, longitude: 0))
    }

    /// Invalid coordinates are ignored: with one valid point left, it gets the default span.
    @Test func invalidCoordinatesAreIgnored() {
        let point = Coordinate(latitude: 10, longitude: 20)
        let region = RegionFitting.region(
            fitting: [point, Coordinate(latitude: .nan, longitude: 0), Coordinate(latitude: 95, longitude: 0)],
            viewportWidth: 640, viewportHeight: 480, padding: 20, defaultSpan: .defaultSpan, maximumZoom: 19)
        #expect(region == CoordinateRegion(center: point, span: .defaultSpan))
    }

    /// Padding larger than half the viewport is reduced so 1 px remains in the smaller dimension:
    /// (100 − 1) / 2 = 49.5 px, so the two points on the equator sit 49.5 px from the left and
    /// right edges of the 200 px width.
    @Test func oversizedPaddingIsReduced() {
        let region = RegionFitting.region(
            fitting: [Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 1)],
            viewportWidth: 200, viewportHeight: 100, padding: 500, defaultSpan: .defaultSpan, maximumZoom: 19)
        let view = MapView(region: region, width: 200, height: 100, maximumZoom: .infinity)
        #expect(abs(view.point(for: Coordinate(latitude: 0, longitude: 0)).x - 49.5) <= 1e-6)
        #expect(abs(view.point(for: Coordinate(latitude: 0, longitude: 1)).x - 150.5) <= 1e-6)
    }
}
