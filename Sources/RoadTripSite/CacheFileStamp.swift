import Foundation

/// `<file>.stamp` beside a file of `.roadtrip-cache/photos/` or `.roadtrip-cache/og/`: the
/// ``BasemapFileStamp`` the file had once roadtrip wrote it and renamed it into place (the magic
/// `RTSTAMP1\n`, then size, modification time, status-change time and inode, ``StoredBytesWriter``).
/// As with the basemap's tiles (``BasemapTileIndex``), a cached file is used only while its `lstat`
/// stamp is the recorded one: writing into it moves its status-change time even when its
/// modification time is put back, and replacing it gives another inode. A file without a readable
/// record (also one cached by an older roadtrip) is made again. The output copies these files
/// (`OutputFile.Contents.copy(from:)`), never hard-links them, so no build moves their stamps and
/// the whole stamp, status-change time included, is compared.
enum CacheFileStamp {
    static let magic = Array("RTSTAMP1\n".utf8)

    /// Where the stamp of the file at `path` is kept.
    static func recordPath(of path: String) -> String { path + ".stamp" }

    /// Whether the regular file at `path` (not a symbolic link) has the stamp recorded for it.
    static func isUnchanged(_ path: String) -> Bool {
        guard let current = BasemapFileStamp.of(path: path) else { return false }
        return current == recorded(for: path)
    }

    /// The stamp recorded for the file at `path`; `nil` when the record is missing, not a regular
    /// file or does not parse whole.
    static func recorded(for path: String) -> BasemapFileStamp? {
        let record = recordPath(of: path)
        guard BasemapFileStamp.of(path: record) != nil, let data = FileManager.default.contents(atPath: record) else { return nil }
        var reader = StoredBytesReader(data: data)
        guard reader.bytes(magic.count) == magic, let stamp = reader.stamp(), reader.isAtEnd else { return nil }
        return stamp
    }

    /// Records the current stamp of the regular file at `path`, which roadtrip has just written
    /// (`CacheFileReplacement`); `false` when it cannot (the file is then made again next time).
    @discardableResult
    static func record(_ path: String) -> Bool {
        guard let stamp = BasemapFileStamp.of(path: path) else { return false }
        var writer = StoredBytesWriter(prefix: magic, capacity: magic.count + 32)
        writer.append(stamp)
        if case .success = CacheFileReplacement.replace(recordPath(of: path), with: Data(writer.bytes)) { return true }
        return false
    }
}
