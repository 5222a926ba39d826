import Foundation
import RoadTripGeo

/// A piece of the offline basemap placed in a map's viewport: a tile's body (`BasemapTileSVG.body`,
/// in the tile's own 256 × 256 pixels) moved to its top-left corner and scaled to its drawn size,
/// or a whole view's drawing in the view's pixels (at 0, 0, scale 1).
public struct OfflineBasemapTile: Sendable {
    /// Top-left corner in viewport pixels.
    public let left: Double, top: Double
    /// Viewport pixels per pixel of the body.
    public let scale: Double
    /// The `<g class="basemap-tile">`.
    public let body: String

    /// `body` placed with its top-left corner at (`left`, `top`) and drawn `scale` times its size.
    public init(left: Double = 0, top: Double = 0, scale: Double = 1, body: String) {
        self.left = left
        self.top = top
        self.scale = scale
        self.body = body
    }
}

/// The offline basemap tiles a build draws (`BasemapPyramid`), by tile: each tile's body, for the
/// files under `assets/basemap/` and for embedding in the standalone maps.
public struct BasemapTileSet: Sendable {
    /// Each drawn tile's body (`BasemapTileSVG.body`).
    public let bodies: [BasemapPyramid.Tile: String]
    /// Tiles whose file (`BasemapTileSVG.document` of their body, byte for byte) a cache keeps:
    /// the output links these rather than writing them again.
    /// Absolute paths.
    public let cachedFiles: [BasemapPyramid.Tile: String]

    /// The set of `bodies`, with the files of a cache that holds some of them (`cachedFiles`).
    public init(bodies: [BasemapPyramid.Tile: String], cachedFiles: [BasemapPyramid.Tile: String] = [:]) {
        self.bodies = bodies
        self.cachedFiles = cachedFiles
    }

    /// Where the tiles live in the output, from the site's root.
    public static let folder = "assets/basemap"

    /// The tiles under `view` at its native zoom (`BasemapPyramid.nativeZoom`: floor of its zoom,
    /// at most `BasemapPyramid.maximumZoom`, scaled to the view), in `MapTile.covering`'s order;
    /// a tile the set lacks is left out.
    public func covering(_ view: MapView) -> [MapTile] {
        MapTile.covering(view, maximumZoom: Double(BasemapPyramid.maximumZoom)).filter {
            bodies[BasemapPyramid.Tile(zoom: $0.zoom, x: $0.x, y: $0.y)] != nil
        }
    }

    /// The bodies of the tiles `covering(view)`, placed in the view.
    public func placed(in view: MapView) -> [OfflineBasemapTile] {
        covering(view).compactMap { tile in
            bodies[BasemapPyramid.Tile(zoom: tile.zoom, x: tile.x, y: tile.y)].map {
                OfflineBasemapTile(left: tile.left, top: tile.top, scale: tile.width / WebMercator.tileSize, body: $0)
            }
        }
    }

    /// The files `assets/basemap/{z}/{x}/{y}.svg` (`BasemapTileSVG.document`), by tile: a link to
    /// the cache's file where there is one (`OutputFile.Contents.link(fromPath:)`), the text otherwise.
    public func outputFiles() -> [OutputFile] {
        bodies.keys.sorted().map { tile in
            let path = Self.folder + "/" + tile.path
            let body = bodies[tile]!
            guard let cached = cachedFiles[tile] else { return OutputFile(path: path, contents: .text(BasemapTileSVG.document(body: body, name: tile.documentName))) }
            let document = OutputProducer { sink in
                var text = BasemapTileSVG.document(body: body, name: tile.documentName)
                text.withUTF8 { sink.write(UnsafeRawBufferPointer($0)) }
            }
            return OutputFile(path: path, contents: .link(fromPath: cached, otherwise: document))
        }
    }
}

/// The offline basemap as one page draws it: the build's tiles and their URL template from that
/// page (`…/assets/basemap/{z}/{x}/{y}.svg`).
public struct OfflineBasemapLayer: Sendable {
    /// The tiles drawn.
    public let tiles: BasemapTileSet
    /// The tiles' URL template, `{z}`, `{x}`, `{y}` as in a tile layer's.
    public let url: String
}
