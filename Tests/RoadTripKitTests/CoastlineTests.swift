import Foundation
import Testing
@testable import RoadTripCore
@testable import RoadTripGeo

/// GSHHG read and assembled (`GSHHGFile`, `CoastlineAssembly`) against places whose answer is
/// known from any atlas: city centres and inland points (land), open sea, lakes, islands in lakes,
/// fjords, straits, and points near ±180° and the poles. Skipped, saying so, where Debian's
/// gmt-gshhg packages are not installed (`./run` installs them).
@Suite struct CoastlineTests {
    static let folder = URL(fileURLWithPath: "/usr/share/gmt-gshhg")

    /// (name, latitude, longitude, level: 0 sea, 1 land, 2 lake, 3 island in a lake)
    static let places: [(String, Double, Double, Int)] = [
        ("Paris", 48.8566, 2.3522, 1), ("Sahara, Algeria", 23.0, 5.0, 1), ("Moscow", 55.7558, 37.6173, 1),
        ("Denver", 39.7392, -104.9903, 1), ("Greenland ice sheet", 72.0, -40.0, 1), ("Antarctica, interior", -80.0, 0.0, 1),
        ("Iceland, interior", 64.9, -18.5, 1), ("Tokyo, Imperial Palace", 35.6852, 139.7528, 1),
        ("Ellesmere Island", 80.0, -80.0, 1), ("Bergen, Bryggen", 60.3975, 5.3239, 1),
        ("Taveuni, Fiji, west of 180°", -16.85, -179.97, 1), ("Hawaii, Mauna Kea", 19.8207, -155.4681, 1),
        ("Cape Town, Table Mountain", -33.9628, 18.4098, 1), ("Sydney, Parramatta", -33.815, 151.0, 1),
        ("Mid-Atlantic", 40.0, -40.0, 0), ("Central Pacific", 0.0, -150.0, 0), ("Arctic Ocean near the pole", 89.9, 0.0, 0),
        ("Arctic Ocean, 85° N", 85.0, 60.0, 0), ("Mediterranean", 35.0, 18.0, 0), ("Southern Ocean", -60.0, 90.0, 0),
        ("Tokyo Bay", 35.45, 139.8, 0), ("Pacific east of Taveuni, across 180°", -16.85, -179.6, 0),
        ("Pacific west of 180°", -16.85, 179.5, 0), ("North Sea", 56.0, 3.0, 0), ("Bay of Biscay", 45.5, -4.0, 0),
        ("Lake Geneva", 46.45, 6.55, 2), ("Lake Constance", 47.6, 9.4, 2), ("Lake Victoria", -1.0, 33.0, 2),
        ("Lake Titicaca", -15.8, -69.4, 2), ("Lake Superior", 47.7, -87.5, 2), ("Caspian Sea", 42.0, 50.5, 2),
        ("Lake Baikal", 53.5, 108.0, 2), ("Lake Ladoga", 61.0, 31.5, 2),
        ("Ukerewe, island in Lake Victoria", -2.05, 33.0, 3), ("Isle Royale, in Lake Superior", 48.0, -88.9, 3),
        ("Manitoulin Island, in Lake Huron", 45.75, -82.0, 3),
        ("Sognefjord off Leikanger", 61.165, 6.82, 0), ("Oslofjord between Horten and Moss", 59.43, 10.57, 0),
        ("Strait of Gibraltar", 35.96, -5.6, 0), ("Bosporus, north of the bridge", 41.08, 29.06, 0),
    ]

    @Test func placesHaveTheirKnownLevelAtFullResolution() throws {
        guard let file = try? GSHHGFile(folder: Self.folder, kind: .coastlines, resolution: .full) else {
            print("CoastlineTests: skipped: no /usr/share/gmt-gshhg/binned_GSHHS_f.nc (Debian's gmt-gshhg-full; ./run installs it)")
            return
        }
        for (name, latitude, longitude, expected) in Self.places {
            let level = try file.level(at: Coordinate(latitude: latitude, longitude: longitude))
            #expect(level == expected, "\(name) (\(latitude), \(longitude))")
        }
    }

    /// The places a world map of any resolution shows (continents, oceans, the Caspian), at every
    /// resolution installed, crude (20° bins) to full (1°).
    @Test(arguments: GSHHGFile.Resolution.allCases) func worldScalePlacesAtEveryResolution(_ resolution: GSHHGFile.Resolution) throws {
        guard let file = try? GSHHGFile(folder: Self.folder, kind: .coastlines, resolution: resolution) else {
            print("CoastlineTests: skipped \(resolution): no binned_GSHHS_\(resolution.rawValue).nc (Debian's gmt-gshhg packages)")
            return
        }
        let worldScale = ["Sahara, Algeria", "Greenland ice sheet", "Antarctica, interior", "Moscow", "Denver", "Mid-Atlantic",
                          "Central Pacific", "Arctic Ocean near the pole", "Southern Ocean", "Caspian Sea"]
        for (name, latitude, longitude, expected) in Self.places where worldScale.contains(name) {
            #expect(try file.level(at: Coordinate(latitude: latitude, longitude: longitude)) == expected, "\(name) at \(resolution)")
        }
    }

    /// One shore crossing a bin, by hand: it enters through the south side at x = 20000 and leaves
    /// through the east side at y = 30000, land on its left (north-west), so the corners are land
    /// but the south-east one. The dry walk goes on counter-clockwise from where it leaves — up the
    /// east side to the north-east corner, the north-west, the south-west — back to where it
    /// entered: one land ring of 6 points. The wet walk (clockwise, by the south-east corner)
    /// closes a ring of sea, level 0, which is not returned.
    @Test func oneShoreAcrossABin() {
        let shore = GSHHGFile.CoastSegment(
            level: 1, entry: 0, exit: 1,
            points: [.init(x: 20000, y: 0), .init(x: 40000, y: 10000), .init(x: 65535, y: 30000)])
        let rings = CoastlineAssembly.rings(segments: [shore], corners: [1, 0, 1, 1])
        #expect(rings == [CoastlineAssembly.Ring(level: 1, points: [
            .init(x: 20000, y: 0), .init(x: 40000, y: 10000), .init(x: 65535, y: 30000), .init(x: 65535, y: 65535),
            .init(x: 0, y: 65535), .init(x: 0, y: 0),
        ])])
        #expect(CoastlineAssembly.level(at: (60000, 5000), in: rings) == 0)
        #expect(CoastlineAssembly.level(at: (10000, 50000), in: rings) == 1)
        // A lake ring inside the bin (closed, level 2) over the land.
        let lake = GSHHGFile.CoastSegment(
            level: 2, entry: 4, exit: 4,
            points: [.init(x: 5000, y: 40000), .init(x: 5000, y: 60000), .init(x: 15000, y: 60000), .init(x: 5000, y: 40000)])
        let withLake = CoastlineAssembly.rings(segments: [shore, lake], corners: [1, 0, 1, 1])
        #expect(withLake.map(\.level) == [1, 2])
        #expect(CoastlineAssembly.level(at: (7000, 55000), in: withLake) == 2)
    }

    /// A map view's basemap (`Basemap.drawing(for:)`), in its pixels: at the pixel of each place of
    /// a view around it, the innermost ring is land or water as the place is. Views of 800×500 px
    /// at three scales (a city, a region, a continent: full, high or intermediate, and low or crude
    /// resolution), one of them across 180° (Taveuni), so the bins, the projection and the clipping
    /// are checked together.
    @Test func viewsDrawTheirPlacesAsLandOrWater() throws {
        guard let basemap = Basemap(folder: Self.folder) else {
            print("CoastlineTests: skipped: no GSHHG files in /usr/share/gmt-gshhg (Debian's gmt-gshhg packages)")
            return
        }
        let cases: [(center: Coordinate, span: Double, places: [String])] = [
            (Coordinate(latitude: 60.39, longitude: 5.33), 0.05, ["Bergen, Bryggen"]),
            (Coordinate(latitude: -16.85, longitude: -179.9), 1.5,
             ["Taveuni, Fiji, west of 180°", "Pacific east of Taveuni, across 180°", "Pacific west of 180°"]),
            (Coordinate(latitude: 46.5, longitude: 7.5), 4, ["Lake Geneva", "Lake Constance"]),
            (Coordinate(latitude: 61.0, longitude: 8.0), 6, ["Sognefjord off Leikanger", "Oslofjord between Horten and Moss"]),
            (Coordinate(latitude: 40, longitude: -30), 60, ["Mid-Atlantic", "Paris", "Denver", "Bay of Biscay"]),
        ]
        for (center, span, names) in cases {
            let view = MapView(
                region: CoordinateRegion(center: center, span: CoordinateSpan(latitudeDelta: span, longitudeDelta: span)),
                width: 800, height: 500)
            let drawing = try #require(basemap.drawing(for: view))
            for (name, latitude, longitude, level) in Self.places where names.contains(name) {
                let pixel = view.point(for: Coordinate(latitude: latitude, longitude: longitude))
                #expect(pixel.x >= 0 && pixel.x <= 800 && pixel.y >= 0 && pixel.y <= 500, "\(name) is in the view")
                let drawn = drawing.level(atX: pixel.x, y: pixel.y)
                #expect(drawn % 2 == level % 2, "\(name) drawn at level \(drawn), is \(level), in the \(drawing.resolution) view of span \(span)°")
            }
        }
    }

    /// Borders and rivers: the border of Montana and Alberta/Saskatchewan is the 49th parallel, so
    /// in a view around (49° N, 110° W) a border piece runs along that parallel's pixel row for more
    /// than 200 px; a view of central Europe draws major rivers and borders; one of the open
    /// Atlantic draws neither.
    @Test func bordersAndRiversAreDrawn() throws {
        guard let basemap = Basemap(folder: Self.folder) else {
            print("CoastlineTests: skipped: no GSHHG files in /usr/share/gmt-gshhg (Debian's gmt-gshhg packages)")
            return
        }
        func view(_ latitude: Double, _ longitude: Double, span: Double) -> MapView {
            MapView(
                region: CoordinateRegion(
                    center: Coordinate(latitude: latitude, longitude: longitude), span: CoordinateSpan(latitudeDelta: span, longitudeDelta: span)),
                width: 800, height: 500)
        }
        let prairie = view(49, -110, span: 4)
        let row = prairie.point(for: Coordinate(latitude: 49, longitude: -110)).y
        let drawing = try #require(basemap.drawing(for: prairie))
        #expect(drawing.borders.contains { piece in
            piece.allSatisfy { abs($0.y - row) < 2 } && (piece.map(\.x).max()! - piece.map(\.x).min()!) > 200
        })
        let europe = try #require(basemap.drawing(for: view(50, 10, span: 12)))
        #expect(!europe.rivers.isEmpty && !europe.borders.isEmpty)
        let atlantic = try #require(basemap.drawing(for: view(35, -40, span: 10)))
        #expect(atlantic.rivers.isEmpty && atlantic.borders.isEmpty)
        // Every piece lies in the view and its 16-pixel margin.
        for piece in europe.rivers + europe.borders {
            #expect(piece.allSatisfy { $0.x >= -16.001 && $0.x <= 816.001 && $0.y >= -16.001 && $0.y <= 516.001 })
        }
    }
}
