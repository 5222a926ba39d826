import Foundation

/// Reading the bytes of a project file (Markdown, YAML, JSON, property lists, vCards, trip logs,
/// photos), and writing the files roadtrip puts into a project for its author (`new site`, `new
/// destination`, `theme eject`), with a reason a person understands when it cannot be done —
/// never Foundation's "The operation could not be completed. (NSCocoaErrorDomain error 256.)" or
/// "… (NSCocoaErrorDomain error 512.)".
package enum FileBytes {
    /// The whole file at `url`.
    /// - Throws: `FileReadError` whose message is `reason(for:error:)`.
    package static func read(_ url: URL) throws(FileReadError) -> Data {
        // A named pipe would block the read; a device is no project file.
        if let problem = specialFileProblem(url) { throw FileReadError(message: problem) }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw FileReadError(message: reason(for: url, error: error))
        }
    }

    /// The bytes of the file at `url`, or `nil` after an error at `displayPath` in `log` saying
    /// why they cannot be read (`read(_:)`'s `FileReadError` message): the first step of every
    /// reader of a whole file.
    package static func read(_ url: URL, displayPath: String, log: DiagnosticLog) -> Data? {
        do {
            return try read(url)
        } catch {
            log.error(SourceLocation(path: displayPath), error.message)
            return nil
        }
    }

    /// `true` when something is at `url` itself: a file, a folder, or a symbolic link — also one
    /// to nothing, or one through a folder that may not be searched (``isLinkToUnreachable(_:)``).
    /// An optional project file (`site.yaml`, `index.md`, `pois.json`, a sidecar) that is such a
    /// link is then read, and its error says so (`reason(for:error:)`), instead of being skipped
    /// as if it were absent.
    package static func isPresent(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path) || danglingLinkTarget(url) != nil || isLinkToUnreachable(url)
    }

    /// Whether `url` is a symbolic link that can be seen but whose target cannot be reached for
    /// want of permission (``isUnreachable(_:)``: a folder on the way to where it leads may not
    /// be searched).
    package static func isLinkToUnreachable(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK && isUnreachable(url)
    }

    /// Whether a folder on the way to `url` may not be searched (`lstat` fails with EACCES), so that
    /// whether the file is there cannot be told: reading it says "permission denied".
    package static func isBehindUnsearchableFolder(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) != 0 && errno == EACCES
    }

    /// Whether what `url` names, following symbolic links, cannot be reached for want of
    /// permission (`stat` fails with EACCES): a folder on the way to it, or on the way to where a
    /// link at `url` leads, may not be searched. Something may well be there.
    package static func isUnreachable(_ url: URL) -> Bool {
        var status = stat()
        return stat(url.path, &status) != 0 && errno == EACCES
    }

    /// Where the symbolic link at `url` points, when `url` is a link whose target does not exist
    /// (or is a loop of links); `nil` for anything else — also for a link whose target cannot be
    /// reached for want of permission (``isUnreachable(_:)``): that one is not missing.
    package static func danglingLinkTarget(_ url: URL) -> String? {
        guard !FileManager.default.fileExists(atPath: url.path), !isUnreachable(url) else { return nil }
        return try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)
    }

    /// Why `url` is no file roadtrip reads although something is there: a symbolic link that
    /// leads back to itself ("this is a symbolic link in a loop ('…'), which leads to no file"),
    /// or, where the links lead, a named pipe, a device (`/dev/null`) or a socket ("this is not
    /// a regular file but a named pipe; roadtrip reads only regular files"); `nil` for a regular
    /// file, a folder, or nothing at all. From `stat(2)`, which follows links (`ELOOP` for a loop).
    package static func specialFileProblem(_ url: URL) -> String? {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            guard errno == ELOOP else { return nil }
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? url.lastPathComponent
            return "this is a symbolic link in a loop ('\(target)'), which leads to no file; replace it with the file"
        }
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG, S_IFDIR: return nil
        case S_IFIFO: kind = "a named pipe (FIFO)"
        case S_IFCHR, S_IFBLK: kind = "a device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "a special file"
        }
        return "this is not a regular file but \(kind); roadtrip reads only regular files"
    }

    /// Whether `url` is a symbolic link that leads back to itself, directly or through others
    /// (`ln -s Themes Themes`): stat(2) says ELOOP.
    package static func isLinkLoop(_ url: URL) -> Bool {
        var info = stat()
        return stat(url.path, &info) != 0 && errno == ELOOP
    }

    /// Why `url`, where roadtrip looks for a folder (`Themes/`, a destination's `trips/`,
    /// `photos/`, `images/`), is none although something is there: "this is a file, not a folder"
    /// "this is a symbolic link to a missing folder ('…')", or "this is a symbolic link in a loop
    /// ('…'), which leads to no folder"; `nil` for a folder or nothing.
    package static func folderProblem(_ url: URL) -> String? {
        if let target = danglingLinkTarget(url) {
            if isLinkLoop(url) {
                return "this is a symbolic link in a loop ('\(target)'), which leads to no folder"
            }
            return "this is a symbolic link to a missing folder ('\(target)')"
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return nil
        }
        return "this is a file, not a folder"
    }

    /// `true` for a file of 0 bytes or of nothing but white space (``isBlank(_:)``): the
    /// streamed readers (GPX, NMEA, CSV) check this before opening, so that a file of blank lines
    /// is "the file is empty" as for every other reader. Read in 4 KiB pieces up to the first
    /// byte that is not white space, which in a real log is the first, so a big file costs one read.
    package static func isBlankFile(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        var first = true
        while true {
            guard let piece = try? handle.read(upToCount: 4096), !piece.isEmpty else { return true }
            // The byte-order mark only counts at the start.
            if !(first ? isBlank(piece) : isBlank(Data([0x20]) + piece)) { return false }
            first = false
        }
    }

    /// Whether the file at `url` starts with `prefix` (a signature: `PK\u{3}\u{4}`, a byte-order
    /// mark); `false` when it cannot be read. Reads only those bytes.
    package static func startsWith(_ url: URL, _ prefix: [UInt8]) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: prefix.count)).map { Array($0) == prefix } ?? false
    }

    /// `true` when `data` holds nothing but white space (space, tab, CR, LF) and a UTF-8 byte-order
    /// mark — nothing a JSON, property-list, Markdown or vCard reader could use.
    package static func isBlank(_ data: Data) -> Bool {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    /// The one wording of every reader for a file with nothing in it: "the file is empty: " and
    /// what the file should hold (`expected`, e.g. "points of interest are a JSON array …").
    package static func emptyFileMessage(_ expected: String) -> String {
        "the file is empty: " + expected
    }

    /// Why `url` could not be read, in one line without the path: "this is a directory, not a
    /// file" (an `index.md` or `site.yaml` made as a folder), "this is a symbolic link to a missing
    /// file ('…')", "the file does not exist", "permission denied: the file is not readable" (or
    /// "…: a folder on the way to the file cannot be opened", when one may not be searched), or
    /// the system's own reason (``systemReason(_:)``, e.g. "cannot read the file: Input/output error").
    package static func reason(for url: URL, error: (any Error)?) -> String {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        if exists && isDirectory.boolValue { return "this is a directory, not a file" }
        if let problem = specialFileProblem(url) { return problem }
        if let target = danglingLinkTarget(url) { return "this is a symbolic link to a missing file ('\(target)')" }
        if !exists {
            // Not found, or not reachable: a folder on the way that may not be searched hides
            // whether the file is there.
            if isBehindUnsearchableFolder(url) { return "permission denied: a folder on the way to the file cannot be opened" }
            if isUnreachable(url) {
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? ""
                return "permission denied: this symbolic link leads through a folder that cannot be opened ('\(target)')"
            }
            return "the file does not exist"
        }
        if !FileManager.default.isReadableFile(atPath: url.path) { return "permission denied: the file is not readable" }
        guard let error else { return "cannot read the file" }
        return "cannot read the file: " + systemReason(error)
    }

    /// Writes `data` to the file `url`, making the folders on the way to it.
    /// - Parameters:
    ///   - replacing: replace an existing file (atomically, through a temporary file beside it);
    ///     when `false`, an existing file is an error and is left as it is.
    ///   - projectRoot: the folder the paths of the message are relative to.
    /// - Throws: `FileWriteError` naming the file relative to `projectRoot` and saying why in words
    ///   (``writeReason(for:projectRoot:error:)``).
    package static func write(_ data: Data, to url: URL, replacing: Bool, projectRoot: URL) throws(FileWriteError) {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: replacing ? .atomic : .withoutOverwriting)
        } catch {
            throw FileWriteError(
                path: ProjectPath.relative(url, to: projectRoot),
                reason: writeReason(for: url, projectRoot: projectRoot, error: error))
        }
    }

    /// What is in the way of a file at `url`, in words, with the path relative to `projectRoot`:
    /// a file where a folder on the way is needed ("Themes is a file, not a folder; move it
    /// away"), a symbolic link to nothing there ("Themes is a symbolic link to nothing; remove
    /// it"), or a folder where the file goes ("Themes/default/theme.yaml is a folder, not a file;
    /// move it away"). `nil` when nothing is: the folders on the way are folders or are missing,
    /// and `url` is a file or is missing. Only the folders below `projectRoot` are looked at when
    /// `url` is inside it. With `asFolder`, `url` is a folder to be made (or used), and a file or
    /// a link to nothing there is in the way.
    package static func obstacle(toWriting url: URL, projectRoot: URL, asFolder: Bool = false) -> String? {
        let fileManager = FileManager.default
        let root = projectRoot.standardizedFileURL.path
        let target = url.standardizedFileURL
        let inside = target.path.hasPrefix(root == "/" ? "/" : root + "/")
        let relative = inside ? String(target.path.dropFirst(root == "/" ? 1 : root.count + 1)) : target.path
        let components = relative.split(separator: "/").map(String.init)
        var folder = inside ? URL(fileURLWithPath: root, isDirectory: true) : URL(fileURLWithPath: "/", isDirectory: true)
        for (index, component) in components.enumerated() {
            folder.appendPathComponent(component)
            let shown = (inside ? "" : "/") + components[...index].joined(separator: "/")
            let isLast = index == components.count - 1 && !asFolder
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
                if isLast && isDirectory.boolValue { return "\(shown) is a folder, not a file; move it away" }
                if !isLast && !isDirectory.boolValue { return "\(shown) is a file, not a folder; move it away" }
                continue
            }
            // Missing, or a symbolic link whose target is missing (fileExists follows links).
            if (try? fileManager.destinationOfSymbolicLink(atPath: folder.path)) != nil {
                return "\(shown) is a symbolic link to nothing; remove it"
            }
            return nil
        }
        return nil
    }

    /// Why writing the file `url` failed, in one line without the file's own path: what is in
    /// the way (``obstacle(toWriting:projectRoot:)``), else "it already exists" for a file that
    /// may not be replaced, else the system's reason (``systemReason(_:)``, e.g. "Permission
    /// denied", "No space left on device").
    package static func writeReason(for url: URL, projectRoot: URL, error: any Error) -> String {
        if let obstacle = obstacle(toWriting: url, projectRoot: projectRoot) { return obstacle }
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain && nsError.code == NSFileWriteFileExistsError {
            return "it already exists"
        }
        return systemReason(error)
    }

    /// The reason of the POSIX error underneath `error` (`strerror`: "Permission denied",
    /// "Input/output error"), else Foundation's description of `error`.
    package static func systemReason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return nsError.localizedDescription
    }
}

/// Why a file could not be written into the project (``FileBytes/write(_:to:replacing:projectRoot:)``).
package struct FileWriteError: Error, Sendable, CustomStringConvertible {
    /// The file, relative to the project root (or absolute when outside it).
    package let path: String
    /// Why, in words, without the path: "Themes is a file, not a folder; move it away".
    package let reason: String

    /// "cannot write <path>: <reason>".
    package var description: String { "cannot write \(path): \(reason)" }
}
