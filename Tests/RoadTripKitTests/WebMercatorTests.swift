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

/// Web Mercator on 256-px tiles. Expected values are hand calculations with the OSM wiki
/// "Slippy map tilenames" formulas, x = (λ + 180)/360 · 256·2^z and
/// y = (1 − ln(tan φ + sec φ)/π)/2 · 256·2^z, and tile numbers from `mercantile.tile` (Python).
@Suite struct WebMercatorTests {
    /// (0°, 0°) is the middle of the 256-px zoom-0 world: (128, 128).
    @Test func originIsWorldCenter() {
        #expect(WebMercator.x(longitude: 0, zoom: 0) == 128)
        #expect(abs(WebMercator.y(latitude: 0, zoom: 0) - 128) <= 1e-12)
    }

    /// ±180° are the world's left and right edges: 0 and 256·2^z (512 at zoom 1).
    @Test func antimeridianIsWorldEdge() {
        #expect(WebMercator.x(longitude: -180, zoom: 0) == 0)
        #expect(WebMercator.x(longitude: 180, zoom: 0) == 256)
        #expect(WebMercator.x(longitude: 180, zoom: 1) == 512)
    }

    /// atan(sinh π) = 85.0511287798066° is the top edge (y 0) and its negative the bottom
    /// (y 256); latitudes beyond it are clamped there.
    @Test func latitudeLimitIsWorldEdge() {
        #expect(abs(WebMercator.y(latitude: 85.0511287798066, zoom: 0)) <= 1e-9)
        #expect(abs(WebMercator.y(latitude: -85.0511287798066, zoom: 0) - 256) <= 1e-9)
        #expect(abs(WebMercator.y(latitude: 90, zoom: 0)) <= 1e-9)
        #expect(abs(WebMercator.latitude(y: 0, zoom: 0) - 85.0511287798066) <= 1e-12)
    }

    /// 45° N: ln(tan 45° + sec 45°) = ln(1 + √2) = 0.881373587019543, so
    /// y = (1 − 0.881373587019543/π)/2 · 256 = 92.08960945029247.
    @Test func latitude45() {
        #expect(abs(WebMercator.y(latitude: 45, zoom: 0) - 92.08960945029247) <= 1e-9)
        #expect(abs(WebMercator.latitude(y: 92.08960945029247, zoom: 0) - 45) <= 1e-12)
    }

    /// Empire State Building (40.7484, −73.9857) at zoom 10 lies in OSM tile x 301, y 384
    /// (mercantile.tile(-73.9857, 40.7484, 10) = Tile(x=301, y=384, z=10)); the slippy-map formula
    /// gives the fractional tile (301.55178666666666, 384.87070835545876), i.e. world pixels
    /// (77197.25738666666, 98526.90133899744).
    @Test func empireStateTile() {
        let x = WebMercator.x(longitude: -73.9857, zoom: 10)
        let y = WebMercator.y(latitude: 40.7484, zoom: 10)
        #expect(Int(floor(x / 256)) == 301)
        #expect(Int(floor(y / 256)) == 384)
        #expect(abs(x - 77_197.25738666666) <= 1e-6)
        #expect(abs(y - 98_526.90133899744) <= 1e-6)
    }

    /// Eiffel Tower (48.8584, 2.2945) at zoom 15: tile x 16592, y 11272
    /// (mercantile.tile(2.2945, 48.8584, 15) = Tile(x=16592, y=11272, z=15)).
    @Test func eiffelTowerTile() {
        #expect(Int(floor(WebMercator.x(longitude: 2.2945, zoom: 15) / 256)) == 16592)
        #expect(Int(floor(WebMercator.y(latitude: 48.8584, zoom: 15) / 256)) == 11272)
    }

    /// Inverse functions undo the forward ones.
    @Test(arguments: [(-33.8688, 151.2093), (64.1466, -21.9426), (-16.8, -179.97)])
    func roundTrip(latitude: Double, longitude: Double) {
        let zoom = 7.25
        let x = WebMercator.x(longitude: longitude, zoom: zoom)
        let y = WebMercator.y(latitude: latitude, zoom: zoom)
        #expect(abs(WebMercator.longitude(x: x, zoom: zoom) - longitude) <= 1e-9)
        #expect(abs(WebMercator.latitude(y: y, zoom: zoom) - latitude) <= 1e-9)
    }
}
