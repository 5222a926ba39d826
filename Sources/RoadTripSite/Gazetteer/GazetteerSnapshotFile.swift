import Foundation
import RoadTripCore
import RoadTripGeo

/// `<project>/.roadtrip-cache/gazetteer/cities.store`: the gazetteer's cities and spatial index
/// (``GazetteerSnapshot``) as the first build on this machine made them, so that a later process
/// loads them in ~8 ms (read, checksum, checks, unit vectors) rather than copying 24,361 cities out
/// of libgeonames one at a time and building the k-d tree again (~25–40 ms of CPU; the only work
/// of a one-destination build that the build then waited for). Like the basemap's tiles it is a copy of data installed on the
/// machine, not of the project's sources, so `--no-cache` reads it too.
///
/// Binary (``StoredBytesWriter``): the magic `RTGAZET2\n`, the identity of the libgeonames library
/// it was copied from (``Gazetteer/libraryIdentity``: path, device, inode, size, modification and
/// status-change times), then the snapshot's arrays in order (latitudes and longitudes as the bits
/// of binary64 numbers, populations, text offsets, text, tree order, split axes), sealed with a
/// checksum (``StoredChecksum``). A file that does not parse whole, was made from another libgeonames, or whose arrays do
/// not make a k-d tree over its cities (``Gazetteer/init(snapshot:)``) is not used, and is
/// replaced. It is read and written only where ``StoredBuild/folderProblem(_:projectRoot:)``
/// allows (no symbolic link, nothing outside the project).
enum GazetteerSnapshotFile {
    static let magic = Array("RTGAZET2\n".utf8)

    /// The largest file read, in bytes: 64 MiB (libgeonames 0.3's 24,361 cities make 2.3 MB; a
    /// sparse `truncate -s 1000M` file was read whole, a second and 1 GB of memory).
    static let largestFile = 64 << 20

    /// `<projectRoot>/.roadtrip-cache/gazetteer/cities.store`.
    static func url(projectRoot: URL) -> URL {
        ProjectCacheFolder.url(projectRoot: projectRoot)
            .appendingPathComponent("gazetteer", isDirectory: true)
            .appendingPathComponent("cities.store", isDirectory: false)
    }

    /// The file's bytes for `snapshot`, copied from the libgeonames of `identity`.
    static func data(_ snapshot: GazetteerSnapshot, identity: String) -> Data {
        var writer = StoredBytesWriter(prefix: magic, capacity: 64 + identity.utf8.count + 64 * snapshot.count + snapshot.text.count)
        writer.append(identity)
        writer.append(numbers: snapshot.latitudes.map(\.bitPattern))
        writer.append(numbers: snapshot.longitudes.map(\.bitPattern))
        writer.append(numbers: snapshot.populations)
        writer.append(numbers: snapshot.textOffsets)
        writer.append(numbers: snapshot.text)
        writer.append(numbers: snapshot.treeOrder)
        writer.append(numbers: snapshot.splitAxes)
        return writer.sealedData
    }

    /// The snapshot in `data` when it was copied from the libgeonames of `identity` and parses
    /// whole; `nil` otherwise. (Whether its arrays make a gazetteer is
    /// ``Gazetteer/init(snapshot:)``'s to say.)
    static func snapshot(parsing data: Data, identity: String) -> GazetteerSnapshot? {
        guard var reader = StoredBytesReader(sealed: data, magic: magic), reader.string() == identity,
              let latitudes = reader.numbers(UInt64.self), let longitudes = reader.numbers(UInt64.self),
              let populations = reader.numbers(Int64.self), let textOffsets = reader.numbers(UInt32.self),
              let text = reader.numbers(UInt8.self), let treeOrder = reader.numbers(Int32.self),
              let splitAxes = reader.numbers(UInt8.self), reader.isAtEnd
        else { return nil }
        return GazetteerSnapshot(
            latitudes: latitudes.map(Double.init(bitPattern:)), longitudes: longitudes.map(Double.init(bitPattern:)),
            populations: populations, textOffsets: textOffsets, text: text, treeOrder: treeOrder, splitAxes: splitAxes)
    }

    /// The gazetteer kept in `projectRoot`'s cache for the libgeonames of `identity`, or `nil`
    /// (no file, another libgeonames, a file that does not parse or does not make a gazetteer, a
    /// folder roadtrip may not read).
    static func gazetteer(keptIn projectRoot: URL, identity: String) -> Gazetteer? {
        let file = url(projectRoot: projectRoot)
        guard StoredBuild.folderProblem(file.deletingLastPathComponent(), projectRoot: projectRoot) == nil,
              let data = StoredBuild.contents(ofFile: file.path, maximumSize: largestFile),
              let snapshot = snapshot(parsing: data, identity: identity)
        else { return nil }
        return Gazetteer(snapshot: snapshot)
    }

    /// Keeps `snapshot` (from the libgeonames of `identity`) in `projectRoot`'s cache, replacing
    /// the file whole (``CacheFileReplacement``); why it could not, or `nil`.
    static func keep(_ snapshot: GazetteerSnapshot, identity: String, in projectRoot: URL) -> String? {
        let file = url(projectRoot: projectRoot)
        let folder = file.deletingLastPathComponent()
        if let problem = StoredBuild.folderProblem(folder, projectRoot: projectRoot) { return problem }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            return "cannot create \(ProjectPath.relative(folder, to: projectRoot)): \(error.localizedDescription)"
        }
        CacheFileReplacement.removeLeftovers(of: file.path)
        switch CacheFileReplacement.replace(file.path, with: data(snapshot, identity: identity)) {
        case .success: return nil
        case .failure(.cannotCreate(let reason)), .failure(.cannotWrite(let reason)):
            return ProjectPath.relative(file, to: projectRoot) + ": " + reason
        }
    }
}
