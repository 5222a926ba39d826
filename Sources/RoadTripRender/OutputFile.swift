import Foundation

/// One file of a build's output: where it goes inside the output folder and what it
/// holds. A build hands the complete list of its files to ``OutputWriter/write(_:)``.
public struct OutputFile: Sendable, Hashable {
    /// What the file holds.
    public enum Contents: Sendable, Hashable {
        /// Raw bytes, written as they are.
        case data(Data)
        /// Text, written as UTF-8 without a byte-order mark.
        case text(String)
        /// The bytes of an existing file (a theme asset, a destination image), read when the output
        /// is written. Symbolic links at `from` are followed.
        case copy(from: URL)
    }

    /// The path inside the output folder: relative, `/`-separated, for example
    /// `"new-york/index.html"`. See ``pathProblem(_:)`` for what is accepted.
    public var path: String
    /// What the file holds.
    public var contents: Contents

    /// Creates an output file at `path` (relative to the output folder, `/`-separated).
    public init(path: String, contents: Contents) {
        self.path = path
        self.contents = contents
    }
}
