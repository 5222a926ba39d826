import Foundation

/// Publishes a file of roadtrip's cache (`OutputFile.Contents.link`) as a hard link inside a
/// staging folder, the one way both the output writer and ``OutputStaging`` do it.
///
/// Only a regular file of the cache is published through a link: `linkat` without
/// `AT_SYMLINK_FOLLOW` links a symbolic link itself, so the link is checked once made — which
/// also stamps it for ``BasemapTileCache/restampTiles(changedBy:in:)`` — and anything else is
/// unlinked again; the caller then writes the file's `otherwise` bytes instead.
struct CacheFileLink {
    /// The folder the last source was found in, open, so that the tiles of one cache folder are
    /// linked by name.
    private var sourceFolder: String?
    private var sourceDescriptor: Int32 = -1

    /// Links `source` (an absolute path) as `name` inside the folder open as `folder`; the new
    /// link's stamp (`lstat`), or `nil` with nothing left at `name` when `source` is not a regular
    /// file or cannot be linked there (gone, another file system, no hard links).
    mutating func link(_ source: String, into folder: Int32, named name: String) -> BasemapFileStamp? {
        guard let slash = source.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        let parent = String(source[..<slash])
        if parent != sourceFolder {
            release()
            sourceFolder = parent
            sourceDescriptor = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        guard sourceDescriptor >= 0,
              linkat(sourceDescriptor, String(source[source.index(after: slash)...]), folder, name, 0) == 0
        else { return nil }
        var status = stat()
        if fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFREG {
            return BasemapFileStamp(status)
        }
        unlinkat(folder, name, 0)
        return nil
    }

    /// Closes the source folder open, if any.
    mutating func release() {
        if sourceDescriptor >= 0 { close(sourceDescriptor) }
        sourceDescriptor = -1
        sourceFolder = nil
    }
}
