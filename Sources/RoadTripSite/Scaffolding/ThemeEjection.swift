import Foundation
import RoadTripCore
import RoadTripContent
import RoadTripRender

/// `roadtrip theme eject [--force]`: writes the built-in theme (``BuiltInTheme``) into the
/// project's `Themes/default/`, for a user who wants to edit all of it. Once there, every file
/// overrides its built-in copy (``ThemeFile/lookup(projectRoot:name:)``), so the site looks the
/// same until the user edits one.
///
/// Nothing is overwritten unless asked: without `force`, one existing file at a path the theme
/// would write stops the whole ejection before anything is written. Files of the folder that
/// the built-in theme does not have are never touched, with or without `force`.
public enum ThemeEjection {
    /// Why the theme was not (entirely) written.
    public struct Failure: Error, Sendable {
        /// One line for standard error.
        public let message: String
        /// The files that already exist, relative to the project root, sorted (empty unless the
        /// ejection stopped because of them).
        public let existingFiles: [String]
    }

    /// What an ejection wrote.
    public struct Summary: Sendable {
        /// The files written, relative to the project root (`Themes/default/theme.yaml`, …), sorted.
        public let written: [String]
        /// Those of `written` that replaced an existing file (only with `force`).
        public let replaced: [String]
    }

    /// Writes every file of the built-in theme to `<projectRoot>/Themes/default/<path>`, creating
    /// folders as needed.
    /// - Parameters:
    ///   - force: overwrite files that exist at those paths.
    ///   - homeDirectory: the user's home folder, for ``OutputFolderPolicy``'s refusals.
    /// - Throws: `Failure` when `projectRoot` is not a project (no `Destinations/`,
    ///   ``ProjectLocator/problem(withGivenRoot:homeDirectory:)``); when `Themes/default/` is a folder roadtrip
    ///   never writes (``OutputFolderPolicy/refusal(toWrite:as:homeDirectory:)``: inside `/etc`,
    ///   …), or any folder a file goes into is one, or leads out of the project through a symbolic
    ///   link (``OutputFolderPolicy/refusal(toWriteInside:projectRoot:as:homeDirectory:)``; nothing
    ///   is written); when something is in the way of a file, with or without `force` (a file `Themes` where
    ///   a folder is needed, a folder where a file goes: ``FileBytes/obstacle(toWriting:projectRoot:)``
    ///   says which; nothing is written); without `force`, when any of the files exists
    ///   (`existingFiles` lists them; nothing is written); when a file cannot be written (the
    ///   files written before it stay).
    public static func eject(
        projectRoot: URL, force: Bool, homeDirectory: URL? = ProjectLocator.defaultHomeDirectory
    ) throws(Failure) -> Summary {
        if let problem = ProjectLocator.problem(withGivenRoot: projectRoot) {
            throw Failure(message: problem, existingFiles: [])
        }
        let folder = projectRoot.appendingPathComponent("Themes").appendingPathComponent(BuiltInTheme.name)
        let shownFolder = ProjectPath.relative(folder, to: projectRoot) + "/"
        if let refusal = OutputFolderPolicy.refusal(toWrite: folder, as: "the theme's folder", homeDirectory: homeDirectory) {
            throw Failure(message: refusal, existingFiles: [])
        }
        let files = BuiltInTheme.files.keys.sorted().map { relativePath in
            (relativePath: relativePath, url: folder.appendingPathComponent(relativePath))
        }
        // Every folder a file goes into, by where it leads: a linked layouts/ or assets/ too.
        for subfolder in Set(files.map { $0.url.deletingLastPathComponent().standardizedFileURL.path }).sorted() {
            if let refusal = OutputFolderPolicy.refusal(
                toWriteInside: URL(fileURLWithPath: subfolder, isDirectory: true), projectRoot: projectRoot,
                as: "a folder of the theme", homeDirectory: homeDirectory)
            {
                throw Failure(message: refusal + "; nothing was written", existingFiles: [])
            }
        }
        var obstacles: [String] = []
        for file in files {
            if let obstacle = FileBytes.obstacle(toWriting: file.url, projectRoot: projectRoot), !obstacles.contains(obstacle) {
                obstacles.append(obstacle)
            }
        }
        if !obstacles.isEmpty {
            throw Failure(
                message: "cannot write the built-in theme into \(shownFolder): \(obstacles.joined(separator: "; ")); "
                    + "nothing was written",
                existingFiles: [])
        }
        let existing = files.filter { FileManager.default.fileExists(atPath: $0.url.path) }
        if !existing.isEmpty && !force {
            throw Failure(
                message: "\(existing.count) of the built-in theme's files already exist in \(shownFolder)",
                existingFiles: existing.map { ProjectPath.relative($0.url, to: projectRoot) })
        }
        var written: [String] = []
        for file in files {
            do throws(FileWriteError) {
                try FileBytes.write(
                    BuiltInTheme.files[file.relativePath, default: Data()], to: file.url, replacing: force,
                    projectRoot: projectRoot)
            } catch {
                throw Failure(message: error.description, existingFiles: [])
            }
            written.append(ProjectPath.relative(file.url, to: projectRoot))
        }
        return Summary(written: written, replaced: existing.map { ProjectPath.relative($0.url, to: projectRoot) })
    }
}
