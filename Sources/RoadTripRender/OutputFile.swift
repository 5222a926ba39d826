import Foundation
import RoadTripCore

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
        /// A file of roadtrip's own cache (`.roadtrip-cache/`), which roadtrip replaces only by
        /// renaming a new file over it, never by writing into it: hard-linked into the output where
        /// the file system allows — no bytes written and no inode made, a third of the time of
        /// writing a 4 KB file on ext4 — and copied otherwise (another file system, or one without
        /// hard links, or a cache file removed since), written from `otherwise` (the same bytes)
        /// otherwise. `fromPath` is absolute (a path, not a URL: a build links thousands of basemap
        /// tiles, and making a URL of each took longer than linking it). A tool that edits the
        /// output's file in place edits the cache's too; the cache's owner must notice (a checksum)
        /// and replace it.
        case link(fromPath: String, otherwise: OutputProducer)
        /// Bytes made while the file is written, in pieces, and never held whole: a long
        /// recording's `track.gpx` and `track.geojson`.
        case produced(OutputProducer)
        /// Already written into the build's staging folder, at the file's path, by the step that
        /// made it (render-pages stages each page as soon as it is rendered, so that a build does
        /// not hold every page until write-output: `OutputStaging`). Only the output writer of
        /// that build, given that staging folder, can write such a file.
        case staged
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

/// The maker of a file's bytes (`OutputFile.Contents.produced`): a function that writes them into
/// a `ByteSink`. Each call writes the same bytes; the output writer calls it once or twice (to
/// stage the file, and to compare it with the file already there), from any thread.
///
/// Two producers are equal only when they are the same one (a function cannot be compared).
public struct OutputProducer: Sendable, Hashable {
    private final class Identity: Sendable {}

    /// Writes the file's bytes into the sink.
    public let write: @Sendable (ByteSink) -> Void
    private let identity = Identity()

    /// A producer whose bytes are what `write` writes.
    public init(_ write: @escaping @Sendable (ByteSink) -> Void) {
        self.write = write
    }

    /// All the bytes at once (for small files and tests).
    public func bytes() -> [UInt8] {
        ByteSink.collect(write)
    }

    public static func == (lhs: OutputProducer, rhs: OutputProducer) -> Bool {
        lhs.identity === rhs.identity
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(identity))
    }
}
