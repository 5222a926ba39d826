import Foundation

/// How roadtrip's caches (`.roadtrip-cache/basemap/`, `.roadtrip-cache/og/`) replace one of their
/// files: the bytes go into a new file under a temporary name beside it (`.<name>.<pid>.<random>`,
/// `O_EXCL | O_NOFOLLOW`, so never through a link), which is then renamed over the old one — so an
/// interrupted build never leaves a half-written file, and a file the output hard-links is never
/// written into. No `fsync`: a cache file lost to a crash only costs its drawing again.
enum CacheFileReplacement {
    /// Why a file could not be replaced: `strerror`'s text of the failing call.
    enum Failure: Error {
        /// The temporary file could not be made in the folder.
        case cannotCreate(reason: String)
        /// Writing it or renaming it over the target failed (the temporary file is removed).
        case cannotWrite(reason: String)
    }

    /// Removes what interrupted replacements of `targetPath` left beside it: its temporary files
    /// (`.<name>.<pid>.<random>`) whose process is no longer running (`kill(pid, 0)` fails with
    /// `ESRCH`). Another running process's file is left alone: it may be replacing the file now.
    /// Only regular files are removed (`unlinkat` without `AT_REMOVEDIR`).
    static func removeLeftovers(of targetPath: String) {
        let slash = targetPath.lastIndex(of: "/") ?? targetPath.startIndex
        let folder = String(targetPath[..<slash])
        let prefix = "." + targetPath[targetPath.index(after: slash)...] + "."
        guard let stream = opendir(folder) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix(prefix), let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "." }), pid > 0,
                  kill(pid, 0) == -1, errno == ESRCH
            else { continue }
            unlinkat(dirfd(stream), name, 0)
        }
    }

    /// Replaces the file at `targetPath` (in an existing folder the caller checked) with `bytes`;
    /// what `lstat` says of the new file once renamed into place (the rename moves its
    /// status-change time on ext4, so the stamp taken before it would not match the file a moment
    /// later), or what `fstat` said before the rename when another file took the name meanwhile.
    ///
    /// A regular file that already holds exactly `bytes` is left as it is (what `lstat` says of it
    /// is returned): replacing it would only free its blocks, which on a file system mounted with
    /// `discard` (this project's VM) waits for the disk to discard them — ~0.2 ms a file, and a
    /// `--no-cache` build rewrote the stored build's 32 unchanged files of sources one after the
    /// other at its end.
    static func replace(_ targetPath: String, with bytes: Data) -> Result<stat, Failure> {
        if let unchanged = status(ifHolding: bytes, at: targetPath) { return .success(unchanged) }
        let slash = targetPath.lastIndex(of: "/") ?? targetPath.startIndex
        let name = targetPath[targetPath.index(after: slash)...]
        let temporary = String(targetPath[..<slash]) + "/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return .failure(.cannotCreate(reason: String(cString: strerror(errno)))) }
        var status = stat()
        let written = bytes.withUnsafeBytes { OutputWriter.writeAll(descriptor, $0) }
        let failure = written ? nil : String(cString: strerror(errno))
        let stamped = written && fstat(descriptor, &status) == 0
        close(descriptor)
        guard written, stamped, rename(temporary, targetPath) == 0 else {
            let reason = failure ?? String(cString: strerror(errno))
            unlink(temporary)
            return .failure(.cannotWrite(reason: reason))
        }
        var renamed = stat()
        if lstat(targetPath, &renamed) == 0, renamed.st_ino == status.st_ino, renamed.st_dev == status.st_dev {
            return .success(renamed)
        }
        return .success(status)
    }

    /// What `lstat` says of the regular file at `targetPath` (not a symbolic link) when it holds
    /// exactly `bytes` (`FileComparison`: another size is told by `lstat` alone); `nil` otherwise.
    private static func status(ifHolding bytes: Data, at targetPath: String) -> stat? {
        guard FileComparison.sameBytes(atPath: targetPath, as: bytes) else { return nil }
        var status = stat()
        return lstat(targetPath, &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? status : nil
    }
}
