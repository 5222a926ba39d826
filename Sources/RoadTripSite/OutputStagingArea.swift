import Foundation
import RoadTripCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the builds of one output folder keep their lock file and stage their files:
/// a folder on the output folder's own mount, so that every staged file can be renamed into
/// place (`rename(2)` fails with "Invalid cross-device link" between mounts).
///
/// - **Beside** the output folder, in its parent, when the output folder does not exist yet (the
///   whole staging folder then becomes the output folder with one rename), or when the parent is
///   on the same mount (``MountIdentity``) and writable. The output folder is then left as
///   nothing but the site.
/// - **Inside** the output folder otherwise: when it is a mount point of its own (a Docker volume,
///   a partition, a tmpfs) or its parent is not writable.
///
/// Either way the area holds, named after the output folder (`<name>` is its last component, or
/// for a name of more than 200 bytes its start and a hash of it, ``tag(of:)``):
/// - `.roadtrip-lock-<name>`: the lock file of ``OutputLock``, which holds the pid of the build
///   holding it and is removed when that build ends;
/// - `.roadtrip-staging-<name>-<pid>/`: one build's staging folder, holding the marker file
///   ``markerName``, the staged files in `site/` and the manifests to rename into place. It is
///   removed when the build ends; one that a killed build left is removed by the next build
///   (``removeAbandonedStagingFolders()``).
///
/// Both are dotfiles whose names start with `.roadtrip-`: inside the output folder no build
/// writes such a name (``OutputFile/pathProblem(_:)``), the manifest never lists one, nothing
/// counts them as the user's files (``OutputFolderPolicy``), and `roadtrip serve` answers 404
/// for dotfiles.
///
/// The area depends only on the output folder and its mount, not on what a build finds in it,
/// so every build of one output folder — whether it finds the folder missing, written or being
/// written — uses the same lock file.
struct OutputStagingArea: Sendable, Equatable {
    /// The output folder: absolute, `..` and symbolic links resolved
    /// (``OutputFolderPolicy/canonicalComponents(_:)``).
    let output: URL
    /// The folder holding the lock file and the staging folders: the output folder's parent, or
    /// the output folder itself (``isInsideOutput``).
    let folder: URL
    /// `true` when ``folder`` is the output folder itself.
    let isInsideOutput: Bool

    /// The prefix of every name roadtrip keeps for itself at the top of an output folder and
    /// beside it: the manifest, the lock file and the staging folders.
    static let reservedPrefix = ".roadtrip-"

    /// The marker file inside every staging folder: a staging folder is removed as abandoned only
    /// when it holds this file with ``markerText``, so no folder of the user's is ever taken for one.
    static let markerName = ".roadtrip-staging"

    /// The first line of ``markerName``.
    static let markerText = "roadtrip staging folder: a build's files before they are renamed into place; the next build removes it\n"

    /// Creates ``markerName`` with ``markerText`` in the staging folder `folder` (never over a file
    /// there); `nil`, or why it could not (strerror(3)'s words), with no marker left behind.
    /// Written with open(2) and write(2): Foundation's `Data.write(to:)` ends with an fsync(2),
    /// which waited ~0.7 ms for the disk at the start of every build's render-pages, and the
    /// marker, like the staged files, need not reach the disk first (a crash leaves a staging
    /// folder that the next build removes, or one without its marker, which it leaves alone).
    static func writeMarker(in folder: URL) -> String? {
        let path = folder.appendingPathComponent(markerName).path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var text = markerText
        var failure = text.withUTF8 { bytes in OutputWriter.writeAll(descriptor, UnsafeRawBufferPointer(bytes)) }
            ? nil : String(cString: strerror(errno))
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure != nil { unlink(path) }
        return failure
    }

    /// The area for the canonical output folder `output` (see the type's description).
    init(output: URL) {
        self.output = output
        let parent = output.deletingLastPathComponent()
        if FileEntryKind(atPath: output.path) == .directory,
           !Self.canRename(between: parent.path, and: output.path) || access(parent.path, W_OK | X_OK) != 0
        {
            folder = output
            isInsideOutput = true
        } else {
            folder = parent
            isInsideOutput = false
        }
    }

    /// Whether `rename(2)` can move entries between the existing folders `first` and `second`
    /// (``MountIdentity``); `true` when either cannot be opened (the rename then reports it).
    static func canRename(between first: String, and second: String) -> Bool {
        guard let one = MountIdentity(ofFolderAtPath: first), let other = MountIdentity(ofFolderAtPath: second) else {
            return true
        }
        return one.allowsRenames(to: other)
    }

    /// `.roadtrip-lock-<name>` in ``folder``.
    var lockFile: URL {
        folder.appendingPathComponent("\(Self.reservedPrefix)lock-\(Self.tag(of: output.lastPathComponent))", isDirectory: false)
    }

    /// `.roadtrip-staging-<name>-` : the start of the staging folders' names.
    private var stagingPrefix: String {
        "\(Self.reservedPrefix)staging-\(Self.tag(of: output.lastPathComponent))-"
    }

    /// The longest output folder name (UTF-8 bytes) that the lock file's and the staging folders'
    /// names hold whole: `.roadtrip-staging-<name>-<pid>`, with a pid of up to 10 digits, within
    /// the 255 bytes a name may have (`NAME_MAX` of Linux's file systems).
    static let longestWholeName = 200

    /// The `<name>` in the lock file's and staging folders' names for the output folder `name`:
    /// `name` itself, or for a name longer than ``longestWholeName`` bytes its first characters
    /// (at most 183 bytes) and `-` and the FNV-1a 64 of the whole name in 16 hexadecimal digits,
    /// so that every build of that folder finds the same lock file.
    static func tag(of name: String) -> String {
        guard name.utf8.count > longestWholeName else { return name }
        var prefix = ""
        for character in name {
            guard prefix.utf8.count + character.utf8.count <= longestWholeName - 17 else { break }
            prefix.append(character)
        }
        return prefix + "-" + FNV1a.hex64(name)
    }

    /// The staging folder of the build running as process `processIdentifier`.
    func stagingFolder(processIdentifier: Int32) -> URL {
        folder.appendingPathComponent(stagingPrefix + String(processIdentifier), isDirectory: true)
    }

    /// Removes every staging folder of this output folder that a build left behind (killed, or
    /// its machine stopped), beside and inside the output folder. Call it holding the lock: every
    /// build of this folder stages here and holds the lock while its staging folder exists, so
    /// each one found is abandoned. Only a real folder (not a symbolic link) whose name is
    /// `.roadtrip-staging-<name>-<digits>` and which holds the marker file with ``markerText`` is
    /// removed, or one that a build killed while creating it left: empty, or holding nothing but
    /// the start of the marker file (``isUnfinishedStagingFolder(_:)``). Anything else is left alone.
    ///
    /// - Returns: the folders removed.
    @discardableResult
    func removeAbandonedStagingFolders() -> [URL] {
        var removed: [URL] = []
        for place in [output.deletingLastPathComponent(), output] {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: place.path) else { continue }
            // Compared byte for byte: String's hasPrefix takes "café" spelled with a combining accent
            // for the precomposed one, another folder's name (a tester's build removed the staging
            // folder of a build of the other spelling while it ran).
            let prefix = Array(stagingPrefix.utf8)
            for name in names where name.utf8.starts(with: prefix) {
                let digits = name.utf8.dropFirst(prefix.count)
                guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { continue }
                let candidate = place.appendingPathComponent(name, isDirectory: true)
                guard Self.isStagingFolder(candidate) || Self.isUnfinishedStagingFolder(candidate),
                    (try? Self.removeStagingFolder(candidate)) != nil
                else {
                    continue
                }
                removed.append(candidate)
            }
        }
        return removed
    }

    /// Removes the staging folder `folder` with its marker file last, so that a build killed
    /// while removing it (which can take a while: freeing the files the apply phase replaced)
    /// leaves a folder that is still marked, and the next build removes it as abandoned.
    /// - Throws: the first error removing an entry or the folder.
    static func removeStagingFolder(_ folder: URL) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name != markerName {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
        try FileManager.default.removeItem(at: folder)
    }

    /// Whether `folder` is a real folder holding the marker file, a regular file starting with
    /// ``markerText``.
    static func isStagingFolder(_ folder: URL) -> Bool {
        guard FileEntryKind(atPath: folder.path) == .directory else { return false }
        let marker = folder.appendingPathComponent(markerName).path
        guard FileEntryKind(atPath: marker) == .regularFile, let data = FileManager.default.contents(atPath: marker) else {
            return false
        }
        return data.starts(with: Data(markerText.utf8))
    }

    /// Whether `folder` is a staging folder whose build was killed before its marker file was
    /// whole: a real folder that is empty, or holds only a regular file ``markerName`` whose bytes
    /// are the start of ``markerText`` (the marker is the first thing a build writes into it, so
    /// such a folder holds nothing else). It holds nothing of the user's, and its name is roadtrip's.
    static func isUnfinishedStagingFolder(_ folder: URL) -> Bool {
        guard FileEntryKind(atPath: folder.path) == .directory,
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return false }
        if names.isEmpty { return true }
        guard names == [markerName] else { return false }
        let marker = folder.appendingPathComponent(markerName).path
        guard FileEntryKind(atPath: marker) == .regularFile, let data = FileManager.default.contents(atPath: marker) else {
            return false
        }
        return Data(markerText.utf8).starts(with: data)
    }
}
