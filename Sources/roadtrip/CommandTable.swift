/// Every command of the command line, in the order `roadtrip --help` lists them: the one table the
/// dispatcher, the usage texts and the completion scripts read.
enum CommandTable {
    /// The commands, `help` last (computed: metatypes are not `Sendable` constants).
    static var commands: [any Command.Type] {
        [
        BuildCommand.self,
        ServeCommand.self,
        CheckCommand.self,
        NewSiteCommand.self,
        NewDestinationCommand.self,
        TripFilterCommand.self,
        TripStatsCommand.self,
        ItineraryCommand.self,
        ThemeEjectCommand.self,
        CompletionCommand.self,
        HelpCommand.self,
        ]
    }

    /// The specs of ``commands``.
    static var specs: [CommandSpec] { commands.map { $0.spec } }

    /// The first words, each once, in table order: `build`, `serve`, `new`, `trip`, …
    static var topLevelWords: [String] {
        var seen: [String] = []
        for spec in specs where !seen.contains(spec.words[0]) { seen.append(spec.words[0]) }
        return seen
    }

    /// The commands whose first word is `word`: one for `build`, several for a group such as `new`.
    static func commands(under word: String) -> [any Command.Type] {
        commands.filter { $0.spec.words[0] == word }
    }

    /// `true` when `word` starts commands of two words (`new site`, `theme eject`).
    static func isGroup(_ word: String) -> Bool {
        commands(under: word).contains { $0.spec.words.count > 1 }
    }

    /// The command named by the start of `words` and how many words name it; `nil` when the first
    /// word is no command, or a group's second word is missing or none of its subcommands.
    static func command(named words: [String]) -> (command: any Command.Type, wordCount: Int)? {
        guard let first = words.first else { return nil }
        for command in commands(under: first) {
            let name = command.spec.words
            if Array(words.prefix(name.count)) == name { return (command, name.count) }
        }
        return nil
    }
}
