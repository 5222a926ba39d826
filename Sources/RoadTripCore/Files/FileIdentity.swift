#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file as `stat(2)` identifies it without reading it: `device:inode:size:modification:change`,
/// the two times in nanoseconds since 1970. A new file put in its place, or the same file written
/// again, is a new identity (the status-change time moves with every write and rename).
package enum FileIdentity {
    /// The identity of the file at `path` (following symbolic links); `nil` when `stat` fails.
    package static func of(path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        #if canImport(Darwin)
        let (modified, changed) = (status.st_mtimespec, status.st_ctimespec)
        #else
        let (modified, changed) = (status.st_mtim, status.st_ctim)
        #endif
        func nanoseconds(_ time: timespec) -> Int64 { Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec) }
        return "\(status.st_dev):\(status.st_ino):\(status.st_size):\(nanoseconds(modified)):\(nanoseconds(changed))"
    }
}
