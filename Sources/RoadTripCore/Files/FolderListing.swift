#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The names in one folder as `opendir(3)`/`readdir(3)` give them, without `.` and `..`, in the
/// folder's own order: what `FileManager.contentsOfDirectory(atPath:)` returns, at a fraction of
/// its cost (it builds an `NSString` and a `URL`-style path per name: listing 4,000 destination
/// folders that way was about 2 % of a rebuild's CPU time).
package enum FolderListing {
    /// The names in the folder at `path` (following a symbolic link to a folder); `nil` when it
    /// cannot be opened (absent, not a folder, not readable). A name that is not valid UTF-8 is
    /// repaired (U+FFFD), as `String(decoding:as:)` does.
    package static func names(atPath path: String) -> [String]? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = name(of: entry) { String(decoding: $0, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Every entry below the folder at `path` (followed when it is itself a symbolic link to a
    /// folder), depth first, with its '/'-separated path relative to it and its kind, leaving out
    /// hidden entries (names starting with `.`) and everything below a hidden folder, as
    /// `FileManager`'s enumerator with `.skipsHiddenFiles` does, and entries whose names are not
    /// UTF-8 (no `String` can name them to open them again), as that enumerator left them out too.
    /// Folders are listed and entered; a symbolic link below `path` is listed, never followed; a
    /// folder that cannot be listed is listed itself, with nothing below it. Empty when `path` is
    /// no folder.
    ///
    /// The enumerator it replaces asked Foundation for each file's attributes, which looks up its
    /// owner's and group's names (`getpwuid_r`, `getgrgid_r`: `/etc/nsswitch.conf` and
    /// `/etc/passwd` read again for each): 74 of them for a copy of the default theme, about 3 ms
    /// of a 250-destination build's single-threaded load-theme step.
    package static func visibleEntries(below path: String) -> [(relativePath: String, kind: FileEntryKind)] {
        var entries: [(relativePath: String, kind: FileEntryKind)] = []
        collectVisibleEntries(of: path, prefix: "", into: &entries)
        return entries
    }

    private static func collectVisibleEntries(
        of path: String, prefix: String, into entries: inout [(relativePath: String, kind: FileEntryKind)]
    ) {
        guard let folder = opendir(path) else { return }
        var found: [(name: String, kind: FileEntryKind)] = []
        while let entry = readdir(folder) {
            guard let name = name(of: entry, String.validatingUTF8), !name.hasPrefix("."),
                  let kind = FileEntryKind(directoryEntryType: entry.pointee.d_type, atPath: path + "/" + name)
            else { continue }
            found.append((name, kind))
        }
        closedir(folder)
        for (name, kind) in found {
            entries.append((prefix + name, kind))
            if kind == .directory { collectVisibleEntries(of: path + "/" + name, prefix: prefix + name + "/", into: &entries) }
        }
    }

    /// `entry`'s name (`d_name`, up to its NUL) as `decode` makes a string of its bytes.
    private static func name<Name>(of entry: UnsafeMutablePointer<dirent>, _ decode: (UnsafeRawBufferPointer) -> Name) -> Name {
        withUnsafeBytes(of: entry.pointee.d_name) { bytes in
            decode(UnsafeRawBufferPointer(rebasing: bytes.prefix(bytes.firstIndex(of: 0) ?? bytes.count)))
        }
    }
}
