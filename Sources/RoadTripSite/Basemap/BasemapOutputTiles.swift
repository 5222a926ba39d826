import RoadTripCore
import RoadTripGeo
import RoadTripRender

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The offline basemap tiles an existing output folder already holds as the cache's own files.
///
/// A tile's output file (`assets/basemap/{z}/{x}-{y}.svg`) is a hard link to its cache file
/// (``BasemapTileCache``): one inode. When `lstat` of the output path, reached through real
/// folders only, finds a regular file on the cache's file system whose stamp (size, modification
/// and status-change times, inode) is the one the cache's index recorded for the tile, that file
/// is the cache's file, unchanged since the build that checked its bytes. That one `lstat`
/// answers both what draw-basemap asks of the cache's file (``BasemapTileCache/holdUnchanged(_:stamps:)``)
/// and what write-output asks of the output's (is it the cache's file?): the tile is kept as it is,
/// among the build's kept files, and neither path is looked at again. A rebuild of 250
/// destinations stats 6,401 tiles once instead of three times.
///
/// Removing, renaming or replacing the cache's file changes its link count, so its status-change
/// time: the stamp no longer matches and the tile is checked as before. What this does not see is
/// a folder of the cache moved or replaced, which leaves its files' stamps as they were: the
/// output keeps the files it links, which are still the checked ones, and a build that needs the
/// cache's path (a new output folder, a tile's body) checks it as before.
struct BasemapOutputTiles {
    /// The output folder, absolute and canonical.
    private let outputRoot: String
    /// The device of the cache's folder (`st_dev`).
    private let cacheDevice: UInt64
    /// The zoom levels whose `{z}` folder below `assets/basemap/` is a real folder (not a symbolic
    /// link) in the output, as are `assets/` and `assets/basemap/`.
    private let realFolders: Set<Int>

    /// The tiles' check for the output folder `outputRoot` and the cache folder `cacheFolder`,
    /// with one `lstat` of each folder on the way to `tiles`; `nil` when either folder cannot be
    /// stat'ed or `assets/basemap/` is not a real folder in the output (a first build, or one whose
    /// output lacks the basemap: nothing to keep).
    init?(outputRoot: String, cacheFolder: String, tiles: [BasemapPyramid.Tile]) {
        var status = stat()
        guard stat(cacheFolder, &status) == 0 else { return nil }
        cacheDevice = UInt64(status.st_dev)
        func isRealFolder(_ path: String) -> Bool { FileEntryKind(atPath: path) == .directory }
        let basemap = outputRoot + "/" + BasemapTileSet.folder
        guard isRealFolder(outputRoot + "/assets"), isRealFolder(basemap) else { return nil }
        self.outputRoot = outputRoot
        realFolders = Set(tiles.map(\.zoom)).filter { isRealFolder(basemap + "/\($0)") }
    }

    /// For each of `run` — tiles of one zoom level (a `{z}/{x}` folder of the cache) — whether the
    /// output's file of the tile is the cache's file with its stamp in `stamps` (the index's;
    /// `nil`: not cached): one `fstatat` each, relative to the level's folder opened once.
    func holds(_ run: ArraySlice<BasemapPyramid.Tile>, stamps: [BasemapFileStamp?]) -> [Bool] {
        var holds = [Bool](repeating: false, count: run.count)
        guard let first = run.first, realFolders.contains(first.zoom), run.allSatisfy({ $0.zoom == first.zoom }) else { return holds }
        let folder = open(outputRoot + "/" + BasemapTileSet.folder + "/\(first.zoom)", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return holds }
        defer { close(folder) }
        for (offset, tile) in run.enumerated() {
            guard let stamp = stamps[offset] else { continue }
            var status = stat()
            holds[offset] = fstatat(folder, BasemapTileSet.outputName(of: tile), &status, AT_SYMLINK_NOFOLLOW) == 0
                && status.st_mode & S_IFMT == S_IFREG && UInt64(status.st_dev) == cacheDevice
                && BasemapFileStamp(status) == stamp
        }
        return holds
    }
}
