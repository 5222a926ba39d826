import Foundation
import RoadTripCore

/// The names in a project's `Destinations/` folder and what each is, as one digest: equal
/// between two builds when no destination folder, `Destinations.plist` or other entry was added,
/// removed, renamed or replaced by another kind of entry (a folder by a link), so that the set of
/// sources the loader reads is the same (`BodyEditRebuild`). Dotfiles count too.
enum DestinationsListing {
    /// The digest: the entries' count and the wrapping sum of each entry's XXH3-64 (``ContentHash``)
    /// of its name's bytes and kind (`readdir`'s `d_type`, else `lstat`'s), as hexadecimal digits —
    /// a sum, so that the order `readdir` gives does not matter (sorting 4,000 names took
    /// milliseconds); with it, the names but dotfiles (which no loader reads), as read. `nil` when
    /// the folder cannot be listed.
    static func read(_ projectRoot: URL) -> (digest: String, names: [String])? {
        let folder = projectRoot.appendingPathComponent("Destinations", isDirectory: true).path
        guard let stream = opendir(folder) else { return nil }
        defer { closedir(stream) }
        var sum: UInt64 = 0, count = 0
        var bytes: [UInt8] = []
        var names: [String] = []
        while let entry = readdir(stream) {
            bytes.removeAll(keepingCapacity: true)
            withUnsafeBytes(of: entry.pointee.d_name) { raw in bytes.append(contentsOf: raw.prefix { $0 != 0 }) }
            guard bytes != [0x2E] && bytes != [0x2E, 0x2E] else { continue }
            if bytes.first != 0x2E { names.append(String(decoding: bytes, as: UTF8.self)) }
            var kind = UInt32(entry.pointee.d_type)
            if kind == UInt32(DT_UNKNOWN) {
                var status = stat()
                let path = folder + "/" + String(decoding: bytes, as: UTF8.self)
                kind = lstat(path, &status) == 0 ? UInt32(status.st_mode & S_IFMT) : UInt32.max
            }
            bytes.append(0)
            withUnsafeBytes(of: kind.littleEndian) { bytes.append(contentsOf: $0) }
            sum &+= bytes.withUnsafeBytes { ContentHash.value64(bytes: $0) }
            count += 1
        }
        return (String(count) + ":" + ContentHash.hex(sum), names)
    }

    /// What `stat(2)` says of the entry `name` of `Destinations/` (open as `folder`), following
    /// links (of the link itself when it leads nowhere): kind, inode, size, modification and
    /// status-change times (nanoseconds), as text, and when it is settled: the later of the two
    /// times in seconds since the Unix epoch, plus the file system's granularity (``SourceFingerprint``'s: 2 s for a time
    /// on a whole second, else 50 ms) — a later change shows only after that; `("absent", 0)` when
    /// there is no such entry. A folder's times move when an entry is added to it (an `index.md`:
    /// it becomes a destination) or renamed in it.
    static func stamp(of name: String, in folder: Int32) -> (text: String, settledAt: Double) {
        var status = stat()
        guard folder >= 0, fstatat(folder, name, &status, 0) == 0 || fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
            return ("absent", 0)
        }
        let modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        let changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
        let latest = max(modified, changed)
        let granularity = latest % 1_000_000_000 == 0 ? SourceFingerprint.timestampGranularity : SourceFingerprint.fineTimestampGranularity
        return ("\(status.st_mode):\(status.st_ino):\(status.st_size):\(modified):\(changed)", Double(latest) / 1e9 + granularity)
    }
}
