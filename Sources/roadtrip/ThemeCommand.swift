import Foundation
import RoadTripKit

/// `roadtrip theme eject [--force] [--source DIR]` (issue 11): writes the built-in theme into
/// `<source>/Themes/default/` so that all of it can be edited there. Exit status 0 when written,
/// 1 when a file exists (each one named, nothing written) or cannot be written, 2 on bad usage.
enum ThemeCommand {
    /// The usage lines of `theme eject` (part of `roadtrip --help`).
    static let usage = """
        Options for theme eject (write the built-in theme into <source>/Themes/default/ to edit it):
          --source DIR     the project root; default: current folder
          --force          overwrite the theme's files that already exist there (others are kept)
        """

    /// Runs `theme eject [options]`; `arguments` are the words after `theme`.
    static func run(_ arguments: inout CommandLineArguments) throws(UsageError) -> Int32 {
        let source = try arguments.option("--source")
        let force = arguments.flag("--force")
        guard arguments.words.first == "eject" else {
            let given = arguments.words.first.map { "'\($0)'" } ?? "none"
            throw UsageError(message: "theme needs a subcommand, eject (got \(given))")
        }
        try CommandLineArguments(Array(arguments.words.dropFirst())).finish()
        let root = resolve(source) ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        do {
            let summary = try ThemeEjection.eject(projectRoot: root, force: force)
            let replaced = summary.replaced.isEmpty ? "" : ", \(summary.replaced.count) of them replaced"
            print(
                "Wrote the built-in theme to \(root.appendingPathComponent("Themes/default").path)/ "
                    + "(\(summary.written.count) files\(replaced)); its files there now override the "
                    + "built-in ones, file by file.")
            return 0
        } catch {
            for path in error.existingFiles {
                printError("\(path): error: already exists; not overwritten")
            }
            let advice = error.existingFiles.isEmpty
                ? "" : "; nothing was written ('roadtrip theme eject --force' overwrites them, other files are kept)"
            printError("roadtrip: error: \(error.message)\(advice)")
            return 1
        }
    }
}
