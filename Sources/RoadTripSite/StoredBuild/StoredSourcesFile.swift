import Foundation

/// The bytes of one of the files `.roadtrip-cache/build/sources/<nn>.store`: what the last
/// successful build loaded from each source it could keep whose shard is that file's
/// (``StoredBuild/sourceShard(of:)``), so that the next build reads an unchanged source back
/// instead of parsing its front matter, Markdown and data files again.
///
/// Binary (``StoredBytesWriter``'s fields): the magic `RTLOAD4\n`, the load key (a string: what
/// loading depends on besides the sources, ``StoredBuild``), a count of sources and for each: its
/// path (a destination's `sourcePath`), its ``SourceFingerprint`` digest (a string), and its
/// loaded destinations with their diagnostics as a counted record (``StoredDestinationCoding``),
/// decoded only when the source is reused; last, the checksum of everything before it
/// (``StoredChecksum``), so that a record edited even at the same length is never read back.
/// Anything that does not parse whole, or whose checksum does not match, is an empty file.
struct StoredSourcesFile: Sendable, Equatable {
    /// One source as the last build loaded it.
    struct Source: Sendable, Equatable {
        /// The fingerprint's digest the destinations were loaded under.
        var digest: String
        /// ``StoredDestinationCoding/data(destinations:diagnostics:)``'s bytes.
        var record: Data
    }

    static let magic = Array("RTLOAD4\n".utf8)

    /// What every record depends on besides its own source.
    var loadKey: String
    /// By source path.
    var sources: [String: Source]

    init(loadKey: String, sources: [String: Source] = [:]) {
        self.loadKey = loadKey
        self.sources = sources
    }

    /// The file's contents parsed (records not decoded), or `nil` when they do not parse whole.
    init?(parsing data: Data) {
        guard var reader = StoredBytesReader(sealed: data, magic: Self.magic), let loadKey = reader.string(),
            let count = reader.count()
        else { return nil }
        var sources: [String: Source] = [:]
        sources.reserveCapacity(count)
        for _ in 0..<count {
            guard let path = reader.string(), let digest = reader.string(), let record = reader.record() else { return nil }
            sources[path] = Source(digest: digest, record: record)
        }
        guard reader.isAtEnd else { return nil }
        self.init(loadKey: loadKey, sources: sources)
    }

    /// The file's bytes, sources sorted by path (the same records give the same bytes).
    var data: Data {
        var writer = StoredBytesWriter(
            prefix: Self.magic, capacity: 64 + sources.values.reduce(0) { $0 + $1.record.count + 128 })
        writer.append(loadKey)
        writer.append(count: sources.count)
        for path in sources.keys.sorted() {
            let source = sources[path]!
            writer.append(path)
            writer.append(source.digest)
            writer.append(data: source.record)
        }
        return writer.sealedData
    }
}
