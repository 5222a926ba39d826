import Foundation
import RoadTripContent

/// The output folder policy's rule that needs the write step's manifest.
extension OutputFolderPolicy {
    /// The entries of the existing folder at `path` that keep roadtrip from writing it: none when it
    /// holds an ``OutputManifest`` (roadtrip wrote it before, and what was added since is the
    /// user's, left alone), else ``entriesInTheWay(inFolderAtPath:)``.
    ///
    /// - Throws: the file system's error when the folder cannot be listed.
    static func foreignEntries(inFolderAtPath path: String) throws -> [String] {
        if FileManager.default.fileExists(atPath: path + "/" + OutputManifest.fileName) { return [] }
        return try entriesInTheWay(inFolderAtPath: path)
    }
}
