import Foundation
import RoadTripKit

/// `roadtrip theme eject [--force]`: writes the built-in default theme into the project's
/// `Themes/default/` for a user who wants to edit all of it (issue 11, item 1).
///
/// The command line of it is declared here so that help and completion know it; copying the theme
/// comes with the embedded theme (`ThemeCommand.swift` of that change, which replaces the body of
/// ``run(_:)``).
enum ThemeEjectCommand: Command {
    static let spec = CommandSpec(
        words: ["theme", "eject"],
        summary: "Copy the built-in theme into Themes/default/, to edit all of it",
        optionGroups: [
            OptionGroup(
                title: "Options",
                options: [
                    OptionSpec(name: "--force", help: "overwrite files of Themes/default/ that differ from the built-in ones"),
                    .source,
                    .verbose,
                ])
        ],
        details: """
            A project's Themes/<theme>/ overrides the built-in theme file by file, so one edited
            partial is enough; eject copies every file for those who want to change all of them.
            """)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard ProjectRoot.required(source: arguments.value("--source"), verbose: arguments.flag("--verbose")) != nil
        else { return 1 }
        printError("roadtrip: error: this roadtrip has no built-in theme to eject yet")
        return 1
    }
}
