import Foundation
import Testing
@testable import RoadTripCore
@testable import RoadTripGeo
@testable import RoadTripRender
@testable import RoadTripSite

/// The basemap cache's stat index (`BasemapTileIndex`) and a tile set whose bodies are not all
/// held (`BasemapTileSet.loadBody`).
@Suite struct BasemapTileIndexTests {
    private static func temporaryFile() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-index-\(UUID().uuidString)").path
    }

    @Test func anIndexReadsBackWhatWasWritten() throws {
        let stamps: [BasemapPyramid.Tile: BasemapFileStamp] = [
            BasemapPyramid.Tile(zoom: 12, x: 4095, y: 0): BasemapFileStamp(size: 2_048, modified: 1_764_000_000_123_456_789, changed: 1_764_000_001_000_000_000, inode: 42),
            BasemapPyramid.Tile(zoom: 0, x: 0, y: 0): BasemapFileStamp(size: 1, modified: -5, changed: 7, inode: UInt64.max),
        ]
        let solidFills: [BasemapPyramid.Tile: BasemapSolidFill] = [BasemapPyramid.Tile(zoom: 0, x: 0, y: 0): .sea]
        let path = Self.temporaryFile()
        defer { unlink(path) }
        let data = BasemapTileIndex(stamps: stamps, solidFills: solidFills).data
        // 14 bytes of magic, then 8 × 8 bytes a record, then the records' XXH3-64; the first
        // record is tile 0/0/0's (tile order), whose last field says sea (2).
        #expect(data.count == 14 + 2 * 64 + 8)
        #expect(Array(data[(14 + 56)..<(14 + 64)]) == [2, 0, 0, 0, 0, 0, 0, 0])
        let records = data.dropFirst(14).dropLast(8)
        #expect(data.suffix(8).withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
            == records.withUnsafeBytes { ContentHash.value64(bytes: $0) })
        try data.write(to: URL(fileURLWithPath: path))
        let index = BasemapTileIndex(contentsOfFile: path)
        #expect(index.stamps == stamps)
        #expect(index.solidFills == solidFills)
    }

    /// `data` (an index's bytes, edited) with its trailing hash made right again.
    private static func rehashed(_ data: Data) -> Data {
        var bytes = Data(data.dropLast(8))
        let hash = bytes.dropFirst(14).withUnsafeBytes { ContentHash.value64(bytes: $0) }
        withUnsafeBytes(of: hash.littleEndian) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Anything that is not exactly an index is an empty one: every tile is read and checked again.
    @Test func aMalformedIndexIsEmpty() throws {
        let stamp = BasemapFileStamp(size: 10, modified: 20, changed: 25, inode: 30)
        let good = BasemapTileIndex(stamps: [BasemapPyramid.Tile(zoom: 3, x: 7, y: 7): stamp]).data
        var outOfRange = good
        // The record's x (bytes 8…15 of it) set to 8: a zoom-3 tile's column is 0…7.
        outOfRange[14 + 8] = 8
        var wrongMagic = good
        wrongMagic[0] = UInt8(ascii: "X")
        // A fill changed from none (0) to land (1) — one byte, an accident, which would publish a
        // coast as land — no longer matches the hash; a fill other than 0, 1 or 2 is refused too.
        var flippedFill = good
        flippedFill[14 + 56] = 1
        var unknownFill = good
        unknownFill[14 + 56] = 3
        // The previous format (version 2: seven fields a record, no fill) is not read.
        var previousFormat = Data("RTBASEMAPIDX2\n".utf8)
        previousFormat.append(good.dropFirst(14).prefix(56))
        // Out of range with a hash that matches: refused by the checks of the fields.
        for bytes in [
            good.dropLast(), wrongMagic, outOfRange, Self.rehashed(outOfRange), flippedFill, unknownFill, Self.rehashed(unknownFill),
            previousFormat, Data(),
        ] {
            let path = Self.temporaryFile()
            defer { unlink(path) }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(BasemapTileIndex(contentsOfFile: path).stamps.isEmpty)
        }
        #expect(BasemapTileIndex(contentsOfFile: "/nonexistent/index").stamps.isEmpty)
    }

    /// A tile of the set whose body is not held is loaded when a map embeds it, and written from
    /// the loaded body when no cache keeps it.
    @Test func aBodyNotHeldIsLoaded() {
        let held = BasemapPyramid.Tile(zoom: 2, x: 1, y: 1), loaded = BasemapPyramid.Tile(zoom: 2, x: 2, y: 1)
        let set = BasemapTileSet(
            tiles: [held, loaded], bodies: [held: "<g class=\"basemap-tile\">held</g>"],
            loadBody: { $0 == loaded ? "<g class=\"basemap-tile\">loaded</g>" : nil })
        #expect(set.body(of: loaded) == "<g class=\"basemap-tile\">loaded</g>")
        #expect(set.body(of: BasemapPyramid.Tile(zoom: 2, x: 3, y: 1)) == nil)
        let files = set.outputFiles()
        #expect(files.map(\.path) == ["assets/basemap/2/1-1.svg", "assets/basemap/2/2-1.svg"])
        guard case .text(let text) = files[1].contents else { Issue.record("not text"); return }
        #expect(text == BasemapTileSVG.document(body: "<g class=\"basemap-tile\">loaded</g>", name: "tile 2/2/1"))
    }

    /// `BasemapTileSet.tile(atOutputPath:)` reads back what `outputPath(of:)` writes — every tile
    /// of zoom 0–3 and some deep ones, written out here by hand as `assets/basemap/{z}/{x}-{y}.svg` —
    /// and nothing else: another folder, a cache path, numbers with a sign, a leading zero or no
    /// digits, a missing part, another extension, a solid fill's file.
    @Test func aTileIsReadBackFromItsOutputPath() {
        var tiles = [BasemapPyramid.Tile(zoom: 12, x: 4095, y: 0), BasemapPyramid.Tile(zoom: 11, x: 1024, y: 2047)]
        for zoom in 0...3 { for x in 0..<(1 << zoom) { for y in 0..<(1 << zoom) { tiles.append(.init(zoom: zoom, x: x, y: y)) } } }
        for tile in tiles {
            let path = "assets/basemap/\(tile.zoom)/\(tile.x)-\(tile.y).svg"
            #expect(BasemapTileSet.outputPath(of: tile) == path)
            #expect(BasemapTileSet.tile(atOutputPath: path) == tile, "\(path)")
        }
        for path in ["assets/basemap/3/1/2.svg", "assets/tiles/3/1-2.svg", "assets/basemap/3/+1-2.svg", "assets/basemap/3/01-2.svg",
                     "assets/basemap/03/1-2.svg", "assets/basemap/3/1--2.svg", "assets/basemap/3/-2.svg", "assets/basemap/3/1-.svg",
                     "assets/basemap/3-1-2.svg", "assets/basemap/3/1-2.png", "assets/basemap/land.svg", "assets/basemap//1-2.svg",
                     "assets/basemap/3/1-2.svg/x", "assets/basemap/3/١-2.svg", "assets/basemap/3/1-2"] {
            #expect(BasemapTileSet.tile(atOutputPath: path) == nil, "\(path)")
        }
    }
}
