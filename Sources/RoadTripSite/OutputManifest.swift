import Foundation
import RoadTripRender

/// The record of which files in the output folder roadtrip wrote: the file
/// `<output>/.roadtrip-manifest`, UTF-8, one relative `/`-separated path per line, sorted.
///
/// Only paths listed here may ever be removed by ``OutputWriter``; everything else in the output
/// folder (dotfiles such as `.git/`, `CNAME`, the user's own files) is left alone.
public struct OutputManifest: Sendable, Hashable {
    /// The manifest's file name inside the output folder. A dotfile, so static hosts and
    /// `ls` hide it.
    public static let fileName = ".roadtrip-manifest"

    /// The listed paths, relative to the output folder.
    public var paths: Set<String>

    /// Creates a manifest listing `paths`.
    public init(paths: Set<String>) {
        self.paths = paths
    }

    /// Reads a manifest's text. Empty lines are ignored; a line that is not a usable output path
    /// (``OutputFile/pathProblem(_:)``: absolute, with `..`, …) is dropped, so a damaged or
    /// hand-edited manifest can never name a file outside the output folder.
    public init(parsing text: String) {
        var paths = Set<String>()
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let path = String(line)
            if OutputFile.pathProblem(path) == nil { paths.insert(path) }
        }
        self.paths = paths
    }

    /// Reads `<outputDirectory>/.roadtrip-manifest`; an absent or unreadable manifest is empty
    /// (nothing in the folder is then known to be roadtrip's, so nothing will be removed).
    public init(contentsOf outputDirectory: URL) {
        let url = outputDirectory.appendingPathComponent(Self.fileName, isDirectory: false)
        guard let data = try? Data(contentsOf: url),
              let text = String(data: data, encoding: .utf8)
        else {
            self.init(paths: [])
            return
        }
        self.init(parsing: text)
    }

    /// The file's text: the paths sorted by their UTF-8 bytes, each followed by a line feed.
    public var text: String {
        paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { $0 + "\n" }.joined()
    }
}
