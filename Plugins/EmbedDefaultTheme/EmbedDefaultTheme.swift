import Foundation
import PackagePlugin

/// Compiles the repository's `Themes/default/` into the target it is applied to (RoadTripRender), so
/// that the `roadtrip` executable carries its default theme (issue 11): one build command runs
/// ThemeEmbedder, which writes `BuiltInThemeFiles.swift` with the bytes of every file.
///
/// Every visible file under `Themes/default/` is an input of the command, so editing one makes
/// the next `swift build` regenerate the source. Adding or removing a file is seen through
/// `Plugins/EmbedDefaultTheme/Theme`, a symbolic link to `../../Themes/default` (excluded from
/// this target's sources): SwiftPM plans a build again, and so asks this plugin for its commands
/// again, only when the folder structure of a target's folder changes (or `Package.swift` does),
/// and it follows the link. The file list is passed as arguments, so the new command differs and
/// runs. Hidden files and folders are left out, as the theme loader leaves them out of a
/// project's theme.
@main
struct EmbedDefaultTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let themeFolder = context.package.directoryURL.appending(path: "Themes/default", directoryHint: .isDirectory)
        let relativePaths = try Self.visibleFiles(under: themeFolder)
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltInThemeFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding the default theme",
                executable: try context.tool(named: "ThemeEmbedder").url,
                arguments: [themeFolder.path(percentEncoded: false), output.path(percentEncoded: false)] + relativePaths,
                inputFiles: relativePaths.map { themeFolder.appending(path: $0) },
                outputFiles: [output])
        ]
    }

    /// The '/'-separated paths, relative to `folder`, of every regular file below it that is not
    /// hidden and not inside a hidden folder, sorted.
    static func visibleFiles(under folder: URL) throws -> [String] {
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { throw EmbedError(message: "cannot list \(folder.path(percentEncoded: false))") }
        var prefix = folder.standardizedFileURL.path(percentEncoded: false)
        if !prefix.hasSuffix("/") { prefix += "/" }
        var paths: [String] = []
        for case let url as URL in enumerator
        where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            let path = url.standardizedFileURL.path(percentEncoded: false)
            guard path.hasPrefix(prefix) else { continue }
            paths.append(String(path.dropFirst(prefix.count)))
        }
        guard !paths.isEmpty else {
            throw EmbedError(message: "\(folder.path(percentEncoded: false)) holds no files to embed")
        }
        return paths.sorted()
    }

    struct EmbedError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
