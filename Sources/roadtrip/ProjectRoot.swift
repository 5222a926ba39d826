import Foundation
import RoadTripKit

/// The project a command works on: `--source DIR` when given, otherwise the working folder or the
/// nearest folder above it that holds `Destinations/` (``ProjectLocator``), as git and Hugo find
/// theirs.
enum ProjectRoot {
    /// How the root was chosen.
    enum Lookup {
        /// `--source` named it (resolved against the working folder); it may be no project root.
        case given(URL)
        /// Found at or above the working folder.
        case found(URL, workingFolder: URL)
        /// No folder from the working folder up to where the search stops holds `Destinations/`.
        case notFound(workingFolder: URL)
    }

    /// The working folder as an absolute file URL, or `nil` after printing that it no longer
    /// exists. A shell can stay in a folder that was deleted (or moved) after it entered it;
    /// `getcwd(3)` then fails and Foundation gives an empty path, which must not be walked
    /// upward (there is no `/` at its top) nor read as the current folder.
    static func workingFolder() -> URL? {
        let path = FileManager.default.currentDirectoryPath
        var isDirectory: ObjCBool = false
        if path.hasPrefix("/") && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue {
            return URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        }
        // The shell's idea of the folder, when it says: where the user was.
        let shellFolder = ProcessInfo.processInfo.environment["PWD"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        let what = shellFolder.map { "\($0) was deleted or moved" } ?? "it was deleted or moved"
        printError(
            "roadtrip: error: the current folder no longer exists (\(what) after this shell entered it); "
                + "cd into a folder that exists and run the command again")
        return nil
    }

    /// `path` resolved against the working folder (an absolute `path` needs none), or `nil` after
    /// printing that the working folder no longer exists (``workingFolder()``).
    static func resolve(_ path: String) -> URL? {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL }
        guard let folder = workingFolder() else { return nil }
        return URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL
    }

    /// `--source` resolved, or the project found upward from the working folder; `nil` after
    /// printing that the working folder no longer exists.
    static func lookup(source: String?) -> Lookup? {
        if let source { return resolve(source).map { .given($0) } }
        guard let folder = workingFolder() else { return nil }
        return ProjectLocator.root(searchingUpwardFrom: folder).map { .found($0, workingFolder: folder) }
            ?? .notFound(workingFolder: folder)
    }

    /// The project root for a command that needs one, or `nil` after printing why there is none
    /// (a `--source` that is not a project root, ``ProjectLocator/problem(withGivenRoot:homeDirectory:)``;
    /// no project found; no working folder). With `verbose`, says which root is
    /// used and how it was chosen, through `report` (by default straight to standard output,
    /// unbuffered, so the line comes first even before a server's output).
    static func required(source: String?, verbose: Bool, report: (String) -> Void = printOutput) -> URL? {
        switch optional(source: source, verbose: verbose, report: report) {
        case .success(.some(let root)): return root
        case .success(.none):
            if let folder = workingFolder() { printError(noProjectMessage(folder)) }
            return nil
        case .failure: return nil
        }
    }

    /// The project root when there is one (`nil` outside any project), for a command that also
    /// works without one (`trip`); a failure, after printing why, when `--source` is not a project
    /// root or the working folder no longer exists.
    /// With `verbose`, says through `report` which root is used, or that none was found.
    static func optional(source: String?, verbose: Bool, report: (String) -> Void) -> Result<URL?, NotAProject> {
        switch lookup(source: source) {
        case nil:
            return .failure(NotAProject())
        case .given(let url)?:
            if let problem = ProjectLocator.problem(withGivenRoot: url) {
                printError("roadtrip: error: \(problem)")
                return .failure(NotAProject())
            }
            if verbose { report("Project root: \(url.path) (--source)") }
            return .success(url)
        case .found(let url, let workingFolder)?:
            if verbose { report("Project root: \(url.path) (found from \(workingFolder.path))") }
            return .success(url)
        case .notFound(let workingFolder)?:
            if verbose {
                let limit = ProjectLocator.searchLimit(above: workingFolder).map { " up to \($0.folder.path), where the search stops" } ?? ""
                report("No project root: no folder holds Destinations/ from \(workingFolder.path)\(limit)")
            }
            return .success(nil)
        }
    }

    /// `--source` names no project root, or there is no working folder (the message is printed).
    struct NotAProject: Error {}

    /// The error for a command run outside any project: where the search went, why it stopped
    /// where it did when that folder holds a `Destinations/` (the home folder, `/mnt`, …, never a
    /// root), and, for a folder of projects (`~/Destinations/` holding `trip-2025/`), which
    /// folder to `cd` into.
    static func noProjectMessage(_ workingFolder: URL) -> String {
        var message = "roadtrip: error: no roadtrip project in \(workingFolder.path) or any folder above it (a project is a "
            + "folder holding Destinations/)"
        if let limit = ProjectLocator.searchLimit(above: workingFolder), ProjectLocator.isProjectRoot(limit.folder) {
            message += "; \(limit.folder.appendingPathComponent(ProjectLocator.contentFolderName).path)/ is not read: "
                + "\(limit.folder.path) is \(limit.kind), never a project root"
        }
        if let file = ProjectLocator.ancestors(of: workingFolder).lazy
            .map({ $0.appendingPathComponent(ProjectLocator.contentFolderName) })
            .first(where: { folder in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) && !isDirectory.boolValue
            })
        {
            message += "; \(file.path) is a file, not a folder"
        }
        let projects = ProjectLocator.projects(inside: workingFolder)
        if let first = projects.first {
            let cd = "'cd \(ShellWord.path(first))'"
            if projects.count == 1 { return message + "; this folder holds the project \(first): run \(cd) first" }
            return message + "; this folder holds the projects \(projects.joined(separator: ", ")): cd into one first (\(cd))"
        }
        return message + "; create one with 'roadtrip new site DIR', or name one with --source DIR"
    }
}

/// Writes `line` and a newline to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Writes `line` and a newline to standard output at once (no stdio buffer).
func printOutput(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
