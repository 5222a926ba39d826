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
    /// The pyramid's tile the body is (a view wider than the world shows one several times), or
    /// `nil` for a view's own drawing.
    public let tile: BasemapPyramid.Tile?

    /// `body` placed with its top-left corner at (`left`, `top`) and drawn `scale` times its size.
    public init(left: Double = 0, top: Double = 0, scale: Double = 1, body: String, tile: BasemapPyramid.Tile? = nil) {
        self.left = left
        self.top = top
        self.scale = scale
        self.body = body
        self.tile = tile
    }
}

/// The offline basemap tiles a build draws (`BasemapPyramid`): which tiles exist, which of them are
/// solid (``BasemapSolidFill``: shown as the output's one `land.svg` or `sea.svg`, with no file of
/// their own under `assets/basemap/`), the bodies the build holds (those the standalone maps
/// embed, and any it could not keep in a cache), and the cache's files the output links.
///
/// Every tile has a body held, a cached file, or both. A body that is needed and not held (a map
/// the build did not expect to embed it, a cached file that cannot be linked) comes from
/// `loadBody`.
public struct BasemapTileSet: Sendable {
    /// Every tile the build drew or found in its cache.
    public let tiles: Set<BasemapPyramid.Tile>
    /// The bodies held (`BasemapTileSVG.body`), by tile.
    public let bodies: [BasemapPyramid.Tile: String]
    /// The tiles that are not solid whose file (`BasemapTileSVG.document` of their body, byte for
    /// byte) a cache keeps: the output links them rather than writing them again. Absolute paths.
    public let cachedFiles: [BasemapPyramid.Tile: String]
    /// Tiles of `cachedFiles` whose output file is already that cache file, unchanged: the
    /// output keeps them as they are (``keptOutputPaths``) and ``outputFiles()`` leaves them out.
    public let inOutput: Set<BasemapPyramid.Tile>
    /// The tiles of `tiles` that draw nothing but land or sea, and their fill: the output has no
    /// file of theirs but the fill's shared one (``BasemapSolidFill/outputPath``).
    public let solidFills: [BasemapPyramid.Tile: BasemapSolidFill]
    /// `solidFills` with each tile's ``BasemapPyramid/Tile/key``, made once: every map's
    /// configuration names its pyramid's solid tiles (``OfflineBasemapLayer/solidTileKeys(for:)``),
    /// and the coarse ones are shared by thousands of maps.
    private let solidKeys: [BasemapPyramid.Tile: (fill: BasemapSolidFill, key: String)]
    /// The body of a tile of `tiles` not in `bodies` (read from the cache, or drawn again), `nil`
    /// when it cannot be had.
    private let loadBody: @Sendable (BasemapPyramid.Tile) -> String?

    /// The set of `tiles`, with the `bodies` held, the files of a cache that keeps some of them
    /// (`cachedFiles`), those the output already holds as they are (`inOutput`), the solid ones
    /// (`solidFills`), and how to have the body of any other (`loadBody`).
    public init(
        tiles: Set<BasemapPyramid.Tile>, bodies: [BasemapPyramid.Tile: String],
        cachedFiles: [BasemapPyramid.Tile: String] = [:], inOutput: Set<BasemapPyramid.Tile> = [],
        solidFills: [BasemapPyramid.Tile: BasemapSolidFill] = [:],
        loadBody: @escaping @Sendable (BasemapPyramid.Tile) -> String? = { _ in nil }
    ) {
        self.tiles = tiles
        self.bodies = bodies
        self.cachedFiles = cachedFiles
        self.inOutput = inOutput
        self.solidFills = solidFills
        solidKeys = Dictionary(uniqueKeysWithValues: solidFills.map { tile, fill in (tile, (fill, tile.key)) })
        self.loadBody = loadBody
    }

    /// The set of `bodies`, every tile held, the solid ones found from their bodies (tests, and
    /// builds without a cache).
    public init(bodies: [BasemapPyramid.Tile: String]) {
        self.init(tiles: Set(bodies.keys), bodies: bodies, solidFills: bodies.compactMapValues(BasemapSolidFill.of(body:)))
    }

    /// The fill and ``BasemapPyramid/Tile/key`` of `tile` when it is solid, else `nil`.
    public func solidKey(of tile: BasemapPyramid.Tile) -> (fill: BasemapSolidFill, key: String)? {
        solidKeys[tile]
    }

    /// Where the tiles live in the output, from the site's root.
    public static let folder = "assets/basemap"

    /// The tiles' URL template from the site's root: `assets/basemap/{z}/{x}-{y}.svg`. One folder a
    /// zoom level, not one a column as in the cache (`{z}/{x}/{y}.svg`): a clean build of 250
    /// destinations made 540 column folders for 2,965 tiles, and on ext4 a `mkdir` costs four
    /// times a hard link (~26 µs against ~6 µs on the benchmark machine).
    public static let urlTemplate = folder + "/{z}/{x}-{y}.svg"

    /// `tile`'s body: held, else from `loadBody`.
    public func body(of tile: BasemapPyramid.Tile) -> String? {
        bodies[tile] ?? (tiles.contains(tile) ? loadBody(tile) : nil)
    }

    /// The tiles under `view` at its native zoom (`BasemapPyramid.nativeZoom`: floor of its zoom,
    /// at most `BasemapPyramid.maximumZoom`, scaled to the view), in `MapTile.covering`'s order;
    /// a tile the set lacks is left out.
    public func covering(_ view: MapView) -> [MapTile] {
        MapTile.covering(view, maximumZoom: Double(BasemapPyramid.maximumZoom)).filter {
            tiles.contains(BasemapPyramid.Tile(zoom: $0.zoom, x: $0.x, y: $0.y))
        }
    }

    /// The bodies of the tiles `covering(view)`, placed in the view.
    public func placed(in view: MapView) -> [OfflineBasemapTile] {
        covering(view).compactMap { placed in
            let tile = BasemapPyramid.Tile(zoom: placed.zoom, x: placed.x, y: placed.y)
            return body(of: tile).map {
                OfflineBasemapTile(left: placed.left, top: placed.top, scale: placed.width / WebMercator.tileSize, body: $0, tile: tile)
            }
        }
    }

    /// The output paths of the tiles the output already holds (`inOutput`), sorted.
    public var keptOutputPaths: [String] {
        inOutput.sorted().map(Self.outputPath)
    }

    /// `tile`'s path in the output folder: `assets/basemap/{z}/{x}-{y}.svg` (``urlTemplate``).
    public static func outputPath(of tile: BasemapPyramid.Tile) -> String {
        folder + "/\(tile.zoom)/" + outputName(of: tile)
    }

    /// The tile whose ``outputPath(of:)`` is `path`, or `nil` when `path` is no tile's: the
    /// inverse, read without formatting every tile's path to compare (numbers in decimal digits
    /// only, no leading zero, as `String(_:)` writes them).
    public static func tile(atOutputPath path: String) -> BasemapPyramid.Tile? {
        // On the path's UTF-8 bytes: the write's summary lists every output file (3,128 at 250
        // destinations), and Character-wise searches took a microsecond a path.
        var path = path
        return path.withUTF8 { bytes -> BasemapPyramid.Tile? in
            let suffix = ".svg".utf8
            guard bytes.count > folderPrefix.count + suffix.count, bytes.starts(with: folderPrefix),
                  bytes[(bytes.count - suffix.count)...].elementsEqual(suffix)
            else { return nil }
            let rest = bytes[folderPrefix.count..<(bytes.count - suffix.count)]
            guard let slash = rest.firstIndex(of: UInt8(ascii: "/")), let dash = rest[slash...].firstIndex(of: UInt8(ascii: "-")),
                  let zoom = number(rest[..<slash]), let x = number(rest[(slash + 1)..<dash]), let y = number(rest[(dash + 1)...])
            else { return nil }
            return BasemapPyramid.Tile(zoom: zoom, x: x, y: y)
        }
    }

    /// `folder` and a slash, as UTF-8.
    private static let folderPrefix = Array((folder + "/").utf8)

    /// `digits` as a number when it is one as `String(_:)` writes a non-negative `Int`: decimal
    /// digits only, no leading zero, at most 9 of them.
    private static func number(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard let first = digits.first, first != UInt8(ascii: "0") || digits.count == 1, digits.count <= 9 else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// `tile`'s file name in its zoom level's folder of the output: `{x}-{y}.svg`.
    public static func outputName(of tile: BasemapPyramid.Tile) -> String {
        tile.text(withZoom: false, separator: UInt8(ascii: "-"), suffix: ".svg")
    }

    /// The files `assets/basemap/{z}/{x}-{y}.svg` (`BasemapTileSVG.document`) of the tiles neither
    /// `inOutput` nor solid, by tile: a link to
    /// the cache's file where there is one (`OutputFile.Contents.link(fromPath:)`), the text otherwise;
    /// then the shared file of each fill some tile has (``BasemapSolidFill/outputPath``).
    public func outputFiles() -> [OutputFile] {
        let fills = Set(solidFills.values)
        let shared = BasemapSolidFill.allCases.filter(fills.contains).map {
            OutputFile(path: $0.outputPath, contents: .text($0.document))
        }
        return tiles.subtracting(inOutput).filter { solidFills[$0] == nil }.sorted().compactMap { tile in
            let path = Self.outputPath(of: tile)
            guard let cached = cachedFiles[tile] else {
                return body(of: tile).map { OutputFile(path: path, contents: .text(BasemapTileSVG.document(body: $0, name: tile.documentName))) }
            }
            let document = OutputProducer { [self] sink in
                var text = BasemapTileSVG.document(body: body(of: tile) ?? "", name: tile.documentName)
                text.withUTF8 { sink.write(UnsafeRawBufferPointer($0)) }
            }
            return OutputFile(path: path, contents: .link(fromPath: cached, otherwise: document))
        } + shared
    }
}

/// The offline basemap as one page draws it: the build's tiles and their URL template from that
/// page (`…/assets/basemap/{z}/{x}-{y}.svg`), and that of the solid tiles' shared files
/// (`…/assets/basemap/{fill}.svg`).
public struct OfflineBasemapLayer: Sendable {
    /// The tiles drawn.
    public let tiles: BasemapTileSet
    /// The tiles' URL template, `{z}`, `{x}`, `{y}` as in a tile layer's.
    public let url: String
    /// The solid tiles' URL template, `{fill}` for `land` or `sea` (``BasemapSolidFill``).
    public let solidURL: String
    /// `solidURL` filled in for each fill.
    private let solidFileURLs: [BasemapSolidFill: String]

    /// The layer of `tiles` with the URL templates `url` and `solidURL` from one page.
    public init(tiles: BasemapTileSet, url: String, solidURL: String) {
        self.tiles = tiles
        self.url = url
        self.solidURL = solidURL
        solidFileURLs = Dictionary(uniqueKeysWithValues: BasemapSolidFill.allCases.map {
            ($0, solidURL.replacingOccurrences(of: "{fill}", with: $0.rawValue))
        })
    }

    /// The URL of the tile `zoom`/`x`/`y` from the page: its fill's shared file when it is solid,
    /// else `url` filled in.
    public func tileURL(zoom: Int, x: Int, y: Int) -> String {
        if let fill = tiles.solidFills[BasemapPyramid.Tile(zoom: zoom, x: x, y: y)] {
            return solidFileURLs[fill]!
        }
        return TileLayer.tileURL(url, zoom: zoom, x: x, y: y)
    }

    /// The solid tiles of the pyramid of a map showing `view` (`BasemapPyramid.sortedTiles(for:)`),
    /// by fill, each as `"z/x/y"`, in tile order: what the page's script shows as the fill's file.
    /// One look-up a tile of the pyramid (a page's has about a hundred).
    public func solidTileKeys(for view: MapView) -> [(fill: BasemapSolidFill, keys: [String])] {
        guard !tiles.solidFills.isEmpty else { return [] }
        var byFill = BasemapSolidFill.allCases.map { (fill: $0, keys: [String]()) }
        for tile in BasemapPyramid.sortedTiles(for: view) {
            guard let solid = tiles.solidKey(of: tile), let slot = byFill.firstIndex(where: { $0.fill == solid.fill }) else { continue }
            byFill[slot].keys.append(solid.key)
        }
        return byFill.filter { !$0.keys.isEmpty }
    }
}
