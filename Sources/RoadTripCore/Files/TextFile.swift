import Foundation

/// Why a text file could not be read: a one-line message for a `path:line:column` diagnostic.
package struct FileReadError: Error {
    /// What went wrong, without the path (the diagnostic carries it).
    package let message: String
    /// 1-based line and column (in bytes) of the problem, when it has a position.
    package var line: Int? = nil
    package var column: Int? = nil

    /// The diagnostic location of this error in the file `path`.
    package func location(in path: String) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column)
    }
}

/// Reading the author's text files (Markdown, YAML, templates) as UTF-8.
package enum TextFile {
    /// The file's contents as a String.
    /// - Throws: `FileReadError` when the file cannot be read (`FileBytes.read`: "this is a
    ///   directory, not a file", …) or is not valid UTF-8 (naming the line of the first bad byte).
    package static func read(_ url: URL) throws(FileReadError) -> String {
        try decode(FileBytes.read(url))
    }

    /// `data` as a String.
    /// - Throws: `FileReadError` when it is not valid UTF-8 (naming the line of the first bad byte).
    package static func decode(_ data: Data) throws(FileReadError) -> String {
        guard let text = String(validating: data, as: UTF8.self) else {
            let (line, column) = firstInvalidUTF8(in: [UInt8](data))
            throw FileReadError(
                message: "this is not valid UTF-8 text (save the file as UTF-8)", line: line, column: column)
        }
        return text
    }
}

/// The 1-based line and byte column of the first byte that does not belong to a valid UTF-8
/// sequence (Unicode §3.9, table 3-7), found by decoding line by line.
package func firstInvalidUTF8(in bytes: [UInt8]) -> (line: Int, column: Int) {
    var line = 1
    var lineStart = 0
    var index = 0
    while index <= bytes.count {
        if index == bytes.count || bytes[index] == UInt8(ascii: "\n") {
            let lineBytes = bytes[lineStart..<index]
            if String(validating: lineBytes, as: UTF8.self) == nil {
                // Decode scalar by scalar to find where the line goes wrong.
                var iterator = lineBytes.makeIterator()
                var decoder = UTF8()
                var consumed = 0
                loop: while true {
                    let before = consumed
                    switch decoder.decode(&iterator) {
                    case .scalarValue(let scalar): consumed += UTF8.width(scalar)
                    case .emptyInput: break loop
                    case .error: return (line, before + 1)
                    }
                }
                return (line, 1)
            }
            line += 1
            lineStart = index + 1
        }
        index += 1
    }
    return (1, 1)
}

/// Paths of the project's files as diagnostics and output show them.
package enum ProjectPath {
    /// `url`'s path relative to `root` ('/'-separated), or the full path when it lies outside `root`.
    /// A path already in standard form (absolute, no `.`, `..` or empty component) under a root
    /// also in standard form is cut by its text alone: `standardizedFileURL` took ~1 % of a
    /// 4,000-destination build (each file read names its path for the diagnostics it may give).
    package static func relative(_ url: URL, to root: URL) -> String {
        let plainPath = url.path, plainRoot = root.path
        if isStandard(plainPath), isStandard(plainRoot) {
            let prefix = plainRoot.hasSuffix("/") ? plainRoot : plainRoot + "/"
            if plainPath.hasPrefix(prefix) { return String(plainPath.dropFirst(prefix.count)) }
        }
        let path = url.standardizedFileURL.path
        var rootPath = root.standardizedFileURL.path
        if !rootPath.hasSuffix("/") { rootPath += "/" }
        if path.hasPrefix(rootPath) { return String(path.dropFirst(rootPath.count)) }
        return path
    }

    /// Whether `path` is absolute and has no `.`, `..` or empty component (a trailing `/` aside).
    private static func isStandard(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
            guard bytes.first == slash else { return false }
            var start = 1
            for index in 1...bytes.count where index == bytes.count || bytes[index] == slash {
                let length = index - start
                if length == 0 && index != bytes.count { return false }
                if length == 1 && bytes[start] == dot { return false }
                if length == 2 && bytes[start] == dot && bytes[start + 1] == dot { return false }
                start = index + 1
            }
            return true
        }
    }
}
