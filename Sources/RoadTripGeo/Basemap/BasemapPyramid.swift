import Foundation
import RoadTripCore

/// The offline basemap's tile pyramid: which 256-px Web Mercator tiles (OSM "Slippy map
/// tilenames" numbering, as `MapTile`) the build draws for a set of maps, so that a reader can zoom
/// and pan a little around each map without a network.
///
/// For a map at fractional zoom `Z`, its native tile zoom is `z₀ = min(floor(Z), maximumZoom)`
/// (`MapTile.covering`'s rule). The pyramid holds, for every level from `z₀ − levelsOut` (at least
/// 0) to `z₀ + levelsIn` (at most `maximumZoom`):
/// - at `z₀` and coarser, the tiles under the map's viewport as a reader sees it zoomed out to that
///   level — the viewport's size in that level's pixels, centred on the map — and `panMargin` more
///   pixels on every side, so that zooming out and panning a little stay on the basemap;
/// - finer than `z₀`, the tiles under the map's own viewport (zooming in shows less).
///
/// Maps that overlap share their tiles. Beyond `maximumZoom` the page scales the `maximumZoom`
/// tiles, as Leaflet does past a layer's `maxNativeZoom`: they are vectors, so they stay sharp,
/// and GSHHG's finest shoreline (40 m) is already within half a pixel at zoom 12 (19–38 m a
/// pixel), so deeper tiles would only repeat it — and the world is never drawn at street level.
public enum BasemapPyramid {
    /// The deepest tile zoom drawn (see the type).
    public static let maximumZoom = 12
    /// Levels drawn above (coarser than) a map's native zoom.
    public static let levelsOut = 3
    /// Levels drawn below (finer than) a map's native zoom.
    public static let levelsIn = 1
    /// Pixels added on every side of the viewport at the native and coarser levels, for panning:
    /// half a tile.
    public static let panMargin = 128.0

    /// One tile of the pyramid.
    public struct Tile: Sendable, Hashable, Comparable {
        /// Zoom level, 0…`maximumZoom`.
        public let zoom: Int
        /// Column, 0 ..< 2^zoom, from 180° W eastwards.
        public let x: Int
        /// Row, 0 ..< 2^zoom, from 85.0511° N southwards.
        public let y: Int

        /// A tile; `x` and `y` must lie in 0 ..< 2^zoom.
        public init(zoom: Int, x: Int, y: Int) {
            self.zoom = zoom
            self.x = x
            self.y = y
        }

        /// `"{z}/{x}/{y}.svg"`, its path in the basemap cache (the output's is `{z}/{x}-{y}.svg`).
        public var path: String { text(withZoom: true, separator: UInt8(ascii: "/"), suffix: ".svg") }

        /// `"{z}/{x}/{y}"`: how a page's map configuration names it (`solidTiles`), and the core
        /// of its cache path and its document's name.
        public var key: String { text(withZoom: true, separator: UInt8(ascii: "/"), suffix: "") }

        /// `"{z}{separator}{x}{separator}{y}{suffix}"` (without `"{z}{separator}"` unless
        /// `withZoom`), the numbers in decimal, `suffix` ASCII: written into one stack buffer and
        /// made a string once — at most 15 bytes for every tile of the pyramid, which Swift keeps
        /// in the string itself. Three `String(Int)`s appended to a string given room for 16 bytes
        /// (which that allocates) cost ~2,300 instructions a key, and a build makes thousands.
        public func text(withZoom: Bool, separator: UInt8, suffix: StaticString) -> String {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 * DecimalDigits.maximumCount + 2 + suffix.utf8CodeUnitCount) { buffer in
                var end = 0
                if withZoom {
                    end = DecimalDigits.write(zoom, into: buffer, at: end)
                    buffer[end] = separator
                    end += 1
                }
                end = DecimalDigits.write(x, into: buffer, at: end)
                buffer[end] = separator
                end += 1
                end = DecimalDigits.write(y, into: buffer, at: end)
                for offset in 0..<suffix.utf8CodeUnitCount {
                    buffer[end] = suffix.utf8Start[offset]
                    end += 1
                }
                return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<end]), as: UTF8.self)
            }
        }

        /// `"tile {z}/{x}/{y}"`: what its file names itself (`BasemapTileSVG.document(body:name:)`).
        public var documentName: String { "tile " + key }

        /// The tile as a 256 × 256 view at exactly its zoom, centred on it, for
        /// `Basemap.drawing(for:)`: pixel (0, 0) is its north-west corner.
        public var view: MapView {
            let count = Double(1 << zoom)
            let longitudeDelta = 360 / count
            let longitude = -180 + (Double(x) + 0.5) * longitudeDelta
            let latitude = WebMercator.latitude(y: (Double(y) + 0.5) * WebMercator.tileSize, zoom: Double(zoom))
            // A latitude span far smaller than the tile's, so the width alone sets the zoom: exactly `zoom`.
            let region = CoordinateRegion(
                center: Coordinate(latitude: latitude, longitude: longitude),
                span: CoordinateSpan(latitudeDelta: 1e-6, longitudeDelta: longitudeDelta))
            return MapView(region: region, width: WebMercator.tileSize, height: WebMercator.tileSize, maximumZoom: Double(zoom))
        }

        /// One word for the three numbers (zoom < 2^8, x and y < 2^28): a build hashes tens of
        /// thousands of tiles, and one `combine` costs a third of three.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(zoom << 56 | x << 28 | y)
        }

        public static func < (lhs: Tile, rhs: Tile) -> Bool { (lhs.zoom, lhs.x, lhs.y) < (rhs.zoom, rhs.x, rhs.y) }
    }

    /// The tiles of every one of `parts` (each sorted, without repeats) once each, sorted: the
    /// parts merged pairwise, each merge one pass over both. Equal to the sorted union of the
    /// parts' sets, without hashing every tile again (a 250-destination site's 6,401 tiles).
    public static func sortedUnion(of parts: [[Tile]]) -> [Tile] {
        var merged = parts.first ?? []
        for part in parts.dropFirst() where !part.isEmpty {
            var result: [Tile] = []
            result.reserveCapacity(merged.count + part.count)
            var left = 0, right = 0
            while left < merged.count && right < part.count {
                let a = merged[left], b = part[right]
                if a < b {
                    result.append(a)
                    left += 1
                } else if b < a {
                    result.append(b)
                    right += 1
                } else {
                    result.append(a)
                    left += 1
                    right += 1
                }
            }
            result += merged[left...]
            result += part[right...]
            merged = result
        }
        return merged
    }

    /// The runs of `tiles` (sorted) that lie in one `{z}/{x}` folder, as ranges of their indices,
    /// in order.
    public static func folderRuns(of tiles: [Tile]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = 0
        for index in tiles.indices.dropFirst() where (tiles[index].zoom, tiles[index].x) != (tiles[start].zoom, tiles[start].x) {
            runs.append(start..<index)
            start = index
        }
        if !tiles.isEmpty { runs.append(start..<tiles.count) }
        return runs
    }

    /// `view`'s native tile zoom: `min(floor(zoom), maximumZoom)`, at least 0.
    public static func nativeZoom(of view: MapView) -> Int {
        max(0, min(Int(view.zoom.rounded(.down)), maximumZoom))
    }

    /// The zoom levels drawn for `view`: `levelsOut` above its native zoom to `levelsIn` below it,
    /// within 0…`maximumZoom`.
    public static func levels(of view: MapView) -> ClosedRange<Int> {
        let native = nativeZoom(of: view)
        return max(0, native - levelsOut)...min(maximumZoom, native + levelsIn)
    }

    /// The tiles drawn for `view` (see the type), every column wrapped into 0 ..< 2^zoom; for a
    /// map that does not zoom or pan (`zoomable` false: a home-page card), only those under it at
    /// its native zoom.
    public static func tiles(for view: MapView, zoomable: Bool = true) -> Set<Tile> {
        var tiles: Set<Tile> = []
        insertTiles(for: view, zoomable: zoomable, into: &tiles)
        return tiles
    }

    /// Adds `tiles(for: view, zoomable: zoomable)` to `tiles` (a site's maps share one set).
    public static func insertTiles(for view: MapView, zoomable: Bool = true, into tiles: inout Set<Tile>) {
        guard zoomable else {
            for tile in MapTile.covering(view, maximumZoom: Double(maximumZoom)) { tiles.insert(Tile(zoom: tile.zoom, x: tile.x, y: tile.y)) }
            return
        }
        forEachBlock(of: view) { zoom, columns, rows in
            let count = 1 << zoom
            for row in rows {
                for column in columns { tiles.insert(Tile(zoom: zoom, x: ((column % count) + count) % count, y: row)) }
            }
        }
    }

    /// `tiles(for: view)` sorted (zoom, then column, then row), made in that order: no set, no
    /// sort. Within a level the block is at most the world wide, so its wrapped columns are
    /// distinct: the list has no repeats.
    public static func sortedTiles(for view: MapView) -> [Tile] {
        var tiles: [Tile] = []
        forEachBlock(of: view) { zoom, columns, rows in
            let count = 1 << zoom
            // The block's columns wrapped into 0 ..< 2^zoom, ascending (a block across the 180th
            // meridian wraps).
            let wrapped = columns.map { (($0 % count) + count) % count }.sorted()
            tiles.reserveCapacity(tiles.count + wrapped.count * rows.count)
            for x in wrapped {
                for row in rows { tiles.append(Tile(zoom: zoom, x: x, y: row)) }
            }
        }
        return tiles
    }

    /// Calls `body` with each level of `view`'s pyramid (ascending) and the block of tiles drawn
    /// there: its columns before wrapping (at most 2^zoom of them) and its rows, never empty.
    private static func forEachBlock(of view: MapView, _ body: (_ zoom: Int, _ columns: ClosedRange<Int>, _ rows: ClosedRange<Int>) -> Void) {
        let native = nativeZoom(of: view)
        let (originX, originY) = view.origin
        for zoom in levels(of: view) {
            let left: Double, right: Double, top: Double, bottom: Double
            if zoom <= native {
                // The viewport at this level, centred on the map, and the margin.
                let centerX = WebMercator.x(longitude: view.center.longitude, zoom: Double(zoom))
                let centerY = WebMercator.y(latitude: view.center.latitude, zoom: Double(zoom))
                (left, right) = (centerX - view.width / 2 - panMargin, centerX + view.width / 2 + panMargin)
                (top, bottom) = (centerY - view.height / 2 - panMargin, centerY + view.height / 2 + panMargin)
            } else {
                let scale = pow(2, Double(zoom) - view.zoom)
                (left, right) = (originX * scale, (originX + view.width) * scale)
                (top, bottom) = (originY * scale, (originY + view.height) * scale)
            }
            let count = 1 << zoom
            let tileSize = WebMercator.tileSize
            let firstColumn = Int((left / tileSize).rounded(.down))
            let lastColumn = min(Int((right / tileSize).rounded(.up)) - 1, firstColumn + count - 1)
            let firstRow = max(0, Int((top / tileSize).rounded(.down)))
            let lastRow = min(count - 1, Int((bottom / tileSize).rounded(.up)) - 1)
            guard firstColumn <= lastColumn, firstRow <= lastRow else { continue }
            body(zoom, firstColumn...lastColumn, firstRow...lastRow)
        }
    }
}
