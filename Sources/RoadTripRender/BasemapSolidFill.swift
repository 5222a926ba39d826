import RoadTripGeo

/// The one colour of an offline basemap tile that draws nothing but land or nothing but sea: no
/// coastline, lake, river or border crosses it or its margin. On the 250-destination benchmark
/// 39 % of the tiles are such (1,495 land, 1,012 sea of 6,401): the output holds each colour
/// once, `assets/basemap/land.svg` and `assets/basemap/sea.svg`, and the pages show that file where
/// the tile would be (``OfflineBasemapLayer/tileURL(zoom:x:y:)``), as tile servers send one file
/// for every empty ocean tile instead of drawing each. A solid tile's own file stays in the cache
/// (a standalone `map.svg` embeds its body like any other).
///
/// A tile is solid when its body (`BasemapTileSVG.body`) is exactly that of a solid drawing at
/// some GSHHG resolution (``of(body:)``): sea, the drawing without rings or lines; land, one level-1
/// ring around the tile and its margin — the four corners of the square from −margin to 256 + margin
/// pixels, starting at any corner and turning either way, as clipping a ring that encloses the
/// tile leaves it. The body decides, whether the tile was drawn now or read from the cache, so a
/// tile is solid in every build or in none. A build keeps a solid tile as its canonical body
/// (``body(resolution:)``: the land ring from the north-west corner, counter-clockwise on screen),
/// so that a `map.svg` embedding it is the same whether the body was drawn, read or made from
/// the fill alone.
public enum BasemapSolidFill: String, Sendable, CaseIterable {
    case land, sea

    /// The margin, in tile pixels, the build draws tiles with (`Basemap.drawing(for:margin:)`):
    /// neighbours overlap by it, so their strokes meet without a seam.
    public static let tileMargin = 2.0

    /// The fill of the tile whose body is `body`, `nil` when it draws anything else.
    public static func of(body: String) -> BasemapSolidFill? {
        solidBodies[body]?.fill
    }

    /// `body` as a build keeps it: a solid tile's canonical body at its resolution
    /// (``body(resolution:)``), any other body as it is.
    public static func canonical(_ body: String) -> String {
        guard let (fill, resolution) = solidBodies[body] else { return body }
        return fill.body(resolution: resolution)
    }

    /// The canonical body of a tile of this fill drawn at `resolution`: sea, the empty drawing;
    /// land, one level-1 ring through the corners of the tile and its margin from the north-west
    /// corner (−margin, −margin) down the west edge.
    public func body(resolution: GSHHGFile.Resolution) -> String {
        BasemapTileSVG.body(BasemapDrawing(resolution: resolution, rings: self == .land ? [Self.landRings[0]] : []))
    }

    /// Every solid body, at each GSHHG resolution, with its fill and resolution.
    private static let solidBodies: [String: (fill: BasemapSolidFill, resolution: GSHHGFile.Resolution)] = {
        var bodies: [String: (fill: BasemapSolidFill, resolution: GSHHGFile.Resolution)] = [:]
        for resolution in GSHHGFile.Resolution.allCases {
            bodies[BasemapTileSVG.body(BasemapDrawing(resolution: resolution))] = (.sea, resolution)
            for ring in landRings {
                bodies[BasemapTileSVG.body(BasemapDrawing(resolution: resolution, rings: [ring]))] = (.land, resolution)
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
