import Foundation
import RoadTripCore
import RoadTripRender

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The apply phase of ``OutputWriter`` for an output folder that exists: every
/// decision made and every file staged beforehand, it performs only `renameat`, `unlinkat` and
/// folder removals inside the output folder, so that the window in which a killed build leaves a
/// mix of old and new files is as short as the file system allows.
///
/// Before it starts, ``keepReplacedFilesUntilAfterApply(staging:output:)`` gives every file it will
/// replace or remove a second name in the staging folder, so that no step frees a file's blocks
/// inside the window. Then, in this order:
/// 1. the manifest is widened to old ∪ new paths (skipped when the build adds no path), so that it
///    names every file roadtrip may have written while the mix lasts: the next build cleans up;
/// 2. stale entries in the way of new paths are removed (``OutputWriter``'s clearing);
/// 3. **moves** of staged entries into place (``Move``, ordered by ``Move/precedes(_:)``):
///    first whole folders that do not exist in the output yet (one rename moves a new destination
///    with all its files), then changed files that are not pages, then pages (`.html`), deepest
///    first, so the home page goes last. A page is thus replaced only after every file it links to
///    is there, and every link of every page, old or new, resolves at every moment;
/// 4. files of the previous manifest that this build no longer produces are unlinked (only through
///    real folders, never a symbolic link), and the folders on their way that are empty now are
///    removed;
/// 5. the manifest is narrowed to exactly this build's paths (skipped when it holds them already).
///
/// Paths are resolved from open descriptors of the staging `site/` folder and the output folder
/// (`renameat(2)`), not from absolute paths. There is no `fsync`: a killed process loses nothing
/// the kernel already has, and after a power loss any file left short or empty differs from what
/// the next build produces, so that build writes it again.
struct OutputSwap {
    /// One staged entry to rename into place: a file, or a folder that is missing from the output
    /// folder and is moved with everything staged in it.
    struct Move: Sendable, Equatable {
        /// The path relative to both the staging `site/` folder and the output folder.
        let path: String
        /// `true` for a whole folder.
        let isFolder: Bool

        /// Whether the move is of a page (a file whose name ends in `.html`).
        var isPage: Bool { !isFolder && path.hasSuffix(".html") }

        /// The number of `/`-separated components of ``path``.
        var depth: Int { path.utf8.reduce(1) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 } }

        /// The order of step 3: folders first, then files that are not pages, then pages deepest
        /// first; ties by UTF-8 bytes of the path.
        func precedes(_ other: Move) -> Bool {
            func rank(_ move: Move) -> Int { move.isFolder ? 0 : (move.isPage ? 2 : 1) }
            if rank(self) != rank(other) { return rank(self) < rank(other) }
            if isPage && depth != other.depth { return depth > other.depth }
            return path.precedesInBytes(other.path)
        }
    }

    /// Staged manifests, relative to the staging folder: (widened, narrowed); `nil` to leave the
    /// output's manifest as it is at that step.
    var widenedManifest: String?
    var narrowedManifest: String?
    /// Stale files in the way of new paths (step 2).
    var clearingFiles: [String]
    /// Stale folders in the way of new files, deepest first (step 2).
    var clearingFolders: [String]
    /// The moves, in any order (``apply(…)`` sorts them).
    var moves: [Move]
    /// Stale manifest paths to unlink (step 4), in any order.
    var stale: [String]

    /// Whether applying would change nothing in the output folder.
    var isEmpty: Bool {
        widenedManifest == nil && narrowedManifest == nil && clearingFiles.isEmpty && clearingFolders.isEmpty
            && moves.isEmpty && stale.isEmpty
    }

    /// What went wrong in the apply phase: the path relative to the output folder (`nil`: the
    /// folder itself), what was being done, and `strerror(errno)`.
    struct Failure: Error {
        let path: String?
        let action: String
        let reason: String
        /// Whether an earlier step of this apply phase had already changed the output folder (a
        /// renamed or unlinked entry, the widened manifest), so that it holds a mix of the two
        /// builds, which the next build completes.
        var outputChanged = false
    }

    /// The order of step 3.
    var orderedMoves: [Move] { moves.sorted { $0.precedes($1) } }

    /// Performs the steps of the type's description.
    ///
    /// - Parameters:
    ///   - staging: the build's staging folder (holding the manifests and `site/`).
    ///   - output: the output folder.
    /// - Returns: the paths unlinked in steps 2 and 4, sorted by UTF-8 bytes.
    /// - Throws: ``Failure`` for the first operation that fails; the steps before it stay done, and
    /// the failure says whether any of them changed the output folder.
    func apply(staging: URL, output: URL) throws(Failure) -> [String] {
        let ordered = orderedMoves
        let stagingFolder = try Self.openFolder(staging.path)
        defer { close(stagingFolder) }
        let siteFolder = try Self.openFolder(staging.appendingPathComponent("site").path)
        defer { close(siteFolder) }
        let outputFolder = try Self.openFolder(output.path)
        defer { close(outputFolder) }

        var changed = false
        var removed: [String] = []
        do throws(Failure) {
            if let widenedManifest {
                try Self.rename(widenedManifest, in: stagingFolder, to: OutputManifest.fileName, in: outputFolder)
                changed = true
            }
            for path in clearingFiles where Self.unlinkIfListed(path, in: outputFolder) {
                removed.append(path)
                changed = true
            }
            for folder in clearingFolders {
                guard unlinkat(outputFolder, folder, AT_REMOVEDIR) == 0 else {
                    throw Failure(path: folder, action: "cannot remove the folder in the way", reason: String(cString: strerror(errno)))
                }
                changed = true
            }
            for move in ordered {
                try Self.rename(move.path, in: siteFolder, to: move.path, in: outputFolder)
                changed = true
            }
            for path in stale where Self.unlinkIfListed(path, in: outputFolder) {
                removed.append(path)
            }
            // The folders of every stale path, not only of those unlinked now: a build killed after
            // its unlinks but before this step left their folders empty, and this build repairs that.
            Self.removeEmptyFolders(holding: stale + clearingFiles, in: outputFolder)
            if let narrowedManifest {
                try Self.rename(narrowedManifest, in: stagingFolder, to: OutputManifest.fileName, in: outputFolder)
            }
        } catch {
            var failure = error
            failure.outputChanged = changed || !removed.isEmpty
            throw failure
        }
        return removed.sortedInBytes()
    }

    /// Prepares the apply phase, before it starts: gives every regular file that a move will
    /// replace or step 4 will unlink a second name (a hard link, `linkat(2)`) in the staging
    /// folder's `replaced/`, so that in the window a rename over it or an unlink only drops a
    /// name. Freeing the old file's blocks then happens when the staging folder is removed, after
    /// the window: on ext4 a rename over the last name of a file took about 4.8 ms and one over a
    /// file with another name 0.2 ms (1,000 renames of 20 KB files, `Benchmarks/apply-window.sh`
    /// shows the effect on a whole build). Best effort: a file that cannot be linked (a file
    /// system without hard links) is simply replaced as before.
    ///
    /// - Parameters:
    ///   - staging: the build's staging folder.
    ///   - output: the output folder.
    /// - Returns: how many files were linked.
    @discardableResult
    func keepReplacedFilesUntilAfterApply(staging: URL, output: URL) -> Int {
        let replaced = staging.appendingPathComponent("replaced", isDirectory: true)
        guard mkdir(replaced.path, 0o700) == 0,
              let keptFolder = try? Self.openFolder(replaced.path),
              let outputFolder = try? Self.openFolder(output.path)
        else { return 0 }
        defer { close(keptFolder); close(outputFolder) }
        var count = 0
        for path in moves.filter({ !$0.isFolder }).map(\.path) + stale
        where Self.isRegularFileThroughRealFolders(path, in: outputFolder)
            && linkat(outputFolder, path, keptFolder, String(count), 0) == 0
        {
            count += 1
        }
        return count
    }

    /// `renameat(2)` of `source` relative to `sourceFolder` onto `target` relative to
    /// `targetFolder`.
    private static func rename(_ source: String, in sourceFolder: Int32, to target: String, in targetFolder: Int32)
        throws(Failure)
    {
        guard renameat(sourceFolder, source, targetFolder, target) != 0 else { return }
        throw Failure(path: target, action: "cannot move the staged file into place", reason: String(cString: strerror(errno)))
    }

    /// An open descriptor of the folder at `path` (`O_DIRECTORY`, `O_CLOEXEC`).
    private static func openFolder(_ path: String) throws(Failure) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Failure(path: nil, action: "cannot open '\(path)'", reason: String(cString: strerror(errno)))
        }
        return descriptor
    }

    /// Unlinks the file or symbolic link at `path` when every folder on the way to it is a real
    /// folder (never through a symbolic link out of the output folder). Returns whether it did.
    private static func unlinkIfListed(_ path: String, in outputFolder: Int32) -> Bool {
        guard isThroughRealFolders(path, in: outputFolder) else { return false }
        switch FileEntryKind(atPath: path, inFolder: outputFolder) {
        case .regularFile?, .symbolicLink?:
            return unlinkat(outputFolder, path, 0) == 0
        default:
            return false
        }
    }

    /// Whether every folder on the way to `path` is a real folder (not a symbolic link).
    private static func isThroughRealFolders(_ path: String, in outputFolder: Int32) -> Bool {
        OutputFile.ancestors(of: path).allSatisfy { FileEntryKind(atPath: $0, inFolder: outputFolder) == .directory }
    }

    /// Whether `path` is a regular file reached through real folders only.
    private static func isRegularFileThroughRealFolders(_ path: String, in outputFolder: Int32) -> Bool {
        isThroughRealFolders(path, in: outputFolder) && FileEntryKind(atPath: path, inFolder: outputFolder) == .regularFile
    }

    /// Removes the folders on the way to `paths`, deepest first, when they are empty (`rmdir`
    /// semantics refuse non-empty folders, so the user's files keep their folders).
    private static func removeEmptyFolders(holding paths: [String], in outputFolder: Int32) {
        let folders = Set(paths.flatMap { OutputFile.ancestors(of: $0) })
        let deepestFirst = folders.sorted {
            let (a, b) = ($0.split(separator: "/").count, $1.split(separator: "/").count)
            return a != b ? a > b : $0 < $1
        }
        for folder in deepestFirst where FileEntryKind(atPath: folder, inFolder: outputFolder) == .directory {
            _ = unlinkat(outputFolder, folder, AT_REMOVEDIR)
        }
    }
}
