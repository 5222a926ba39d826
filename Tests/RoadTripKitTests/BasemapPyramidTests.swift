import Foundation
import FoundationXML
import Testing
import TestTools
@testable import RoadTripCore
@testable import RoadTripGeo
@testable import RoadTripRender

/// The offline basemap's tiles: which the pyramid holds for a view (`BasemapPyramid`), a tile's
/// own view, ring simplification, and the tile SVG (`BasemapTileSVG`).
@Suite struct BasemapPyramidTests {
    /// A 256 × 256 view centred on (0°, 0°) at zoom exactly 3.
    static let equatorAtZoom3 = MapView(
        region: CoordinateRegion(
            center: Coordinate(latitude: 0, longitude: 0), span: CoordinateSpan(latitudeDelta: 1e-6, longitudeDelta: 45)),
        width: 256, height: 256)

    /// A tile's names, against Swift's own string interpolation of its numbers: the corners of
    /// zoom 0 and of the deepest level (`maximumZoom` 12: 0…4095), digit counts 1 to 4, and a
    /// negative number (no tile has one; the text must still be right).
    @Test func aTilesNamesAreItsNumbers() {
        let tiles = [(0, 0, 0), (1, 1, 0), (3, 7, 5), (9, 10, 99), (10, 100, 1000), (12, 4095, 4095), (12, 0, 4095), (2, -1, 3)]
        for (zoom, x, y) in tiles {
            let tile = BasemapPyramid.Tile(zoom: zoom, x: x, y: y)
            #expect(tile.key == "\(zoom)/\(x)/\(y)")
            #expect(tile.path == "\(zoom)/\(x)/\(y).svg")
            #expect(tile.documentName == "tile \(zoom)/\(x)/\(y)")
            #expect(BasemapTileSet.outputName(of: tile) == "\(x)-\(y).svg")
        }
    }

    @Test func theViewIsAtZoom3() {
        // 45° of 360° in 256 px: the world is 2,048 px wide, 256 · 2³.
        #expect(Self.equatorAtZoom3.zoom == 3)
    }

    /// By hand, with the margin of 128 px: at levels 0…3 the 256-px viewport centred on (0°, 0°)
    /// at that level, ±(128 + 128) px around the centre; at zoom 4 the view's own square.
    /// - z3: centre (1024, 1024) → 768 … 1280 → columns and rows 3, 4: 4 tiles.
    /// - z2: centre (512, 512) → 256 … 768 → 1, 2: 4 tiles.
    /// - z1: centre (256, 256) → 0 … 512 → 0, 1, the whole level: 4 tiles.
    /// - z0: the one tile.
    /// - z4: the view's origin at zoom 3 is (1024 − 128, 1024 − 128) = (896, 896); doubled, 1792 …
    ///   2304 → columns and rows 7, 8: 4 tiles.
    /// `levelsOut` 3 reaches z0 (3 − 3): 4 + 4 + 4 + 1 + 4 = 17 tiles.
    @Test func tilesOfAViewAtZoom3() {
        let tiles = BasemapPyramid.tiles(for: Self.equatorAtZoom3)
        #expect(BasemapPyramid.levels(of: Self.equatorAtZoom3) == 0...4)
        func square(_ zoom: Int, _ range: ClosedRange<Int>) -> Set<BasemapPyramid.Tile> {
            Set(range.flatMap { x in range.map { y in BasemapPyramid.Tile(zoom: zoom, x: x, y: y) } })
        }
        let expected = square(0, 0...0).union(square(1, 0...1)).union(square(2, 1...2)).union(square(3, 3...4))
            .union(square(4, 7...8))
        #expect(tiles == expected)
        #expect(tiles.count == 17)
    }

    /// A city map at zoom 14.3 is drawn from zoom-12 tiles (the deepest), scaled: its levels are 9…12.
    @Test func deepViewsStopAtTheMaximumZoom() {
        let view = MapView(
            region: CoordinateRegion(
                center: Coordinate(latitude: 60.39, longitude: 5.32), span: CoordinateSpan(latitudeDelta: 0.01, longitudeDelta: 0.02)),
            width: 800, height: 500)
        #expect(view.zoom > 13)
        #expect(BasemapPyramid.levels(of: view) == 9...12)
        #expect(BasemapPyramid.tiles(for: view).allSatisfy { (9...12).contains($0.zoom) })
    }

    /// A view across 180° wraps its columns into 0 ..< 2^z: Taveuni's tiles at zoom 8 are the
    /// last column (255, west of 180°: x = (−179.97 + 180) / 360 · 256 = 0.02 → column 0; east
    /// of it, 179.97° E → 255.98 → column 255), never −1 or 256.
    @Test func tilesAcrossTheAntimeridianWrap() {
        let view = MapView(
            region: CoordinateRegion(
                center: Coordinate(latitude: -16.85, longitude: 180), span: CoordinateSpan(latitudeDelta: 0.5, longitudeDelta: 0.5)),
            width: 800, height: 500)
        let columns = Set(BasemapPyramid.tiles(for: view).filter { $0.zoom == 8 }.map(\.x))
        #expect(columns.contains(0) && columns.contains(255))
        #expect(columns.allSatisfy { (0..<256).contains($0) })
    }

    /// `sortedTiles(for:)` makes the pyramid in order without a set: the same tiles as
    /// `tiles(for:)` sorted, once each — for the hand-computed view above (17 tiles in the order
    /// z0 (0,0); z1 (0,0) (0,1) (1,0) (1,1); …), a view across 180° (its columns wrap, so the
    /// block's eastern end comes first), one zoomed out to the whole world and beyond it, and
    /// views near the poles.
    @Test func sortedTilesAreTheSortedPyramid() {
        let first = BasemapPyramid.sortedTiles(for: Self.equatorAtZoom3).prefix(5)
        #expect(first.map { [$0.zoom, $0.x, $0.y] } == [[0, 0, 0], [1, 0, 0], [1, 0, 1], [1, 1, 0], [1, 1, 1]])
        func view(_ latitude: Double, _ longitude: Double, span: Double, width: Double = 800, height: Double = 500) -> MapView {
            MapView(
                region: CoordinateRegion(
                    center: Coordinate(latitude: latitude, longitude: longitude),
                    span: CoordinateSpan(latitudeDelta: span / 2, longitudeDelta: span)),
                width: width, height: height)
        }
        let views = [
            Self.equatorAtZoom3, view(-16.85, 180, span: 0.5), view(-16.85, -179.99, span: 3), view(60.39, 5.32, span: 0.02),
            view(0, 0, span: 360), view(10, 170, span: 300, width: 1600, height: 400), view(84.9, 30, span: 2), view(-84.9, -30, span: 8),
        ]
        for view in views {
            let sorted = BasemapPyramid.sortedTiles(for: view)
            #expect(sorted == BasemapPyramid.tiles(for: view).sorted(), "\(view.center) zoom \(view.zoom)")
            #expect(Set(sorted).count == sorted.count)
        }
    }

    /// Tile (z 1, x 1, y 0) is the north-east quarter of the world: 0…180° E, 85.05° N…0°. Its
    /// view puts (0°, 90° E) at the middle of its bottom edge, (128, 256), and (85.0511° N, 0°) at
    /// its top-left corner.
    @Test func aTileIsItsOwnView() {
        let view = BasemapPyramid.Tile(zoom: 1, x: 1, y: 0).view
        #expect(view.zoom == 1)
        let bottom = view.point(for: Coordinate(latitude: 0, longitude: 90))
        #expect(abs(bottom.x - 128) < 1e-9 && abs(bottom.y - 256) < 1e-9)
        let corner = view.point(for: Coordinate(latitude: WebMercator.maximumLatitude, longitude: 0))
        #expect(abs(corner.x) < 1e-9 && abs(corner.y) < 1e-6)
        #expect(BasemapPyramid.Tile(zoom: 1, x: 1, y: 0).path == "1/1/0.svg")
    }

    /// A 100-px square with a point every 10 px along its edges and one bump of 0.4 px: Douglas–
    /// Peucker at half a pixel keeps the four corners only; a 0.6-px bump is kept.
    @Test func ringsKeepTheirCornersAtHalfAPixel() {
        func square(bump: Double) -> [BasemapDrawing.Point] {
            var points: [BasemapDrawing.Point] = []
            for x in stride(from: 0.0, to: 100, by: 10) { points.append(.init(x: x, y: x == 50 ? -bump : 0)) }
            for y in stride(from: 0.0, to: 100, by: 10) { points.append(.init(x: 100, y: y)) }
            for x in stride(from: 100.0, to: 0, by: -10) { points.append(.init(x: x, y: 100)) }
            for y in stride(from: 100.0, to: 0, by: -10) { points.append(.init(x: 0, y: y)) }
            return points
        }
        let corners = [BasemapDrawing.Point(x: 0, y: 0), .init(x: 100, y: 0), .init(x: 100, y: 100), .init(x: 0, y: 100)]
        #expect(BasemapDrawing.simplified(ring: square(bump: 0.4), tolerance: 0.5) == corners)
        #expect(BasemapDrawing.simplified(ring: square(bump: 0.6), tolerance: 0.5).contains(.init(x: 50, y: -0.6)))
    }

    /// A tile file is a well-formed SVG 1.1 document of 256 px with the dark palette's media query,
    /// the sea, and the drawing's land and water by level, a lake over the land.
    @Test func aTileDocumentIsWellFormedSVG() throws {
        var drawing = BasemapDrawing(resolution: .low)
        drawing.rings = [
            .init(level: 1, points: [.init(x: -2, y: -2), .init(x: 258, y: -2), .init(x: 258, y: 100), .init(x: -2, y: 100)]),
            .init(level: 2, points: [.init(x: 10, y: 10), .init(x: 20, y: 10), .init(x: 20, y: 20)]),
        ]
        drawing.borders = [[.init(x: 0, y: 50), .init(x: 256, y: 50.5)]]
        let document = BasemapTileSVG.document(body: BasemapTileSVG.body(drawing), name: "tile 3/4/2")
        let parser = XMLParser(data: Data(document.utf8))
        final class Elements: NSObject, XMLParserDelegate {
            var names: [String] = []
            var classes: [String] = []
            func parser(_: XMLParser, didStartElement name: String, namespaceURI _: String?, qualifiedName _: String?, attributes: [String: String]) {
                names.append(name)
                if let value = attributes["class"] { classes.append(value) }
            }
        }
        let elements = Elements()
        parser.delegate = elements
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(elements.names.first == "svg")
        #expect(elements.classes == ["basemap-sea", "basemap-tile", "basemap-land", "basemap-water", "basemap-border"])
        #expect(document.contains("@media (prefers-color-scheme: dark)"))
        #expect(document.contains(#"d="M-2,-2L258,-2L258,100L-2,100Z""#))
        #expect(document.contains(#"d="M0,50L256,50.5""#))
    }

    /// A tile file names itself and the XXH3-64 of its body on its second line, and reading it
    /// back gives the body only for the document exactly as written, under that name. XXH3-64 of
    /// "foobar" is d78fda63144c5c84 (`printf foobar | xxhsum -H3`, Debian's xxhash 0.8.1).
    @Test func aTileDocumentNamesItsChecksumAndReadsBackOnlyWhole() throws {
        let document = BasemapTileSVG.document(body: "foobar", name: "tile 12/2108/1180")
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == #"<?xml version="1.0" encoding="UTF-8"?>"#)
        #expect(lines[1] == "<!-- Coastlines © GSHHG (Wessel & Smith), LGPL; drawn by roadtrip as tile 12/2108/1180, XXH3 64 d78fda63144c5c84 -->")
        #expect(BasemapTileSVG.body(ofDocument: Data(document.utf8), name: "tile 12/2108/1180") == "foobar")
        #expect(BasemapPyramid.Tile(zoom: 12, x: 2108, y: 1180).documentName == "tile 12/2108/1180")
        let body = #"<g class="basemap-tile" data-gshhg-resolution="f"><path d="M0,0L1,1"/></g>"#
        let tile = Data(BasemapTileSVG.document(body: body, name: "tile 3/4/2").utf8)
        #expect(BasemapTileSVG.body(ofDocument: tile, name: "tile 3/4/2") == body)
        // Another tile's file, cut short, one byte changed, emptied, or another body under this
        // checksum: nothing.
        #expect(BasemapTileSVG.body(ofDocument: tile, name: "tile 3/4/3") == nil)
        #expect(BasemapTileSVG.body(ofDocument: tile.prefix(tile.count - 1), name: "tile 3/4/2") == nil)
        #expect(BasemapTileSVG.body(ofDocument: tile.prefix(40), name: "tile 3/4/2") == nil)
        #expect(BasemapTileSVG.body(ofDocument: Data(), name: "tile 3/4/2") == nil)
        var changed = tile
        changed[tile.count - 20] ^= 1
        #expect(BasemapTileSVG.body(ofDocument: changed, name: "tile 3/4/2") == nil)
        let swapped = document.replacingOccurrences(of: "foobar", with: "foobaz")
        #expect(BasemapTileSVG.body(ofDocument: Data(swapped.utf8), name: "tile 12/2108/1180") == nil)
    }

    /// Sorted tiles cut into the runs of one `{z}/{x}` folder: 3/1/1, 3/1/5 | 3/2/0 | 4/2/2, 4/2/3
    /// are the index ranges 0..<2, 2..<3, 3..<5; no tiles, no runs.
    @Test func tilesAreCutIntoFolderRuns() {
        let tiles = [(3, 1, 1), (3, 1, 5), (3, 2, 0), (4, 2, 2), (4, 2, 3)].map { BasemapPyramid.Tile(zoom: $0.0, x: $0.1, y: $0.2) }
        #expect(BasemapPyramid.folderRuns(of: tiles) == [0..<2, 2..<3, 3..<5])
        #expect(BasemapPyramid.folderRuns(of: []).isEmpty)
        #expect(BasemapPyramid.folderRuns(of: [tiles[2]]) == [0..<1])
    }

    /// The sorted union of sorted parts is what a Set union, sorted, gives: a small case worked by
    /// hand ({3/1/1, 3/2/0} ∪ {3/1/1, 4/2/2} ∪ {} ∪ {2/0/0} = 2/0/0, 3/1/1, 3/2/0, 4/2/2), and 200
    /// random draws of up to five parts of tiles at zooms 0–4 (SplitMix64, seed 18).
    @Test func sortedUnionIsTheSortedSetUnion() {
        func tile(_ zoom: Int, _ x: Int, _ y: Int) -> BasemapPyramid.Tile { BasemapPyramid.Tile(zoom: zoom, x: x, y: y) }
        #expect(BasemapPyramid.sortedUnion(of: [[tile(3, 1, 1), tile(3, 2, 0)], [tile(3, 1, 1), tile(4, 2, 2)], [], [tile(2, 0, 0)]])
            == [tile(2, 0, 0), tile(3, 1, 1), tile(3, 2, 0), tile(4, 2, 2)])
        #expect(BasemapPyramid.sortedUnion(of: []).isEmpty)
        var generator = SplitMix64(seed: 18)
        for _ in 0..<200 {
            let parts = (0..<Int.random(in: 1...5, using: &generator)).map { _ -> Set<BasemapPyramid.Tile> in
                Set((0..<Int.random(in: 0...60, using: &generator)).map { _ in
                    let zoom = Int.random(in: 0...4, using: &generator)
                    return tile(zoom, Int.random(in: 0..<(1 << zoom), using: &generator), Int.random(in: 0..<(1 << zoom), using: &generator))
                })
            }
            let expected = parts.reduce(into: Set<BasemapPyramid.Tile>()) { $0.formUnion($1) }.sorted()
            #expect(BasemapPyramid.sortedUnion(of: parts.map { $0.sorted() }) == expected)
        }
    }
}
