import Foundation
import RoadTripCore

/// The bytes of a ``StoredBuild`` file, `.roadtrip-cache/build/<output>.index`: what the last
/// build into one output folder rendered, per destination and per group of site-wide files
/// (``SiteFileGroup``, and the home page), with the stamps of the files it wrote, and the digest of
/// all the paths it wrote with the stamp of the manifest it left (a record of its own,
/// ``StoredBuild/outputPathsAreLastBuilds(_:)``).
///
/// Binary, little-endian, without field names (``StoredBytesWriter``) (a 4,000-destination site has 12,000 file records,
/// read on every build): the magic `RTBUILD5\n`, the site key
/// (a string), then a 32-bit count of destinations and for each: its source path, its slug,
/// its key, the digest of its page inputs (four strings), a 32-bit count of files and for each file its path (a string) and
/// its ``BasemapFileStamp`` as four 64-bit integers (size, modification time, status-change time,
/// inode); then a flag and, when set, the ``BodyEditSnapshot``. A string is a 32-bit byte count
/// and that many bytes of UTF-8. Last, the checksum of
/// everything before it (``StoredChecksum``, 16 bytes). Anything that does not parse whole — a
/// checksum that does not match, another magic, a count past the end, invalid UTF-8, bytes left
/// over — is an empty file: the build then renders everything.
struct StoredBuildFile: Sendable, Equatable {
    /// One destination's files as the last build left them.
    struct Destination: Sendable, Equatable {
        /// What the files were rendered from (``StoredBuild/key(of:inputs:placemark:)``).
        var key: String
        /// The digest of the destination's page inputs, the part of `key` besides its source's
        /// fingerprint (``StoredBuild/inputsDigest(_:placemark:)``); `""` for a site-wide group.
        var inputs = ""
        /// The output files (relative paths) and their stamps after the build's write.
        var files: [StampedFile]
    }

    /// An output file's path, relative to the output folder, with its stamp.
    struct StampedFile: Sendable, Equatable {
        var path: String
        var stamp: BasemapFileStamp
    }

    static let magic = Array("RTBUILD5\n".utf8)

    /// Everything the records depend on besides their own sources (``StoredBuild``'s site key).
    var siteKey: String
    /// By destination: `sourcePath` + NUL + slug; by site-wide group: NUL + its name (an empty
    /// source path, which no destination has).
    var destinations: [String: Destination]
    /// What tells the next build that only prose changed, `nil` when this build left none.
    var snapshot: BodyEditSnapshot?

    init(siteKey: String, destinations: [String: Destination] = [:], snapshot: BodyEditSnapshot? = nil) {
        self.siteKey = siteKey
        self.destinations = destinations
        self.snapshot = snapshot
    }

    /// The file's contents parsed, or `nil` when they do not parse whole.
    init?(parsing data: Data) {
        guard var reader = StoredBytesReader(sealed: data, magic: Self.magic), let siteKey = reader.string(),
            let count = reader.count()
        else { return nil }
        var destinations: [String: Destination] = [:]
        destinations.reserveCapacity(count)
        for _ in 0..<count {
            guard let identity = reader.string(), let key = reader.string(), let inputs = reader.string(),
                  let files = reader.list({ $0.stampedFile() })
            else { return nil }
            destinations[identity] = Destination(key: key, inputs: inputs, files: files)
        }
        guard let snapshot = reader.optional({ $0.bodyEditSnapshot() }), reader.isAtEnd else { return nil }
        self.init(siteKey: siteKey, destinations: destinations, snapshot: snapshot)
    }

    /// The file's bytes, destinations sorted by identity (the same records give the same bytes).
    var data: Data {
        var writer = StoredBytesWriter(prefix: Self.magic, capacity: 64 + destinations.count * 400)
        writer.append(siteKey)
        writer.append(count: destinations.count)
        for identity in destinations.keys.sortedInBytes() {
            let destination = destinations[identity]!
            writer.append(identity)
            writer.append(destination.key)
            writer.append(destination.inputs)
            writer.append(count: destination.files.count)
            for file in destination.files { writer.append(file) }
        }
        writer.append(snapshot != nil)
        if let snapshot { writer.append(snapshot) }
        return writer.sealedData
    }
}

extension StoredBytesWriter {
    /// A stamped file: its path, then its stamp.
    mutating func append(_ file: StoredBuildFile.StampedFile) {
        append(file.path)
        append(file.stamp)
    }
}

extension StoredBytesReader {
    /// What ``StoredBytesWriter/append(_:)-(StoredBuildFile.StampedFile)`` wrote, or `nil`.
    mutating func stampedFile() -> StoredBuildFile.StampedFile? {
        guard let path = string(), let stamp = stamp() else { return nil }
        return StoredBuildFile.StampedFile(path: path, stamp: stamp)
    }
}
