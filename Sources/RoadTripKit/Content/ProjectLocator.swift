import Foundation

/// Finds the project root a command works on when `--source` is not given, as git finds `.git/`
/// and Hugo its configuration: the working folder or the nearest folder above it that holds a
/// `Destinations/` folder (DESIGN §1).
public enum ProjectLocator {
    /// `true` when `folder` is a project root: it holds a `Destinations/` directory (a file named
    /// `Destinations` does not count; `Destinations/site.yaml` implies the directory).
    public static func isProjectRoot(_ folder: URL) -> Bool {
        var isDirectory: ObjCBool = false
        let destinations = folder.appendingPathComponent("Destinations")
        return FileManager.default.fileExists(atPath: destinations.path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// The nearest project root at or above `folder` (a file URL; made absolute and standardized
    /// first), searching up to the file-system root, or `nil` when no folder on the way is one.
    ///
    /// From `trip/Destinations/bergen/` this gives `trip/`: `Destinations/` itself and its
    /// destination folders hold no `Destinations/` of their own.
    public static func root(searchingUpwardFrom folder: URL) -> URL? {
        var candidate = folder.standardizedFileURL
        while true {
            if isProjectRoot(candidate) { return candidate }
            let parent = candidate.deletingLastPathComponent().standardizedFileURL
            if parent.path == candidate.path { return nil }
            candidate = parent
        }
    }
}
