import Foundation
import RoadTripCore

/// Finds the project root a command works on when `--source` is not given, as git finds `.git/`
/// and Hugo its configuration: the working folder or the nearest folder above it that holds a
/// `Destinations/` folder — and says why a folder given as the root is none.
///
/// A folder named `Destinations` is the content folder of the folder holding it, never a root,
/// and neither is any folder inside a `Destinations/` that holds a project's content (a
/// `site.yaml`, a `Destinations.plist` or a destination folder with its `index.md`): a destination
/// may itself be called `Destinations/`, or hold a folder of that name, and the search walks on
/// upward past them. A folder of trip projects that happens to be called `Destinations`
/// (`~/Destinations/trip-2025/`) holds none of those, so the projects in it are found.
///
/// The search stops below the folders that hold many people's or many projects' folders — the
/// file-system root, the home folder and the folders holding it, the shared folders `/tmp`,
/// `/mnt`, `/media`, `/srv`, … (``OutputFolderPolicy/holderOfUnrelatedFolders(_:homeDirectory:)``):
/// none of them is ever a project root, so a stray `~/Destinations/` or `/mnt/Destinations/`
/// does not turn every folder under it into one project.
public enum ProjectLocator {
    /// The user's home folder: `$HOME` when set and non-empty, else Foundation's
    /// `NSHomeDirectory()`.
    public static var defaultHomeDirectory: URL? {
        // getenv: Foundation's `environment` parses every variable into a dictionary at each call.
        if let value = getenv("HOME"), value.pointee != 0 {
            return URL(fileURLWithPath: String(cString: value), isDirectory: true)
        }
        let home = NSHomeDirectory()
        return home.isEmpty ? nil : URL(fileURLWithPath: home, isDirectory: true)
    }

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

    /// `folder` (standardized) and every folder above it, nearest first, ending with `/`: for
    /// `/a/b`, `/a/b`, `/a` and `/`. Made from the path's components, so every walk upward over
    /// it ends after as many steps as the path has components, whatever the path is (a relative
    /// one, such as the `.` Foundation makes of a working folder that was deleted, gives its own
    /// prefixes and no `/`).
    public static func ancestors(of folder: URL) -> [URL] {
        let path = folder.standardizedFileURL.path
        let isAbsolute = path.hasPrefix("/")
        let components = path.split(separator: "/").map(String.init)
        return (0...components.count).reversed().compactMap { count in
            let prefix = components.prefix(count).joined(separator: "/")
            if isAbsolute { return URL(fileURLWithPath: "/" + prefix, isDirectory: true) }
            return prefix.isEmpty ? nil : URL(fileURLWithPath: prefix, isDirectory: true)
        }
    }

    /// `true` when `folder` (a file URL, standardized first) is a folder named `Destinations`, or
    /// lies inside one that holds a project's content (``holdsContent(_:)``): content of the
    /// project above it, which the search for a root walks past.
    public static func isContent(_ folder: URL) -> Bool {
        let ancestors = ancestors(of: folder)
        if ancestors.first?.lastPathComponent == contentFolderName { return true }
        return ancestors.dropFirst().contains { $0.lastPathComponent == contentFolderName && holdsContent($0) }
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
    /// first), or `nil` when no folder on the way is one. Folders that are content
    /// (``isContent(_:)``) are passed over even when they hold a `Destinations/` of their own;
    /// the search ends before the first folder that is never a root (``searchLimit(above:homeDirectory:)``).
    ///
    /// From `trip/Destinations/bergen/` this gives `trip/`; from `trip/Destinations/` too, also
    /// when a destination folder is named `Destinations` (`trip/Destinations/Destinations/`).
    /// - Parameter homeDirectory: the user's home folder (``ProjectLocator/defaultHomeDirectory``),
    ///   where the search stops; `nil` leaves only the shared folders and `/` as limits.
    public static func root(
        searchingUpwardFrom folder: URL, homeDirectory: URL? = ProjectLocator.defaultHomeDirectory
    ) -> URL? {
        let limit = searchLimit(above: folder, homeDirectory: homeDirectory)?.folder.path
        for candidate in ancestors(of: folder) {
            if candidate.path == limit { return nil }
            if !isContent(candidate) && isProjectRoot(candidate) { return candidate }
        }
        return nil
    }

    /// The first folder at or above `folder` where the search for a root stops, never taking it
    /// as one, and what it is: the home folder ("your home folder"), a folder holding it, a shared
    /// folder such as `/tmp` or `/mnt` ("a folder shared by the whole system"), or `/`
    /// (``OutputFolderPolicy/holderOfUnrelatedFolders(_:homeDirectory:)``). `nil` only for a
    /// relative `folder`.
    public static func searchLimit(
        above folder: URL, homeDirectory: URL? = ProjectLocator.defaultHomeDirectory
    ) -> (folder: URL, kind: String)? {
        for candidate in ancestors(of: folder) {
            if let kind = OutputFolderPolicy.holderOfUnrelatedFolders(candidate, homeDirectory: homeDirectory) {
                return (candidate, kind)
            }
        }
        return nil
    }

    /// The folders directly inside `folder` that are project roots, sorted by name: for a folder
    /// of projects (`~/Destinations/` holding `trip-2025/`), what to `cd` into.
    public static func projects(inside folder: URL) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return entries.filter { !$0.hasPrefix(".") && isProjectRoot(folder.appendingPathComponent($0)) }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Why `folder`, given as the project root (`--source`), is not one, in one line that says
    /// what to give instead; `nil` when it is one. It is not when it does not exist, is a file
    /// (`Destinations/bergen/index.md`), holds no `Destinations/`, is itself a project's
    /// `Destinations/`, or is a folder that is never a root (the home folder, `/tmp`, `/mnt`, …:
    /// ``OutputFolderPolicy/holderOfUnrelatedFolders(_:homeDirectory:)``); the message then names
    /// the project around it, when there is one.
    public static func problem(
        withGivenRoot folder: URL, homeDirectory: URL? = ProjectLocator.defaultHomeDirectory
    ) -> String? {
        let folder = folder.standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
            return "the project folder \(folder.path) does not exist (--source names the folder holding Destinations/)"
        }
        let isContentFolder = isDirectory.boolValue && folder.lastPathComponent == contentFolderName
        let rule = "--source names the project root, the folder holding Destinations/"
        if isDirectory.boolValue && !isContentFolder && isProjectRoot(folder) {
            guard let what = OutputFolderPolicy.holderOfUnrelatedFolders(folder, homeDirectory: homeDirectory) else { return nil }
            return "\(folder.path) is \(what), which is never a project root (its Destinations/ would make every "
                + "folder under it one project): \(rule); keep a project in a folder of its own, such as "
                + "\(folder.appendingPathComponent("trip").path) ('roadtrip new site DIR' makes one)"
        }
        let around = root(
            searchingUpwardFrom: isDirectory.boolValue ? folder : folder.deletingLastPathComponent(),
            homeDirectory: homeDirectory)
        let advice = around.map { "; the project it is in is \($0.path): give --source \($0.path), or no --source inside it" }
            ?? "; create a project with 'roadtrip new site DIR'"
        if !isDirectory.boolValue { return "\(folder.path) is a file, not a folder: \(rule)\(advice)" }
        if isContentFolder { return "\(folder.path) is a project's content folder, not its root: \(rule)\(advice)" }
        let destinations = folder.appendingPathComponent(contentFolderName)
        if let target = FileBytes.danglingLinkTarget(destinations) {
            return "\(destinations.path) is a symbolic link to a missing folder ('\(target)'), so \(folder.path) is not a "
                + "roadtrip project: \(rule)\(advice)"
        }
        if FileManager.default.fileExists(atPath: destinations.path) {
            return "\(destinations.path) is a file, not a folder, so \(folder.path) is not a roadtrip project: \(rule) "
                + "(a project's content is the folder Destinations/)\(advice)"
        }
        return "no Destinations/ folder in \(folder.path), so it is not a roadtrip project: \(rule)\(advice)"
    }
}
