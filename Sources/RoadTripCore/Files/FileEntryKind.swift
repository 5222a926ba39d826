#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The kind of a file-system entry, read without following a final symbolic link (`lstat(2)`
/// semantics), as the output writer and its apply phase judge what stands at a path, and as a
/// folder's listing tells it (``FolderListing/visibleEntries(below:)``).
///
/// Calls `lstat`/`fstatat` directly: `FileManager.attributesOfItem` also resolves the owner's and
/// group's names, reading `/etc/passwd` and `/etc/group` on every call.
package enum FileEntryKind: Sendable, Equatable {
    case directory, regularFile, symbolicLink, other

    /// The kind of the entry at the absolute or relative `path`, or `nil` when nothing is there.
    package init?(atPath path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        self.init(mode: status.st_mode)
    }

    /// The kind of the entry at `path` relative to the open folder `folder` (a descriptor from
    /// `open(…, O_DIRECTORY)`), or `nil` when nothing is there.
    package init?(atPath path: String, inFolder folder: Int32) {
        var status = stat()
        guard fstatat(folder, path, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        self.init(mode: status.st_mode)
    }

    /// The kind a folder entry's `d_type` (`readdir(3)`) names, or `lstat`'s of `path` (the
    /// entry's path) where the file system leaves it unknown (`DT_UNKNOWN`); `nil` when nothing is
    /// there any more.
    package init?(directoryEntryType type: UInt8, atPath path: String) {
        switch Int32(type) {
        case Int32(DT_DIR): self = .directory
        case Int32(DT_REG): self = .regularFile
        case Int32(DT_LNK): self = .symbolicLink
        case Int32(DT_UNKNOWN): self.init(atPath: path)
        default: self = .other
        }
    }

    /// The kind that `st_mode`'s file-type bits name.
    private init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFDIR: self = .directory
        case S_IFREG: self = .regularFile
        case S_IFLNK: self = .symbolicLink
        default: self = .other
        }
    }
}
