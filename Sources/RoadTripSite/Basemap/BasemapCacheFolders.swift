import Foundation
import Synchronization

/// The folders of one basemap cache fingerprint (`BasemapTileCache`), checked before a tile is read
/// from them or written into them: each folder from the fingerprint's down to the tile's must be a
/// real folder, not a symbolic link (which could lead out of the project, into `Destinations/` or a
/// system folder) nor a file. Each folder is checked once per build; the first problem met is kept
/// for the build's one warning.
final class BasemapCacheFolders: Sendable {
    /// `.roadtrip-cache/basemap/`, already checked by `ProjectCacheFolder.problem(with:projectRoot:)`.
    private let rootPath: String
    /// How a message shows `rootPath` (`.roadtrip-cache/basemap`).
    private let displayRoot: String
    /// Each folder checked so far: `nil` when it is usable, else what is wrong with it.
    private let checked = Mutex<[String: String?]>([:])
    /// Whether the root was made (or found) by this build.
    private let rootExists = Mutex(false)
    /// The first problem met (a folder that cannot be used, a file that cannot be written).
    private let firstProblem = Mutex<String?>(nil)
    /// The tile folders (`{z}/{x}`, as `zoom << 32 | x`) found usable so far: a build looks one up
    /// for each of thousands of tiles, and splitting each path took longer than reading the tile.
    private let usableTileFolders = Mutex<Set<Int>>([])

    init(rootPath: String, displayRoot: String) {
        self.rootPath = rootPath
        self.displayRoot = displayRoot
    }

    /// The first problem met so far, for the build's one warning; `nil` when none.
    var problem: String? { firstProblem.withLock { $0 } }

    /// Keeps `problem` when it is the first one met.
    func record(_ problem: String) {
        firstProblem.withLock { if $0 == nil { $0 = problem } }
    }

    /// Whether the folder `path` (below the root) and every folder between it and the root are
    /// real folders; with `creating`, missing ones are made (mode 0755). A folder that is missing
    /// when reading is no problem (the tile is not cached); one that is a link or a file is
    /// recorded.
    func isUsable(_ path: String, creating: Bool) -> Bool {
        // As UTF-8 bytes: the characters' own prefix test, drop and split cost a third of a
        // draw-basemap's tile checks (460 calls, ~27,000 instructions each, at 250 destinations).
        let bytes = path.utf8, root = rootPath.utf8
        guard bytes.count > root.count, bytes.starts(with: root),
              bytes[bytes.index(bytes.startIndex, offsetBy: root.count)] == UInt8(ascii: "/")
        else { return false }
        if creating && !rootExists.withLock({ $0 }) {
            // The root itself (and `.roadtrip-cache/` above it) passed `ProjectCacheFolder`'s checks.
            do {
                try FileManager.default.createDirectory(atPath: rootPath, withIntermediateDirectories: true)
            } catch {
                record("cannot make \(displayRoot): \(error.localizedDescription)")
                return false
            }
            rootExists.withLock { $0 = true }
        }
        let components = bytes.dropFirst(root.count + 1).split(separator: UInt8(ascii: "/"))
        var current = rootPath
        for component in components {
            current += "/"
            current += Substring(component)
            if let known = checked.withLock({ $0[current] }) {
                if known == nil { continue }
                return false
            }
            var status = stat()
            if lstat(current, &status) != 0 {
                guard errno == ENOENT, creating else { return false }
                if mkdir(current, 0o755) != 0 && errno != EEXIST {
                    record("cannot make \(display(current)): \(String(cString: strerror(errno)))")
                    return false
                }
                guard lstat(current, &status) == 0 else { return false }
            }
            let kind = status.st_mode & S_IFMT
            let problem: String? = kind == S_IFDIR ? nil
                : kind == S_IFLNK ? "\(display(current)) is a symbolic link (the cache's folders must be real folders)"
                : "\(display(current)) is not a folder"
            checked.withLock { $0[current] = .some(problem) }
            if let problem {
                record(problem)
                return false
            }
        }
        return true
    }

    /// `isUsable(path, creating:)` for the folder `path` of the tiles of column `x` at `zoom`,
    /// remembered by column once usable.
    func isUsableTileFolder(_ path: String, zoom: Int, x: Int, creating: Bool) -> Bool {
        let key = zoom << 32 | x
        if usableTileFolders.withLock({ $0.contains(key) }) { return true }
        guard isUsable(path, creating: creating) else { return false }
        usableTileFolders.withLock { _ = $0.insert(key) }
        return true
    }

    /// `path` as messages show it: below the project's `.roadtrip-cache/basemap`.
    func display(_ path: String) -> String {
        path.hasPrefix(rootPath) ? displayRoot + path.dropFirst(rootPath.count) : path
    }
}
