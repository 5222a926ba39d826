import Foundation

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
    /// - Parameter force: overwrite files that exist at those paths.
    /// - Throws: `Failure` when the project folder does not exist; without `force`, when any of
    ///   the files exists (`existingFiles` lists them; nothing is written); when a file cannot be
    ///   written (the files written before it stay).
    public static func eject(projectRoot: URL, force: Bool) throws(Failure) -> Summary {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: projectRoot.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw Failure(message: "the project folder \(projectRoot.path) does not exist", existingFiles: [])
        }
        let folder = projectRoot.appendingPathComponent("Themes").appendingPathComponent(BuiltInTheme.name)
        let files = BuiltInTheme.files.keys.sorted().map { relativePath in
            (relativePath: relativePath, url: folder.appendingPathComponent(relativePath))
        }
        let existing = files.filter { FileManager.default.fileExists(atPath: $0.url.path) }
        if !existing.isEmpty && !force {
            throw Failure(
                message: "\(existing.count) of the built-in theme's files already exist in "
                    + "\(ProjectPath.relative(folder, to: projectRoot))/",
                existingFiles: existing.map { ProjectPath.relative($0.url, to: projectRoot) })
        }
        var written: [String] = []
        for file in files {
            do {
                try FileManager.default.createDirectory(
                    at: file.url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try BuiltInTheme.files[file.relativePath, default: Data()]
                    .write(to: file.url, options: force ? .atomic : .withoutOverwriting)
            } catch {
                throw Failure(
                    message: "cannot write \(ProjectPath.relative(file.url, to: projectRoot)): "
                        + error.localizedDescription,
                    existingFiles: [])
            }
            written.append(ProjectPath.relative(file.url, to: projectRoot))
        }
        return Summary(written: written, replaced: existing.map { ProjectPath.relative($0.url, to: projectRoot) })
    }
}
