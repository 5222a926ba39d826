import Dispatch
import Foundation
import Synchronization
import RoadTripCore
import RoadTripContent
import RoadTripRender

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What one ``OutputWriter/write(_:)`` did, as paths relative to the output folder, each list
/// sorted by UTF-8 bytes.
public struct OutputWriteSummary: Sendable, Hashable {
    /// Files created or replaced because their bytes changed (or they did not exist).
    public var written: [String]
    /// Files whose bytes were already identical; they were not touched (same inode, same mtime).
    /// Sorted when asked: a rebuild only counts them (``unchangedCount``), and sorting the 22,000
    /// paths of a 4,000-destination rebuild took milliseconds of every build.
    public var unchanged: [String] {
        get { unchangedPaths.sortedInBytes() }
        set { unchangedPaths = newValue }
    }
    /// How many files were unchanged.
    public var unchangedCount: Int { unchangedPaths.count }
    /// ``unchanged`` in the order the writer found them.
    private var unchangedPaths: [String]
    /// Files written by an earlier build (listed in the manifest) that this build no longer
    /// produces, and which were deleted.
    public var removed: [String]
    /// Seconds (monotonic clock) the apply phase took: from the first change to the output folder
    /// to the last, the window in which a killed build leaves a mix of old and new files.
    public var applySeconds: Double
    /// The stamp of each file written, by path, as it is in the output folder now — taken when the
    /// file was staged (`fstat` of the new file, or `lstat` through a new hard link to a cache
    /// file), for a write that moved the files into place inside their folder (a first write, whose
    /// staging folder becomes the output folder); empty otherwise (a rename of a file moves its
    /// status-change time). ``BasemapTileCache/restampTiles(changedBy:in:)`` takes a tile's new
    /// stamp, and ``StoredBuild/save(knownStamps:)`` a page's, from here rather than `lstat` each
    /// file again (a clean 4,000-destination build writes 15,453).
    var stagedStamps: [String: BasemapFileStamp] = [:]

    /// Creates a summary from its three path lists and the apply phase's duration in seconds.
    public init(written: [String], unchanged: [String], removed: [String], applySeconds: Double = 0) {
        self.written = written
        unchangedPaths = unchanged
        self.removed = removed
        self.applySeconds = applySeconds
    }
}

/// Writes a build's files into the output folder, atomically
/// so that a failed build leaves the previous output untouched, one build at a time.
///
/// `write(_:holding:)` runs holding the output folder's ``OutputLock`` (``lock(waits:onWait:)``;
/// `write(_:)` takes it itself), in two phases:
/// 1. **Stage.** Every file whose bytes differ from the file already in the output folder is
///    written into a staging folder on the output folder's own mount (``OutputStagingArea``:
///    `.roadtrip-staging-<name>-<pid>/` beside the output folder, or inside it when it is a mount
///    point of its own), so that `rename(2)` can move it into place. Conflicts with the existing
///    output (a user's file where a folder is needed, a symbolic link on the way) are found here
///    too, and every decision of the apply phase is made. Any failure removes the staging folder
///    and leaves the output folder byte for byte as it was.
/// 2. **Apply** (``OutputSwap``: renames and unlinks only). The manifest is first widened to old ∪
///    new paths, then staged folders and files are renamed into place (a page after the files it
///    links to, the home page last), files of the previous manifest that this build no longer
///    produces are unlinked, and the manifest is narrowed to exactly this build's paths. A build
///    killed inside this short phase can leave a mix of old and new files (each one whole), but
///    the widened manifest still names every file roadtrip may have written, so the next build
///    repairs it. When the output folder does not exist, the whole staging folder is renamed into
///    place instead: one rename.
///
/// Only files named in the manifest (``OutputManifest``) are ever removed; dotfiles such as
/// `.git/`, `CNAME` and every other file roadtrip did not write are left alone. A file whose
/// bytes did not change is not rewritten. Removal never follows a symbolic link: a listed path
/// is unlinked only when each folder on the way to it is a real folder inside the output folder.
public struct OutputWriter: Sendable {
    /// The output folder (`--output`, default `<source>/Output`). A relative file URL
    /// keeps its relative spelling for diagnostics.
    public let outputDirectory: URL
    /// The project root (`--source`), the folder holding `Destinations/` and `Themes/`.
    public let projectRoot: URL
    /// The user's home folder, which is never accepted as the output folder; `nil` skips that check.
    public let homeDirectory: URL?

    /// Creates a writer for `outputDirectory`. `homeDirectory` defaults to `$HOME`
    /// (``defaultHomeDirectory``). Nothing is checked or touched until ``validate()`` or
    /// ``write(_:)``.
    public init(outputDirectory: URL, projectRoot: URL, homeDirectory: URL? = ProjectLocator.defaultHomeDirectory) {
        self.outputDirectory = outputDirectory
        self.projectRoot = projectRoot
        self.homeDirectory = homeDirectory
    }

    // MARK: - Validation

    /// Checks that the output folder is safe to write into, after resolving `..` and symbolic
    /// links (README "Command line"). It must not be:
    /// - a folder no command of roadtrip writes (``OutputFolderPolicy/refusal(toWrite:as:homeDirectory:)``):
    ///   `/`, the home folder or a folder containing it, a folder of the operating system or inside
    ///   one (`/etc`, `/usr/…`, `/var/lib/…`), or a shared root such as `/tmp` or `/home` itself;
    /// - the project root or a folder containing it, or inside the project's `Destinations/` or
    ///   `Themes/` (the input);
    /// - something other than a folder;
    /// - an existing folder that holds files and no ``OutputManifest`` — one roadtrip did not
    ///   write — unless all it holds is what a publishing folder carries before its first build
    ///   (``OutputFolderPolicy/mayPrecedeFirstBuild(_:)``: `.git/`, `CNAME`, `README.md`, …).
    ///
    /// Nothing is created or changed.
    ///
    /// - Throws: ``Diagnostic`` (error) whose path is the output folder as given, saying why and
    ///   what to do instead.
    public func validate() throws(Diagnostic) {
        if let refusal = OutputFolderPolicy.refusal(toWrite: outputDirectory, as: "the output folder", homeDirectory: homeDirectory) {
            throw failure(nil, refusal)
        }
        let output = OutputFolderPolicy.canonicalComponents(outputDirectory)
        let root = OutputFolderPolicy.canonicalComponents(projectRoot)
        if output == root {
            throw failure(nil, "refusing to use the project folder itself as the output folder")
        }
        if root.starts(with: output) {
            throw failure(nil, "refusing to use a folder that contains the project folder as the output folder")
        }
        for input in ["Destinations", "Themes"] where output.starts(with: root + [input]) {
            throw failure(nil, "refusing to write the output inside the project's \(input)/ folder")
        }
        // roadtrip replaces and removes folders of its cache wholesale (a basemap fingerprint's);
        // only serve's own preview build (`.roadtrip-cache/serve/`) is an output folder there.
        let cache = root + [ProjectCacheFolder.name]
        if output.starts(with: cache) && !output.starts(with: cache + ["serve"]) {
            throw failure(nil, "refusing to write the output inside \(ProjectCacheFolder.name)/, roadtrip's cache, whose folders it removes")
        }
        let resolved = OutputFolderPolicy.url(output)
        switch FileEntryKind(atPath: resolved.path) {
        case nil:
            return
        case .directory:
            break
        case .symbolicLink? where FileBytes.danglingLinkTarget(resolved) != nil:
            let target = FileBytes.danglingLinkTarget(resolved) ?? ""
            if FileBytes.isLinkLoop(resolved) {
                throw failure(nil, "the output folder is a symbolic link in a loop ('\(target)'), which leads to no folder; remove the link")
            }
            throw failure(nil, "the output folder is a symbolic link to a missing folder ('\(target)'); create that folder or remove the link")
        case .regularFile?, .symbolicLink?, .other?:
            throw failure(nil, "the output path exists and is not a folder")
        }
        let foreign: [String]
        do {
            foreign = try OutputFolderPolicy.foreignEntries(inFolderAtPath: resolved.path)
        } catch {
            throw failure(nil, "cannot read the output folder: \(error.localizedDescription)")
        }
        guard !foreign.isEmpty else { return }
        throw failure(nil,
            "refusing to write into this folder: it is not empty and was not written by roadtrip (it has no "
                + "\(OutputManifest.fileName)): it holds \(OutputFolderPolicy.listed(foreign)); pick an empty or new "
                + "folder, or remove \(foreign.count == 1 ? "it" : "them") yourself (only "
                + "\(OutputFolderPolicy.allowedBeforeFirstWrite) may be there before the first build)")
    }

    /// Pairs of output paths that cannot both be written: the same path ignoring case (they
    /// overwrite each other on case-insensitive file systems such as macOS's default APFS;
    /// exact duplicates are reported too, as a pair of equal strings), or a file whose path is a
    /// folder of another path (`about` and `about/index.html`), also compared ignoring case.
    ///
    /// Each pair is (earlier path, later path) in input order. Comparison lowercases and uses
    /// Swift's canonical-equivalence string equality, so NFC and NFD spellings also conflict.
    public static func conflictingPaths(_ paths: [String]) -> [(String, String)] {
        var firstByKey: [String: String] = Dictionary(minimumCapacity: paths.count)
        var conflicts: [(String, String)] = []
        let keys = paths.map(caseFolded)
        for (path, key) in zip(paths, keys) {
            if let earlier = firstByKey[key] {
                conflicts.append((earlier, path))
            } else {
                firstByKey[key] = path
            }
        }
        // Lower-casing keeps every "/", so the folders of a key are the keys of the path's folders.
        // Each distinct folder is looked up once; only a folder that is also a file (rare) sends
        // the search through every path, to pair that file with each path below it.
        let foldersThatAreFiles = OutputFile.folders(of: keys).filter { firstByKey[$0] != nil }
        guard !foldersThatAreFiles.isEmpty else { return conflicts }
        for (path, key) in zip(paths, keys) {
            for folder in OutputFile.ancestors(of: key) where foldersThatAreFiles.contains(folder) {
                conflicts.append((firstByKey[folder]!, path))
            }
        }
        return conflicts
    }

    /// `path.lowercased()`, by bytes for an ASCII path (nearly every one: a site's slugs are ASCII).
    /// One pass over the contiguous UTF-8 finds whether the path is ASCII and has an uppercase
    /// letter (the UTF-8 view's iterator took two, ~1,500 instructions a path, on one core before
    /// the output is written).
    private static func caseFolded(_ path: String) -> String {
        var path = path
        let (isASCII, hasUppercase) = path.withUTF8 { bytes -> (Bool, Bool) in
            var hasUppercase = false
            for byte in bytes {
                if byte >= 0x80 { return (false, false) }
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { hasUppercase = true }
            }
            return (true, hasUppercase)
        }
        guard isASCII else { return path.lowercased() }
        guard hasUppercase else { return path }
        return String(decoding: path.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }, as: UTF8.self)
    }

    // MARK: - Locking

    /// Takes the output folder's ``OutputLock``, so that this process alone writes it until the
    /// lock is released (every `roadtrip build` and every rebuild of `roadtrip serve` takes it
    /// before reading its sources).
    ///
    /// - Parameters:
    ///   - waits: when another build holds the lock, wait for it (`true`) or fail at once
    ///     (`false`, `--no-wait`).
    ///   - onWait: called once before waiting, with the line to show: "waiting for another build
    ///     of Output (pid 4242) to finish…".
    /// - Throws: ``Diagnostic`` (error) at the output folder when another build holds the lock and
    ///   `waits` is `false` (naming its pid), or when the lock file cannot be created.
    public func lock(waits: Bool, onWait: (String) -> Void = { _ in }) throws(Diagnostic) -> OutputLock {
        let area = OutputStagingArea(output: canonicalOutput)
        do throws(OutputLock.Failure) {
            return try OutputLock.acquire(area, waits: waits) { holder in
                onWait("waiting for another build of \(displayPath)\(holder.map { " (pid \($0))" } ?? "") to finish…")
            }
        } catch {
            switch error {
            case .held(let holder):
                let process = holder.map { "process \($0)" } ?? "another process"
                throw failure(nil,
                    "another build of this folder is running (\(process) holds \(displayPath(of: area.lockFile))); "
                        + "wait for it to finish, or leave out --no-wait to wait for it")
            case .unusable(let path, let reason):
                // A file on the way (`--output notes.txt/out`) said as `new site` says it.
                let parent = canonicalOutput.deletingLastPathComponent()
                if let obstacle = FileBytes.obstacle(toWriting: parent, projectRoot: parent, asFolder: true) {
                    throw failure(nil, "cannot use this as the output folder: \(obstacle)")
                }
                throw failure(nil, "cannot lock the output folder with \(displayPath(of: URL(fileURLWithPath: path))): \(reason)")
            }
        }
    }

    /// `file` as messages name it: beside or inside the output folder, relative as the output
    /// folder's own `displayPath` is ("Output/../.roadtrip-lock-Output" is ".roadtrip-lock-Output");
    /// anywhere else, its full path.
    private func displayPath(of file: URL) -> String {
        let folder = file.deletingLastPathComponent().standardizedFileURL.path
        if folder == canonicalOutput.path { return displayPath + "/" + file.lastPathComponent }
        guard folder == canonicalOutput.deletingLastPathComponent().path else { return file.path }
        let parent = (displayPath as NSString).deletingLastPathComponent
        return parent.isEmpty ? file.lastPathComponent : parent + "/" + file.lastPathComponent
    }

    // MARK: - Writing

    /// Writes the complete set of files of one build (see the type's description for the
    /// phases and guarantees), taking the output folder's lock for the time it takes (waiting,
    /// silently, for another build that holds it).
    ///
    /// - Parameter files: every file of the build; paths must be usable
    ///   (``OutputFile/pathProblem(_:)``) and free of ``conflictingPaths(_:)``.
    /// - Returns: which files were written, left unchanged and removed.
    /// - Throws: ``Diagnostic``, as ``write(_:holding:)``; also when the lock cannot be taken.
    public func write(_ files: [OutputFile]) throws(Diagnostic) -> OutputWriteSummary {
        try check(files, kept: [], conflicts: true)
        let lock = try lock(waits: true)
        defer { lock.release() }
        do throws(OutputWriteFailure) {
            return try write(files, holding: lock)
        } catch {
            throw error.diagnostic
        }
    }

    /// Writes the complete set of files of one build (see the type's description for the
    /// phases and guarantees), after ``validate()``, holding `lock` (from ``lock(waits:onWait:)``
    /// of a writer of the same output folder).
    ///
    /// - Parameter files: every file of the build; paths must be usable
    ///   (``OutputFile/pathProblem(_:)``) and free of ``conflictingPaths(_:)``.
    /// - Returns: which files were written, left unchanged and removed, and how long the apply
    ///   phase took.
    /// - Throws: ``OutputWriteFailure``: its diagnostic (an error) for an unsafe output folder, a
    ///   lock of another folder, a bad or conflicting path, an unreadable `.copy(from:)` source
    ///   (located at that source), a user's file or symbolic link in the way, or a file-system
    ///   failure, and whether the output folder was changed before it. Failures before the apply
    ///   phase leave the output folder untouched; one inside it may leave part of the build applied
    ///   (``OutputWriteFailure/outputChanged``), which the next build completes.
    ///
    /// `kept` lists files of this build that are already in the output folder as it must be (the
    /// caller checked their stamps, ``StoredBuild``): they are neither read nor compared, count as
    /// unchanged and stay in the manifest. The output folder must exist when `kept` is not empty.
    public func write(
        _ files: [OutputFile], keeping kept: [String] = [], holding lock: OutputLock
    ) throws(OutputWriteFailure) -> OutputWriteSummary {
        try write(files, keeping: kept, holding: lock, conflictsChecked: false)
    }

    /// ``write(_:keeping:holding:)`` for a caller that has already found `files` and `kept` free of
    /// ``conflictingPaths(_:)`` (`conflictsChecked`: the write-output step, which reports every
    /// conflict before it writes), so that they are not looked for twice (20 ms for a 4,000-page
    /// build's 22,429 paths), and that may have staged some of `files` already (`.staged`) in
    /// `early`, from ``openStaging(holding:)`` of this writer; the staging folder is removed once
    /// written (or not). `pathsAsLastWritten`: the caller knows that the paths of `files` and `kept`
    /// are exactly those of the output folder's manifest, written by the build that wrote them
    /// (``StoredBuild/outputPathsAreLastBuilds(_:)``): their problems are not looked for again,
    /// nothing is stale, and the manifest is neither read nor written.
    func write(
        _ files: [OutputFile], keeping kept: [String], holding lock: OutputLock, conflictsChecked: Bool,
        pathsAsLastWritten: Bool = false, staging early: OutputStaging? = nil
    ) throws(OutputWriteFailure) -> OutputWriteSummary {
        let output = canonicalOutput
        let staging: URL
        do throws(Diagnostic) {
            if pathsAsLastWritten { try validate() } else { try check(files, kept: kept, conflicts: !conflictsChecked) }
            if let early {
                guard early.folder == lock.area.stagingFolder(processIdentifier: getpid()), lock.area.output == output else {
                    throw failure(nil, "the staging folder \(early.folder.path) is not this output folder's")
                }
                staging = early.folder
            } else {
                if let file = files.first(where: \.isStaged) {
                    throw failure(file.path, "was staged for another write")
                }
                staging = try openStaging(holding: lock).folder
            }
        } catch {
            early?.remove()
            throw OutputWriteFailure(diagnostic: error, outputChanged: false)
        }
        defer { try? OutputStagingArea.removeStagingFolder(staging) }
        let prepared: PreparedUpdate
        do throws(Diagnostic) {
            let site = staging.appendingPathComponent("site", isDirectory: true)
            if FileEntryKind(atPath: output.path) == nil {
                if let missing = kept.first { throw failure(missing, "was to be kept, but the output folder is gone") }
                return try writeFresh(files, output: output, site: site, stagedEarly: early?.stagedStamps ?? [:])
            }
            prepared = try prepareUpdate(files, kept: kept, output: output, staging: staging, pathsAsLastWritten: pathsAsLastWritten)
        } catch {
            throw OutputWriteFailure(diagnostic: error, outputChanged: false)
        }
        // Apply: renames and unlinks only (OutputSwap).
        prepared.swap.keepReplacedFilesUntilAfterApply(staging: staging, output: output)
        BuildPauseHook.pauseBeforeApply()
        let start = DispatchTime.now().uptimeNanoseconds
        let removed: [String]
        do throws(OutputSwap.Failure) {
            removed = prepared.swap.isEmpty ? [] : try prepared.swap.apply(staging: staging, output: output)
        } catch {
            throw OutputWriteFailure(
                diagnostic: failure(error.path, "\(error.action): \(error.reason)"), outputChanged: error.outputChanged)
        }
        return OutputWriteSummary(
            written: Self.sorted(prepared.changed), unchanged: prepared.unchanged, removed: removed,
            applySeconds: Self.seconds(since: start))
    }

    /// Makes this process's staging folder beside the output folder (with its marker and an empty
    /// `site/`), after removing those that builds which are no longer running left, holding `lock`
    /// (from ``lock(waits:onWait:)`` of a writer of the same output folder), for a build that
    /// stages files as it makes them (``OutputStaging/stage(_:)``) and then writes them with it.
    ///
    /// - Throws: ``Diagnostic`` when the lock is another folder's or the folder cannot be made.
    func openStaging(holding lock: OutputLock) throws(Diagnostic) -> OutputStaging {
        let area = lock.area
        guard area.output == canonicalOutput else {
            throw failure(nil, "the lock held is the one of \(lock.area.output.path), not of this output folder")
        }
        let staging = area.stagingFolder(processIdentifier: getpid())
        area.removeAbandonedStagingFolders()
        try attempt(nil, "cannot create the staging folder '\(staging.path)'") {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
        }
        if let reason = OutputStagingArea.writeMarker(in: staging) {
            rmdir(staging.path)
            throw failure(
                nil, "cannot create the staging folder '\(staging.path)': cannot write its marker \(OutputStagingArea.markerName): \(reason)")
        }
        let site = staging.appendingPathComponent("site", isDirectory: true)
        do throws(Diagnostic) {
            try posix(nil, "cannot create the staging folder '\(site.path)'") { mkdir(site.path, 0o755) }
        } catch {
            try? OutputStagingArea.removeStagingFolder(staging)
            throw error
        }
        return OutputStaging(folder: staging)
    }

    /// Checks the output folder (``validate()``) and the paths of `files` and `kept` (for
    /// `conflicts` too).
    private func check(_ files: [OutputFile], kept: [String], conflicts: Bool) throws(Diagnostic) {
        try validate()
        for path in files.map(\.path) + kept {
            if let problem = OutputFile.pathProblem(path) { throw failure(path, problem) }
        }
        if conflicts, let (earlier, later) = Self.conflictingPaths(files.map(\.path) + kept).first {
            throw failure(later, "conflicts with '\(earlier)' (same path ignoring case, or a file where a folder is needed)")
        }
    }

    /// The output folder, absolute, with `..` and symbolic links resolved.
    var canonicalOutput: URL {
        OutputFolderPolicy.url(OutputFolderPolicy.canonicalComponents(outputDirectory))
    }

    /// The output folder does not exist: stage everything not staged yet plus the manifest in
    /// `site`, then rename `site` to the output folder. `stagedEarly`: the stamps of the files
    /// staged before (``OutputStaging/stagedStamps``).
    private func writeFresh(
        _ files: [OutputFile], output: URL, site: URL, stagedEarly: [String: BasemapFileStamp]
    ) throws(Diagnostic) -> OutputWriteSummary {
        // The few files staged now merged into the many render-pages staged (the new stamp wins):
        // merging the many into the few inserted every one of them again.
        let stagedNow = try stageInParallel(files.filter { !$0.isStaged }, in: site)
        let stagedStamps = stagedNow.isEmpty ? stagedEarly : stagedEarly.merging(stagedNow) { _, now in now }
        // Sorted once, for the summary and the manifest alike.
        let written = Self.sorted(files.map(\.path))
        try stage(OutputManifest.fileName, Data(OutputManifest.text(ofSortedPaths: written).utf8), in: site)
        BuildPauseHook.pauseBeforeApply()
        let start = DispatchTime.now().uptimeNanoseconds
        try posix(nil, "cannot move the staging folder into place") { rename(site.path, output.path) }
        var summary = OutputWriteSummary(written: written, unchanged: [], removed: [],
                                         applySeconds: Self.seconds(since: start))
        summary.stagedStamps = stagedStamps
        return summary
    }

    /// An update of an existing output folder, staged and planned, ready to apply.
    private struct PreparedUpdate {
        var swap: OutputSwap
        var changed: [String]
        var unchanged: [String]
    }

    /// The output folder exists: stage the changed files and the manifests, check for conflicts
    /// and plan the swap; the output folder is not touched. `kept` paths are unchanged as they are.
    /// `pathsAsLastWritten`: the manifest lists exactly the paths of `files` and `kept` (nothing is
    /// stale, the manifest stays).
    private func prepareUpdate(
        _ files: [OutputFile], kept: [String], output: URL, staging: URL, pathsAsLastWritten: Bool
    ) throws(Diagnostic) -> PreparedUpdate {
        let outputRoot = output.path
        let manifest: (previous: OutputManifest, produced: Set<String>)? =
            pathsAsLastWritten ? nil : (OutputManifest(contentsOf: output), Set(files.map(\.path) + kept))
        let stale = manifest.map { $0.previous.paths.subtracting($0.produced) } ?? []

        // Stage: nothing in the output folder changes until every check has passed.
        // First the folders on the way to each file, each distinct folder once, then what stands at
        // each file's own path and whether it holds the same bytes, on every core.
        var existingFolders = Set<String>()
        var wayByFolder: [Substring: (clearing: Clearing, missingFolder: String?)] = [:]
        var ways: [(clearing: Clearing, missingFolder: String?)] = []
        ways.reserveCapacity(files.count)
        for file in files {
            guard let slash = file.path.utf8.lastIndex(of: UInt8(ascii: "/")) else {
                ways.append((Clearing(), nil))
                continue
            }
            let folder = file.path[..<slash]
            if let known = wayByFolder[folder] {
                ways.append(known)
                continue
            }
            let way = try obstacles(toFolder: String(folder), of: file.path, in: output, stale: stale, folders: &existingFolders)
            wayByFolder[folder] = way
            ways.append(way)
        }
        let survey = OutputTargetSurvey(
            files, asked: ways.map { $0.clearing.isEmpty && $0.missingFolder == nil }, outputRoot: outputRoot)

        var clearing = Clearing()
        var changed: [String] = []
        var changedFiles: [OutputFile] = []
        var unchanged = kept
        var folderMoves = Set<String>()
        let site = staging.appendingPathComponent("site", isDirectory: true)
        // Produced files are staged first and compared on disk: their bytes are never held whole;
        // so are files already staged.
        var producedFiles: [(file: OutputFile, comparable: Bool, missingFolder: String?)] = []
        for (position, file) in files.enumerated() {
            var (obstacles, missingFolder) = ways[position]
            switch survey.targets[position] {
            case .other:
                throw failure(file.path, "cannot write: a special file is in the way")
            case .directory:
                var folders: [String] = []
                try collectTree(file.path, in: output, stale: stale, files: &obstacles.files, folders: &folders)
                obstacles.folders = folders
            case .unasked, .missing, .same, .differs, .symbolicLink:
                break
            }
            clearing.add(obstacles)
            if case .copy(let source) = file.contents, let unreadable = survey.unreadableCopy, unreadable.position == position {
                throw unreadableCopy(source, to: file.path, unreadable.error)
            }
            // With obstacles, the existing bytes are reached through something about to be removed.
            let comparable = obstacles.isEmpty && missingFolder == nil
            switch file.contents {
            case .produced, .staged:
                producedFiles.append((file, comparable, missingFolder))
                continue
            case .data, .text, .copy, .link:
                break
            }
            // A link to a cache file is unchanged when the output's file is that file (or, across
            // file systems, a copy of it); a copy on the same file system is linked again.
            if comparable && survey.targets[position] == .same {
                unchanged.append(file.path)
                continue
            }
            if case .copy = file.contents, let data = survey.copies[position] {
                changedFiles.append(OutputFile(path: file.path, contents: .data(data)))
            } else {
                changedFiles.append(file)
            }
            changed.append(file.path)
            if let missingFolder { folderMoves.insert(missingFolder) }
        }
        try stageInParallel(producedFiles.map(\.file).filter { !$0.isStaged }, in: site)
        for (file, comparable, missingFolder) in producedFiles {
            let staged = site.path + "/" + file.path
            if comparable && FileComparison.sameBytes(atPath: outputRoot + "/" + file.path, asFileAtPath: staged) {
                unlink(staged)
                unchanged.append(file.path)
            } else {
                changed.append(file.path)
                if let missingFolder { folderMoves.insert(missingFolder) }
            }
        }
        try stageInParallel(changedFiles, in: site)

        var swap = OutputSwap(
            widenedManifest: nil, narrowedManifest: nil, clearingFiles: clearing.files.sorted(),
            clearingFolders: clearing.folders, moves: [], stale: stale.subtracting(clearing.files).sorted())
        swap.moves = folderMoves.map { OutputSwap.Move(path: $0, isFolder: true) }
            + changed.filter { path in !OutputFile.ancestors(of: path).contains(where: folderMoves.contains) }
                .map { OutputSwap.Move(path: $0, isFolder: false) }
        if let (previous, produced) = manifest {
            let widened = previous.paths.union(produced)
            if widened != previous.paths {
                swap.widenedManifest = "manifest-widened"
                try stage(swap.widenedManifest!, Data(OutputManifest(paths: widened).text.utf8), in: staging)
            }
            let narrowed = Data(OutputManifest(paths: produced).text.utf8)
            if !FileComparison.sameBytes(atPath: outputRoot + "/" + OutputManifest.fileName, as: narrowed) {
                swap.narrowedManifest = "manifest"
                try stage(swap.narrowedManifest!, narrowed, in: staging)
            }
        }

        return PreparedUpdate(swap: swap, changed: changed, unchanged: unchanged)
    }

    /// Seconds since `start` (`DispatchTime.now().uptimeNanoseconds`).
    private static func seconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Stale manifest entries that must go before new files can be renamed into place, in the
    /// order they must go: files first, then folders deepest first.
    private struct Clearing {
        var files: Set<String> = []
        var folders: [String] = []

        var isEmpty: Bool { files.isEmpty && folders.isEmpty }

        mutating func add(_ other: Clearing) {
            files.formUnion(other.files)
            for folder in other.folders where !folders.contains(folder) { folders.append(folder) }
        }
    }

    /// What stands in the way of the folder `folder` of the file `path` (errors name `path`): a
    /// file or symbolic link where a folder is needed, on the way or at `folder` itself. Stale manifest entries are
    /// cleared; anything else is an error. Also the outermost folder on the way that will be
    /// missing once the clearing is done (absent, or a stale file), which the apply phase moves
    /// into place whole; `nil` when every folder is there. `existing` holds the folders already
    /// found to be folders (the output folder does not change while a build prepares it): each is
    /// checked once. What stands at each file's own path is asked by ``OutputTargetSurvey``.
    private func obstacles(toFolder folder: String, of path: String, in output: URL, stale: Set<String>, folders existing: inout Set<String>)
        throws(Diagnostic) -> (clearing: Clearing, missingFolder: String?)
    {
        var clearing = Clearing()
        let root = output.path  // string paths: URL.appendingPathComponent was 7% of a rebuild
        for folder in OutputFile.ancestors(of: folder) + [folder] where !existing.contains(folder) {
            switch FileEntryKind(atPath: root + "/" + folder) {
            case nil:
                return (clearing, folder)
            case .directory:
                existing.insert(folder)
                continue
            case .regularFile, .symbolicLink, .other:
                guard stale.contains(folder) else {
                    throw failure(path, "cannot write: '\(folder)' is a file or symbolic link roadtrip did not write, where a folder is needed")
                }
                clearing.files.insert(folder)
                return (clearing, folder)
            }
        }
        return (clearing, nil)
    }

    /// Lists a folder that stands where a file must go, deepest folders first; every file in it
    /// must be a stale manifest entry, else the folder holds the user's files and is an error.
    private func collectTree(_ folder: String, in output: URL, stale: Set<String>,
                             files: inout Set<String>, folders: inout [String]) throws(Diagnostic) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent(folder).path)) ?? []
        for name in names.sorted() {
            let path = folder + "/" + name
            if FileEntryKind(atPath: output.path + "/" + path) == .directory {
                try collectTree(path, in: output, stale: stale, files: &files, folders: &folders)
            } else if stale.contains(path) {
                files.insert(path)
            } else {
                throw failure(folder, "cannot write: this folder holds files roadtrip did not write, where a file is needed")
            }
        }
        folders.append(folder)
    }

    /// The bytes of a `.data` or `.copy(from:)` file (the latter read from its source); empty for
    /// any other (``stage(_:in:named:links:)`` writes those without holding them whole).
    private func bytes(of file: OutputFile) throws(Diagnostic) -> Data {
        switch file.contents {
        case .data(let data):
            return data
        case .copy(let source):
            do {
                return try Data(contentsOf: source, options: .mappedIfSafe)
            } catch {
                throw unreadableCopy(source, to: file.path, error)
            }
        case .text, .produced, .link, .staged:
            return Data()
        }
    }

    /// The error for a `.copy(from: source)` file `path` whose source cannot be read.
    private func unreadableCopy(_ source: URL, to path: String, _ error: any Error) -> Diagnostic {
        Diagnostic.error(SourceLocation(path: ProjectPath.relative(source, to: projectRoot)),
                         "cannot read the file to copy to '\(path)': \(FileBytes.reason(for: source, error: error))")
    }

    /// Stages `files`: their folders first (one `mkdir` each), then the files on every core, a
    /// folder's files together (``StagingBatch``): each batch opens its folder once and creates
    /// the files by name inside it (`openat`, `linkat`), so the kernel neither walks each file's
    /// whole path nor makes two threads wait on one folder's lock — both were a fifth of a
    /// 250-destination clean build's CPU time, most of it the basemap's 6,401 tile links. On a
    /// slow file system most of the time is spent waiting for `open`/`mkdir`, which overlaps well.
    /// Throws the first failure in `files` order. Paths are joined as strings: Foundation's
    /// `URL.appendingPathComponent` was a tenth of a 4,000-page build's CPU time here.
    ///
    /// - Returns: the stamp of each file staged, by output path (`fstat` of a written file, `lstat`
    ///   through the new link of a `.link` file staged as a hard link).
    @discardableResult
    private func stageInParallel(_ files: [OutputFile], in staging: URL) throws(Diagnostic) -> [String: BasemapFileStamp] {
        let root = staging.path
        for folder in OutputFile.folders(of: files.lazy.map(\.path)).sorted() {
            try posix(folder, "cannot create a staging folder") {
                mkdir(root + "/" + folder, 0o755) == 0 || errno == EEXIST ? 0 : -1
            }
        }
        let batches = StagingBatch.batches(of: files.lazy.map(\.path))
        let failures = Mutex<[Int: Diagnostic]>([:])
        let stamped = Mutex<[String: BasemapFileStamp]>([:])
        DispatchQueue.concurrentPerform(iterations: batches.count) { position in
            let batch = batches[position]
            let folderPath = batch.folder.isEmpty ? root : root + "/" + batch.folder
            let folder = open(folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard folder >= 0 else {
                let reason = String(cString: strerror(errno))
                failures.withLock { $0[batch.files[0]] = failure(files[batch.files[0]].path, "cannot stage the file: \(reason)") }
                return
            }
            defer { close(folder) }
            var links = CacheFileLink()
            defer { links.release() }
            var stamps: [(String, BasemapFileStamp)] = []
            for index in batch.files {
                let file = files[index]
                let name = String(OutputFile.folderAndName(of: file.path).name)
                do throws(Diagnostic) {
                    if let stamp = try stage(file, in: folder, named: name, links: &links) { stamps.append((file.path, stamp)) }
                } catch {
                    failures.withLock { $0[index] = error }
                    return
                }
            }
            if !stamps.isEmpty { stamped.withLock { $0.merge(stamps) { _, new in new } } }
        }
        if let first = failures.withLock({ $0.min { $0.key < $1.key }?.value }) { throw first }
        return stamped.withLock { $0 }
    }

    /// Writes `file` as `name` inside the staging folder open as `folder`: a `.link` as a hard
    /// link where the file system allows (``CacheFileLink``), `.text` straight from the string's
    /// UTF-8, a `.produced` file as its pieces are made, any other (and a `.link` that cannot be
    /// linked) from its bytes. Returns the staged file's stamp (`nil` for a `.staged` one).
    private func stage(
        _ file: OutputFile, in folder: Int32, named name: String, links: inout CacheFileLink
    ) throws(Diagnostic) -> BasemapFileStamp? {
        let target = StagingTarget(folder: folder, name: name)
        switch file.contents {
        case .link(let source, let otherwise):
            if let stamp = links.link(source, into: folder, named: name) { return stamp }
            return try stage(file.path, otherwise, at: target)
        case .text(var text):
            return try stage(file.path, at: target) { descriptor in
                guard text.withUTF8({ Self.writeAll(descriptor, UnsafeRawBufferPointer($0)) }) else {
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
            }
        case .produced(let producer):
            return try stage(file.path, producer, at: target)
        case .data, .copy:
            return try stage(file.path, try bytes(of: file), at: target)
        case .staged:
            // Written by the step that made it, into this staging folder (`OutputStaging`).
            return nil
        }
    }

    /// Writes what `producer` makes (the file `path` of the output) at `target` inside the staging
    /// folder, as it makes it; its stamp.
    private func stage(_ path: String, _ producer: OutputProducer, at target: StagingTarget) throws(Diagnostic) -> BasemapFileStamp {
        try stage(path, at: target) { descriptor in
            let sink = ByteSink { piece in
                guard Self.writeAll(descriptor, piece) else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            }
            producer.write(sink)
            try sink.finish()
        }
    }

    /// Writes `data` at `path` directly inside the staging folder `staging` (no folders made).
    private func stage(_ path: String, _ data: Data, in staging: URL) throws(Diagnostic) {
        _ = try stage(path, data, at: StagingTarget(folder: AT_FDCWD, name: staging.path + "/" + path))
    }

    /// Writes `data` (the file `path` of the output) at `target` inside the staging folder.
    ///
    /// Plain `open`/`write`/`close`: Foundation's `Data.write(to:)` on Linux writes through a
    /// temporary file and `fsync`s each one, which made staging 3,000 files take seconds. The
    /// staging folder needs neither: it is renamed into place only once every file is written.
    /// Returns the file's stamp.
    private func stage(_ path: String, _ data: Data, at target: StagingTarget) throws(Diagnostic) -> BasemapFileStamp {
        try stage(path, at: target) { descriptor in
            let written = data.withUnsafeBytes { Self.writeAll(descriptor, $0) }
            guard written else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
    }

    /// Where a file is staged: `name` inside the folder open as `folder` (or, with `AT_FDCWD`, the
    /// absolute path `name`), as `openat` takes it.
    private struct StagingTarget {
        var folder: Int32
        var name: String
    }

    /// Creates the file at `target` inside the staging folder (the output's `path`, for messages)
    /// and lets `fill` write into its descriptor; the written file's stamp (`fstat`).
    private func stage(_ path: String, at target: StagingTarget, _ fill: (Int32) throws -> Void) throws(Diagnostic) -> BasemapFileStamp {
        let descriptor = openat(target.folder, target.name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(path, "cannot stage the file: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        do {
            try fill(descriptor)
            guard let stamp = BasemapFileStamp.of(descriptor: descriptor) else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            return stamp
        } catch {
            let reason = (error as? POSIXError).map { String(cString: strerror($0.code.rawValue)) } ?? "\(error)"
            throw failure(path, "cannot stage the file: \(reason)")
        }
    }

    /// Writes all of `bytes` to `descriptor`, retrying after signals; `false` (with `errno` set) on
    /// failure.
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let result = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if result < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += result
        }
        return true
    }

    // MARK: - File-system helpers

    /// `write(2)`, named apart from this type's own `write(_:)`.
    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(descriptor, bytes, count)
        #elseif canImport(Musl)
        return Musl.write(descriptor, bytes, count)
        #else
        return Darwin.write(descriptor, bytes, count)
        #endif
    }

    /// `paths` sorted by UTF-8 bytes.
    private static func sorted(_ paths: [String]) -> [String] {
        paths.sortedInBytes()
    }

    // MARK: - Diagnostics

    /// The output folder as given (a relative URL keeps its relative spelling).
    private var displayPath: String {
        var path = outputDirectory.relativePath
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// An error located at the output folder, or at `relativePath` inside it.
    private func failure(_ relativePath: String?, _ message: String) -> Diagnostic {
        guard let relativePath else { return .error(SourceLocation(path: displayPath), message) }
        let base = displayPath == "/" ? "" : displayPath
        return .error(SourceLocation(path: base + "/" + relativePath), message)
    }

    /// Runs a Foundation operation, turning its error into a located ``Diagnostic``.
    private func attempt(_ relativePath: String?, _ what: String, _ body: () throws -> Void) throws(Diagnostic) {
        do {
            try body()
        } catch {
            throw failure(relativePath, "\(what): \(error.localizedDescription)")
        }
    }

    /// Runs a POSIX call that returns 0 on success, turning `errno` into a located ``Diagnostic``.
    private func posix(_ relativePath: String?, _ what: String, _ call: () -> Int32) throws(Diagnostic) {
        guard call() != 0 else { return }
        let reason = String(cString: strerror(errno))
        throw failure(relativePath, "\(what): \(reason)")
    }
}
