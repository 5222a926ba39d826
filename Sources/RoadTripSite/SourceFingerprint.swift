import Foundation
import RoadTripCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The state of a source file or folder as `stat(2)` sees it, without reading any file: for the
/// item itself and every visible file and folder below it, the path, the size in bytes, the
/// modification time, the status-change time (each in seconds and nanoseconds since the Unix epoch)
/// and the inode number.
///
/// Two fingerprints of the same item are equal when nothing was written, replaced, added or
/// removed in between, as far as `stat(2)` can tell: an editor that saves in place changes the
/// size or the modification time, one that writes a new file and renames it over the old one
/// changes the inode, and a tool that writes the file and then sets its old modification time
/// back (`cp -p`, `rsync -a`, `tar x`, `touch -r`) still changes the status-change time, which no
/// program can set (stat(2): `st_ctime` changes on every write and every change of the
/// file's metadata). Symbolic links are followed (what a loader reads is the target); a folder
/// reached twice through links is walked once.
///
/// Folders contribute their path only: a folder's own modification time also changes when an
/// editor creates a swap file in it, which would make every keystroke look like a change.
/// Dotfiles, and everything below a dot-folder, are left out for the same reason — no loader
/// reads them (`SiteLoader`, `DestinationLoader`, `TripLogLoader` and `Theme` all skip them) —
/// except a destination's `image:` when it names one, which its page inputs fingerprint on their
/// own (``covers(_:)``, `BuildStep.PageInputs.outsideAssets`).
///
/// A file written again within the same tick of the file system's clock, with the same size and
/// in place, keeps its fingerprint (git calls this "racy clean", `Documentation/technical/racy-git.txt`
/// in git's sources). ``isSettled`` tells whether that can still happen: what was read from
/// an unsettled fingerprint must not be trusted to stay current.
struct SourceFingerprint: Sendable, Hashable {
    /// One file or folder.
    struct Entry: Sendable, Hashable {
        /// '/'-separated path relative to the fingerprinted item (`""` for the item itself);
        /// folders end with `/`.
        var path: String
        /// Size in bytes (0 for folders).
        var size: Int64 = 0
        /// Modification time: whole seconds since the Unix epoch (0 for folders).
        var modificationSeconds: Int64 = 0
        /// Modification time: nanoseconds within the second (0 for folders).
        var modificationNanoseconds: Int64 = 0
        /// Inode number (0 for folders).
        var inode: UInt64 = 0
        /// Status-change time: whole seconds and nanoseconds (0 for folders).
        var changeSeconds: Int64 = 0
        var changeNanoseconds: Int64 = 0
    }

    /// The coarsest modification-time granularity roadtrip allows for, in seconds: 2 s on FAT,
    /// 1 s on HFS+ and ext3. It applies to a file whose modification time is a whole second (its
    /// nanoseconds are 0), which is all a file system with such timestamps records.
    static let timestampGranularity = 2.0

    /// The granularity allowed for a file whose modification time has a fraction of a second, in
    /// seconds: such a file system (ext4, XFS, Btrfs, tmpfs; exFAT counts 10 ms) takes its times
    /// from the kernel's coarse clock, which ticks every jiffy (1–10 ms: `CONFIG_HZ` 100 to 1000,
    /// `Documentation/timers/timekeeping.rst`), so that 50 ms leaves five ticks of margin. A file
    /// that happens to be written on a whole second gets ``timestampGranularity``: only slower.
    static let fineTimestampGranularity = 0.05

    /// Every entry, sorted by path. Empty when the item does not exist.
    let entries: [Entry]

    /// `true` when every folder could be listed and every file was last modified at least
    /// ``timestampGranularity`` before the fingerprint was taken (``fineTimestampGranularity`` for
    /// a modification time with a fraction of a second), so that any later write shows as a new
    /// modification time. (A write whose
    /// modification time is then put back, `touch -d`, is seen by the status-change time the
    /// digest holds, unless a second write of the same size lands in the same tick of the kernel's
    /// clock after the fingerprint was taken: 1–10 ms; kernels from 6.13 give every change a time
    /// of its own.)
    let isSettled: Bool
    /// When the fingerprint was taken, in seconds since the Unix epoch.
    private let takenAt: Double
    /// The fingerprinted folder's own modification and status-change times, in nanoseconds since
    /// the Unix epoch, as `"<modified>.<changed>"`: they move whenever an entry of the folder is
    /// added, removed or renamed (so that a later build that finds them unchanged knows the same
    /// names are there). `nil` for a file, or when they are within the file system's granularity
    /// of the instant the fingerprint was taken (an entry added in the same tick would not show).
    /// Not part of ``digest`` (an editor's swap file moves them).
    let folderStamp: String?
    /// Whether every folder below the item could be listed.
    private let listedEveryFolder: Bool

    /// The fingerprint as 16 hexadecimal digits: XXH3-64 (``ContentHash``) of every entry's path,
    /// size, times and inode — what a stored build keeps of it.
    var digest: String { digest(excluding: nil) }

    /// ``digest`` without the entry at `excludedPath` (relative, as ``Entry/path``), so that two
    /// fingerprints of a folder compare everything in it but that one file: a destination folder
    /// where only `index.md` changed (`BodyEditRebuild`). `nil` excludes nothing. Each entry is
    /// its path's UTF-8 bytes, a NUL, and its six numbers as 64-bit little-endian integers (the
    /// same text formatted with string interpolation took ~8 ms of a 4,000-destination rebuild).
    func digest(excluding excludedPath: String?) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entries.count * 72)
        for entry in entries where entry.path != excludedPath {
            bytes.append(contentsOf: entry.path.utf8)
            bytes.append(0)
            for field in [
                entry.size, entry.modificationSeconds, entry.modificationNanoseconds, Int64(bitPattern: entry.inode),
                entry.changeSeconds, entry.changeNanoseconds,
            ] {
                withUnsafeBytes(of: field.littleEndian) { bytes.append(contentsOf: $0) }
            }
        }
        return bytes.withUnsafeBytes { ContentHash.hex64(bytes: $0) }
    }

    /// Whether every entry but the one at `excludedPath` was settled when the fingerprint was
    /// taken (``isSettled``'s rule for modification times; every folder was listed).
    func isSettled(excluding excludedPath: String) -> Bool {
        listedEveryFolder && entries.allSatisfy { $0.path == excludedPath || Self.isSettled($0, at: takenAt) }
    }

    /// Fingerprints the file or folder at `url` (recursively for a folder) at the instant `takenAt`
    /// (the build environment's clock), which ``isSettled`` compares the modification times with.
    init(of url: URL, takenAt: Date = Date()) {
        self.init(atPath: url.path, takenAt: takenAt)
    }

    /// ``init(of:takenAt:)`` for the file or folder at `path`.
    init(atPath path: String, takenAt: Date = Date()) {
        let takenAt = takenAt.timeIntervalSince1970
        var entries: [Entry] = []
        var visitedFolders: Set<FolderIdentity> = []
        var listedEveryFolder = true
        var status = stat()
        var folderStamp: String?
        if stat(path, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR {
                let folder = Self.fileEntry(status, relativePath: "/")
                if Self.isSettled(folder, at: takenAt) { folderStamp = Self.stampText(folder) }
                entries.append(Entry(path: "/"))
                visitedFolders.insert(FolderIdentity(status))
                Self.visitFolder(
                    open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC), relativePath: "", into: &entries,
                    visitedFolders: &visitedFolders, listedEveryFolder: &listedEveryFolder)
            } else {
                entries.append(Self.fileEntry(status, relativePath: ""))
            }
        }
        self.entries = entries.sorted { $0.path < $1.path }
        self.takenAt = takenAt
        self.listedEveryFolder = listedEveryFolder
        self.folderStamp = listedEveryFolder ? folderStamp : nil
        // A folder that cannot be listed (searchable, not readable: chmod 100, 300) hides its
        // files' changes: such a fingerprint is never settled, so what was read through it is read
        // again on every build.
        isSettled = listedEveryFolder && entries.allSatisfy { Self.isSettled($0, at: takenAt) }
    }

    /// The fingerprint of a folder whose entries are its files `names` (no folder below it), each
    /// stat'ed by its name from `folder` (a descriptor of the folder, following links), when the
    /// folder's ``folderStamp`` is still `folderStamp`: the same names are there, and the folder
    /// need not be listed. `nil` when its stamp differs or a file cannot be stat'ed (fingerprint it
    /// whole then). `folderName`: the folder's name in `parent` (a descriptor).
    init?(folderNamed folderName: String, in parent: Int32, folderStamp: String, names: [String], takenAt: Date) {
        var status = stat()
        guard fstatat(parent, folderName, &status, 0) == 0, status.st_mode & S_IFMT == S_IFDIR,
              Self.stampText(Self.fileEntry(status, relativePath: "/")) == folderStamp
        else { return nil }
        var entries = [Entry(path: "/")]
        for name in names {
            guard fstatat(parent, folderName + "/" + name, &status, 0) == 0, status.st_mode & S_IFMT != S_IFDIR else { return nil }
            entries.append(Self.fileEntry(status, relativePath: name))
        }
        let takenAt = takenAt.timeIntervalSince1970
        self.entries = entries.sorted { $0.path < $1.path }
        self.takenAt = takenAt
        listedEveryFolder = true
        self.folderStamp = folderStamp
        isSettled = entries.allSatisfy { Self.isSettled($0, at: takenAt) }
    }

    /// The names of the files of a folder's fingerprint when it holds no folder (what
    /// ``init(folderNamed:in:folderStamp:names:takenAt:)`` stats again); `nil` otherwise.
    var fileNamesWithoutFolders: [String]? {
        var names: [String] = []
        for entry in entries where entry.path != "/" {
            guard !entry.path.hasSuffix("/") else { return nil }
            names.append(entry.path)
        }
        return names
    }

    /// An entry's modification and status-change times as `"<modified>.<changed>"`, nanoseconds.
    private static func stampText(_ entry: Entry) -> String {
        String(entry.modificationSeconds * 1_000_000_000 + entry.modificationNanoseconds) + "."
            + String(entry.changeSeconds * 1_000_000_000 + entry.changeNanoseconds)
    }

    /// Two fingerprints are equal when their entries and settledness are: when they were taken
    /// does not count.
    static func == (first: SourceFingerprint, second: SourceFingerprint) -> Bool {
        first.entries == second.entries && first.isSettled == second.isSettled
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(entries)
        hasher.combine(isSettled)
    }

    /// Whether `entry` was last modified at least its granularity before `takenAt` (seconds since
    /// the Unix epoch).
    private static func isSettled(_ entry: Entry, at takenAt: Double) -> Bool {
        let granularity = entry.modificationNanoseconds == 0 ? timestampGranularity : fineTimestampGranularity
        return Double(entry.modificationSeconds) + Double(entry.modificationNanoseconds) / 1e9 <= takenAt - granularity
    }

    /// Whether a folder's fingerprint covers the file at `relativePath` ('/'-separated, inside
    /// the folder): `false` for a dotfile or anything below a dot-folder, which ``visit`` leaves out.
    static func covers(_ relativePath: String) -> Bool {
        !relativePath.split(separator: "/").contains { $0.hasPrefix(".") }
    }

    /// A folder as its device and inode, so that one reached twice through links is walked once.
    private struct FolderIdentity: Hashable {
        var device: UInt64
        var inode: UInt64

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    /// The entry of a file with `status` at `relativePath`.
    private static func fileEntry(_ status: stat, relativePath: String) -> Entry {
        #if canImport(Darwin)
        let modified = status.st_mtimespec
        let changed = status.st_ctimespec
        #else
        let modified = status.st_mtim
        let changed = status.st_ctim
        #endif
        return Entry(
            path: relativePath, size: Int64(status.st_size), modificationSeconds: Int64(modified.tv_sec),
            modificationNanoseconds: Int64(modified.tv_nsec), inode: UInt64(status.st_ino),
            changeSeconds: Int64(changed.tv_sec), changeNanoseconds: Int64(changed.tv_nsec))
    }

    /// Adds the entries of the folder open as `descriptor` (closed here; -1 when it could not be
    /// opened: not listed) at `relativePath` ("" for the item itself), each entry stat'ed by its
    /// name from the folder (`fstatat`, following links), each folder below opened from its parent.
    private static func visitFolder(
        _ descriptor: Int32, relativePath: String, into entries: inout [Entry], visitedFolders: inout Set<FolderIdentity>,
        listedEveryFolder: inout Bool
    ) {
        guard descriptor >= 0, let stream = fdopendir(descriptor) else {
            if descriptor >= 0 { close(descriptor) }
            listedEveryFolder = false
            return
        }
        defer { closedir(stream) }
        let folder = dirfd(stream)
        // Names as the folder holds them (a name that is not valid UTF-8 is stat'ed by its bytes,
        // and recorded repaired, U+FFFD, as String(decoding:) does).
        var names: [(bytes: [CChar], name: String)] = []
        while let entry = readdir(stream) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard bytes != [0x2E] && bytes != [0x2E, 0x2E] else { continue }
            names.append((bytes.map { CChar(bitPattern: $0) } + [0], String(decoding: bytes, as: UTF8.self)))
        }
        for (bytes, name) in names where covers(name) {
            var status = stat()
            guard fstatat(folder, bytes, &status, 0) == 0 else {
                // A link to nothing, in a loop, or through a folder that may not be searched: what
                // it leads to cannot be seen (it may appear, or become readable, without a
                // change here), so nothing read through this fingerprint is reused.
                listedEveryFolder = false
                continue
            }
            let path = relativePath.isEmpty ? name : relativePath + "/" + name
            guard status.st_mode & S_IFMT == S_IFDIR else {
                entries.append(fileEntry(status, relativePath: path))
                continue
            }
            entries.append(Entry(path: path + "/"))
            guard visitedFolders.insert(FolderIdentity(status)).inserted else { continue }
            visitFolder(
                openat(folder, bytes, O_RDONLY | O_DIRECTORY | O_CLOEXEC), relativePath: path, into: &entries,
                visitedFolders: &visitedFolders, listedEveryFolder: &listedEveryFolder)
        }
    }
}
