import Foundation
import CMimalloc
import RoadTripKit

/// roadtrip's command-line interface: find the command in the ``CommandTable``, check its
/// arguments against its spec, run it. Exit status 0 on success (warnings allowed), 1 on any
/// error, 2 on bad usage: one line saying what is wrong and which `--help` to try.

/// Prints a usage error as one line, `roadtrip: <message>; try '<help>'`, and gives exit status 2.
func usageError(_ message: String, help: String) -> Int32 {
    printError("roadtrip: \(message); try '\(help)'")
    return 2
}

/// `true` when `words` ask for help (`-h`, `--help`, or `h` among combined flags such as `-vh`
/// when `spec` is known) before any `--`.
func asksForHelp(_ words: [String], spec: CommandSpec? = nil) -> Bool {
    let split = spec.map { ParsedArguments.splittingCombinedFlags(words, for: $0) } ?? words
    return split.prefix { $0 != "--" }.contains { $0 == OptionSpec.help.name || $0 == OptionSpec.help.shortName }
}

func main() -> Int32 {
    let words = Array(CommandLine.arguments.dropFirst())
    guard let first = words.first else {
        // Bare `roadtrip`: the overview, on standard error since nothing was done (exit 2).
        printError(UsageText.overview())
        return 2
    }
    if first == OptionSpec.help.name || first == OptionSpec.help.shortName {
        guard let text = UsageText.help(for: Array(words.dropFirst())) else {
            return usageError("unknown command '\(words.dropFirst().joined(separator: " "))'", help: "roadtrip --help")
        }
        print(text)
        return 0
    }
    if first == "--version" {
        guard words.count == 1 else { return usageError("--version takes no arguments", help: "roadtrip --help") }
        print("roadtrip \(RoadTripVersion.current)")
        return 0
    }
    if first.hasPrefix("-") { return usageError("unknown option '\(first)' before the command", help: "roadtrip --help") }

    guard let (command, wordCount) = CommandTable.command(named: words) else {
        guard CommandTable.isGroup(first) else { return usageError("unknown command '\(first)'", help: "roadtrip --help") }
        let known = CommandTable.commands(under: first).map { $0.spec.words[1] }
        let list = known.count == 1 ? known[0] : known.dropLast().joined(separator: ", ") + " or " + known.last!
        if asksForHelp(Array(words.dropFirst())) {
            print(UsageText.group(first))
            return 0
        }
        let given = words.count > 1 ? "; got '\(words[1])'" : ""
        return usageError("\(first) needs a subcommand: \(list)\(given)", help: "roadtrip \(first) --help")
    }
    let spec = command.spec
    let arguments = Array(words.dropFirst(wordCount))
    if asksForHelp(arguments, spec: spec) {
        print(UsageText.usage(of: spec))
        return 0
    }
    do throws(UsageError) {
        return try command.run(ParsedArguments(arguments, for: spec))
    } catch {
        // `help` is about the other commands: its errors point at the overview.
        return usageError(error.message, help: command == HelpCommand.self ? "roadtrip --help" : spec.invocation + " --help")
    }
}

// mimalloc replaces glibc's malloc in this process (Sources/CMimalloc/shim.h): its options first.
roadtrip_configure_allocator()
exit(main())
