import Foundation

/// Finds the project root a command works on when `--source` is not given, as git finds `.git/`
/// and Hugo its configuration: the working folder or the nearest folder above it that holds a
/// `Destinations/` folder (DESIGN §1) — and says why a folder given as the root is none.
///
/// A folder named `Destinations` is the content folder of the folder holding it, never a root,
/// and neither is any folder inside a `Destinations/` that holds a project's content (a
/// `site.yaml`, a `Destinations.plist` or a destination folder with its `index.md`): a destination
/// may itself be called `Destinations/`, or hold a folder of that name, and the search walks on
/// upward past them. A folder of trip projects that happens to be called `Destinations`
/// (`~/Destinations/trip-2025/`) holds none of those, so the projects in it are found.
public enum ProjectLocator {
    /// The name of a project's content folder.
    public static let contentFolderName = "Destinations"

    /// `true` when `folder` is a project root: it holds a `Destinations/` directory (a file named
    /// `Destinations` does not count; `Destinations/site.yaml` implies the directory).
    public static func isProjectRoot(_ folder: URL) -> Bool {
        var isDirectory: ObjCBool = false
        let destinations = folder.appendingPathComponent(contentFolderName)
        return FileManager.default.fileExists(atPath: destinations.path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// `true` when `folder` (a file URL, standardized first) is a folder named `Destinations`, or
    /// lies inside one that holds a project's content (``holdsContent(_:)``): content of the
    /// project above it, which the search for a root walks past.
    public static func isContent(_ folder: URL) -> Bool {
        var candidate = folder.standardizedFileURL
        if candidate.lastPathComponent == contentFolderName { return true }
        while true {
            let parent = candidate.deletingLastPathComponent().standardizedFileURL
            if parent.path == candidate.path { return false }
            candidate = parent
            if candidate.lastPathComponent == contentFolderName && holdsContent(candidate) { return true }
        }
    }

    /// `true` when the folder `destinations` holds what a project's `Destinations/` holds: a
    /// `site.yaml`, a `Destinations.plist`, or a folder with an `index.md`.
    static func holdsContent(_ destinations: URL) -> Bool {
        let fileManager = FileManager.default
        for name in ["site.yaml", "Destinations.plist"]
        where fileManager.fileExists(atPath: destinations.appendingPathComponent(name).path) {
            return true
        }
        let entries = (try? fileManager.contentsOfDirectory(atPath: destinations.path)) ?? []
        return entries.contains { entry in
            fileManager.fileExists(atPath: destinations.appendingPathComponent(entry).appendingPathComponent("index.md").path)
        }
    }

    /// The nearest project root at or above `folder` (a file URL; made absolute and standardized
    /// first), searching up to the file-system root, or `nil` when no folder on the way is one.
    /// Folders that are content (``isContent(_:)``) are passed over even when they hold a
    /// `Destinations/` of their own.
    ///
    /// From `trip/Destinations/bergen/` this gives `trip/`; from `trip/Destinations/` too, also
    /// when a destination folder is named `Destinations` (`trip/Destinations/Destinations/`).
    public static func root(searchingUpwardFrom folder: URL) -> URL? {
        var candidate = folder.standardizedFileURL
        while true {
            if !isContent(candidate) && isProjectRoot(candidate) { return candidate }
            let parent = candidate.deletingLastPathComponent().standardizedFileURL
            if parent.path == candidate.path { return nil }
            candidate = parent
        }
    }

    /// Why `folder`, given as the project root (`--source`), is not one, in one line that says
    /// what to give instead; `nil` when it is one. It is not when it does not exist, is a file
    /// (`Destinations/bergen/index.md`), holds no `Destinations/`, or is itself a project's
    /// `Destinations/`; the message then names the project around it, when there is one.
    public static func problem(withGivenRoot folder: URL) -> String? {
        let folder = folder.standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
            return "the project folder \(folder.path) does not exist (--source names the folder holding Destinations/)"
        }
        let isContentFolder = isDirectory.boolValue && folder.lastPathComponent == contentFolderName
        if isDirectory.boolValue && !isContentFolder && isProjectRoot(folder) { return nil }
        let around = root(searchingUpwardFrom: isDirectory.boolValue ? folder : folder.deletingLastPathComponent())
        let advice = around.map { "; the project it is in is \($0.path): give --source \($0.path), or no --source inside it" }
            ?? "; create a project with 'roadtrip new site DIR'"
        let rule = "--source names the project root, the folder holding Destinations/"
        if !isDirectory.boolValue { return "\(folder.path) is a file, not a folder: \(rule)\(advice)" }
        if isContentFolder { return "\(folder.path) is a project's content folder, not its root: \(rule)\(advice)" }
        return "no Destinations/ folder in \(folder.path), so it is not a roadtrip project: \(rule)\(advice)"
    }
}
