import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which mount a folder is on, for deciding whether `rename(2)` can move entries between two
/// folders: it fails with `EXDEV` ("Invalid cross-device link") across file systems, and on Linux
/// also between two mounts of the same file system (a bind mount, such as a Docker volume `-v
/// $PWD/Output:/site/Output` beside `-v $PWD:/site`), as rename(2)'s manual page says.
struct MountIdentity: Sendable, Equatable {
    /// The file system's device number (`st_dev`).
    let device: UInt64
    /// Linux's mount ID of the mount the folder is reached through (`mnt_id:` in
    /// `/proc/self/fdinfo/<fd>`, proc(5), Linux 3.15 and later); `nil` where it cannot be read.
    let mountID: Int?

    /// The identity of the existing folder at `path`, or `nil` when it cannot be opened.
    init?(ofFolderAtPath path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        mountID = Self.mountID(ofDescriptor: descriptor)
    }

    /// Whether entries can be renamed between folders of these two identities: the same device,
    /// and the same mount where both mount IDs are known.
    func allowsRenames(to other: MountIdentity) -> Bool {
        guard device == other.device else { return false }
        guard let mountID, let otherID = other.mountID else { return true }
        return mountID == otherID
    }

    /// The `mnt_id:` field of `/proc/self/fdinfo/<descriptor>`, or `nil` without procfs.
    private static func mountID(ofDescriptor descriptor: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/fdinfo/\(descriptor)", encoding: .utf8) else {
            return nil
        }
        for line in text.split(separator: "\n") where line.hasPrefix("mnt_id:") {
            return Int(line.dropFirst("mnt_id:".count).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}
