import Foundation
import Testing
@testable import RoadTripGeo
@testable import RoadTripRender

/// Solid offline basemap tiles (`BasemapSolidFill`): a tile that draws nothing but land or nothing
/// but sea is told from its body, whichever way the drawing came.
@Suite struct BasemapSolidFillTests {
    /// The body of an all-land tile and of an all-sea tile as a build drew them from GSHHG (tiles
    /// 12/776/1620 near Flagstaff and 11/901/550 off Iceland, copied from the 250-destination
    /// benchmark's output): written out here, not made by the code under test.
    static let drawnLand =
        ##"<g class="basemap-tile" data-gshhg-resolution="f"><path class="basemap-land" data-level="1" d="M-2,-2L-2,258L258,258L258,-2Z" fill="#f3f1ea" stroke="#f3f1ea" stroke-width="0.5" stroke-linejoin="round"/></g>"## + "\n"
    static let drawnSea = #"<g class="basemap-tile" data-gshhg-resolution="f"/>"# + "\n"

    @Test func theBodiesOfSolidDrawingsAreSolid() {
        #expect(BasemapSolidFill.of(body: Self.drawnLand) == .land)
        #expect(BasemapSolidFill.of(body: Self.drawnSea) == .sea)
        // At every resolution (a zoom-3 tile is drawn from the crude one), and the land ring
        // from any corner, either way round: what clipping a ring around the tile leaves.
        #expect(BasemapSolidFill.of(body: Self.drawnSea.replacingOccurrences(of: "\"f\"", with: "\"c\"")) == .sea)
        #expect(BasemapSolidFill.of(body: Self.drawnLand.replacingOccurrences(of: "\"f\"", with: "\"i\"")) == .land)
        for d in ["M258,-2L-2,-2L-2,258L258,258Z", "M-2,-2L258,-2L258,258L-2,258Z", "M258,258L258,-2L-2,-2L-2,258Z"] {
            let body = Self.drawnLand.replacingOccurrences(of: "M-2,-2L-2,258L258,258L258,-2Z", with: d)
            #expect(BasemapSolidFill.of(body: body) == .land, "\(d)")
        }
    }

    /// A drawing is solid when it draws nothing, or only land rectangles covering the tile and
    /// its 2-pixel margin: one ring, or several where GSHHG's bins cut the land (the rings as the
    /// tester found them in tile 9/84/201 and 9/84/197), and at the world's last row down to its
    /// edge, 256 (tile 10/638/1023). Its canonical body is the one-ring drawing written out above.
    @Test func solidDrawings() {
        func point(_ x: Double, _ y: Double) -> ViewportPoint { ViewportPoint(x: x, y: y) }
        func land(_ rings: [[ViewportPoint]]) -> BasemapDrawing {
            BasemapDrawing(resolution: .full, rings: rings.map { BasemapDrawing.Ring(level: 1, points: $0) })
        }
        let tile = BasemapPyramid.Tile(zoom: 9, x: 84, y: 201)
        #expect(BasemapSolidFill.of(drawing: BasemapDrawing(resolution: .full), tile: tile) == .sea)
        let whole = [point(-2, -2), point(-2, 258), point(258, 258), point(258, -2)]
        #expect(BasemapSolidFill.of(drawing: land([whole]), tile: tile) == .land)
        let split = [
            [point(-2, -2), point(-2, 14.1), point(258, 14.1), point(258, -2)],
            [point(258, 258), point(258, 14.1), point(-2, 14.1), point(-2, 258)],
        ]
        #expect(BasemapSolidFill.of(drawing: land(split), tile: tile) == .land)
        let toTheEdge = [point(-2, -2), point(-2, 256), point(258, 256), point(258, -2)]
        #expect(BasemapSolidFill.of(drawing: land([toTheEdge]), tile: BasemapPyramid.Tile(zoom: 10, x: 638, y: 1023)) == .land)
        // The world's edge a hair inside the tile (255.99 at some zooms, a tester's 11/1591/2047)
        // is the edge; a tenth of a pixel short is not.
        let hairShort = [point(-2, -2), point(-2, 255.99), point(258, 255.99), point(258, -2)]
        #expect(BasemapSolidFill.of(drawing: land([hairShort]), tile: BasemapPyramid.Tile(zoom: 11, x: 1591, y: 2047)) == .land)
        let tenthShort = [point(-2, -2), point(-2, 255.9), point(258, 255.9), point(258, -2)]
        #expect(BasemapSolidFill.of(drawing: land([tenthShort]), tile: BasemapPyramid.Tile(zoom: 11, x: 1591, y: 2047)) == nil)
        // Elsewhere 256 leaves the margin below the tile uncovered: the next row has a coast there.
        #expect(BasemapSolidFill.of(drawing: land([toTheEdge]), tile: tile) == nil)
        // Two rectangles with a gap between them, an L-shaped ring, a lake, a river: not solid.
        let gap = [split[0], [point(258, 258), point(258, 20), point(-2, 20), point(-2, 258)]]
        #expect(BasemapSolidFill.of(drawing: land(gap), tile: tile) == nil)
        let lShape = [point(-2, -2), point(-2, 258), point(258, 258), point(258, 100), point(100, 100), point(100, -2)]
        #expect(BasemapSolidFill.of(drawing: land([lShape]), tile: tile) == nil)
        var withLake = land([whole])
        withLake.rings.append(BasemapDrawing.Ring(level: 2, points: [point(10, 10), point(20, 10), point(20, 20)]))
        #expect(BasemapSolidFill.of(drawing: withLake, tile: tile) == nil)
        var withRiver = land([whole])
        withRiver.rivers = [[point(0, 0), point(9, 9)]]
        #expect(BasemapSolidFill.of(drawing: withRiver, tile: tile) == nil)
        // The canonical bodies, and what they are read back as.
        #expect(BasemapSolidFill.land.body(resolution: .full) == Self.drawnLand)
        #expect(BasemapSolidFill.sea.body(resolution: .full) == Self.drawnSea)
        #expect(BasemapSolidFill.sea.body(resolution: .low) == Self.drawnSea.replacingOccurrences(of: "\"f\"", with: "\"l\""))
        for fill in BasemapSolidFill.allCases {
            for resolution in GSHHGFile.Resolution.allCases { #expect(BasemapSolidFill.of(body: fill.body(resolution: resolution)) == fill) }
        }
    }

    @Test func anythingElseIsNotSolid() {
        let almost = [
            // A ring one pixel short of the margin: sea shows along the edge.
            Self.drawnLand.replacingOccurrences(of: "L258,-2Z", with: "L257,-2Z"),
            // A lake in the land.
            Self.drawnLand.replacingOccurrences(
                of: "</g>",
                with: ##"<path class="basemap-water" data-level="2" d="M10,10L20,10L20,20Z" fill="#cfe0ea" stroke="#cfe0ea" stroke-width="0.5" stroke-linejoin="round"/></g>"##),
            // A river over the land, and a border over the sea.
            Self.drawnLand.replacingOccurrences(
                of: "</g>", with: ##"<path class="basemap-river" d="M0,0L9,9" fill="none" stroke-linejoin="round" stroke="#9fc0d6" stroke-width="1"/></g>"##),
            Self.drawnSea.replacingOccurrences(
                of: "/>", with: ##"><path class="basemap-border" d="M0,0L9,9" fill="none" stroke-linejoin="round" stroke="#9a8c9e" stroke-width="1" stroke-dasharray="4 3"/></g>"##),
            // A level-3 ring (an island in a lake) covering the tile is not land over the sea.
            Self.drawnLand.replacingOccurrences(of: #"data-level="1""#, with: #"data-level="3""#),
            "", "<g/>",
        ]
        for body in almost { #expect(BasemapSolidFill.of(body: body) == nil, "\(body)") }
    }

    /// The shared files are tile documents of the solid drawings, which read back as such.
    @Test func theSharedFilesAreSolidTiles() throws {
        for fill in BasemapSolidFill.allCases {
            #expect(fill.outputPath == "assets/basemap/\(fill.rawValue).svg")
            let body = try #require(BasemapTileSVG.body(ofDocument: Data(fill.document.utf8), name: "solid \(fill.rawValue) tile"))
            #expect(BasemapSolidFill.of(body: body) == fill)
            #expect(body == (fill == .land ? Self.drawnLand : Self.drawnSea))
        }
    }

    /// GSHHG's own drawing of an inland tile and of an open-sea tile, as a build draws them
    /// (`Basemap.drawing(for:margin:)` with the tiles' margin): solid. Skipped without GSHHG.
    @Test func gshhgDrawsSolidTilesAsSuch() throws {
        guard let basemap = Basemap() else {
            print("BasemapSolidFillTests: skipped: no GSHHG files in /usr/share/gmt-gshhg (./run installs them)")
            return
        }
        let inland = BasemapPyramid.Tile(zoom: 12, x: 776, y: 1620), offshore = BasemapPyramid.Tile(zoom: 11, x: 901, y: 550)
        let land = try #require(basemap.drawing(for: inland.view, margin: BasemapSolidFill.tileMargin))
        let sea = try #require(basemap.drawing(for: offshore.view, margin: BasemapSolidFill.tileMargin))
        #expect(BasemapSolidFill.of(drawing: land, tile: inland) == .land)
        #expect(BasemapSolidFill.of(drawing: sea, tile: offshore) == .sea)
        #expect(BasemapSolidFill.of(body: BasemapTileSVG.body(land)) == .land)
        #expect(BasemapSolidFill.of(body: BasemapTileSVG.body(sea)) == .sea)
        // Bergen's harbour, a coast: not solid.
        let harbour = BasemapPyramid.Tile(zoom: 12, x: 2108, y: 1181)
        let coast = try #require(basemap.drawing(for: harbour.view, margin: BasemapSolidFill.tileMargin))
        #expect(BasemapSolidFill.of(drawing: coast, tile: harbour) == nil)
        #expect(BasemapSolidFill.of(body: BasemapTileSVG.body(coast)) == nil)
    }
}
