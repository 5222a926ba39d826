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
        /// No folder from the working folder up to `/` holds `Destinations/`.
        case none(workingFolder: URL)
    }

    /// The working folder as a file URL.
    static var workingFolder: URL { URL(fileURLWithPath: FileManager.default.currentDirectoryPath) }

    /// `path` resolved against the working folder, or `nil` for `nil`.
    static func resolve(_ path: String?) -> URL? {
        guard let path else { return nil }
        return URL(fileURLWithPath: path, relativeTo: workingFolder).standardizedFileURL
    }

    /// `--source` resolved, or the project found upward from the working folder.
    static func lookup(source: String?) -> Lookup {
        if let url = resolve(source) { return .given(url) }
        let folder = workingFolder.standardizedFileURL
        return ProjectLocator.root(searchingUpwardFrom: folder).map { .found($0, workingFolder: folder) }
            ?? .none(workingFolder: folder)
    }

    /// The project root for a command that needs one, or `nil` after printing why there is none
    /// (a `--source` that is not a project root, ``ProjectLocator/problem(withGivenRoot:)``; no
    /// project found). With `verbose`, says which root is
    /// used and how it was chosen, through `report` (by default straight to standard output,
    /// unbuffered, so the line comes first even before a server's output).
    static func required(source: String?, verbose: Bool, report: (String) -> Void = printOutput) -> URL? {
        switch optional(source: source, verbose: verbose, report: report) {
        case .success(let root?): return root
        case .success(nil):
            printError(noProjectMessage(workingFolder.standardizedFileURL))
            return nil
        case .failure: return nil
        }
    }

    /// The project root when there is one (`nil` outside any project), for a command that also
    /// works without one (`trip`); a failure, after printing why, when `--source` is not a project
    /// root.
    /// With `verbose`, says through `report` which root is used, or that none was found.
    static func optional(source: String?, verbose: Bool, report: (String) -> Void) -> Result<URL?, NotAProject> {
        switch lookup(source: source) {
        case .given(let url):
            if let problem = ProjectLocator.problem(withGivenRoot: url) {
                printError("roadtrip: error: \(problem)")
                return .failure(NotAProject())
            }
            if verbose { report("Project root: \(url.path) (--source)") }
            return .success(url)
        case .found(let url, let workingFolder):
            if verbose { report("Project root: \(url.path) (found from \(workingFolder.path))") }
            return .success(url)
        case .none(let workingFolder):
            if verbose { report("No project root: no folder holds Destinations/ from \(workingFolder.path) up") }
            return .success(nil)
        }
    }

    /// `--source` names no project root (the message is printed).
    struct NotAProject: Error {}

    /// The error for a command run outside any project.
    static func noProjectMessage(_ workingFolder: URL) -> String {
        "roadtrip: error: no roadtrip project in \(workingFolder.path) or any folder above it (a project is a "
            + "folder holding Destinations/); create one with 'roadtrip new site DIR', or name one with --source DIR"
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
