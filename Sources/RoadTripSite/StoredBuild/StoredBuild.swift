import Foundation
import Synchronization
import RoadTripCore
import RoadTripContent
import RoadTripRender

/// What `roadtrip build` keeps between runs in `.roadtrip-cache/build/` so that a destination whose
/// page nothing changed is not rendered, compared or written again: for each destination of the
/// last successful build into an output folder, the key it was rendered under and its output
/// files with the ``BasemapFileStamp`` each had after the write (one ``StoredBuildFile`` per output
/// folder). Rendered bytes are never stored: a destination is reused only while every one of its
/// files is still in the output folder with its recorded stamp, and write-output then leaves
/// those files alone without reading them (``OutputWriter/write(_:keeping:holding:)``). The
/// groups of site-wide files (``SiteFileGroup``: overview map, feed, tag pages, …, and the home
/// page) are kept the same way (``keptFiles(ofGroup:key:)``), under a key that digests what they
/// show rather than a source's fingerprint.
///
/// A destination's key (``key(of:inputs:placemark:)``) is its source's ``SourceFingerprint`` (the
/// destination folder, or `Destinations.plist`) with what its pages take from outside the source:
/// the ``BuildStep/PageInputs`` (neighbours' slugs and titles, itinerary line, the offline
/// basemap's fingerprint, whether the site has tags) and its nearest town. The site key, which a
/// stored file must match to be read at all, is everything else the pages depend on: the roadtrip
/// executable (``ExecutableIdentity``), the project root, the output folder (path, device and
/// inode), `--base-url` and `--drafts`, the fingerprints of `site.yaml` and of the theme's folder
/// and what `Themes` and that folder themselves are (as ``BuildCache/SiteKey`` takes them), and
/// whether share previews can be drawn.
///
/// Nothing unsettled is stored (``SourceFingerprint/isSettled``: a file modified in the last
/// 50 ms, or 2 s for a whole-second time, could change again unseen): not a
/// destination whose source is unsettled, and nothing at all when `site.yaml` or the theme is.
/// The file is written only after a build's write succeeded (``save(afterWriting:)``), replaced
/// atomically (``CacheFileReplacement``); one that cannot be read or parsed, or whose checksum
/// does not match (``StoredChecksum``), is ignored. Both files are read only from where they
/// would be written (``folderProblem(_:projectRoot:)``: never through a symbolic link) and only
/// when they are regular files.
final class StoredBuild: DestinationSourceCache {
    /// A source's fingerprint as a digest, whether it is settled, and what of its loading is kept
    /// for the next build (``StoredDestinationCoding``): `nil` when it is not kept (unsettled, an
    /// error reported, or a destination that ``StoredDestinationCoding/isStorable(_:)`` refuses).
    struct Source: Sendable {
        var digest: String
        /// ``digest`` without a folder's `index.md` (``BodyEditSnapshot/Source/digestOutsideIndex``).
        var digestOutsideIndex: String
        var isSettled: Bool
        var record: Data?
        /// The folder's stamp and files (``BodyEditSnapshot/Source/folderStamp``).
        var folderStamp = ""
        var fileNames: [String] = []

        /// `fingerprint`'s folder stamp and files, when it has a stamp and holds no folder.
        mutating func noteFolder(of fingerprint: SourceFingerprint) {
            guard let stamp = fingerprint.folderStamp, let names = fingerprint.fileNamesWithoutFolders else { return }
            (folderStamp, fileNames) = (stamp, names)
        }
    }

    struct State: Sendable {
        /// By source path (a destination's `sourcePath`), filled by load-destinations.
        var sources: [String: Source] = [:]
        /// This build's destinations reused from the stored file, by identity.
        var kept: [String: StoredBuildFile.Destination] = [:]
        /// This build's destinations rendered, by identity: key, page inputs' digest and output paths.
        var rendered: [String: (key: String, inputs: String, paths: [String])] = [:]
        /// The page inputs' digest of each destination whose key was asked, by identity.
        var inputs: [String: String] = [:]
        /// What this build gathered for the next one's ``BodyEditRebuild``.
        var snapshot = SnapshotParts()
        /// The digest of the paths this build wrote (``OutputPathSet``), once written.
        var outputPaths: String?
        /// The manifest's stamp when ``outputPathsAreLastBuilds(_:)`` found it as the last build
        /// left it (this build then neither reads nor writes it).
        var untouchedManifest: BasemapFileStamp?
    }

    /// The project root (`--source`).
    let projectRoot: URL
    /// `.roadtrip-cache/build/<FNV-1a of the output folder's path>.index`.
    let fileURL: URL
    /// `.roadtrip-cache/build/sources/`: the ``sourceShardCount`` files `<nn>.store`
    /// (``StoredSourcesFile``), shared by every output folder; a source's file is
    /// ``sourceShard(of:)``'s, so that a build where one source changed rewrites one of them.
    let sourcesFolderURL: URL
    /// How many files the loaded sources are spread over: 32 (a 4,000-destination site keeps 10 MB
    /// of them, rewritten whole on every edit as one file: ~22 ms, against ~1 ms for a 32nd).
    static let sourceShardCount = 32
    /// What loading a source depends on besides the source itself: the executable, the project
    /// root, `site.yaml`'s fingerprint, `--base-url` and `--drafts`. (A destination placed by the
    /// gazetteer, libgeonames' data, is not stored: ``StoredDestinationCoding/isStorable(_:)``.)
    private let loadKey: String
    /// Whether the shards of the sources the last build kept may be read (not under `--no-cache`,
    /// nor from a folder ``folderProblem(_:projectRoot:)`` refuses).
    private let readsSources: Bool
    /// The shards read so far (``previousSources(ofShard:)``), each with its sources by source
    /// path, or `nil` when its file does not parse, or its load key differs. A shard is read when
    /// a source of it is first asked for: a rebuild that skips loading (``BodyEditRebuild``) reads
    /// only the shards of the sources it reads (10 MB over 32 files for 4,000 destinations).
    private let readShards = Mutex<[Int: [String: StoredSourcesFile.Source]?]>([:])
    /// The output folder, absolute and canonical (as the writer resolves it).
    let outputRoot: String
    /// Everything the stored records depend on besides their own sources and the output folder's
    /// identity (``siteKey``).
    private let siteKeyWithoutOutput: String
    /// Whether `site.yaml` and the theme were settled when the build started; else nothing is saved.
    let isSiteSettled: Bool
    /// The records of the last build under the same site key; empty when there are none, when
    /// they do not parse, when the site key differs, or under `--no-cache`.
    let previous: [String: StoredBuildFile.Destination]
    /// The snapshot the last build left (``BodyEditRebuild``), `nil` when it left none or its file was not read.
    let previousSnapshot: BodyEditSnapshot?
    private let now: @Sendable () -> Date
    /// What this build noted (``StoredBuild+BodyEdit.swift`` reads and adds to it too).
    let state = Mutex(State())
    /// Whether each folder of the output (relative path) that a kept file lies in is a real
    /// folder, as `lstat` found it, asked once per build.
    private let realFolders = Mutex([String: Bool]())
    /// The output folder, open (`O_DIRECTORY`) from the start, so that the files the last build
    /// wrote are stat'ed by their paths from it, not from `/` (22,429 of them on every rebuild of
    /// 4,000 destinations); -1 when it cannot be opened (no output folder yet: nothing is kept).
    let outputFolder: Int32

    /// The stored build for `options` with `config` (site.yaml with the command line's overrides)
    /// into `outputRoot` (canonical), reading the stored file unless `reads` is `false`
    /// (`--no-cache`). `now` is the build's clock.
    init(options: BuildOptions, config: SiteConfig, outputRoot: String, reads: Bool, now: @escaping @Sendable () -> Date) {
        self.now = now
        self.outputRoot = outputRoot
        outputFolder = open(outputRoot, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        projectRoot = options.projectRoot
        fileURL = ProjectCacheFolder.build(projectRoot: options.projectRoot)
            .appendingPathComponent(FNV1a.hex64(outputRoot) + ".index", isDirectory: false)
        let site = BuildCache.SiteKey(projectRoot: options.projectRoot, config: config, now: now())
        isSiteSettled = site.siteFile.isSettled && site.theme.isSettled
        siteKeyWithoutOutput = ([
            "1", ExecutableIdentity.current, site.projectRoot, outputRoot, options.baseURL ?? "",
            options.includeDrafts ? "drafts" : "", site.siteFile.digest, site.theme.digest,
            SharePreviewAbsence(config: config) == nil ? "previews" : "",
        ] + site.themeEntries).joined(separator: "\u{0}")
        sourcesFolderURL = fileURL.deletingLastPathComponent().appendingPathComponent("sources", isDirectory: true)
        loadKey = ContentHash.hex64([
            "1", ExecutableIdentity.current, site.projectRoot, options.baseURL ?? "", options.includeDrafts ? "drafts" : "",
            site.siteFile.digest,
        ].joined(separator: "\u{0}"))
        // Read only from where the build would write (``folderProblem(_:projectRoot:)``).
        let reads = reads && Self.folderProblem(fileURL.deletingLastPathComponent(), projectRoot: projectRoot) == nil
        readsSources = reads && Self.folderProblem(sourcesFolderURL, projectRoot: projectRoot) == nil
        if reads, let data = Self.contents(ofFile: fileURL.path), let stored = StoredBuildFile(parsing: data),
           stored.siteKey == Self.siteKey(siteKeyWithoutOutput, outputRoot: outputRoot)
        {
            (previous, previousSnapshot) = (stored.destinations, stored.snapshot)
        } else {
            (previous, previousSnapshot) = ([:], nil)
        }
        let listing = DestinationsListing.read(options.projectRoot)
        let startedAt = now().timeIntervalSince1970
        state.withLock {
            ($0.snapshot.listing, $0.snapshot.listingNames) = (listing?.digest, listing?.names ?? [])
            $0.snapshot.startedAt = startedAt
        }
    }

    deinit {
        if outputFolder >= 0 { close(outputFolder) }
    }

    /// The site key as it is now: with the output folder's device and inode (a folder replaced
    /// since, or on another file system, holds none of the files stamped), as 16 hexadecimal digits.
    /// The build holds the output folder's lock from before the stored file is read until after
    /// it is saved, so the folder is the same at both ends unless someone else replaced it.
    private var siteKey: String { Self.siteKey(siteKeyWithoutOutput, outputRoot: outputRoot) }

    private static func siteKey(_ siteKeyWithoutOutput: String, outputRoot: String) -> String {
        var output = stat()
        let outputIdentity = stat(outputRoot, &output) == 0 ? "\(output.st_dev):\(output.st_ino)" : "absent"
        return ContentHash.hex64(siteKeyWithoutOutput + "\u{0}" + outputIdentity)
    }

    /// `DestinationSourceCache`'s request: fingerprints `files` (before `load` runs, so that a
    /// change while loading shows next time); when the last build kept the source under the same
    /// fingerprint, its destinations read back, with their diagnostics reported again to `log`;
    /// otherwise `load(log)`'s, kept for the next build when they are settled, `log` holds no error
    /// and ``StoredDestinationCoding/isStorable(_:)`` allows each destination. A stored record that
    /// does not decode is loaded again.
    func destinations(
        ofSource sourcePath: String, files: URL, log: DiagnosticLog, load: (DiagnosticLog) -> [Destination]
    ) -> (destinations: [Destination], reused: Bool) {
        let fingerprint = SourceFingerprint(of: files, takenAt: now())
        let digest = Self.digest(fingerprint, sourcePath: sourcePath)
        let digestOutsideIndex = Self.digestOutsideIndex(fingerprint, sourcePath: sourcePath)
        if fingerprint.isSettled, let stored = previousSource(sourcePath), stored.digest == digest,
           let (destinations, diagnostics) = StoredDestinationCoding.read(stored.record)
        {
            for diagnostic in diagnostics { log.report(diagnostic) }
            var source = Source(digest: digest, digestOutsideIndex: digestOutsideIndex, isSettled: true, record: stored.record)
            source.noteFolder(of: fingerprint)
            state.withLock { $0.sources[sourcePath] = source }
            return (destinations, true)
        }
        let destinations = load(log)
        let keeps = fingerprint.isSettled && log.errorCount == 0 && destinations.allSatisfy(StoredDestinationCoding.isStorable)
        var source = Source(
            digest: digest, digestOutsideIndex: digestOutsideIndex, isSettled: fingerprint.isSettled,
            record: keeps ? StoredDestinationCoding.data(destinations: destinations, diagnostics: log.diagnostics) : nil)
        source.noteFolder(of: fingerprint)
        state.withLock { $0.sources[sourcePath] = source }
        return (destinations, false)
    }

    /// Nothing to drop: only this build's destinations are saved.
    func keepOnlySources(_ sourcePaths: Set<String>) {}

    /// The key `destination`'s files are rendered under with `inputs` and its nearest town
    /// `placemark`: the digest of its source's fingerprint and ``inputsDigest(_:placemark:)``
    /// (noted for the stored record); `nil` when its source was not fingerprinted.
    func key(of destination: Destination, inputs: BuildStep.PageInputs, placemark: Placemark?) -> String? {
        // An asset outside the source's fingerprint (settled or not) is fingerprinted by the page
        // inputs only: a rebuild that skips the pages' inputs could not see it change.
        if inputs.outsideAssets != nil || !inputs.outsideAssetsAreSettled {
            refuseSnapshot("a destination shows a file outside its folder's fingerprint")
        }
        guard let source = state.withLock({ $0.sources[destination.sourcePath] }) else { return nil }
        // An asset outside the source modified in the last seconds could change again unseen.
        guard inputs.outsideAssetsAreSettled else { return nil }
        let inputsDigest = Self.inputsDigest(inputs, placemark: placemark)
        state.withLock { $0.inputs[Self.identity(of: destination)] = inputsDigest }
        return Self.key(sourceDigest: source.digest, inputsDigest: inputsDigest)
    }

    /// A destination's key from its source's digest and its page inputs' digest.
    static func key(sourceDigest: String, inputsDigest: String) -> String {
        ContentHash.hex64(sourceDigest + "\u{0}" + inputsDigest)
    }

    /// What a destination's pages take from outside its source, as 16 hexadecimal digits: its
    /// ``BuildStep/PageInputs`` and what its page shows of its nearest town `placemark`.
    static func inputsDigest(_ inputs: BuildStep.PageInputs, placemark: Placemark?) -> String {
        func neighbour(_ slug: String?, _ title: String?) -> String { slug.map { $0 + "\u{1}" + (title ?? "") } ?? "" }
        let line = inputs.itineraryLine
        var fields = [
            inputs.image ?? "\u{2}", inputs.assetFiles.joined(separator: "\u{1}"),
            inputs.outsideAssets ?? "",
            neighbour(inputs.previous?.slug, inputs.previous?.title), neighbour(inputs.next?.slug, inputs.next?.title),
            inputs.basemapFingerprint ?? "", inputs.siteHasTags ? "tags" : "",
        ]
        if let line {
            fields += [
                line.days, neighbour(line.previous?.slug, line.previous?.title), line.previous?.distance ?? "",
                neighbour(line.next?.slug, line.next?.title), line.next?.distance ?? "", line.tripName ?? "\u{2}",
                line.tripTitle, line.hasTripTable ? "table" : "",
            ]
        }
        if let placemark {
            // What a page shows of its nearest town (not `"\(placemark)"`: reflection cost ~2% of a rebuild).
            fields += [
                placemark.locality, placemark.state, placemark.country, placemark.countryCode, placemark.timeZone,
                "\(placemark.coordinate.latitude),\(placemark.coordinate.longitude),\(placemark.distance),\(placemark.population)",
            ]
        }
        return ContentHash.hex64(fields.joined(separator: "\u{0}"))
    }

    /// The output paths of `destination` when the last build rendered it under `key` and each of
    /// its files is still in the output folder with the stamp recorded after that build's write;
    /// they are then this build's too (``keptPaths``). `nil` otherwise: render it.
    func keptFiles(of destination: Destination, key: String) -> [String]? {
        keptFiles(identity: Self.identity(of: destination), key: key)
    }

    /// Keeps nothing this build renders for the destinations of the source at `sourcePath` (as
    /// for a source that is not settled): their pages lack something a later build may manage, a
    /// photo whose copies could not be made, so the next build renders them again.
    func forgetRenderings(ofSource sourcePath: String) {
        state.withLock { $0.sources[sourcePath]?.isSettled = false }
    }

    /// Notes that `destination` was rendered under `key` into `paths` (its files and the share
    /// previews its pages name), to be stamped and saved once they are written.
    func noteRendered(_ destination: Destination, key: String, paths: [String]) {
        let identity = Self.identity(of: destination)
        state.withLock { $0.rendered[identity] = (key, $0.inputs[identity] ?? "", paths) }
    }

    /// The output paths of the site-wide group `name` (``SiteFileGroup``) when the last build
    /// rendered it under `key` and each of its files is still in the output folder with the stamp
    /// recorded after that build's write; they are then this build's too (``keptPaths``). `nil`
    /// otherwise: render it. A group's key digests what its files show, not a source's
    /// fingerprint, so it needs no settled source.
    func keptFiles(ofGroup name: String, key: String) -> [String]? {
        keptFiles(identity: Self.groupIdentity(name), key: key)
    }

    /// The stored record `identity` (a destination's or a site-wide group's) when its key is `key`
    /// and every one of its files still carries its stamp; noted as kept. `nil` otherwise.
    private func keptFiles(identity: String, key: String) -> [String]? {
        guard let stored = previous[identity], stored.key == key, holdsAsStamped(stored) else { return nil }
        state.withLock { $0.kept[identity] = stored }
        return stored.files.map(\.path)
    }

    /// Whether every file of `record` is still in the output folder with its stamp, through real
    /// folders. Notes nothing.
    func holdsAsStamped(_ record: StoredBuildFile.Destination) -> Bool {
        let stored = record
        // Through real folders only: a destination's folder replaced by a symbolic link to where
        // its files went still finds them with their stamps, but the writer, asked, refuses to
        // keep a link it did not make (as a full build does). A record's files mostly share a
        // folder: its folders are asked once.
        var checkedFolder: Substring?
        for file in stored.files {
            let folder = OutputFile.folderAndName(of: file.path).folder
            if folder != checkedFolder {
                guard OutputFile.ancestors(of: file.path).allSatisfy(isRealFolder) else { return false }
                checkedFolder = folder
            }
            guard BasemapFileStamp.of(relativePath: file.path, in: outputFolder) == file.stamp else { return false }
        }
        return true
    }

    /// Whether the output's folder at `path` (relative) is a real folder, not a symbolic link
    /// (`lstat`; its own folders are asked by the caller, ``OutputFile/ancestors(of:)``).
    private func isRealFolder(_ path: String) -> Bool {
        if let known = realFolders.withLock({ $0[path] }) { return known }
        let isReal = FileEntryKind(atPath: path, inFolder: outputFolder) == .directory
        realFolders.withLock { $0[path] = isReal }
        return isReal
    }

    /// Notes that the site-wide group `name` was rendered under `key` into `paths` (its files and
    /// share previews), to be stamped and saved once they are written.
    func noteRendered(group name: String, key: String, paths: [String]) {
        state.withLock { $0.rendered[Self.groupIdentity(name)] = (key, "", paths) }
    }

    /// Whether `digest` (``OutputPathSet/digest(of:)``) is that of the paths the last build wrote
    /// into this output folder, and the folder's manifest (``OutputManifest``), which that build
    /// left listing exactly them, still carries the stamp it had then (size, times, inode: not
    /// written, replaced or touched since). The paths are then known free of conflicts and
    /// problems, and the manifest right as it is.
    func outputPathsAreLastBuilds(_ digest: String) -> Bool {
        guard let stored = previous[Self.outputPathsIdentity], stored.key == digest, stored.files.count == 1,
              let manifest = stored.files.first, manifest.path == OutputManifest.fileName,
              BasemapFileStamp.of(path: outputRoot + "/" + manifest.path) == manifest.stamp
        else { return false }
        state.withLock { $0.untouchedManifest = manifest.stamp }
        return true
    }

    /// Notes the digest of the paths this build has written (``OutputPathSet/digest(of:)``), to
    /// be saved with the manifest's stamp as it is after the write, and the paths themselves (the
    /// ``BodyEditSnapshot``'s loose files are those no record stamps).
    func noteOutputPaths(_ digest: String, paths: [String]) {
        state.withLock {
            $0.outputPaths = digest
            $0.snapshot.outputPaths = paths
        }
    }

    /// Every output path this build reuses without rendering, sorted.
    var keptPaths: [String] {
        state.withLock { $0.kept.values.flatMap { $0.files.map(\.path) } }.sorted()
    }

    /// Records the destinations of the build whose write just succeeded: those reused as they
    /// were, those rendered with the stamps their files have now (after the apply phase: a rename
    /// changes a file's status-change time), except any whose source was unsettled or whose file
    /// is not a regular file any more. A file's stamp is `knownStamps` of its path when the write
    /// took it (``OutputWriteSummary/stagedStamps``), else one `lstat`. Replaces the stored file;
    /// returns why it could not, or `nil`. Also replaces each shard of ``sourcesFolderURL`` whose sources (those this build loaded
    /// or read back that may be kept) changed. Saves nothing when `site.yaml` or the theme was unsettled.
    func save(knownStamps: [String: BasemapFileStamp] = [:]) -> String? {
        guard isSiteSettled else { return nil }
        let (sources, kept, rendered) = state.withLock { ($0.sources, $0.kept, $0.rendered) }
        var destinations = kept
        let renderedList = Array(rendered)
        let stamped = Mutex([String: StoredBuildFile.Destination](minimumCapacity: renderedList.count))
        let sourcePathsByIdentity = Dictionary(uniqueKeysWithValues: renderedList.map { ($0.key, Self.sourcePath(of: $0.key)) })
        DispatchQueue.concurrentPerform(iterations: renderedList.count) { position in
            let (identity, (key, inputs, paths)) = renderedList[position]
            // A site-wide group (source path "") is keyed by content: stored whenever its files are.
            let sourcePath = sourcePathsByIdentity[identity]!
            guard sourcePath.isEmpty || sources[sourcePath]?.isSettled == true else { return }
            var files: [StoredBuildFile.StampedFile] = []
            files.reserveCapacity(paths.count)
            for path in paths {
                guard let stamp = knownStamps[path] ?? BasemapFileStamp.of(path: outputRoot + "/" + path) else { return }
                files.append(StoredBuildFile.StampedFile(path: path, stamp: stamp))
            }
            stamped.withLock { $0[identity] = StoredBuildFile.Destination(key: key, inputs: inputs, files: files) }
        }
        destinations.merge(stamped.withLock { $0 }) { _, new in new }
        let (pathsDigest, untouchedManifest) = state.withLock { ($0.outputPaths, $0.untouchedManifest) }
        if let pathsDigest, let stamp = manifestStamp(listing: pathsDigest, untouched: untouchedManifest) {
            destinations[Self.outputPathsIdentity] = StoredBuildFile.Destination(
                key: pathsDigest, files: [StoredBuildFile.StampedFile(path: OutputManifest.fileName, stamp: stamp)])
        }
        let folder = fileURL.deletingLastPathComponent()
        if let problem = Self.makeFolder(folder, projectRoot: projectRoot) { return problem }
        let keptSources = sources.compactMapValues { source in source.record.map { StoredSourcesFile.Source(digest: source.digest, record: $0) } }
        // A file whose records equal those this build read from it (under the same key, which it
        // was read only under) is left as it is: not encoded, checksummed or written again (a
        // rebuild where nothing changed at 4,000 destinations: 10 MB of sources, 1 MB of index).
        var changed: [(name: String, path: String, data: @Sendable () -> Data)] = []
        let snapshot = self.snapshot(records: destinations, sources: sources)
        if previous.isEmpty || destinations != previous || snapshot != previousSnapshot {
            let records = destinations
            changed.append((fileURL.lastPathComponent, fileURL.path, {
                StoredBuildFile(siteKey: self.siteKey, destinations: records, snapshot: snapshot).data
            }))
        }
        let keptShards = Dictionary(grouping: keptSources, by: { Self.sourceShard(of: $0.key) })
        var problems: [String] = []
        if let problem = Self.folderProblem(sourcesFolderURL, projectRoot: projectRoot) {
            problems.append(problem)
        } else {
            // Every shard when every step ran (one whose sources are all gone is emptied); only
            // those read when the loading was skipped (the others hold what they held).
            if state.withLock({ $0.snapshot.carried == nil }) { readAllShards() }
            for (shard, read) in readShards.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
                let kept = Dictionary(uniqueKeysWithValues: keptShards[shard] ?? [])
                // Written when it changed; an empty shard only over a file that did not parse.
                guard read != nil ? kept != read : !kept.isEmpty else { continue }
                let name = Self.sourceShardName(shard)
                changed.append(("sources/" + name, sourcesFolderURL.appendingPathComponent(name).path, {
                    StoredSourcesFile(loadKey: self.loadKey, sources: kept).data
                }))
            }
        }
        if changed.contains(where: { $0.name.hasPrefix("sources/") }) {
            try? FileManager.default.createDirectory(at: sourcesFolderURL, withIntermediateDirectories: true)
        }
        // Each is tried even when another fails: kept sources still spare parsing. Encoded and
        // written on every core: after a first or `--no-cache` build of 4,000 destinations, the 32
        // shards (10 MB) and the index took ~40 ms one after the other at the end of the build.
        let files = changed
        let failures = concurrentMap(count: files.count) { position -> String? in
            let (name, path, data) = files[position]
            switch CacheFileReplacement.replace(path, with: data()) {
            case .success: return nil
            case .failure(.cannotCreate(let reason)), .failure(.cannotWrite(let reason)): return name + ": " + reason
            }
        }
        problems += failures.compactMap { $0 }
        Self.removeSingleSourcesFile(in: folder)
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// The shard of ``sourcesFolderURL`` that keeps the source at `sourcePath`: the 32-bit
    /// FNV-1a hash of the path modulo ``sourceShardCount``.
    static func sourceShard(of sourcePath: String) -> Int {
        Int(UInt32(FNV1a.hex32(sourcePath), radix: 16)! % UInt32(sourceShardCount))
    }

    /// A shard's file name: two decimal digits and `.store` (`07.store`).
    static func sourceShardName(_ shard: Int) -> String {
        (shard < 10 ? "0" : "") + String(shard) + ".store"
    }

    /// The source at `sourcePath` as the last build kept it, its shard read if it was not yet.
    func previousSource(_ sourcePath: String) -> StoredSourcesFile.Source? {
        previousSources(ofShard: Self.sourceShard(of: sourcePath))?[sourcePath]
    }

    /// The source at `sourcePath` as the last build kept it when its shard was read already.
    func previousSourceIfRead(_ sourcePath: String) -> StoredSourcesFile.Source? {
        readShards.withLock { $0[Self.sourceShard(of: sourcePath)] }??[sourcePath]
    }

    /// The sources of the shard file `shard`, read when first asked (two threads may read it at
    /// once: both find the same); `nil` when it does not parse under this build's load key, holds
    /// a source of another shard, or may not be read.
    func previousSources(ofShard shard: Int) -> [String: StoredSourcesFile.Source]? {
        if let read = readShards.withLock({ $0[shard] }) { return read }
        var sources: [String: StoredSourcesFile.Source]?
        if readsSources, let data = Self.contents(ofFile: sourcesFolderURL.appendingPathComponent(Self.sourceShardName(shard)).path),
           let stored = StoredSourcesFile(parsing: data), stored.loadKey == loadKey,
           stored.sources.keys.allSatisfy({ Self.sourceShard(of: $0) == shard })
        {
            sources = stored.sources
        }
        readShards.withLock { $0[shard] = sources }
        return sources
    }

    /// Reads every shard not read yet, in parallel across the cores.
    func readAllShards() {
        DispatchQueue.concurrentPerform(iterations: Self.sourceShardCount) { _ = previousSources(ofShard: $0) }
    }

    /// Removes `sources.store`, where roadtrip kept every source in one file before the shards of
    /// ``sourcesFolderURL``, when it is a regular file.
    private static func removeSingleSourcesFile(in folder: URL) {
        let path = folder.appendingPathComponent("sources.store").path
        if FileEntryKind(atPath: path) == .regularFile { unlink(path) }
    }

    /// Makes `.roadtrip-cache/build/` (`folder`) where ``folderProblem(_:projectRoot:)`` allows;
    /// why it cannot, or `nil`.
    static func makeFolder(_ folder: URL, projectRoot: URL) -> String? {
        if let problem = folderProblem(folder, projectRoot: projectRoot) { return problem }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            return "cannot create \(ProjectCacheFolder.name)/build/: \(error.localizedDescription)"
        }
        return nil
    }

    /// Why the stored build may be neither read nor written in `folder` (`.roadtrip-cache/build/`,
    /// or its `sources/`):
    /// ``ProjectCacheFolder/problem(with:projectRoot:)`` (a file where a folder of the way is, a
    /// symbolic link leading out of the project, a system folder), or `folder` itself a symbolic
    /// link (wherever it leads) or anything but a folder. `nil` when it is a real folder or absent
    /// (then saving makes it). The same rule decides reading and writing, so a build never reads
    /// a stored build it would refuse to write.
    static func folderProblem(_ folder: URL, projectRoot: URL) -> String? {
        if let problem = ProjectCacheFolder.problem(with: folder, projectRoot: projectRoot) { return problem }
        var status = stat()
        guard lstat(folder.path, &status) == 0 else { return nil }
        let name = ProjectPath.relative(folder, to: projectRoot)
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return nil
        case S_IFLNK: return "refusing to use \(name): it is a symbolic link, not a folder; replace the link with a folder"
        default: return "\(name) is not a folder; move it away"
        }
    }

    /// The largest stored file read, in bytes: 1 GiB. A 4,000-destination site keeps 10 MB of
    /// sources over 32 files and a 1 MB index; anything larger is not roadtrip's (a `truncate -s
    /// 64G` file was read whole, and the build died).
    static let largestFile = 1 << 30

    /// The bytes of the stored file at `path` when it is a regular file (opened with `O_NOFOLLOW`:
    /// never through a symbolic link) of at most `maximumSize` bytes (``largestFile`` unless the
    /// caller knows its files are smaller); `nil` otherwise or when it cannot be read whole.
    static func contents(ofFile path: String, maximumSize: Int = largestFile) -> Data? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= maximumSize else { return nil }
        var data = Data(count: Int(status.st_size))
        let complete = data.withUnsafeMutableBytes { FileComparison.readAll(descriptor, into: $0) }
        return complete ? data : nil
    }

    /// How the stored file names a destination: its source path, NUL, its slug.
    static func identity(of destination: Destination) -> String {
        destination.sourcePath + "\u{0}" + destination.slug
    }

    /// How the stored file names the site-wide group `name`: NUL, the name (an empty source path,
    /// which no destination has).
    private static func groupIdentity(_ name: String) -> String { "\u{0}" + name }

    /// The stamp of the output folder's manifest when it lists exactly the paths of `digest`
    /// (``OutputPathSet/digest(of:)``), the paths this build wrote; `nil` when it does not or may
    /// not (the record of the paths is then not kept, and the next build reads the manifest). A
    /// manifest found `untouched` at the start of write-output is right if it still has that
    /// stamp; one this build wrote is read back, between two stamps that must agree: anything
    /// that changed it after the write — even during the build — is not taken for the build's own.
    private func manifestStamp(listing digest: String, untouched: BasemapFileStamp?) -> BasemapFileStamp? {
        let path = outputRoot + "/" + OutputManifest.fileName
        guard let before = BasemapFileStamp.of(path: path) else { return nil }
        if let untouched { return before == untouched ? before : nil }
        guard let data = Self.contents(ofFile: path), BasemapFileStamp.of(path: path) == before,
              OutputPathSet.digest(ofLines: data) == digest
        else { return nil }
        return before
    }

    /// How the stored file names the record of the paths the last build wrote (its key
    /// ``OutputPathSet/digest(of:)``, its one file the manifest): NUL twice, which neither a
    /// destination nor a group's identity starts with.
    static let outputPathsIdentity = "\u{0}\u{0}output paths"

    /// The source path of an ``identity(of:)``: what comes before its first NUL, found among the
    /// UTF-8 bytes (a NUL is always a character of its own, Unicode UAX #29 GB4/GB5; searching the
    /// characters cost ~11,000 instructions an identity, on one core as the build is saved).
    private static func sourcePath(of identity: String) -> String {
        String(identity[..<(identity.utf8.firstIndex(of: 0) ?? identity.endIndex)])
    }

    /// A source's fingerprint (``SourceFingerprint/digest``) with its path, as 16 hexadecimal
    /// digits. The path's bytes, because Swift compares strings by canonical equivalence: a
    /// folder renamed from `Ålesund` composed (NFC) to decomposed (NFD, as `convmv --nfd` does)
    /// is the same dictionary key and the same fingerprint (a folder's entries are relative to
    /// it), yet its files' paths on disk changed — what was loaded from it must not be read back.
    static func digest(_ fingerprint: SourceFingerprint, sourcePath: String) -> String {
        ContentHash.hex64(sourcePath + "\u{0}" + fingerprint.digest)  // joining strings keeps their bytes
    }

    /// ``digest(_:sourcePath:)`` without a destination folder's `index.md`; `""` for a file source,
    /// and when an entry besides `index.md` is not settled (it could change again unseen).
    static func digestOutsideIndex(_ fingerprint: SourceFingerprint, sourcePath: String) -> String {
        guard sourcePath.hasSuffix("/index.md"), fingerprint.isSettled(excluding: "index.md") else { return "" }
        return ContentHash.hex64(sourcePath + "\u{0}" + fingerprint.digest(excluding: "index.md"))
    }
}
