import Foundation

/// Why a text file could not be read: a one-line message for a DESIGN §7 diagnostic.
struct FileReadError: Error {
    /// What went wrong, without the path (the diagnostic carries it).
    let message: String
}

/// Reading the author's text files (Markdown, YAML, templates) as UTF-8.
enum TextFile {
    /// The file's contents as a String.
    /// - Throws: `FileReadError` when the file cannot be read or is not valid UTF-8 (naming the
    ///   line of the first bad byte).
    static func read(_ url: URL) throws(FileReadError) -> String {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw FileReadError(message: "cannot read the file: \(error.localizedDescription)")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            let bytes = [UInt8](data)
            var line = 1
            var index = 0
            // Find the first invalid sequence by decoding prefixes line by line.
            var lineStart = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "\n") {
                    if String(validating: bytes[lineStart..<index], as: UTF8.self) == nil { break }
                    line += 1
                    lineStart = index + 1
                }
                index += 1
            }
            throw FileReadError(message: "line \(line) is not valid UTF-8 text (save the file as UTF-8)")
        }
        return text
    }
}

/// Paths of the project's files as diagnostics and output show them.
enum ProjectPath {
    /// `url`'s path relative to `root` ('/'-separated), or the full path when it lies outside `root`.
    static func relative(_ url: URL, to root: URL) -> String {
        let path = url.standardizedFileURL.path
        var rootPath = root.standardizedFileURL.path
        if !rootPath.hasSuffix("/") { rootPath += "/" }
        if path.hasPrefix(rootPath) { return String(path.dropFirst(rootPath.count)) }
        return path
    }
}
