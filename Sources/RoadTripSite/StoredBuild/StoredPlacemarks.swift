import Foundation
import Synchronization
import RoadTripCore
import RoadTripGeo

/// The nearest towns a build's geocoder gave for the coordinates it was asked about
/// (`Geocoder.reverse`: each destination's, photo's, contact's and trip log end's), kept in
/// `.roadtrip-cache/build/placemarks.store` for the next build, so that a rebuild whose places
/// did not move answers them without loading the gazetteer — libgeonames' 24,361 cities and
/// their index, ~20–30 ms of CPU on every build (a quarter of a 250-destination rebuild's).
///
/// A geocoder in front of the build's own: an answer read back is the one the gazetteer gave for
/// the very same coordinate (its bit pattern), under the same ``key`` — the roadtrip executable
/// (``ExecutableIdentity``) and the geocoder's ``Geocoder/dataIdentity`` (for libgeonames, its
/// library file, which holds the cities); a geocoder without one keeps nothing. Place names
/// (`forward`) always go to the gazetteer. With answers read back, the gazetteer is not loaded
/// ahead (``prepareInBackground()``), only when a question has no answer kept.
///
/// The file holds the answers of the last successful build only (``save()``, when they differ from
/// those read), binary (``StoredBytesWriter``: the magic `RTPLACE2\n`, the key, a count, and for
/// each coordinate its latitude and longitude and the optional placemark's fields) and sealed
/// with a checksum: one that does not parse whole, or under another key, is no answers at all.
/// It is read and written only where ``StoredBuild/folderProblem(_:projectRoot:)`` allows.
final class StoredPlacemarks: Geocoder {
    /// A coordinate as the bit patterns of its latitude and longitude.
    private struct Question: Hashable, Sendable {
        var latitude: UInt64
        var longitude: UInt64

        init(_ coordinate: Coordinate) {
            latitude = coordinate.latitude.bitPattern
            longitude = coordinate.longitude.bitPattern
        }
    }

    static let magic = Array("RTPLACE2\n".utf8)

    private let base: any Geocoder
    private let fileURL: URL
    private let projectRoot: URL
    private let reads: Bool
    /// The key and what the last build kept under it, read when first needed (a rebuild that
    /// skips its steps, ``BodyEditRebuild``, asks nothing: neither the file nor libgeonames'
    /// identity is read then); `nil` until then.
    private let stored = Mutex<Stored?>(nil)
    /// This build's questions and answers.
    private let asked = Mutex([Question: Placemark?]())

    /// The file's key (`nil` when the base geocoder has no ``Geocoder/dataIdentity``: nothing is
    /// kept) and its answers.
    private struct Stored: Sendable {
        var key: String?
        var previous: [Question: Placemark?]
    }

    /// Answers in front of `base` (kept only when it has a ``Geocoder/dataIdentity``), kept in
    /// `projectRoot`'s `.roadtrip-cache/build/placemarks.store`, read unless `reads` is `false`
    /// (`--no-cache`).
    init(base: any Geocoder, projectRoot: URL, reads: Bool) {
        self.base = base
        self.projectRoot = projectRoot
        self.reads = reads
        fileURL = ProjectCacheFolder.build(projectRoot: projectRoot).appendingPathComponent("placemarks.store", isDirectory: false)
    }

    /// The key and the answers kept under it, read once.
    private func storedAnswers() -> Stored {
        stored.withLock { stored in
            if let stored { return stored }
            var read = Stored(key: nil, previous: [:])
            if let identity = base.dataIdentity {
                let key = ContentHash.hex64("1\u{0}" + ExecutableIdentity.current + "\u{0}" + identity)
                read.key = key
                let folder = fileURL.deletingLastPathComponent()
                if reads, StoredBuild.folderProblem(folder, projectRoot: projectRoot) == nil,
                   let data = StoredBuild.contents(ofFile: fileURL.path), let answers = Self.answers(parsing: data, key: key)
                {
                    read.previous = answers
                }
            }
            stored = read
            return read
        }
    }

    var places: [Placemark] { base.places }
    var dataIdentity: String? { base.dataIdentity }

    /// The answer kept for `coordinate`, else the base geocoder's (noted for ``save()``).
    func reverse(_ coordinate: Coordinate) -> Placemark? {
        let question = Question(coordinate)
        if let answer = asked.withLock({ $0[question] }) { return answer }
        let answer = storedAnswers().previous[question] ?? base.reverse(coordinate)
        asked.withLock { $0[question] = answer }
        return answer
    }

    func forward(_ query: String) -> ForwardResult { base.forward(query) }

    /// Reads the kept answers on another thread, and loads the base geocoder ahead only when there
    /// are none (a first build, a new gazetteer).
    func prepareInBackground() {
        DispatchQueue.global(qos: .userInitiated).async {
            if self.storedAnswers().previous.isEmpty { self.base.prepareInBackground() }
        }
    }

    /// Replaces the file with this build's answers when they differ from those read; why it could
    /// not, or `nil`.
    func save() -> String? {
        let answers = asked.withLock { $0 }
        let stored = storedAnswers()
        guard let key = stored.key, answers != stored.previous else { return nil }
        if let problem = StoredBuild.makeFolder(fileURL.deletingLastPathComponent(), projectRoot: projectRoot) { return problem }
        switch CacheFileReplacement.replace(fileURL.path, with: Self.data(answers, key: key)) {
        case .success: return nil
        case .failure(.cannotCreate(let reason)), .failure(.cannotWrite(let reason)): return "placemarks.store: " + reason
        }
    }

    /// The file's bytes for `answers` under `key`, sorted by coordinate (the same answers give the
    /// same bytes).
    private static func data(_ answers: [Question: Placemark?], key: String) -> Data {
        var writer = StoredBytesWriter(prefix: magic, capacity: 64 + answers.count * 128)
        writer.append(key)
        writer.append(count: answers.count)
        for (question, answer) in answers.sorted(by: { ($0.key.latitude, $0.key.longitude) < ($1.key.latitude, $1.key.longitude) }) {
            writer.append(Int64(bitPattern: question.latitude))
            writer.append(Int64(bitPattern: question.longitude))
            writer.append(answer != nil)
            guard let placemark = answer else { continue }
            for text in [placemark.locality, placemark.state, placemark.country, placemark.countryCode, placemark.timeZone] {
                writer.append(text)
            }
            writer.append(placemark.coordinate.latitude)
            writer.append(placemark.coordinate.longitude)
            writer.append(placemark.population)
            writer.append(placemark.distance)
            writer.append(placemark.queriedCoordinate != nil)
            if let queried = placemark.queriedCoordinate {
                writer.append(queried.latitude)
                writer.append(queried.longitude)
            }
        }
        return writer.sealedData
    }

    /// The answers of a file's bytes under `key`; `nil` when they do not parse whole, or the key
    /// differs.
    private static func answers(parsing data: Data, key: String) -> [Question: Placemark?]? {
        guard var reader = StoredBytesReader(sealed: data, magic: magic), reader.string() == key, let count = reader.count()
        else { return nil }
        var answers = [Question: Placemark?](minimumCapacity: count)
        for _ in 0..<count {
            guard let latitude = reader.double(), let longitude = reader.double(), let present = reader.bool() else { return nil }
            let question = Question(Coordinate(latitude: latitude, longitude: longitude))
            guard present else {
                answers[question] = .some(nil)
                continue
            }
            guard let locality = reader.string(), let state = reader.string(), let country = reader.string(),
                  let countryCode = reader.string(), let timeZone = reader.string(),
                  let placeLatitude = reader.double(), let placeLongitude = reader.double(),
                  let population = reader.int(), let distance = reader.double(), let hasQuery = reader.bool()
            else { return nil }
            var queried: Coordinate?
            if hasQuery {
                guard let queriedLatitude = reader.double(), let queriedLongitude = reader.double() else { return nil }
                queried = Coordinate(latitude: queriedLatitude, longitude: queriedLongitude)
            }
            answers[question] = Placemark(
                locality: locality, state: state, country: country, countryCode: countryCode, timeZone: timeZone,
                coordinate: Coordinate(latitude: placeLatitude, longitude: placeLongitude), population: population,
                distance: distance, queriedCoordinate: queried)
        }
        return reader.isAtEnd ? answers : nil
    }
}
