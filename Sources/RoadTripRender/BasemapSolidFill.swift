import RoadTripGeo

/// The one colour of an offline basemap tile that draws nothing but land or nothing but sea: no
/// coastline, lake, river or border crosses it or its margin. On the 250-destination benchmark
/// 63 % of the tiles are such (3,043 land, 1,012 sea of 6,401): the output holds each colour
/// once, `assets/basemap/land.svg` and `assets/basemap/sea.svg`, and the pages show that file where
/// the tile would be (``OfflineBasemapLayer/tileURL(zoom:x:y:)``), as tile servers send one file
/// for every empty ocean tile instead of drawing each. A solid tile's own file stays in the cache
/// (a standalone `map.svg` embeds its body like any other).
///
/// A drawing is solid (``of(drawing:tile:)``) when it draws nothing — sea — or only land rings,
/// rectangles along the pixel axes, that together cover the tile and its margin. A build keeps a
/// solid tile as its fill's canonical body at the drawing's resolution (``body(resolution:)``:
/// one land ring from the north-west corner down the west edge, or nothing), and knows a solid
/// tile read back from the cache by that body (``of(body:)``), so a tile is solid in every build
/// or in none, and a `map.svg` embedding it is the same whether the body was drawn, read or made
/// from the fill alone.
public enum BasemapSolidFill: String, Sendable, CaseIterable {
    case land, sea

    /// The margin, in tile pixels, the build draws tiles with (`Basemap.drawing(for:margin:)`):
    /// neighbours overlap by it, so their strokes meet without a seam.
    public static let tileMargin = 2.0

    /// The fill of the tile whose body is `body` — a solid tile's canonical body at some
    /// resolution, or (as drawn before bodies were made canonical) its land ring from another
    /// corner — `nil` for anything else.
    public static func of(body: String) -> BasemapSolidFill? {
        solidBodies[body]
    }

    /// How far, in tile pixels, a land drawing may fall short of an edge it must cover: half the
    /// tenth of a pixel a body is written to.
    static let edgeTolerance = 0.05

    /// The fill of `drawing`, `tile`'s drawing with ``tileMargin``: sea when it draws nothing;
    /// land when it draws only level-1 rings that are rectangles along the pixel axes (GSHHG's bins
    /// cut a land mass that crosses one into a ring each) whose union covers the tile and its
    /// margin — as far as the world goes: the drawing of the world's first and last rows stops at
    /// its edge; `nil` otherwise. What a build keeps of a solid tile is its canonical body
    /// (``body(resolution:)``), which ``of(body:)`` tells.
    public static func of(drawing: BasemapDrawing, tile: BasemapPyramid.Tile) -> BasemapSolidFill? {
        guard drawing.rivers.isEmpty, drawing.borders.isEmpty else { return nil }
        if drawing.rings.isEmpty { return .sea }
        var rectangles: [(minX: Double, maxX: Double, minY: Double, maxY: Double)] = []
        for ring in drawing.rings {
            let xs = Set(ring.points.map(\.x)), ys = Set(ring.points.map(\.y))
            guard ring.level == 1, ring.points.count == 4, xs.count == 2, ys.count == 2,
                  Set(ring.points.map { [$0.x, $0.y] }).count == 4
            else { return nil }
            rectangles.append((xs.min()!, xs.max()!, ys.min()!, ys.max()!))
        }
        // The square to cover, cut at the world's top and bottom edges, less `edgeTolerance` on
        // every side: the world's edge projects a hair inside the tile at some zooms (255.99), and
        // a body is written to a tenth of a pixel.
        let size = WebMercator.tileSize, inset = edgeTolerance
        let left = -tileMargin + inset, right = size + tileMargin - inset
        let top = (tile.y == 0 ? 0 : -tileMargin) + inset
        let bottom = (tile.y == (1 << tile.zoom) - 1 ? size : size + tileMargin) - inset
        // Every cell between consecutive edges of the rectangles (and the square's) inside the
        // square lies in some rectangle.
        let xEdges = Set([left, right] + rectangles.flatMap { [$0.minX, $0.maxX] }).filter { $0 >= left && $0 <= right }.sorted()
        let yEdges = Set([top, bottom] + rectangles.flatMap { [$0.minY, $0.maxY] }).filter { $0 >= top && $0 <= bottom }.sorted()
        for (x0, x1) in zip(xEdges, xEdges.dropFirst()) {
            for (y0, y1) in zip(yEdges, yEdges.dropFirst()) {
                let x = (x0 + x1) / 2, y = (y0 + y1) / 2
                guard rectangles.contains(where: { $0.minX <= x && x <= $0.maxX && $0.minY <= y && y <= $0.maxY }) else { return nil }
            }
        }
        return .land
    }

    /// The canonical body of a tile of this fill drawn at `resolution`: sea, the empty drawing;
    /// land, one level-1 ring through the corners of the tile and its margin from the north-west
    /// corner (−margin, −margin) down the west edge.
    public func body(resolution: GSHHGFile.Resolution) -> String {
        Self.canonicalBodies[self]![resolution]!
    }

    /// ``body(resolution:)`` of each fill at each resolution, written once: a build asks for
    /// hundreds (772 at 250 destinations, ~16,000 instructions each to write).
    private static let canonicalBodies: [BasemapSolidFill: [GSHHGFile.Resolution: String]] = {
        var bodies: [BasemapSolidFill: [GSHHGFile.Resolution: String]] = [:]
        for fill in allCases {
            for resolution in GSHHGFile.Resolution.allCases {
                bodies[fill, default: [:]][resolution] =
                    BasemapTileSVG.body(BasemapDrawing(resolution: resolution, rings: fill == .land ? [landRings[0]] : []))
            }
        }
        return bodies
    }()

    /// Every solid body, at each GSHHG resolution, with its fill.
    private static let solidBodies: [String: BasemapSolidFill] = {
        var bodies: [String: BasemapSolidFill] = [:]
        for resolution in GSHHGFile.Resolution.allCases {
            bodies[BasemapTileSVG.body(BasemapDrawing(resolution: resolution))] = .sea
            for ring in landRings {
                bodies[BasemapTileSVG.body(BasemapDrawing(resolution: resolution, rings: [ring]))] = .land
            }
        }
        return bodies
    }()

    /// The level-1 rings that cover the tile and its margin: the square's corners from each corner,
    /// clockwise and counter-clockwise.
    private static let landRings: [BasemapDrawing.Ring] = {
        let low = -tileMargin, high = WebMercator.tileSize + tileMargin
        let corners = [(low, low), (low, high), (high, high), (high, low)].map { ViewportPoint(x: $0.0, y: $0.1) }
        return [corners, Array(corners.reversed())].flatMap { turn in
            turn.indices.map { start in BasemapDrawing.Ring(level: 1, points: Array(turn[start...] + turn[..<start])) }
        }
    }()

    /// This fill's shared file in the output, from the site's root: `assets/basemap/land.svg` or
    /// `assets/basemap/sea.svg`.
    public var outputPath: String {
        BasemapTileSet.folder + "/" + rawValue + ".svg"
    }

    /// The shared file's text: a tile document (`BasemapTileSVG.document`) of the solid drawing at
    /// full resolution, named "solid land tile" or "solid sea tile".
    public var document: String {
        BasemapTileSVG.document(body: body(resolution: .full), name: "solid \(rawValue) tile")
    }
}
