import Dispatch
import Foundation
import Synchronization
import RoadTripCore
import RoadTripGeo
import RoadTripRender

/// `<project root>/.roadtrip-cache/basemap/<fingerprint>/{z}/{x}/{y}.svg`: each offline basemap
/// tile's file (`BasemapTileSVG.document`) as a build drew it, so that the next build reads it
/// instead of clipping and simplifying coastlines again, and links it into the output instead of
/// writing it (`BasemapTileSet.outputFiles()`); and `views/<key>.svg`, the drawing of the
/// overview's own view.
///
/// The fingerprint names everything a tile depends on: roadtrip's version, `formatVersion`, and
/// the name, size and modification time of every GSHHG file of the basemap's folder. Installing
/// another gmt-gshhg package or another roadtrip gives a new folder; the folders of other
/// fingerprints (16 hexadecimal digits, roadtrip's own) are removed when a new one is made.
/// Files are written under a temporary name and renamed, so an interrupted build never leaves a
/// half-written tile; a cache that cannot be written only costs the time to draw the tiles again.
struct BasemapTileCache: Sendable {
    /// The largest cached file read, in bytes: 16 MiB, a hundred times the largest tile of the
    /// sample site (a city's coastline at zoom 12 is under 200 KB); anything larger is drawn again.
    static let largestFile = 16 << 20

    /// Bumped whenever the tiles' drawing or markup changes.
    static let formatVersion = 7

    /// This fingerprint's folder.
    let folder: URL
    /// `folder`'s path.
    private let folderPath: String
    /// The checks of the folders tiles are read from and written into, and the first problem met.
    let folders: BasemapCacheFolders

    /// The cache of the tiles of `fingerprint` (`fingerprint(of:)`) inside `projectRoot`'s
    /// `.roadtrip-cache/basemap/`.
    init(projectRoot: URL, fingerprint: String) {
        folder = ProjectCacheFolder.basemap(projectRoot: projectRoot).appendingPathComponent(fingerprint, isDirectory: true)
        folderPath = folder.path
        folders = BasemapCacheFolders(
            rootPath: folder.deletingLastPathComponent().path, displayRoot: ProjectCacheFolder.name + "/basemap")
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

    /// The body of `tile` as cached, with its file's stamp, or `nil` — also for a file that is not
    /// exactly what a build wrote (cut short, emptied or edited): each file is the tile's
    /// `BasemapTileSVG.document`, which names the tile and the checksum of its body
    /// (`BasemapTileSVG.body(ofDocument:name:)`), and a file that does not match (or another
    /// tile's) is drawn again rather than published or embedded into a `map.svg`.
    func body(of tile: BasemapPyramid.Tile) -> (body: String, stamp: BasemapFileStamp)? {
        guard isUsableFolder(of: tile, creating: false) else { return nil }
        return body(atPath: path(of: tile), name: tile.documentName)
    }

    /// For each of `run` — tiles of one `{z}/{x}` folder — whether its file is still the one whose
    /// bytes were checked when it had the stamp in `stamps` (`BasemapTileIndex`; `nil`: not cached,
    /// or not asked), reached through real folders only: the folder checked and opened once, each
    /// file stat'ed by its name in it (`fstatat`, not following a link). Stat'ing each tile by its
    /// whole path made the kernel walk it again for each of a 250-destination site's 6,401 tiles.
    func holdUnchanged(_ run: ArraySlice<BasemapPyramid.Tile>, stamps: [BasemapFileStamp?]) -> [Bool] {
        var holds = [Bool](repeating: false, count: run.count)
        guard let first = run.first, stamps.contains(where: { $0 != nil }), isUsableFolder(of: first, creating: false) else {
            return holds
        }
        let folder = open(folderPath + "/\(first.zoom)/\(first.x)", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return holds }
        defer { close(folder) }
        for (offset, tile) in run.enumerated() {
            guard let stamp = stamps[offset] else { continue }
            holds[offset] = BasemapFileStamp.of(relativePath: "\(tile.y).svg", in: folder) == stamp
        }
        return holds
    }

    /// Whether `tile`'s folder (`{z}/{x}`) and those above it are real folders (made, `creating`).
    private func isUsableFolder(of tile: BasemapPyramid.Tile, creating: Bool) -> Bool {
        folders.isUsableTileFolder(folderPath + "/\(tile.zoom)/\(tile.x)", zoom: tile.zoom, x: tile.x, creating: creating)
    }

    /// The body of the drawing of `view` (`Basemap.drawing(for:)`, the overview's own) as cached,
    /// or `nil`, as `body(of:)`.
    func body(ofView view: MapView) -> String? {
        let file = url(ofView: view)
        guard folders.isUsable(file.deletingLastPathComponent().path, creating: false) else { return nil }
        return body(atPath: file.path, name: Self.documentName(ofView: view))?.body
    }

    /// A cached file is read only when it is a regular file (not a symbolic link, which could
    /// stand for a file outside the project) of at most `largestFile` bytes, in a folder the caller
    /// checked.
    private func body(atPath path: String, name: String) -> (body: String, stamp: BasemapFileStamp)? {
        // open + fstat rather than lstat + open: one path walk less for each of thousands of tiles.
        // O_NONBLOCK: opening a named pipe put where a tile was would otherwise wait for a writer
        // for ever; fstat then refuses it, as anything but a regular file.
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= Self.largestFile
        else { return nil }
        var data = Data(count: Int(status.st_size))
        let complete = data.withUnsafeMutableBytes { FileComparison.readAll(descriptor, into: $0) }
        guard complete, let body = BasemapTileSVG.body(ofDocument: data, name: name) else { return nil }
        return (body, BasemapFileStamp(status))
    }

    /// The stamps of the files whose bytes a build checked or wrote (`BasemapTileIndex`).
    func readIndex() -> BasemapTileIndex {
        folders.isUsable(folderPath, creating: false) ? BasemapTileIndex(contentsOfFile: indexPath) : BasemapTileIndex()
    }

    /// Replaces the index with `index` (a temporary file renamed over it); a failure is recorded
    /// in `folders` for the warning, and only costs the next build the time to read the tiles.
    func writeIndex(_ index: BasemapTileIndex) {
        _ = store(index.data, at: indexPath)
    }

    /// `<fingerprint>/index`.
    private var indexPath: String { folderPath + "/index" }

    /// After a write of the output (`summary`), stamps again the tiles of `index` it linked into
    /// the output or unlinked from it (`restamped(_:in:)`) and writes the index when that changed
    /// it, so that the next build trusts them without reading them.
    func restampTiles(changedBy summary: OutputWriteSummary, in index: BasemapTileIndex) {
        // A path is written or removed, never both: the two lists together name each path once.
        restampTiles(atOutputPaths: summary.written + summary.removed, knownStamps: summary.stagedStamps, in: index)
    }

    /// Stamps again the tiles of `index` whose output files (`assets/basemap/…` paths) a build
    /// linked or unlinked — `paths` — and writes the index when that changed it: after a write
    /// (``restampTiles(changedBy:in:)``), and after a build that stopped once it had linked tiles
    /// into its staging folder and removed it (the next build would otherwise read every tile).
    func restampTiles(
        atOutputPaths paths: [String], knownStamps: [String: BasemapFileStamp] = [:], in index: BasemapTileIndex
    ) {
        let moved = paths.compactMap { path in
            BasemapTileSet.tile(atOutputPath: path).flatMap { index.stamps[$0] == nil ? nil : (tile: $0, outputPath: path) }
        }
        guard !moved.isEmpty, let restamped = restamped(moved, in: index, knownStamps: knownStamps) else { return }
        writeIndex(restamped)
    }

    /// `index` with the status-change time of each of `tiles` (with its output path) taken again from its file, when its
    /// size, modification time and inode are still those `index` recorded: linking a tile into the
    /// output (or unlinking it) changes that time but not the bytes, which the build checked or
    /// wrote itself moments before. A tile whose file changed otherwise keeps its old stamp, so the
    /// next build reads it again. A tile's current stamp is `knownStamps` of its output path
    /// when the write took it (``OutputWriteSummary/stagedStamps``:
    /// the same inode, stamped through the output's link), else one `lstat`, on both cores.
    /// `nil` when no tile's stamp changed (the index is `index`).
    func restamped(
        _ tiles: [(tile: BasemapPyramid.Tile, outputPath: String)], in index: BasemapTileIndex,
        knownStamps: [String: BasemapFileStamp] = [:]
    ) -> BasemapTileIndex? {
        let renewed = concurrentMap(tiles, chunkSize: 256) { tile, outputPath -> (BasemapPyramid.Tile, BasemapFileStamp)? in
            guard let recorded = index.stamps[tile],
                  let current = knownStamps[outputPath] ?? BasemapFileStamp.of(path: path(of: tile)),
                  current != recorded, current.isSameContent(as: recorded)
            else { return nil }
            return (tile, current)
        }
        var result = index, changed = false
        for case let (tile, stamp)? in renewed {
            result.stamps[tile] = stamp
            changed = true
        }
        return changed ? result : nil
    }

    /// Keeps `tile`'s `BasemapTileSVG.document` of `body`; the new file's stamp, or `nil` when it
    /// could not be written. The file is written under a temporary name and renamed over the old
    /// one, never written into: the output's tiles are hard links to these files
    /// (`OutputFile.Contents.link(fromPath:)`).
    @discardableResult
    func store(_ body: String, of tile: BasemapPyramid.Tile) -> BasemapFileStamp? {
        guard isUsableFolder(of: tile, creating: true) else { return nil }
        return store(Data(BasemapTileSVG.document(body: body, name: tile.documentName).utf8), at: path(of: tile))
    }

    /// Keeps the body of the drawing of `view`, as `store(_:of:)`.
    @discardableResult
    func store(_ body: String, ofView view: MapView) -> BasemapFileStamp? {
        store(Data(BasemapTileSVG.document(body: body, name: Self.documentName(ofView: view)).utf8), at: url(ofView: view).path)
    }

    /// Replaces the target with `bytes` (`CacheFileReplacement`) in its folder, checked and made by
    /// `folders`; returns the target's new stamp. A failure is recorded in `folders` for the warning.
    private func store(_ bytes: Data, at targetPath: String) -> BasemapFileStamp? {
        let parent = (targetPath as NSString).deletingLastPathComponent
        guard folders.isUsable(parent, creating: true) else { return nil }
        switch CacheFileReplacement.replace(targetPath, with: bytes) {
        case .success(let status):
            return BasemapFileStamp(status)
        case .failure(.cannotCreate(let reason)):
            folders.record("cannot write in \(folders.display(parent)): \(reason)")
        case .failure(.cannotWrite(let reason)):
            folders.record("cannot write \(folders.display(targetPath)): \(reason)")
        }
        return nil
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

    /// The absolute path of `tile`'s file in this fingerprint's folder (joined as a string:
    /// `URL.appendingPathComponent` cost more than reading the tile).
    func path(of tile: BasemapPyramid.Tile) -> String {
        folderPath + "/" + tile.path
    }

    /// The file of the drawing of `view`: `views/<key>.svg`, the key the FNV-1a 64 of its centre,
    /// zoom and size.
    private func url(ofView view: MapView) -> URL {
        folder.appendingPathComponent("views/" + Self.key(ofView: view) + ".svg")
    }

    private static func key(ofView view: MapView) -> String {
        FNV1a.hex64("\(view.center.latitude) \(view.center.longitude) \(view.zoom) \(view.width) \(view.height)")
    }

    /// What the file of the drawing of `view` names itself: `"view <key>"`.
    static func documentName(ofView view: MapView) -> String {
        "view " + key(ofView: view)
    }
}
