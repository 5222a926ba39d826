import Foundation
import RoadTripCore

/// The names in a project's `Destinations/` folder and what each is, as one digest: equal
/// between two builds when no destination folder, `Destinations.plist` or other entry was added,
/// removed, renamed or replaced by another kind of entry (a folder by a link), so that the set of
/// sources the loader reads is the same (`BodyEditRebuild`). Dotfiles count too.
enum DestinationsListing {
    /// The entries' count and the wrapping sum of each entry's XXH3-64 (``ContentHash``) of its
    /// name's bytes and kind (`readdir`'s `d_type`, else `lstat`'s), as hexadecimal digits — a sum,
    /// so that the order `readdir` gives does not matter (sorting 4,000 names took milliseconds);
    /// `nil` when the folder cannot be listed.
    static func digest(of projectRoot: URL) -> String? {
        let folder = projectRoot.appendingPathComponent("Destinations", isDirectory: true).path
        guard let stream = opendir(folder) else { return nil }
        defer { closedir(stream) }
        var sum: UInt64 = 0, count = 0
        var bytes: [UInt8] = []
        while let entry = readdir(stream) {
            bytes.removeAll(keepingCapacity: true)
            withUnsafeBytes(of: entry.pointee.d_name) { raw in bytes.append(contentsOf: raw.prefix { $0 != 0 }) }
            guard bytes != [0x2E] && bytes != [0x2E, 0x2E] else { continue }
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
        return String(count) + ":" + ContentHash.hex(sum)
    }
}
