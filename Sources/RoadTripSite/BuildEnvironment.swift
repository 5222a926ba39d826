import Foundation
import Synchronization
import RoadTripCore
import RoadTripGeo

/// What a build takes from the world beyond its options and its files: the geocoder that places
/// `location:` names, contacts' towns, each destination's nearest town and where each trip log
/// starts and ends; the clock; and the maker of photos' published copies, which keeps them in the
/// project's cache folder. Passed in, so that nothing below the site builder reads a global, the
/// clock or a cache on its own: the command line builds with ``standard``; tests give a table of
/// places, a clock of their own or copies that never touch libvips.
public struct BuildEnvironment: Sendable {
    /// Places names and coordinates.
    public var geocoder: any Geocoder
    /// The current time. A ``BuildCache`` keeps what it read from a source only once the source's
    /// files are ``SourceFingerprint/isSettled`` by this clock.
    public var now: @Sendable () -> Date
    /// Makes each published photo's thumbnail and web copy (place-photos).
    public var photoCopier: any PhotoCopier
    /// The offline vector basemap drawn under every `map.svg` (GSHHG coastlines), or `nil` for
    /// none.
    public var basemap: Basemap?

    /// An environment with `geocoder`, the system clock unless `now` is given, and photo copies
    /// made by libvips in the project's `.roadtrip-cache/` (``LibvipsPhotoCopier``) unless
    /// `photoCopier` is given.
    public init(
        geocoder: any Geocoder, now: @escaping @Sendable () -> Date = { Date() },
        photoCopier: any PhotoCopier = LibvipsPhotoCopier(), basemap: Basemap? = nil
    ) {
        self.geocoder = geocoder
        self.now = now
        self.photoCopier = photoCopier
        self.basemap = basemap
    }

    /// The environment of `roadtrip build` and `serve`: the GeoNames gazetteer (loaded once per
    /// process, on a thread of its own from the start of the first build, which reads its sources
    /// meanwhile — from the snapshot kept in the project's cache when there is one for this
    /// libgeonames, see ``keepingGazetteer(in:)`` — and empty without Debian's geonames data).
    /// With the offline basemap from Debian's gmt-gshhg files (`Basemap.standardFolder`), read
    /// only when a map is drawn; none when they are not installed.
    public static var standard: BuildEnvironment { BuildEnvironment(geocoder: SharedGazetteer(), basemap: Basemap()) }
}

extension BuildEnvironment {
    /// This environment for a build of the project at `projectRoot`: the standard gazetteer
    /// (``standard``) then loads from, and keeps, its snapshot in the project's cache
    /// (``GazetteerSnapshotFile``); any other geocoder is kept as it is.
    func keepingGazetteer(in projectRoot: URL) -> BuildEnvironment {
        guard geocoder is SharedGazetteer else { return self }
        var environment = self
        environment.geocoder = SharedGazetteer(projectRoot: projectRoot)
        return environment
    }
}

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
