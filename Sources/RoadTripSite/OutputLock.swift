import Foundation
import Synchronization
import RoadTripCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The lock that lets one build at a time write an output folder: an exclusive
/// `flock(2)` on the lock file of its ``OutputStagingArea`` (`.roadtrip-lock-<name>`), held from
/// before a build reads its sources until it has written the output, by `roadtrip build` and by
/// each rebuild of `roadtrip serve` alike.
///
/// - The file holds the decimal pid of the process holding the lock and a line feed, so that a
///   build that finds it held can say whose it is.
/// - The kernel drops the lock when its process ends in any way (exit, crash, SIGKILL), so a
///   killed build never leaves the folder locked; its lock file stays, and the next build takes it
///   over.
/// - The holder removes the file when it is done (then closes it): no lock file is left beside or
///   in the output folder after a build. A waiting build whose lock was on a file since removed
///   notices (the path no longer names the file it locked: `fstat` and `stat` disagree) and takes
///   the lock again on the file now there, so two builds never hold locks on two different files.
/// - Folders made to hold the lock file (the parent of a new output folder) are removed again when
///   the lock is released, if they are still empty, so a failed first build leaves nothing behind.
///
/// - The lock file is only ever roadtrip's own: it is opened without following a symbolic link
///   (`O_NOFOLLOW`) and without emptying it, and used only when it is a regular file with one
///   name, owned by this user. A link planted at its path (in a shared folder such as `/tmp`, where
///   an output folder `/tmp/x` has its lock file `/tmp/.roadtrip-lock-x`) is refused, so a build
///   never writes its pid into someone else's file.
///
/// `flock` locks belong to the open file: the descriptor is opened with `O_CLOEXEC`, so programs
/// that `serve` starts (`xdg-open`) never inherit the lock.
public final class OutputLock: Sendable {
    /// Why the lock could not be taken.
    public enum Failure: Error, Sendable, Equatable {
        /// Another process holds it and the caller asked not to wait: that process's pid, when the
        /// lock file names one.
        case held(by: Int32?)
        /// The lock file cannot be created or opened: the system's reason (`strerror`).
        case unusable(path: String, reason: String)
    }

    /// Where the lock file and the staging folders of this output folder are.
    let area: OutputStagingArea
    /// The open lock file, holding the lock, until ``release()``.
    private let descriptor: Int32
    /// Folders created for the lock file, outermost first.
    private let createdFolders: [String]
    /// Whether ``release()`` has run.
    private let released = Mutex(false)

    private init(area: OutputStagingArea, descriptor: Int32, createdFolders: [String]) {
        self.area = area
        self.descriptor = descriptor
        self.createdFolders = createdFolders
    }

    /// Takes the lock of `area`'s output folder, creating the lock file (and the folders holding
    /// it) when needed, and writes this process's pid into it.
    ///
    /// - Parameters:
    ///   - area: the output folder's ``OutputStagingArea``.
    ///   - waits: when another process holds the lock, wait until it is released (`true`), or
    ///     throw ``Failure/held(by:)`` at once (`false`, `--no-wait`).
    ///   - onWait: called once, before waiting, with the holder's pid (`nil` when the lock file
    ///     does not name one yet).
    /// - Throws: ``Failure``.
    static func acquire(_ area: OutputStagingArea, waits: Bool, onWait: (Int32?) -> Void) throws(Failure) -> OutputLock {
        let path = area.lockFile.path
        var createdFolders: [String] = []
        var hasWaited = false
        while true {
            createdFolders += try createFolders(for: area.folder)
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else {
                let reason = switch errno {
                case ELOOP: "it is a symbolic link, not roadtrip's lock file; remove it if no build is running"
                case EISDIR: "it is a folder, not roadtrip's lock file; remove it (roadtrip makes the file itself)"
                default: String(cString: strerror(errno))
                }
                throw .unusable(path: path, reason: reason)
            }
            if let refusal = refusal(ofLockFile: descriptor) {
                close(descriptor)
                throw .unusable(path: path, reason: refusal)
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                guard errno == EWOULDBLOCK else {
                    let reason = String(cString: strerror(errno))
                    close(descriptor)
                    throw .unusable(path: path, reason: reason)
                }
                let holder = holderProcess(descriptor)
                guard waits else {
                    close(descriptor)
                    throw .held(by: holder)
                }
                if !hasWaited {
                    hasWaited = true
                    onWait(holder)
                }
                var result: Int32
                repeat { result = flock(descriptor, LOCK_EX) } while result != 0 && errno == EINTR
                guard result == 0 else {
                    let reason = String(cString: strerror(errno))
                    close(descriptor)
                    throw .unusable(path: path, reason: reason)
                }
            }
            // Locked: but when the holder removed the file meanwhile, the lock is on a file no
            // other build can find, so take the one at the path instead.
            guard isStillAtPath(descriptor, path) else {
                close(descriptor)
                continue
            }
            let text = Array("\(getpid())\n".utf8)
            _ = ftruncate(descriptor, 0)
            _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
            return OutputLock(area: area, descriptor: descriptor, createdFolders: createdFolders)
        }
    }

    /// Releases the lock: removes the lock file, closes it (the kernel drops the lock), and
    /// removes the folders made for it when they are empty. Idempotent; `deinit` calls it too.
    public func release() {
        let wasReleased = released.withLock { released -> Bool in
            defer { released = true }
            return released
        }
        guard !wasReleased else { return }
        unlink(area.lockFile.path)
        close(descriptor)
        for folder in createdFolders.reversed() { rmdir(folder) }
    }

    deinit { release() }

    /// The pid the lock file names, read through `descriptor`; `nil` when it names none. The
    /// holder writes it just after taking the lock, so an empty file is read again for up to
    /// 0.2 s.
    private static func holderProcess(_ descriptor: Int32) -> Int32? {
        for _ in 0..<20 {
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                let text = String(decoding: buffer[..<count], as: UTF8.self)
                return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            usleep(10_000)
        }
        return nil
    }

    /// Why the file open as `descriptor` cannot be roadtrip's lock file, or `nil` when it can:
    /// it must be a regular file with one name (no hard link elsewhere), owned by this user.
    private static func refusal(ofLockFile descriptor: Int32) -> String? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return String(cString: strerror(errno)) }
        if status.st_mode & S_IFMT != S_IFREG {
            return "it is not a regular file, not roadtrip's lock file; remove it if no build is running"
        }
        if status.st_nlink != 1 {
            return "it has another name (a hard link), so it is not roadtrip's lock file; remove it if no build is running"
        }
        if status.st_uid != geteuid() {
            return "it belongs to another user (uid \(status.st_uid)), so it is not this user's lock file"
        }
        return nil
    }

    /// Whether `path` still names the file open as `descriptor` (same device and inode; a link
    /// now at the path is not it).
    private static func isStillAtPath(_ descriptor: Int32, _ path: String) -> Bool {
        var open = stat()
        var named = stat()
        guard fstat(descriptor, &open) == 0, lstat(path, &named) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }

    /// Creates `folder` and the missing folders above it; returns those it created, outermost
    /// first.
    private static func createFolders(for folder: URL) throws(Failure) -> [String] {
        var missing: [String] = []
        var candidate = folder.standardizedFileURL
        while candidate.path != "/" && FileEntryKind(atPath: candidate.path) == nil {
            missing.insert(candidate.path, at: 0)
            candidate = candidate.deletingLastPathComponent()
        }
        var created: [String] = []
        for path in missing {
            if mkdir(path, 0o755) == 0 {
                created.append(path)
            } else if errno != EEXIST {
                throw .unusable(path: path, reason: String(cString: strerror(errno)))
            }
        }
        return created
    }
}
