/// `roadtrip help [COMMAND]`: the overview, or one command's usage (the same text as
/// `roadtrip COMMAND --help`).
enum HelpCommand: Command {
    static let spec = CommandSpec(
        words: ["help"],
        summary: "Show the commands, or one command's usage and options",
        arguments: [
            ArgumentSpec(name: "COMMAND", help: "a command, e.g. build or trip filter", isOptional: true),
            ArgumentSpec(name: "SUBCOMMAND", help: "the second word of new, trip or theme", isOptional: true),
        ])

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let words = [arguments.argument(0), arguments.argument(1)].compactMap { $0 }
        guard let text = UsageText.help(for: words) else {
            throw UsageError(message: "unknown command '\(words.joined(separator: " "))'")
        }
        print(text)
        return 0
    }
}
