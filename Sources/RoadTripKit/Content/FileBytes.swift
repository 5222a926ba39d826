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

    /// Why `url` could not be read, in one line without the path: "this is a directory, not a
    /// file" (an `index.md` or `site.yaml` made as a folder), "the file does not exist" (also a
    /// symbolic link to nothing), "permission denied: the file is not readable", or the system's
    /// own reason (`strerror` of the POSIX error underneath `error`, e.g. "Input/output error").
    static func reason(for url: URL, error: (any Error)?) -> String {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        if exists && isDirectory.boolValue { return "this is a directory, not a file" }
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
