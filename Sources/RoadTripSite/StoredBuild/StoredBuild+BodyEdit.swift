import Foundation
import RoadTripCore
import RoadTripGeo
import RoadTripRender

extension StoredBuild {
    /// What the steps of a build tell the stored build for the ``BodyEditSnapshot`` it saves.
    struct SnapshotParts: Sendable {
        /// ``DestinationsListing/read(_:)``'s digest when the stored build was made, before any source
        /// was read, and the names it covers (dotfiles aside).
        var listing: String?
        var listingNames: [String] = []
        /// When the stored build was made, in seconds since the Unix epoch.
        var startedAt: Double = 0
        /// Each step's diagnostics after load-config (``noteDiagnostics(_:ofStep:)``).
        var stepDiagnostics: [BodyEditSnapshot.StepDiagnostics] = []
        /// Whether the theme's destination page shows its prose verbatim once at most
        /// (``noteBodiesSpliceable(_:)``); `nil` until render-pages says.
        var bodiesAreSpliceable: Bool?
        /// The offline basemap's fingerprint and the tiles linked into the output
        /// (``noteBasemap(fingerprint:tiles:)``), `nil` until draw-basemap says.
        var basemap: (fingerprint: String?, tiles: [BasemapPyramid.Tile])?
        /// Every output path of the build (``noteOutputPaths(_:paths:)``).
        var outputPaths: [String]?
        /// How many destinations the build published.
        var destinationCount: Int?
        /// The geocoder's data identity (`""` without one), `nil` until render-pages says.
        var geocoderIdentity: String?
        /// Why the next build could not tell a prose edit from the snapshot (no snapshot is saved).
        var refusals: Set<String> = []
        /// A snapshot made by ``BodyEditRebuild``, saved as it is instead.
        var carried: BodyEditSnapshot?
    }

    /// Notes what step `step` reported (`diagnostics`, in order), for a later build to report
    /// again when it skips the step.
    func noteDiagnostics(_ diagnostics: [Diagnostic], ofStep step: String) {
        state.withLock { $0.snapshot.stepDiagnostics.append(BodyEditSnapshot.StepDiagnostics(step: step, diagnostics: diagnostics)) }
    }

    /// Notes whether the theme's destination page inserts the prose verbatim
    /// (`TemplateLibrary.insertsOnceVerbatim(_:from:)`).
    func noteBodiesSpliceable(_ spliceable: Bool) {
        state.withLock { $0.snapshot.bodiesAreSpliceable = spliceable }
    }

    /// Notes the offline basemap's fingerprint and its tiles linked from the cache into the output
    /// (`nil` and none without a basemap).
    func noteBasemap(fingerprint: String?, tiles: [BasemapPyramid.Tile]) {
        state.withLock { $0.snapshot.basemap = (fingerprint, tiles) }
    }

    /// Notes how many destinations the build publishes, and its geocoder's data identity.
    func noteDestinationCount(_ count: Int, geocoderIdentity: String?) {
        state.withLock {
            $0.snapshot.destinationCount = count
            $0.snapshot.geocoderIdentity = geocoderIdentity ?? ""
        }
    }

    /// Notes why the next build may not skip steps on a prose edit: no snapshot is saved.
    func refuseSnapshot(_ reason: String) {
        state.withLock { _ = $0.snapshot.refusals.insert(reason) }
    }

    /// The snapshot to save with `records` (this build's, by identity) and `sources` (an
    /// unsettled one with the digest `""`, which no fingerprint has: the next build reads it
    /// again), or `nil` when a step refused one, a part is missing, or a loose file cannot be
    /// stamped.
    func snapshot(records: [String: StoredBuildFile.Destination], sources: [String: Source]) -> BodyEditSnapshot? {
        let parts = state.withLock { $0.snapshot }
        if let carried = parts.carried { return carried }
        guard parts.refusals.isEmpty, let listing = parts.listing, parts.bodiesAreSpliceable == true,
              let basemap = parts.basemap, let paths = parts.outputPaths, let destinationCount = parts.destinationCount,
              let geocoderIdentity = parts.geocoderIdentity
        else { return nil }
        var stamped = Set<String>()
        for record in records.values { for file in record.files { stamped.insert(file.path) } }
        // A linked tile's path is told by parsing it (`tile(atOutputPath:)`, its inverse), not by
        // formatting every tile's path into the set (~5,000 instructions a tile, 2,346 tiles at
        // 250 destinations, at the end of the build on one core).
        let linkedTiles = Set(basemap.tiles)
        var looseFiles: [StoredBuildFile.StampedFile] = []
        for path in paths where !stamped.contains(path) {
            if let tile = BasemapTileSet.tile(atOutputPath: path), linkedTiles.contains(tile) { continue }
            // By its whole path: a first build's output folder did not exist when `outputFolder` was opened.
            guard let stamp = BasemapFileStamp.of(path: outputRoot + "/" + path) else { return nil }
            looseFiles.append(StoredBuildFile.StampedFile(path: path, stamp: stamp))
        }
        // The entries of Destinations/ that are no source, stamped now: one changed since the
        // build started (an index.md added to a folder it had found without one) gives no snapshot.
        var sourceNames: Set<String> = ["site.yaml"]  // its fingerprint is in the site key
        for path in sources.keys where path.hasPrefix("Destinations/") {
            sourceNames.insert(String(path.dropFirst("Destinations/".count).prefix { $0 != "/" }))
        }
        let destinationsFolder = open(projectRoot.path + "/Destinations", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if destinationsFolder >= 0 { close(destinationsFolder) } }
        var otherEntries: [BodyEditSnapshot.OtherEntry] = []
        for name in parts.listingNames where !sourceNames.contains(name) {
            let stamp = DestinationsListing.stamp(of: name, in: destinationsFolder)
            guard stamp.settledAt <= parts.startedAt else { return nil }
            otherEntries.append(BodyEditSnapshot.OtherEntry(name: name, stamp: stamp.text))
        }
        otherEntries.sort { $0.name.precedesInBytes($1.name) }
        // The paths sorted, then the records made in that order: sorting the records themselves
        // moved five fields at each step (~13 ms of one core at 4,000 destinations).
        let snapshotSources = sources.keys.sortedInBytes().map { path in
            let source = sources[path]!
            return BodyEditSnapshot.Source(
                path: path, digest: source.isSettled ? source.digest : "", digestOutsideIndex: source.digestOutsideIndex,
                folderStamp: source.folderStamp, fileNames: source.fileNames)
        }
        return BodyEditSnapshot(
            listing: listing, sources: snapshotSources, otherEntries: otherEntries, destinationCount: destinationCount,
            stepDiagnostics: parts.stepDiagnostics, basemapFingerprint: basemap.fingerprint, geocoderIdentity: geocoderIdentity,
            tiles: basemap.tiles, looseFiles: looseFiles)
    }

    /// ``DestinationsListing/read(_:)``'s digest as this stored build was made.
    var listingDigest: String? { state.withLock { $0.snapshot.listing } }

    /// What a ``BodyEditRebuild`` commits once it has checked everything: `unchanged` sources
    /// are this build's as the last build kept them (their records, unread); each of `loaded`
    /// (source path → digests and record) is this build's as loaded; every stored record but
    /// those of `rendered` is kept; each of `rendered` (identity → key, inputs, paths) is noted
    /// rendered; `snapshot` is saved as it is.
    func commitBodyEdit(
        unchanged: [String], loaded: [String: Source], rendered: [String: (key: String, inputs: String, paths: [String])],
        snapshot: BodyEditSnapshot
    ) {
        var sources: [String: Source] = [:]
        sources.reserveCapacity(unchanged.count + loaded.count)
        let snapshotSources = Dictionary(uniqueKeysWithValues: (previousSnapshot?.sources ?? []).map { ($0.path, $0) })
        for path in unchanged {
            guard let source = snapshotSources[path] else { continue }
            sources[path] = Source(
                digest: source.digest, digestOutsideIndex: source.digestOutsideIndex, isSettled: true,
                // Its record only from a shard read already: the others are not written again.
                record: previousSourceIfRead(path).flatMap { $0.digest == source.digest ? $0.record : nil },
                folderStamp: source.folderStamp, fileNames: source.fileNames)
        }
        sources.merge(loaded) { _, new in new }
        var kept = previous.filter { rendered[$0.key] == nil && $0.key != Self.outputPathsIdentity }
        kept.reserveCapacity(previous.count)
        state.withLock { state in
            state.sources = sources
            state.kept = kept
            state.rendered = rendered
            state.snapshot.carried = snapshot
        }
    }
}
