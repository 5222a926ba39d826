import Dispatch
import Foundation
import Synchronization
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
    public var unchanged: [String]
    /// Files written by an earlier build (listed in the manifest) that this build no longer
    /// produces, and which were deleted.
    public var removed: [String]
    /// Seconds (monotonic clock) the apply phase took: from the first change to the output folder
    /// to the last, the window in which a killed build leaves a mix of old and new files.
    public var applySeconds: Double

    /// Creates a summary from its three path lists and the apply phase's duration in seconds.
    public init(written: [String], unchanged: [String], removed: [String], applySeconds: Double = 0) {
        self.written = written
        self.unchanged = unchanged
        self.removed = removed
        self.applySeconds = applySeconds
    }
}

/// Writes a build's files into the output folder (DESIGN §5, §6 "OutputWriter (atomic)", §7)
/// so that a failed build leaves the previous output untouched.
///
/// `write(_:)` works in two phases:
/// 1. **Stage.** Every file whose bytes differ from the file already in the output folder is
///    written into a sibling staging folder `<parent>/.roadtrip-staging-<output name>-<pid>/`
///    (a sibling, so it is on the same file system and `rename(2)` is atomic). Conflicts with the
///    existing output (a user's file where a folder is needed, a symbolic link on the way) are
///    found here too. Any failure removes the staging folder and leaves the output folder byte for
///    byte as it was.
/// 2. **Apply** (metadata operations only: `rename`, `unlink`, `mkdir`, `rmdir`). The manifest is
///    first widened to old ∪ new paths, then each staged file is renamed over its target, files of
///    the previous manifest that this build no longer produces are unlinked, folders left empty
///    by those removals are deleted, and the manifest is narrowed to exactly this build's paths.
///    A crash inside this short phase can leave a mix of old and new files, but the widened
///    manifest still names every file roadtrip may have written, so the next build cleans up.
///
/// Only files named in the manifest (``OutputManifest``) are ever removed; dotfiles such as
/// `.git/`, `CNAME` and every other file roadtrip did not write are left alone. A file whose
/// bytes did not change is not rewritten. Removal never follows a symbolic link: a listed path
/// is unlinked only when each folder on the way to it is a real folder inside the output folder.
/// When the output folder does not exist, the whole staging folder is renamed into place.
public struct OutputWriter: Sendable {
    /// The output folder (DESIGN §1 `--output`, default `<source>/Output`). A relative file URL
    /// keeps its relative spelling for diagnostics.
    public let outputDirectory: URL
    /// The project root (DESIGN §1 `--source`), the folder holding `Destinations/` and `Themes/`.
    public let projectRoot: URL
    /// The user's home folder, which is never accepted as the output folder; `nil` skips that check.
    public let homeDirectory: URL?

    /// Creates a writer for `outputDirectory`. `homeDirectory` defaults to `$HOME`
    /// (``defaultHomeDirectory``). Nothing is checked or touched until ``validate()`` or
    /// ``write(_:)``.
    public init(outputDirectory: URL, projectRoot: URL, homeDirectory: URL? = OutputWriter.defaultHomeDirectory) {
        self.outputDirectory = outputDirectory
        self.projectRoot = projectRoot
        self.homeDirectory = homeDirectory
    }

    /// The user's home folder: `$HOME` when set and non-empty, else Foundation's
    /// `NSHomeDirectory()`.
    public static var defaultHomeDirectory: URL? {
        if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true)
        }
        let home = NSHomeDirectory()
        return home.isEmpty ? nil : URL(fileURLWithPath: home, isDirectory: true)
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
        let resolved = OutputFolderPolicy.url(output)
        switch Self.entryKind(resolved) {
        case nil:
            return
        case .directory:
            break
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
        var firstByKey: [String: String] = [:]
        var conflicts: [(String, String)] = []
        for path in paths {
            let key = path.lowercased()
            if let earlier = firstByKey[key] {
                conflicts.append((earlier, path))
            } else {
                firstByKey[key] = path
            }
        }
        for path in paths {
            for folder in Self.ancestors(of: path) {
                if let file = firstByKey[folder.lowercased()] { conflicts.append((file, path)) }
            }
        }
        return conflicts
    }

    // MARK: - Writing

    /// Writes the complete set of files of one build (see the type's description for the
    /// phases and guarantees), after ``validate()``.
    ///
    /// - Parameter files: every file of the build; paths must be usable
    ///   (``OutputFile/pathProblem(_:)``) and free of ``conflictingPaths(_:)``.
    /// - Returns: which files were written, left unchanged and removed.
    /// - Throws: ``Diagnostic`` (error) for an unsafe output folder, a bad or conflicting path, an
    ///   unreadable `.copy(from:)` source (located at that source), a user's file or symbolic link
    ///   in the way, or a file-system failure. Failures before the apply phase leave the output
    ///   folder untouched.
    public func write(_ files: [OutputFile]) throws(Diagnostic) -> OutputWriteSummary {
        try validate()
        for file in files {
            if let problem = OutputFile.pathProblem(file.path) { throw failure(file.path, problem) }
        }
        if let (earlier, later) = Self.conflictingPaths(files.map(\.path)).first {
            throw failure(later, "conflicts with '\(earlier)' (same path ignoring case, or a file where a folder is needed)")
        }

        let output = OutputFolderPolicy.url(OutputFolderPolicy.canonicalComponents(outputDirectory))
        let parent = output.deletingLastPathComponent()
        let staging = parent.appendingPathComponent(
            ".roadtrip-staging-\(output.lastPathComponent)-\(ProcessInfo.processInfo.processIdentifier)",
            isDirectory: true)
        let fileManager = FileManager.default
        try attempt(nil, "cannot create the output's parent folder") {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        }
        Self.removeAbandonedStagingFolders(in: parent, outputName: output.lastPathComponent)
        if Self.entryKind(staging) != nil {
            try attempt(nil, "cannot remove a leftover staging folder '\(staging.path)'") {
                try fileManager.removeItem(at: staging)
            }
        }
        try attempt(nil, "cannot create the staging folder '\(staging.path)'") {
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: false)
        }
        defer { try? fileManager.removeItem(at: staging) }

        if Self.entryKind(output) == nil {
            return try writeFresh(files, output: output, staging: staging)
        }
        return try update(files, output: output, staging: staging)
    }

    /// The output folder does not exist: stage everything plus the manifest, then rename the
    /// staging folder to the output folder.
    private func writeFresh(_ files: [OutputFile], output: URL, staging: URL) throws(Diagnostic) -> OutputWriteSummary {
        try stageInParallel(files, in: staging)
        let manifest = OutputManifest(paths: Set(files.map(\.path)))
        try stage(OutputManifest.fileName, Data(manifest.text.utf8), in: staging)
        let start = DispatchTime.now().uptimeNanoseconds
        try posix(nil, "cannot move the staging folder into place") { rename(staging.path, output.path) }
        return OutputWriteSummary(written: Self.sorted(files.map(\.path)), unchanged: [], removed: [],
                                  applySeconds: Self.seconds(since: start))
    }

    /// The output folder exists: stage the changed files, check for conflicts, then apply.
    private func update(_ files: [OutputFile], output: URL, staging: URL) throws(Diagnostic) -> OutputWriteSummary {
        let previous = OutputManifest(contentsOf: output)
        let outputRoot = output.path
        let produced = Set(files.map(\.path))
        let stale = previous.paths.subtracting(produced)

        // Stage: nothing in the output folder changes until every check has passed.
        var clearing = Clearing()
        var changed: [String] = []
        var changedFiles: [OutputFile] = []
        var unchanged: [String] = []
        for file in files {
            let obstacles = try obstacles(to: file.path, in: output, stale: stale)
            clearing.add(obstacles)
            let data = try bytes(of: file)
            // With obstacles, the existing bytes are reached through something about to be removed.
            if obstacles.isEmpty && Self.hasIdenticalBytes(atPath: outputRoot + "/" + file.path, data) {
                unchanged.append(file.path)
            } else {
                changedFiles.append(OutputFile(path: file.path, contents: .data(data)))
                changed.append(file.path)
            }
        }
        try stageInParallel(changedFiles, in: staging)

        // Apply: renames, unlinks and folder creation/removal only.
        let start = DispatchTime.now().uptimeNanoseconds
        try replaceManifest(OutputManifest(paths: previous.paths.union(produced)), output: output, staging: staging)
        var removed: [String] = []
        for path in clearing.files where Self.removeIfListed(path, in: output) {
            removed.append(path)
        }
        for folder in clearing.folders {
            try posix(folder, "cannot remove the folder in the way") {
                rmdir(output.appendingPathComponent(folder).path)
            }
        }
        for path in changed {
            let target = output.appendingPathComponent(path)
            try attempt(path, "cannot create the folder") {
                try FileManager.default.createDirectory(
                    at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            try posix(path, "cannot move the staged file into place") {
                rename(staging.appendingPathComponent(path).path, target.path)
            }
        }
        for path in stale.subtracting(clearing.files) where Self.removeIfListed(path, in: output) {
            removed.append(path)
        }
        Self.removeEmptyFolders(holding: removed, in: output)
        try replaceManifest(OutputManifest(paths: produced), output: output, staging: staging)
        return OutputWriteSummary(
            written: Self.sorted(changed), unchanged: Self.sorted(unchanged), removed: Self.sorted(removed),
            applySeconds: Self.seconds(since: start))
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

    /// What stands where `path` must go: a file or symbolic link where a folder is needed, or a
    /// folder where the file goes. Stale manifest entries are cleared; anything else is an error.
    private func obstacles(to path: String, in output: URL, stale: Set<String>) throws(Diagnostic) -> Clearing {
        var clearing = Clearing()
        let root = output.path  // string paths: URL.appendingPathComponent was 7% of a rebuild
        for folder in Self.ancestors(of: path) {
            switch Self.entryKind(atPath: root + "/" + folder) {
            case nil:
                return clearing
            case .directory:
                continue
            case .regularFile, .symbolicLink, .other:
                guard stale.contains(folder) else {
                    throw failure(path, "cannot write: '\(folder)' is a file or symbolic link roadtrip did not write, where a folder is needed")
                }
                clearing.files.insert(folder)
                return clearing
            }
        }
        switch Self.entryKind(atPath: root + "/" + path) {
        case nil, .regularFile, .symbolicLink:
            return clearing
        case .other:
            throw failure(path, "cannot write: a special file is in the way")
        case .directory:
            var folders: [String] = []
            try collectTree(path, in: output, stale: stale, files: &clearing.files, folders: &folders)
            clearing.folders = folders
            return clearing
        }
    }

    /// Lists a folder that stands where a file must go, deepest folders first; every file in it
    /// must be a stale manifest entry, else the folder holds the user's files and is an error.
    private func collectTree(_ folder: String, in output: URL, stale: Set<String>,
                             files: inout Set<String>, folders: inout [String]) throws(Diagnostic) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent(folder).path)) ?? []
        for name in names.sorted() {
            let path = folder + "/" + name
            if Self.entryKind(output.appendingPathComponent(path)) == .directory {
                try collectTree(path, in: output, stale: stale, files: &files, folders: &folders)
            } else if stale.contains(path) {
                files.insert(path)
            } else {
                throw failure(folder, "cannot write: this folder holds files roadtrip did not write, where a file is needed")
            }
        }
        folders.append(folder)
    }

    /// Writes the manifest into the staging folder and renames it over the output's manifest.
    private func replaceManifest(_ manifest: OutputManifest, output: URL, staging: URL) throws(Diagnostic) {
        try stage(OutputManifest.fileName, Data(manifest.text.utf8), in: staging)
        try posix(OutputManifest.fileName, "cannot move the manifest into place") {
            rename(staging.appendingPathComponent(OutputManifest.fileName).path,
                   output.appendingPathComponent(OutputManifest.fileName).path)
        }
    }

    /// The bytes of `file`: `.text` as UTF-8, `.copy(from:)` read from its source.
    private func bytes(of file: OutputFile) throws(Diagnostic) -> Data {
        switch file.contents {
        case .data(let data):
            return data
        case .text(let text):
            return Data(text.utf8)
        case .copy(let source):
            do {
                return try Data(contentsOf: source, options: .mappedIfSafe)
            } catch {
                throw Diagnostic.error(SourceLocation(path: displayPath(ofSource: source)),
                                       "cannot read the file to copy to '\(file.path)': \(error.localizedDescription)")
            }
        }
    }

    /// Stages `files`: their folders first (one `mkdir` each), then the files on every core — on a
    /// slow file system most of the time is spent waiting for `open`/`mkdir`, which overlaps well.
    /// Throws the first failure in `files` order.
    private func stageInParallel(_ files: [OutputFile], in staging: URL) throws(Diagnostic) {
        var folders = Set<String>()
        for file in files { folders.formUnion(Self.ancestors(of: file.path)) }
        for folder in folders.sorted() {
            try posix(folder, "cannot create a staging folder") {
                mkdir(staging.appendingPathComponent(folder).path, 0o755) == 0 || errno == EEXIST ? 0 : -1
            }
        }
        let failures = Mutex<[Int: Diagnostic]>([:])
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            do throws(Diagnostic) {
                try stage(files[index].path, try bytes(of: files[index]), in: staging)
            } catch {
                failures.withLock { $0[index] = error }
            }
        }
        if let first = failures.withLock({ $0.min { $0.key < $1.key }?.value }) { throw first }
    }

    /// Writes `data` at `path` inside the staging folder, creating folders as needed.
    ///
    /// Plain `open`/`write`/`close`: Foundation's `Data.write(to:)` on Linux writes through a
    /// temporary file and `fsync`s each one, which made staging 3,000 files take seconds. The
    /// staging folder needs neither: it is renamed into place only once every file is written.
    private func stage(_ path: String, _ data: Data, in staging: URL) throws(Diagnostic) {
        let url = staging.appendingPathComponent(path)
        try attempt(path, "cannot stage the file") {
            let folder = url.deletingLastPathComponent()
            if Self.entryKind(folder) != .directory {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
        }
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(path, "cannot stage the file: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { buffer -> Int in
            var offset = 0
            while offset < buffer.count {
                let result = Self.systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if result < 0 {
                    if errno == EINTR { continue }
                    return -1
                }
                offset += result
            }
            return offset
        }
        guard written == data.count else {
            throw failure(path, "cannot stage the file: \(String(cString: strerror(errno)))")
        }
    }

    // MARK: - File-system helpers

    /// Removes `.roadtrip-staging-<outputName>-<pid>` folders in `parent` whose process no longer
    /// runs (`kill(pid, 0)` fails with `ESRCH`): what a killed or crashed build left behind. A
    /// folder of a build still running is left alone.
    private static func removeAbandonedStagingFolders(in parent: URL, outputName: String) {
        let prefix = ".roadtrip-staging-\(outputName)-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
            }
        }
    }

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

    /// The kind of entry at a path, without following a final symbolic link.
    private enum EntryKind { case directory, regularFile, symbolicLink, other }

    /// The kind of the entry at `url` (`lstat(2)` semantics), or `nil` when nothing is there.
    ///
    /// Calls `lstat` directly: `FileManager.attributesOfItem` also resolves the owner's and group's
    /// names, reading `/etc/passwd` and `/etc/group` on every call.
    private static func entryKind(_ url: URL) -> EntryKind? {
        entryKind(atPath: url.path)
    }

    /// `entryKind` for a file-system path.
    private static func entryKind(atPath path: String) -> EntryKind? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .regularFile
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// Whether `url` is a regular file (not a symbolic link) holding exactly `data`.
    private static func hasIdenticalBytes(atPath path: String, _ data: Data) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              Int(status.st_size) == data.count,
              let existing = FileManager.default.contents(atPath: path)
        else { return false }
        return existing == data
    }

    /// Unlinks the file or symbolic link at `path` when every folder on the way to it is a real
    /// folder (never through a symbolic link out of the output folder). Returns whether it did.
    private static func removeIfListed(_ path: String, in output: URL) -> Bool {
        for folder in ancestors(of: path) where entryKind(output.appendingPathComponent(folder)) != .directory {
            return false
        }
        let url = output.appendingPathComponent(path)
        switch entryKind(url) {
        case .regularFile?, .symbolicLink?:
            return unlink(url.path) == 0
        default:
            return false
        }
    }

    /// Removes the folders that held `removed` files, deepest first, when they are now empty
    /// (`rmdir(2)` refuses non-empty folders, so the user's files keep their folders).
    private static func removeEmptyFolders(holding removed: [String], in output: URL) {
        let folders = Set(removed.flatMap { ancestors(of: $0) })
        let deepestFirst = folders.sorted {
            let (a, b) = ($0.split(separator: "/").count, $1.split(separator: "/").count)
            return a != b ? a > b : $0 < $1
        }
        for folder in deepestFirst where entryKind(output.appendingPathComponent(folder)) == .directory {
            _ = rmdir(output.appendingPathComponent(folder).path)
        }
    }

    /// The folders on the way to `path`, outermost first: `"a/b/c"` → `["a", "a/b"]`.
    private static func ancestors(of path: String) -> [String] {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard components.count > 1 else { return [] }
        return (1..<components.count).map { components[..<$0].joined(separator: "/") }
    }

    /// `paths` sorted by UTF-8 bytes.
    private static func sorted(_ paths: [String]) -> [String] {
        paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    // MARK: - Diagnostics

    /// The output folder as given (a relative URL keeps its relative spelling).
    private var displayPath: String {
        var path = outputDirectory.relativePath
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// A copy source relative to the project root when inside it, else its full path.
    private func displayPath(ofSource source: URL) -> String {
        let root = projectRoot.standardizedFileURL.path
        let path = source.standardizedFileURL.path
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
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
