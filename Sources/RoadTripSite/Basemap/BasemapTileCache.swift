import Foundation
import RoadTripCore
import RoadTripGeo

/// `<project root>/.roadtrip-cache/basemap/<fingerprint>/{z}/{x}/{y}.svg`: each offline basemap
/// tile's body (`BasemapTileSVG.body`) as a build drew it, so that the next build reads it instead
/// of clipping and simplifying coastlines again.
///
/// The fingerprint names everything a tile depends on: roadtrip's version, `formatVersion`, and
/// the name, size and modification time of every GSHHG file of the basemap's folder. Installing
/// another gmt-gshhg package or another roadtrip gives a new folder; the folders of other
/// fingerprints (16 hexadecimal digits, roadtrip's own) are removed when a new one is made.
/// Files are written under a temporary name and renamed, so an interrupted build never leaves a
/// half-written tile; a cache that cannot be written only costs the time to draw the tiles again.
struct BasemapTileCache: Sendable {
    /// Bumped whenever the tiles' drawing or markup changes.
    static let formatVersion = 3

    /// This fingerprint's folder.
    let folder: URL

    /// The cache of the tiles of `fingerprint` (`fingerprint(of:)`) inside `projectRoot`'s
    /// `.roadtrip-cache/basemap/`.
    init(projectRoot: URL, fingerprint: String) {
        folder = ProjectCacheFolder.basemap(projectRoot: projectRoot).appendingPathComponent(fingerprint, isDirectory: true)
    }

    /// 16 hexadecimal digits of FNV-1a (64-bit; Fowler, Noll & Vo) over roadtrip's version, the
    /// format version and each GSHHG file's name, size and modification time, in name order.
    static func fingerprint(of basemap: Basemap) -> String {
        var text = "\(RoadTripVersion.current)\n\(formatVersion)\n"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: basemap.folder.path))?.sorted() ?? []
        for name in names where name.hasPrefix("binned_") && name.hasSuffix(".nc") {
            let attributes = try? FileManager.default.attributesOfItem(atPath: basemap.folder.appendingPathComponent(name).path)
            let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            text += "\(name) \(size) \(modified)\n"
        }
        return FNV1a.hex64(text)
    }

    /// The body of `tile` as cached, or `nil` — also for a file that is not exactly what a build
    /// wrote (cut short, emptied or edited): each file starts with a line naming the FNV-1a
    /// (64-bit) of the body after it, and a body that does not match is drawn again rather than
    /// embedded into a `map.svg`.
    func body(of tile: BasemapPyramid.Tile) -> String? {
        guard let data = FileManager.default.contents(atPath: url(of: tile).path),
            let text = String(data: data, encoding: .utf8),
            let newline = text.firstIndex(of: "\n")
        else { return nil }
        let body = String(text[text.index(after: newline)...])
        guard text[..<newline] == Self.header(of: body) else { return nil }
        return body
    }

    /// The first line of a cached tile: `<!-- roadtrip basemap tile, FNV-1a 64 <16 hex digits> -->`.
    static func header(of body: String) -> String {
        "<!-- roadtrip basemap tile, FNV-1a 64 " + FNV1a.hex64(body) + " -->"
    }

    /// Keeps `body` as `tile`'s; `false` when it could not be written.
    @discardableResult
    func store(_ body: String, of tile: BasemapPyramid.Tile) -> Bool {
        let target = url(of: tile)
        let manager = FileManager.default
        do { try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true) } catch { return false }
        let temporary = target.deletingLastPathComponent().appendingPathComponent(".\(tile.y).svg.\(getpid()).\(UInt32.random(in: 0...UInt32.max))")
        guard manager.createFile(atPath: temporary.path, contents: Data((Self.header(of: body) + "\n" + body).utf8)) else { return false }
        guard rename(temporary.path, target.path) == 0 else {
            unlink(temporary.path)
            return false
        }
        return true
    }

    /// Removes the folders of other fingerprints beside this one (only names of 16 hexadecimal
    /// digits: roadtrip's own), when this one does not exist yet.
    func removeOtherFingerprints() {
        let manager = FileManager.default
        guard !manager.fileExists(atPath: folder.path) else { return }
        let root = folder.deletingLastPathComponent()
        for name in (try? manager.contentsOfDirectory(atPath: root.path)) ?? []
        where name.count == 16 && name.allSatisfy(\.isHexDigit) && name == name.lowercased() {
            try? manager.removeItem(at: root.appendingPathComponent(name, isDirectory: true))
        }
    }

    private func url(of tile: BasemapPyramid.Tile) -> URL {
        folder.appendingPathComponent(tile.path)
    }
}
