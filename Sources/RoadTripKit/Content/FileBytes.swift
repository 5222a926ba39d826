import Foundation

/// Reading the bytes of a project file (Markdown, YAML, JSON, property lists, vCards, trip logs,
/// photos), with a reason a person understands when it cannot be read — never Foundation's
/// "The operation could not be completed. (NSCocoaErrorDomain error 256.)".
enum FileBytes {
    /// The whole file at `url`.
    /// - Throws: `FileReadError` whose message is `reason(for:error:)`.
    static func read(_ url: URL) throws(FileReadError) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw FileReadError(message: reason(for: url, error: error))
        }
    }

    /// `true` when something is at `url` itself: a file, a folder, or a symbolic link — also one
    /// to nothing. An optional project file (`site.yaml`, `index.md`, `pois.json`, a sidecar) that
    /// is a broken link is then read, and its error says so (`reason(for:error:)`), instead of
    /// being skipped as if it were absent.
    static func isPresent(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path) || danglingLinkTarget(url) != nil
    }

    /// Where the symbolic link at `url` points, when `url` is a link whose target does not exist
    /// (or is a loop of links); `nil` for anything else.
    static func danglingLinkTarget(_ url: URL) -> String? {
        guard !FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)
    }

    /// `true` for a file of 0 bytes (streamed readers check this before opening: GPX, NMEA).
    static func isEmptyFile(_ url: URL) -> Bool {
        (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) == 0
    }

    /// `true` when `data` holds nothing but white space (space, tab, CR, LF) and a UTF-8 byte-order
    /// mark — nothing a JSON, property-list, Markdown or vCard reader could use.
    static func isBlank(_ data: Data) -> Bool {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    /// The one wording of every reader for a file with nothing in it: "the file is empty: " and
    /// what the file should hold (`expected`, e.g. "points of interest are a JSON array …").
    static func emptyFileMessage(_ expected: String) -> String {
        "the file is empty: " + expected
    }

    /// Why `url` could not be read, in one line without the path: "this is a directory, not a
    /// file" (an `index.md` or `site.yaml` made as a folder), "this is a symbolic link to a missing
    /// file ('…')", "the file does not exist", "permission denied: the file is not readable", or
    /// the system's own reason (`strerror` of the POSIX error underneath `error`, e.g.
    /// "Input/output error").
    static func reason(for url: URL, error: (any Error)?) -> String {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        if exists && isDirectory.boolValue { return "this is a directory, not a file" }
        if let target = danglingLinkTarget(url) { return "this is a symbolic link to a missing file ('\(target)')" }
        if !exists { return "the file does not exist" }
        if !FileManager.default.isReadableFile(atPath: url.path) { return "permission denied: the file is not readable" }
        guard let error else { return "cannot read the file" }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return "cannot read the file: " + String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return "cannot read the file: " + String(cString: strerror(Int32(nsError.code))) }
        return "cannot read the file: \(nsError.localizedDescription)"
    }
}
