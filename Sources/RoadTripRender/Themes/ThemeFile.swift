import Foundation
import RoadTripCore

/// One file of a theme as a build uses it — `theme.yaml`, a layout or partial under `layouts/`, an
/// asset under `assets/` — and where it was found: the project's `Themes/<name>/` or the theme
/// built into roadtrip (``BuiltInTheme``).
public struct ThemeFile: Sendable, Hashable {
    /// Where the file's bytes are.
    public enum Origin: Sendable, Hashable {
        /// A file of the project's `Themes/<name>/`, read when it is used.
        case project(URL)
        /// A file of the built-in theme: its bytes.
        case builtIn(Data)
    }

    /// The '/'-separated path relative to the theme folder: `theme.yaml`,
    /// `layouts/partials/card.mustache`, `assets/roadtrip.css`.
    public let relativePath: String
    /// The file as diagnostics name it: its path relative to the project root
    /// (`Themes/default/layouts/base.mustache`), or for a built-in file
    /// `(built-in theme)/layouts/base.mustache`.
    public let displayPath: String
    /// Where the bytes are.
    public let origin: Origin

    /// Why the project file at `url` is no file a theme can use although it is there: a symbolic
    /// link to nothing or in a loop, a named pipe, a device (``FileBytes/reason(for:error:)``);
    /// `nil` for a regular file or a folder.
    static func unreadableProblem(_ url: URL) -> String? {
        guard FileBytes.danglingLinkTarget(url) != nil || FileBytes.specialFileProblem(url) != nil else { return nil }
        return FileBytes.reason(for: url, error: nil)
    }

    /// The file's contents as UTF-8 text.
    /// - Throws: `FileReadError` when a project file cannot be read or the bytes are not UTF-8.
    package func text() throws(FileReadError) -> String {
        switch origin {
        case .project(let url): return try TextFile.read(url)
        case .builtIn(let data): return try TextFile.decode(data)
        }
    }

    /// The file as the contents of an output file: a project file is copied when the output is
    /// written, a built-in one is written from memory.
    package var outputContents: OutputFile.Contents {
        switch origin {
        case .project(let url): return .copy(from: url)
        case .builtIn(let data): return .data(data)
        }
    }

    /// The files of the theme `name` for the project at `projectRoot`, by ``relativePath``, looked
    /// up as Hugo looks up a project's files over its theme's: every file of the built-in theme of
    /// that name, unless the project's `Themes/<name>/` has a file at the same path, which wins;
    /// and every other file of the project's folder. Hidden files and folders are left out.
    ///
    /// Returns `nil` when the theme does not exist: no built-in theme is called `name` and the
    /// project has no `Themes/<name>/layouts/`.
    static func lookup(projectRoot: URL, name: String) -> [String: ThemeFile]? {
        let folder = projectRoot.appendingPathComponent("Themes").appendingPathComponent(name)
        let builtIn = BuiltInTheme.files(ofTheme: name)
        guard builtIn != nil || FileManager.default.fileExists(atPath: folder.appendingPathComponent("layouts").path)
        else { return nil }
        var files: [String: ThemeFile] = [:]
        for (relativePath, data) in builtIn ?? [:] {
            files[relativePath] = ThemeFile(
                relativePath: relativePath, displayPath: BuiltInTheme.displayFolder + "/" + relativePath,
                origin: .builtIn(data))
        }
        for (relativePath, url) in visibleFiles(under: folder) {
            files[relativePath] = ThemeFile(
                relativePath: relativePath, displayPath: ProjectPath.relative(url, to: projectRoot),
                origin: .project(url))
        }
        return files
    }

    /// Regular, visible files below `folder`, with their '/'-separated paths relative to it
    /// (none when `folder` does not exist), and those that are meant as files but are none: a
    /// symbolic link to nothing, a named pipe, a device (``unreadableProblem(_:)``), so that an
    /// override that is a broken link is an error, never the built-in file used in silence.
    private static func visibleFiles(under folder: URL) -> [(relativePath: String, url: URL)] {
        FolderListing.visibleEntries(below: folder.path).compactMap { entry in
            switch entry.kind {
            case .directory: return nil
            case .regularFile: return (entry.relativePath, folder.appendingPathComponent(entry.relativePath))
            case .symbolicLink, .other:
                let url = folder.appendingPathComponent(entry.relativePath)
                return unreadableProblem(url) != nil ? (entry.relativePath, url) : nil
            }
        }
    }
}
