import Foundation
import TestTools

/// Every entry below a folder, not following symbolic links: each file with its bytes, each
/// folder, each link with its destination, by path relative to the folder — to compare an output
/// folder with a reference build byte for byte.
struct FolderSnapshot: Equatable {
    enum Entry: Equatable {
        case file(Data)
        case folder
        case link(String)
    }

    var entries: [String: Entry]

    /// Reads `folder` (which must exist).
    init(_ folder: URL) throws {
        var entries: [String: Entry] = [:]
        for entry in try FolderWalk.entries(below: folder) {
            switch entry.type {
            case .typeDirectory?:
                entries[entry.path] = .folder
            case .typeSymbolicLink?:
                entries[entry.path] = .link(try FileManager.default.destinationOfSymbolicLink(atPath: entry.url.path))
            default:
                entries[entry.path] = .file(try Data(contentsOf: entry.url))
            }
        }
        self.entries = entries
    }

    /// The paths of the files.
    var files: Set<String> {
        Set(entries.compactMap { path, entry in if case .file = entry { path } else { nil } })
    }

    /// The bytes of the file at `path`, or `nil`.
    subscript(file path: String) -> Data? {
        if case .file(let data)? = entries[path] { return data }
        return nil
    }

    /// This snapshot without the entries at or below `paths`.
    func removing(_ paths: Set<String>) -> FolderSnapshot {
        var copy = self
        copy.entries = entries.filter { path, _ in !paths.contains { path == $0 || path.hasPrefix($0 + "/") } }
        return copy
    }

    /// The paths whose entries differ between the two snapshots (present in one only, or
    /// different), sorted; for messages.
    func differences(from other: FolderSnapshot) -> [String] {
        Set(entries.keys).union(other.entries.keys).filter { entries[$0] != other.entries[$0] }.sorted()
    }
}

/// The names in `folder` that start with `.roadtrip-staging` or `.roadtrip-lock`: what a build
/// keeps beside (or inside) its output folder while it runs.
func roadtripWorkEntries(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasPrefix(".roadtrip-staging") || $0.hasPrefix(".roadtrip-lock") }.sorted()
}
