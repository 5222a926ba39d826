import Foundation

/// One raster tile of a map view's basemap and where it is drawn.
public struct MapTile: Sendable, Hashable {
    /// Integer tile zoom `z` (`floor` of the view's zoom, capped by the layer's `maxZoom`).
    public let zoom: Int
    /// Tile column, already wrapped into `0 ..< 2^z` (so views across ±180° reuse the real tiles).
    public let x: Int
    /// Tile row, `0 ..< 2^z`, 0 at the north edge (85.0511° N).
    public let y: Int
    /// Left edge in viewport pixels (may be negative: tiles overhang the viewport).
    public let left: Double
    /// Top edge in viewport pixels.
    public let top: Double
    /// Drawn width in pixels, `256 · 2^(viewZoom − z)`.
    public let width: Double
    /// Drawn height in pixels (equal to `width`).
    public let height: Double

    /// The tiles covering `view`, row by row from the north-west, as a raster basemap draws them.
    ///
    /// Tile zoom `z = floor(min(view.zoom, maximumZoom))` (at least 0), each tile scaled by
    /// `2^(view.zoom − z)`. A tile `(tx, ty)` spans world pixels `[tx, tx + 1) · size` at the view's
    /// zoom, the same numbering as OSM "Slippy map tilenames" (`xtile = floor((lon + 180) / 360 · 2^z)`).
    /// Columns wrap modulo `2^z`; rows outside `0 ..< 2^z` (beyond ±85.0511°) are skipped. A tile
    /// touching the viewport only along an edge is left out.
    ///
    /// Edges are computed from the unrounded positions, so neighbouring tiles share an edge exactly
    /// once the caller rounds `left`/`left + width` the same way.
    public static func covering(_ view: MapView, maximumZoom: Double = 19) -> [MapTile] {
        let zoom = max(0, Int(min(view.zoom, maximumZoom).rounded(.down)))
        let size = WebMercator.tileSize * pow(2, view.zoom - Double(zoom))
        let count = 1 << zoom
        let (originX, originY) = view.origin
        let firstColumn = Int((originX / size).rounded(.down))
        let lastColumn = Int(((originX + view.width) / size).rounded(.up)) - 1
        let firstRow = max(0, Int((originY / size).rounded(.down)))
        let lastRow = min(count - 1, Int(((originY + view.height) / size).rounded(.up)) - 1)
        guard firstColumn <= lastColumn, firstRow <= lastRow else { return [] }
        var tiles: [MapTile] = []
        for row in firstRow...lastRow {
            for column in firstColumn...lastColumn {
                tiles.append(MapTile(
                    zoom: zoom, x: ((column % count) + count) % count, y: row,
                    left: Double(column) * size - originX, top: Double(row) * size - originY,
                    width: size, height: size))
            }
        }
        return tiles
    }
}
