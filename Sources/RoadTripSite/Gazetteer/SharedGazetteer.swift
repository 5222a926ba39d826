import Dispatch
import Foundation
import Synchronization
import RoadTripCore
import RoadTripGeo

/// The process's one gazetteer, asked for only when a question comes, or loaded on another thread
/// from the start of a build (`prepareInBackground`) while the build reads its sources.
///
/// Loaded once per process: from the snapshot kept in the project's cache when it was made from
/// this libgeonames (``GazetteerSnapshotFile``; ~8 ms), else from libgeonames (`Gazetteer.shared`;
/// ~25–40 ms of CPU), after which a snapshot is kept for the project on another thread — at most
/// once per project and process — and ``finishKeeping()`` waits for it. Without a project
/// (`projectRoot` nil) nothing is read or kept.
struct SharedGazetteer: Geocoder {
    /// The project whose cache keeps the snapshot, or `nil`.
    var projectRoot: URL?

    /// The gazetteer, once loaded.
    private static let loaded = Mutex<Gazetteer?>(nil)
    /// The projects (root paths) whose snapshot this process found good or kept.
    private static let keptProjects = Mutex<Set<String>>([])
    /// The snapshot of the loaded gazetteer, made once (its strings copied out of libgeonames).
    private static let snapshot = Mutex<GazetteerSnapshot?>(nil)
    /// The snapshots being kept.
    private static let keeping = DispatchGroup()
    /// Why a project's snapshot could not be kept (``GazetteerSnapshotFile/keep(_:identity:in:)``),
    /// by root path, until ``keepingProblem(in:)`` reports it.
    private static let keepingProblems = Mutex<[String: String]>([:])

    /// The gazetteer, loaded now if no question came before; its snapshot kept for the project.
    private var gazetteer: Gazetteer {
        let gazetteer = Self.loaded.withLock { loaded in
            if let loaded { return loaded }
            var made: Gazetteer?
            if let projectRoot, let identity = Gazetteer.libraryIdentity {
                made = GazetteerSnapshotFile.gazetteer(keptIn: projectRoot, identity: identity)
                if made != nil { Self.keptProjects.withLock { _ = $0.insert(projectRoot.path) } }
            }
            let gazetteer = made ?? Gazetteer.shared
            loaded = gazetteer
            return gazetteer
        }
        keepSnapshot(of: gazetteer)
        return gazetteer
    }

    /// Keeps `gazetteer`'s snapshot in the project's cache on another thread, unless this process
    /// found it good or tried to keep it already, the gazetteer is empty or libgeonames cannot be
    /// told apart. Why it could not be written is for ``keepingProblem(in:)``.
    private func keepSnapshot(of gazetteer: Gazetteer) {
        guard let projectRoot, !gazetteer.isEmpty, let identity = Gazetteer.libraryIdentity,
              Self.keptProjects.withLock({ $0.insert(projectRoot.path).inserted })
        else { return }
        Self.keeping.enter()
        DispatchQueue.global(qos: .utility).async {
            defer { Self.keeping.leave() }
            // Another project's snapshot may have been loaded: this one's may be good already.
            if GazetteerSnapshotFile.gazetteer(keptIn: projectRoot, identity: identity) != nil { return }
            let snapshot = Self.snapshot.withLock { snapshot in
                if let snapshot { return snapshot }
                let made = gazetteer.snapshot
                snapshot = made
                return made
            }
            if let problem = GazetteerSnapshotFile.keep(snapshot, identity: identity, in: projectRoot) {
                Self.keepingProblems.withLock { $0[projectRoot.path] = problem }
            }
        }
    }

    /// Waits until every snapshot this process started keeping is written (a build calls it
    /// before it returns, so that the process never ends with one half-written).
    static func finishKeeping() { keeping.wait() }

    /// Once every snapshot is written, why the one of the project at `projectRoot` could not be
    /// kept, if it could not (said once: `nil` afterwards).
    static func keepingProblem(in projectRoot: URL) -> String? {
        keeping.wait()
        return keepingProblems.withLock { $0.removeValue(forKey: projectRoot.path) }
    }

    var places: [Placemark] { gazetteer.places }
    func prepareInBackground() { DispatchQueue.global(qos: .userInitiated).async { _ = gazetteer } }
    func reverse(_ coordinate: Coordinate) -> Placemark? { gazetteer.reverse(coordinate) }
    func forward(_ query: String) -> ForwardResult { gazetteer.forward(query) }
    var dataIdentity: String? { Gazetteer.libraryIdentity }
}
