import Foundation
import RoadTripCore
import RoadTripContent
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
    /// hand-edited manifest can never name a file outside the output folder; and so is a line no
    /// build writes (``isNeverWritten(_:)``), so it can never name `.git/`, `CNAME` or a README
    /// of the user's either: only what roadtrip could have written is ever removed.
    public init(parsing text: String) {
        var paths = Set<String>()
        // Lines split by bytes: splitting the String by Characters (grapheme breaking), with the
        // top component's Character split below, cost about 25,000 instructions a line of a
        // 22,000-line manifest.
        for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            let path = String(Substring(line))
            if OutputFile.pathProblem(path) == nil && !Self.isNeverWritten(path) { paths.insert(path) }
        }
        self.paths = paths
    }

    /// Whether `path` is one that no build writes, being the user's by the output folder's rules
    /// (``OutputFolderPolicy/mayPrecedeFirstBuild(_:)``): under a top-level dotfile or dot-folder
    /// (`.git/config`), a publishing file (`CNAME`, `_redirects`, `_headers`), `lost+found/`, or a
    /// top-level README or LICENSE file. (A destination may be called `readme`: its folder
    /// `readme/` is roadtrip's; only a top-level *file* of that name is the user's.)
    static func isNeverWritten(_ path: String) -> Bool {
        let slash = path.utf8.firstIndex(of: UInt8(ascii: "/"))
        let top = String(path[..<(slash ?? path.endIndex)])
        if top.utf8.first == UInt8(ascii: ".") || OutputFolderPolicy.publishingFiles.contains(top)
            || top == OutputFolderPolicy.fileSystemFolder
        {
            return true
        }
        return slash == nil && OutputFolderPolicy.isRepositoryFile(top)
    }

    /// The largest manifest read, in bytes: 256 MiB. A 4,000-destination site's manifest lists
    /// 15,453 paths in ~0.6 MB; a sparse `truncate -s 64G` manifest was read whole and the build
    /// did not end.
    static let largestFile = 256 << 20

    /// Reads `<outputDirectory>/.roadtrip-manifest`; an absent or unreadable manifest, one that is
    /// no regular file where its links lead (a FIFO would block the read), or one larger than
    /// ``largestFile`` is empty (nothing in the folder is then known to be roadtrip's, so nothing
    /// will be removed).
    public init(contentsOf outputDirectory: URL) {
        let url = outputDirectory.appendingPathComponent(Self.fileName, isDirectory: false)
        var status = stat()
        guard stat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= Self.largestFile,
              let data = try? Data(contentsOf: url)
        else {
            self.init(paths: [])
            return
        }
        self.init(bytes: data)
    }

    /// A manifest file's bytes read as ``init(parsing:)`` reads its text, line by line: a line that
    /// is not UTF-8 names no file a build wrote and is dropped, the others are read (one bad byte
    /// made the whole manifest unreadable, so a build left every file of an earlier one behind).
    public init(bytes: Data) {
        // On the bytes themselves: `Data`'s slices went through its iterator a byte at a time.
        let lines = bytes.withUnsafeBytes { raw in
            raw.split(separator: UInt8(ascii: "\n")).compactMap { String.validatingUTF8(UnsafeRawBufferPointer(rebasing: $0)) }
        }
        self.init(parsing: lines.joined(separator: "\n"))
    }

    /// The file's text: the paths sorted by their UTF-8 bytes (`sortedInBytes()`), each followed
    /// by a line feed.
    public var text: String { Self.text(ofSortedPaths: paths.sortedInBytes()) }

    /// The text of a manifest of `sortedPaths`, already in byte order (`sortedInBytes()`), as
    /// ``text`` writes it: one line a path, a path repeated once written once. For a writer that
    /// has the paths sorted already (a clean build's summary lists them so): neither a `Set` of
    /// them nor a second sort.
    public static func text(ofSortedPaths sortedPaths: [String]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(sortedPaths.reduce(0) { $0 + $1.utf8.count + 1 })
        var previous: String?
        for path in sortedPaths where path != previous {
            text.appendUTF8(of: path)
            text.append(UInt8(ascii: "\n"))
            previous = path
        }
        return String(decoding: text, as: UTF8.self)
    }
}
