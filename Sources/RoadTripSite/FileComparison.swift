import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a file of the output already holds the bytes a build would write, read in pieces of
/// 64 KiB so that comparing a 150 MB `track.gpx` takes no more memory than comparing a page.
enum FileComparison {
    private static let pieceSize = 1 << 16

    /// Whether `path` is a regular file (not a symbolic link) holding exactly `data`.
    static func sameBytes(atPath path: String, as data: Data) -> Bool {
        guard regularFileSize(path) == data.count else { return false }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: pieceSize, alignment: 16)
        defer { buffer.deallocate() }
        return data.withUnsafeBytes { holds($0, atPath: path, using: buffer) }
    }

    /// Whether the regular file at `path`, whose `lstat` is `status`, is the regular file `cached`
    /// (a hard link to it), or, on another file system than `cached`, a file holding the same
    /// bytes. (A copy on the same file system is not: it is linked again.)
    static func isLinkOrCrossDeviceCopy(_ status: stat, atPath path: String, of cached: String) -> Bool {
        var cachedStatus = stat()
        guard status.st_mode & S_IFMT == S_IFREG,
              lstat(cached, &cachedStatus) == 0, cachedStatus.st_mode & S_IFMT == S_IFREG
        else { return false }
        if status.st_dev == cachedStatus.st_dev { return status.st_ino == cachedStatus.st_ino }
        return sameBytes(atPath: path, asFileAtPath: cached)
    }

    /// Whether the file at `path`, which `lstat` found to be a regular file of `expected.count`
    /// bytes, holds exactly `expected`, read into `buffer` (any size; a file that fits it with one
    /// byte to spare is read with one `read`, a short read marking its end). Opened with
    /// `O_NOFOLLOW` (a symbolic link put there since is not followed) and `O_NONBLOCK` (nor does a
    /// pipe put there since block).
    static func holds(_ expected: UnsafeRawBufferPointer, atPath path: String,
                      using buffer: UnsafeMutableRawBufferPointer) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var offset = 0
        while true {
            let wanted = min(buffer.count, expected.count - offset + 1)
            let count = read(descriptor, buffer.baseAddress!, wanted)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return false }
            if count == 0 { return offset == expected.count }
            guard offset + count <= expected.count,
                  memcmp(buffer.baseAddress!, expected.baseAddress! + offset, count) == 0
            else { return false }
            offset += count
            if count < wanted { return offset == expected.count }
        }
    }

    /// Whether `path` is a regular file (not a symbolic link) holding exactly the bytes of the
    /// regular file at `other`.
    static func sameBytes(atPath path: String, asFileAtPath other: String) -> Bool {
        guard let size = regularFileSize(path), size == regularFileSize(other) else { return false }
        let otherDescriptor = open(other, O_RDONLY | O_CLOEXEC)
        guard otherDescriptor >= 0 else { return false }
        defer { close(otherDescriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: pieceSize, alignment: 16)
        defer { buffer.deallocate() }
        var compared = 0
        return readPieces(path) { piece in
            guard readAll(otherDescriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<piece.count])) else { return false }
            compared += piece.count
            return memcmp(piece.baseAddress!, buffer.baseAddress!, piece.count) == 0
        } && compared == size
    }

    /// Fills `buffer` from `descriptor`, reading again after a short read or `EINTR`; `false` at an
    /// error or when the file ends first.
    static func readAll(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        var filled = 0
        while filled < buffer.count {
            let result = read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { return false }
            filled += result
        }
        return true
    }

    /// The size in bytes of the regular file at `path`, or `nil` when it is missing, a symbolic link
    /// or anything else.
    private static func regularFileSize(_ path: String) -> Int? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// Reads the file at `path` in pieces, handing each to `body` until it returns `false`;
    /// `true` when the whole file was read and accepted.
    private static func readPieces(_ path: String, _ body: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: pieceSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer.baseAddress!, pieceSize)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return false }
            if count == 0 { return true }
            guard body(UnsafeRawBufferPointer(start: buffer.baseAddress!, count: count)) else { return false }
        }
    }
}
