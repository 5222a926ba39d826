import Foundation
import RoadTripKit

/// `roadtrip theme eject [--force] [--source DIR]`: writes the built-in default theme into the
/// project's `Themes/default/` for a user who wants to edit all of it. Exit status 0 when written,
/// 1 when a file exists (each one named, nothing written) or cannot be written, 2 on bad usage.
enum ThemeEjectCommand: Command {
    static let spec = CommandSpec(
        words: ["theme", "eject"],
        summary: "Copy the built-in theme into Themes/default/, to edit all of it",
        optionGroups: [
            OptionGroup(
                title: "Options",
                options: [
                    OptionSpec(name: "--force", help: "overwrite the theme's files that already exist there (others are kept)"),
                    .source,
                    .verbose,
                ])
        ],
        details: """
            A project's Themes/<theme>/ overrides the built-in theme file by file, so one edited
            partial is enough; eject copies every file for those who want to change all of them.
            """)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard let root = ProjectRoot.required(source: arguments.value("--source"), verbose: arguments.flag("--verbose"))
        else { return 1 }
        do {
            let summary = try ThemeEjection.eject(projectRoot: root, force: arguments.flag("--force"))
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
