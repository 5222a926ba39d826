/// The help texts, all derived from the ``CommandTable``: the overview (`roadtrip --help`), a
/// command's usage (`roadtrip help build`, `roadtrip build --help`) and a group's (`roadtrip help
/// trip`).
enum UsageText {
    /// The text `roadtrip help WORDS…` prints: the overview for no words, a command's usage, a
    /// group's list of subcommands; `nil` when `words` name no command.
    static func help(for words: [String]) -> String? {
        guard let first = words.first else { return overview() }
        if let (command, count) = CommandTable.command(named: words), count == words.count {
            return usage(of: command.spec)
        }
        if words.count == 1, CommandTable.isGroup(first) { return group(first) }
        return nil
    }

    /// `roadtrip --help`: every command with its one-line summary.
    static func overview() -> String {
        var lines = ["usage: roadtrip COMMAND [options]", "", "Commands:"]
        lines += table(CommandTable.specs.map { ($0.synopsis, $0.summary) })
        lines += [
            "",
            "Without --source, a command works on the project around the current folder: this folder",
            "or the nearest one above it that holds Destinations/ (as git and Hugo find theirs).",
            "",
            "Options:",
        ]
        lines += table([
            (OptionSpec.help.label, "show this help; after a command, that command's usage"),
            ("--version", "print the version"),
        ])
        lines += ["", "'roadtrip help COMMAND' or 'roadtrip COMMAND --help' shows a command's options."]
        return lines.joined(separator: "\n")
    }

    /// One command's usage: synopsis, summary, options by group, details.
    static func usage(of spec: CommandSpec) -> String {
        var lines = ["usage: " + synopsisLine(spec), "", spec.summary]
        let groups = spec.optionGroups.isEmpty
            ? [OptionGroup(title: "Options", options: [.help])]
            : [OptionGroup(title: spec.optionGroups[0].title, options: spec.optionGroups[0].options + [.help])]
                + spec.optionGroups.dropFirst()
        let width = groups.flatMap(\.options).map(\.label.count).max() ?? 0
        if !spec.arguments.isEmpty {
            lines += ["", "Arguments:"]
            lines += table(spec.arguments.map { ($0.name, $0.help) }, width: width)
        }
        for group in groups {
            lines += ["", group.title + ":"]
            lines += table(group.options.map { ($0.label, $0.help) }, width: width)
        }
        if let details = spec.details { lines += ["", details] }
        return lines.joined(separator: "\n")
    }

    /// `roadtrip help new`: the group's subcommands.
    static func group(_ word: String) -> String {
        let specs = CommandTable.commands(under: word).map { $0.spec }
        var lines = specs.enumerated().map { index, spec in (index == 0 ? "usage: " : "       ") + synopsisLine(spec) }
        lines += [""]
        lines += table(specs.map { ($0.synopsis, $0.summary) })
        let example = specs[0].words.joined(separator: " ")
        lines += ["", "'roadtrip help \(example)' (or 'roadtrip \(example) --help') shows its options."]
        return lines.joined(separator: "\n")
    }

    /// `roadtrip build [options]`: the synopsis, with `[options]` when any option is optional.
    static func synopsisLine(_ spec: CommandSpec) -> String {
        "roadtrip " + spec.synopsis + (spec.options.contains { !$0.isRequired } ? " [options]" : "")
    }

    /// Two columns: `left` padded to `width` (at least the longest left that fits in 26
    /// characters), `right` beside it; a longer left puts its right on the next line, and each
    /// line of a multi-line right is indented to the column.
    private static func table(_ rows: [(left: String, right: String)], width: Int = 0) -> [String] {
        let column = max(width, rows.map(\.left.count).filter { $0 <= 26 }.max() ?? 0)
        let indent = String(repeating: " ", count: column + 4)
        var lines: [String] = []
        for row in rows {
            let rightLines = row.right.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if row.left.count > column {
                lines.append("  " + row.left)
                lines += rightLines.map { indent + $0 }
            } else {
                lines.append("  " + row.left.padding(toLength: column, withPad: " ", startingAt: 0) + "  " + rightLines[0])
                lines += rightLines.dropFirst().map { indent + $0 }
            }
        }
        return lines
    }
}
