import Dispatch
import Foundation
import Synchronization
import RoadTripCore
import RoadTripGeo
import RoadTripContent
import RoadTripRender

/// A rebuild of `roadtrip build` when only the prose of some destinations changed since the last
/// build into the same output folder: their pages are made from the pages that build wrote, the
/// old prose replaced by the new, and every step between load-destinations and write-output is
/// skipped, its diagnostics reported again as that build reported them. The output is the one a
/// full build makes: what the skipped steps would compute depends on nothing that changed.
///
/// It runs in place of load-destinations when the ``StoredBuild`` read a ``BodyEditSnapshot``
/// (the last build left one only when each of these can be checked) and all of this holds —
/// otherwise every step runs, and `--verbose` says why:
///
/// - `Destinations/` holds the same names, each the same kind of entry (``DestinationsListing``);
///   the offline basemap and the gazetteer have the same data; not `--strict` with warnings to
///   report again;
/// - every source has the fingerprint it had, but at most ``largestEdit`` destination folders in
///   which only `index.md` changed (``SourceFingerprint/digest(excluding:)``, their other files
///   settled; an `index.md` written in the last moments is read, and kept under a digest that the
///   next build cannot match, so that it is read again then);
/// - each of those reads, with the same diagnostics, as one destination equal to the stored one
///   but for `bodyHTML` (so its title, front matter, points of interest, image, … are the same),
///   its old prose not empty, its feed summary (the first paragraph, which the feed shows) the
///   same, not a draft, and its stored record has its page inputs' digest;
/// - every file of every stored record, every loose file of the snapshot and every tile (against
///   the basemap cache's index) is still in the output folder with its stamp — one `fstatat` each,
///   as a rebuild that runs every step makes;
/// - the theme's destination page inserts the prose once on every rendering, unescaped, and
///   uses it nowhere else (the last build checked, `TemplateLibrary.insertsOnceVerbatim(_:from:)`),
///   and the old page holds the old prose exactly once: that occurrence is where it was inserted,
///   and it is replaced;
/// - each entry of `Destinations/` that is not a source (a folder without `index.md`, a stray file,
///   a link to nothing) has the stamp it had (one gaining an `index.md` becomes a destination), and
///   the cache folders the skipped steps would use have no problem (they would warn).
///
/// Fields and warnings are compared byte for byte, as stored (`StoredDestinationCoding`): Swift's
/// `==` on strings calls an NFC title and its NFD spelling equal, which the pages do not.
///
/// Measured on the 4,000-destination benchmark site (one sentence appended to one destination):
/// see `Benchmarks/compare-hugo.sh`'s edit column.
enum BodyEditRebuild {
    /// What the rebuild did, for the builder's progress lines and result.
    struct Outcome: Sendable {
        /// The words of load-destinations' progress line.
        var summary: String
        /// The words of render-pages' progress line.
        var renderSummary: String
        /// The diagnostics the last build's steps reported, by step name, to report again.
        var diagnostics: [String: [Diagnostic]]
        /// How many destinations the site publishes.
        var destinationCount: Int
        /// How many destinations' pages were made again.
        var editedCount: Int
    }

    /// The most destinations whose prose may have changed: past that, the steps run (each page
    /// reads its old file, and a build that runs every step renders in parallel anyway).
    static let largestEdit = 64

    /// What a source's fingerprint says against the snapshot: unchanged (with its folder's stamp
    /// and files when it was listed again), its index.md edited, or changed beyond it.
    private enum SourceState: Sendable {
        case unchanged(folder: (stamp: String, names: [String])?)
        case indexEdited(digest: String, digestOutsideIndex: String, folder: (stamp: String, names: [String]))
        case changed
    }

    /// One destination whose prose changed, read and checked.
    private struct EditedDestination: Sendable {
        var sourcePath: String
        var digest: String
        var digestOutsideIndex: String
        var destination: Destination
        var oldBody: String
        var diagnostics: [Diagnostic]
        var identity: String
        var record: StoredBuildFile.Destination
    }

    /// Tries the rebuild: on success fills `state` for write-output (the edited pages as its
    /// files, every other output path kept), commits what the ``StoredBuild`` saves, and returns
    /// the outcome; `nil` (after a `--verbose` line saying why) when every step must run, with
    /// nothing in `state` or the stored build changed.
    static func attempt(_ state: inout BuildState, context: BuildContext) -> Outcome? {
        guard let stored = state.storedBuild, context.cache == nil else { return nil }
        guard let snapshot = stored.previousSnapshot else {
            context.verbose(
                "every step runs: "
                    + (stored.previous.isEmpty
                        ? "nothing the last build kept applies (a first build, --no-cache, or site.yaml, the theme, "
                            + "the command line, the output folder or roadtrip changed)"
                        : "the last build left no record of what decides the site"))
            return nil
        }
        func refuse(_ reason: String) -> Outcome? {
            context.verbose("every step runs: " + reason)
            return nil
        }
        if context.options.strict && snapshot.stepDiagnostics.contains(where: { !$0.diagnostics.isEmpty }) {
            return refuse("--strict, and the last build had warnings")
        }
        guard let listing = stored.listingDigest, listing == snapshot.listing else {
            return refuse("Destinations/ has other names than at the last build")
        }
        let basemapFingerprint = state.config.offlineBasemap ? context.environment.basemap.map(BasemapTileCache.fingerprint(of:)) : nil
        guard basemapFingerprint == snapshot.basemapFingerprint else { return refuse("the offline basemap changed") }
        guard (context.environment.geocoder.dataIdentity ?? "") == snapshot.geocoderIdentity else {
            return refuse("the gazetteer's data changed")
        }
        let projectRoot = context.options.projectRoot
        // Whatever a skipped step would have warned about its cache folder, it warns about again.
        for folder in [ProjectCacheFolder.basemap(projectRoot: projectRoot), ProjectCacheFolder.photos(projectRoot: projectRoot),
                       ProjectCacheFolder.sharePreviews(projectRoot: projectRoot)]
        where ProjectCacheFolder.problem(with: folder, projectRoot: projectRoot) != nil {
            return refuse("\(ProjectPath.relative(folder, to: projectRoot)) cannot be used")
        }

        let rootPath = projectRoot.path
        let now = context.environment.now()
        // A folder whose stamp is the last build's holds the same names: its files are stat'ed from
        // `Destinations/`'s descriptor without listing it (4,000 folders listed took ~10 ms).
        let destinationsFolder = open(rootPath + "/Destinations", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if destinationsFolder >= 0 { close(destinationsFolder) } }
        let folderPrefix = "Destinations/", indexSuffix = "/index.md"
        for entry in snapshot.otherEntries where DestinationsListing.stamp(of: entry.name, in: destinationsFolder).text != entry.stamp {
            return refuse("Destinations/\(entry.name) changed")
        }
        let states = concurrentMap(count: snapshot.sources.count) { index -> SourceState in
            let source = snapshot.sources[index]
            let isFolder = source.path.hasPrefix(folderPrefix) && source.path.hasSuffix(indexSuffix)
            let folderName = isFolder ? String(source.path.dropFirst(folderPrefix.count).dropLast(indexSuffix.count)) : ""
            var fingerprint: SourceFingerprint
            var listed = false
            if isFolder, destinationsFolder >= 0, !source.folderStamp.isEmpty,
               // Bytes, not Foundation's `contains(_:)`: ~4,400 instructions a call, 4,000 calls.
               !folderName.utf8.contains(UInt8(ascii: "/")),
               let quick = SourceFingerprint(
                   folderNamed: folderName, in: destinationsFolder, folderStamp: source.folderStamp, names: source.fileNames,
                   takenAt: now)
            {
                fingerprint = quick
            } else {
                // Paths spelled, not URLs: Foundation's took ~3 µs a source.
                fingerprint = SourceFingerprint(atPath: rootPath + "/" + (isFolder ? folderPrefix + folderName : source.path), takenAt: now)
                listed = true
            }
            let folder = fingerprint.folderStamp.flatMap { stamp in fingerprint.fileNamesWithoutFolders.map { (stamp, $0) } } ?? ("", [])
            let digest = StoredBuild.digest(fingerprint, sourcePath: source.path)
            if fingerprint.isSettled && digest == source.digest { return .unchanged(folder: listed ? folder : nil) }
            let outside = StoredBuild.digestOutsideIndex(fingerprint, sourcePath: source.path)
            guard isFolder, !outside.isEmpty, outside == source.digestOutsideIndex else { return .changed }
            // An index.md written in the last moments could change again unseen: kept under the
            // digest "", which no fingerprint has, so that the next build reads it again.
            return .indexEdited(digest: fingerprint.isSettled ? digest : "", digestOutsideIndex: outside, folder: folder)
        }
        var editedSources: [(index: Int, digest: String, digestOutsideIndex: String)] = []
        // The snapshot the next build reads: these sources as found now.
        var sources = snapshot.sources
        for (index, sourceState) in states.enumerated() {
            switch sourceState {
            case .unchanged(let folder):
                if let folder { (sources[index].folderStamp, sources[index].fileNames) = folder }
            case .changed: return refuse("\(snapshot.sources[index].path) changed beyond its index.md")
            case .indexEdited(let digest, let outside, let folder):
                editedSources.append((index, digest, outside))
                sources[index].digest = digest
                (sources[index].folderStamp, sources[index].fileNames) = folder
            }
        }
        guard editedSources.count <= largestEdit else { return refuse("more than \(largestEdit) destinations changed") }

        // Each edited destination, read as the loader reads it, against what the last build kept.
        var edited: [EditedDestination] = []
        for (index, digest, outside) in editedSources {
            let path = snapshot.sources[index].path
            let folder = projectRoot.appendingPathComponent(String(path.dropLast("/index.md".count)), isDirectory: true)
            let log = DiagnosticLog()
            let loaded = SiteLoader.destinations(
                inFolder: folder, projectRoot: projectRoot, config: state.config, geocoder: context.environment.geocoder, log: log)
            guard let record = stored.previousSource(path), record.digest == snapshot.sources[index].digest,
                  let (oldDestinations, oldDiagnostics) = StoredDestinationCoding.read(record.record),
                  loaded.count == 1, oldDestinations.count == 1, let destination = loaded.first, let old = oldDestinations.first
            else { return refuse("\(path) was not kept whole by the last build") }
            // Byte for byte: the destination with its old prose, and the warnings, as stored.
            var probe = destination
            probe.bodyHTML = old.bodyHTML
            guard StoredDestinationCoding.data(destinations: [probe], diagnostics: log.diagnostics) == record.record else {
                return refuse(log.diagnostics == oldDiagnostics
                    ? "\(path) changed beyond its prose" : "\(path) reports other problems than at the last build")
            }
            guard !old.bodyHTML.isEmpty, !destination.isDraft || context.options.includeDrafts,
                  Array(PageRenderer.feedSummary(of: destination).utf8) == Array(PageRenderer.feedSummary(of: old).utf8),
                  StoredDestinationCoding.isStorable(destination)
            else { return refuse("\(path): its first paragraph, or what the last build kept of it, changed") }
            let identity = StoredBuild.identity(of: destination)
            guard let pageRecord = stored.previous[identity], !pageRecord.inputs.isEmpty,
                  pageRecord.files.contains(where: { $0.path == destination.slug + "/index.html" })
            else { return refuse("\(path) has no page the last build recorded") }
            edited.append(EditedDestination(
                sourcePath: path, digest: digest, digestOutsideIndex: outside, destination: destination, oldBody: old.bodyHTML,
                diagnostics: log.diagnostics, identity: identity, record: pageRecord))
        }

        // Every file the last build left, as it left it.
        let records = Array(stored.previous.filter { $0.key != StoredBuild.outputPathsIdentity }.values)
        let recordsHold = concurrentMap(records) { stored.holdsAsStamped($0) }.allSatisfy { $0 }
        guard recordsHold, snapshot.looseFiles.allSatisfy({ stored.holdsAsStamped(StoredBuildFile.Destination(key: "", files: [$0])) })
        else { return refuse("a file in the output folder is not as the last build left it") }
        if let basemapFingerprint, !snapshot.tiles.isEmpty {
            guard tilesHold(snapshot.tiles, fingerprint: basemapFingerprint, projectRoot: projectRoot, outputRoot: stored.outputRoot)
            else { return refuse("an offline basemap tile in the output folder is not as the last build left it") }
        }

        // The pages: the old file with its old prose replaced.
        var pages: [OutputFile] = []
        for page in edited {
            let path = page.destination.slug + "/index.html"
            guard let old = StoredBuild.contents(ofFile: stored.outputRoot + "/" + path),
                  let spliced = replacingOnlyOccurrence(of: Array(page.oldBody.utf8), in: Array(old), with: Array(page.destination.bodyHTML.utf8))
            else { return refuse("\(path) does not hold its prose once, as written") }
            pages.append(OutputFile(path: path, contents: .data(Data(spliced))))
        }

        // Committed: from here the build writes these pages and keeps everything else.
        var loaded: [String: StoredBuild.Source] = [:]
        var rendered: [String: (key: String, inputs: String, paths: [String])] = [:]
        for (page, (index, _, _)) in zip(edited, editedSources) {
            loaded[page.sourcePath] = StoredBuild.Source(
                digest: page.digest, digestOutsideIndex: page.digestOutsideIndex, isSettled: true,
                record: StoredDestinationCoding.data(destinations: [page.destination], diagnostics: page.diagnostics),
                folderStamp: sources[index].folderStamp, fileNames: sources[index].fileNames)
            rendered[page.identity] = (
                StoredBuild.key(sourceDigest: page.digest, inputsDigest: page.record.inputs), page.record.inputs,
                page.record.files.map(\.path))
        }
        var carried = snapshot
        carried.sources = sources
        let editedPaths = Set(editedSources.map { snapshot.sources[$0.index].path })
        stored.commitBodyEdit(
            unchanged: snapshot.sources.map(\.path).filter { !editedPaths.contains($0) }, loaded: loaded, rendered: rendered,
            snapshot: carried)
        // Every other path is kept, in no particular order (the writer sorts what it reports).
        let pagePaths = Set(pages.map(\.path))
        var kept: [String] = []
        kept.reserveCapacity(records.reduce(0) { $0 + $1.files.count } + snapshot.looseFiles.count + snapshot.tiles.count)
        for record in records {
            for file in record.files where pagePaths.isEmpty || !pagePaths.contains(file.path) { kept.append(file.path) }
        }
        for file in snapshot.looseFiles { kept.append(file.path) }
        for tile in snapshot.tiles { kept.append(BasemapTileSet.outputPath(of: tile)) }
        state.files = pages.sorted { $0.path < $1.path }
        state.keptFiles = kept
        state.reusedRenderings = snapshot.destinationCount - edited.count
        let diagnostics = Dictionary(snapshot.stepDiagnostics.map { ($0.step, $0.diagnostics) }, uniquingKeysWith: { first, _ in first })
        let counted = CountText.counted(snapshot.destinationCount, "destination")
            + " (" + CountText.grouped(snapshot.destinationCount - edited.count) + " reused)"
        return Outcome(
            summary: counted + (edited.isEmpty ? " — nothing changed since the last build" : " — only prose changed since the last build")
                + ": the steps up to write-output are skipped",
            renderSummary: counted + (edited.isEmpty ? "" : ", " + CountText.grouped(edited.count) + " made from the last build's page with the new prose"),
            diagnostics: diagnostics, destinationCount: snapshot.destinationCount, editedCount: edited.count)
    }

    /// `bytes` with the only occurrence of `old` replaced by `new`; `nil` when `old` is empty or
    /// occurs anything but exactly once.
    static func replacingOnlyOccurrence(of old: [UInt8], in bytes: [UInt8], with new: [UInt8]) -> [UInt8]? {
        guard !old.isEmpty, let first = bytes.firstRange(of: old) else { return nil }
        guard bytes[(first.lowerBound + 1)...].firstRange(of: old) == nil else { return nil }
        return Array(bytes[..<first.lowerBound]) + new + Array(bytes[first.upperBound...])
    }

    /// Whether the output folder `outputRoot` holds each of `tiles` as the basemap cache's file of
    /// fingerprint `fingerprint`, with the stamp its index records (`BasemapOutputTiles`).
    private static func tilesHold(_ tiles: [BasemapPyramid.Tile], fingerprint: String, projectRoot: URL, outputRoot: String) -> Bool {
        let cache = BasemapTileCache(projectRoot: projectRoot, fingerprint: fingerprint)
        let index = cache.readIndex()
        guard let outputTiles = BasemapOutputTiles(outputRoot: outputRoot, cacheFolder: cache.folder.path, tiles: tiles) else {
            return false
        }
        let runs = BasemapPyramid.folderRuns(of: tiles)
        return concurrentMap(count: runs.count) { runIndex in
            let run = tiles[runs[runIndex]]
            let stamps = run.map { index.stamps[$0] }
            return !stamps.contains(where: { $0 == nil }) && outputTiles.holds(run, stamps: stamps).allSatisfy { $0 }
        }.allSatisfy { $0 }
    }
}
