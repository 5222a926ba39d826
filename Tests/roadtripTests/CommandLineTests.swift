import Foundation
import Testing

/// The command-line conventions, through the built binary: help per command, one-line usage
/// errors, -v/-q, `--`, and completion scripts that know every command and option.
@Suite struct CommandLineTests {
    /// The commands of issue 11's command line, as `roadtrip --help` must list them.
    static let commands = [
        "build", "serve", "check", "new site", "new destination", "trip filter", "trip stats", "itinerary", "theme eject", "completion", "help",
    ]

    func run(_ arguments: [String], in folder: URL = CommandRunner.outsideAnyProject) throws -> CommandRunner.Output {
        try CommandRunner.run(arguments, in: folder)
    }

    /// The command words of the overview's "Commands:" section: the leading lower-case words of
    /// each entry (`new destination NAME --latitude L …` → `new destination`).
    func overviewCommands() throws -> [String] {
        let overview = try run(["--help"]).standardOutput
        let section = overview.components(separatedBy: "Commands:\n")[1].components(separatedBy: "\n\n")[0]
        return section.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.map { line in
            line.split(separator: " ").prefix { $0.allSatisfy { $0.isLowercase } }.joined(separator: " ")
        }
    }

    /// The long options a command's help lists (`--source`, `--distance-filter`, `--help`).
    func options(of command: String) throws -> [String] {
        let help = try run(["help"] + command.split(separator: " ").map(String.init)).standardOutput
        return help.split(separator: "\n").filter { $0.hasPrefix("  -") }.compactMap { line in
            line.firstMatch(of: #/--[a-z][a-z-]*[a-z]/#).map { String($0.output) }
        }
    }

    @Test func overviewListsEveryCommand() throws {
        for arguments in [["--help"], ["-h"], ["help"]] {
            let output = try run(arguments)
            #expect(output.status == 0 && output.standardError.isEmpty)
        }
        #expect(try overviewCommands() == Self.commands)
        #expect(try run(["help"]).standardOutput == (try run(["--help"])).standardOutput)
    }

    /// `help COMMAND` and `COMMAND --help` print that command's usage and nothing of the others.
    @Test(arguments: commands)
    func helpPerCommand(command: String) throws {
        let words = command.split(separator: " ").map(String.init)
        let help = try run(["help"] + words)
        #expect(help.status == 0 && help.standardError.isEmpty)
        #expect(help.standardOutput.hasPrefix("usage: roadtrip \(command)"))
        #expect(try run(words + ["--help"]).standardOutput == help.standardOutput)
        #expect(try run(words + ["-h"]).standardOutput == help.standardOutput)
        for other in Self.commands where other != command && !other.hasPrefix(command + " ") {
            #expect(!help.standardOutput.contains("usage: roadtrip \(other)"), "\(other) in \(command)'s help")
        }
        #expect(help.standardOutput.contains("-h, --help"))
    }

    @Test func helpOfAGroupListsItsSubcommands() throws {
        let help = try run(["help", "new"])
        #expect(help.status == 0)
        #expect(help.standardOutput.hasPrefix("usage: roadtrip new site DIR [options]\n       roadtrip new destination NAME"))
        #expect(try run(["new", "--help"]).standardOutput == help.standardOutput)
    }

    /// A usage error is one line on standard error — what is wrong, and the help of the command at
    /// hand to try — with exit status 2 and nothing on standard output.
    @Test(arguments: [
        (["build", "--colour"], "roadtrip: unknown option '--colour'; try 'roadtrip build --help'"),
        (["build", "--drafts=yes"], "roadtrip: --drafts takes no value; try 'roadtrip build --help'"),
        (["build", "--output"], "roadtrip: --output needs a value (DIR); try 'roadtrip build --help'"),
        (["build", "--source", "-v"], "roadtrip: --source needs a value (DIR); try 'roadtrip build --help'"),
        (["build", "extra"], "roadtrip: unexpected argument 'extra'; try 'roadtrip build --help'"),
        (["serve", "--port", "70000"], "roadtrip: --port must be a whole number from 0 to 65535, not '70000'; try 'roadtrip serve --help'"),
        (["new", "site"], "roadtrip: new site needs a DIR (the folder for the new site; made when missing); try 'roadtrip new site --help'"),
        (["new", "destination", "Oslo"], "roadtrip: new destination needs --latitude L and --longitude L; try 'roadtrip new destination --help'"),
        (["new", "castle"], "roadtrip: new needs a subcommand: site or destination; got 'castle'; try 'roadtrip new --help'"),
        (["trip", "filter", "a.gpx", "--json"], "roadtrip: unknown option '--json'; try 'roadtrip trip filter --help'"),
        (["trip"], "roadtrip: trip needs a subcommand: filter or stats; try 'roadtrip trip --help'"),
        (["completion", "tcsh"], "roadtrip: unknown shell 'tcsh' (known: bash, zsh, fish); try 'roadtrip completion --help'"),
        (["deploy"], "roadtrip: unknown command 'deploy'; try 'roadtrip --help'"),
        (["help", "deploy"], "roadtrip: unknown command 'deploy'; try 'roadtrip --help'"),
        (["--colour"], "roadtrip: unknown option '--colour' before the command; try 'roadtrip --help'"),
        // An empty argument is bad usage, as an empty option value is.
        (["new", "site", ""], "roadtrip: new site needs a non-empty DIR; try 'roadtrip new site --help'"),
        (["trip", "stats", ""], "roadtrip: trip stats needs a non-empty LOG; try 'roadtrip trip stats --help'"),
        // Combined single-letter flags are read one by one, and the unknown letter is named; a word
        // that does not start with a flag's letter stays whole.
        (["build", "-vq"], "roadtrip: --verbose and --quiet cannot be used together; try 'roadtrip build --help'"),
        (["serve", "-qv"], "roadtrip: --verbose and --quiet cannot be used together; try 'roadtrip serve --help'"),
        (["build", "-vx"], "roadtrip: unknown option '-x'; try 'roadtrip build --help'"),
        (["build", "-xv"], "roadtrip: unknown option '-xv'; try 'roadtrip build --help'"),
        // Coordinates are decimal: Swift would read 0x10 as 16.
        (["new", "destination", "X", "--latitude", "0x10", "--longitude", "2"],
         "roadtrip: --latitude must be a decimal number, not '0x10'; try 'roadtrip new destination --help'"),
    ])
    func usageErrorIsOneLine(arguments: [String], line: String) throws {
        let output = try run(arguments)
        #expect(output.status == 2)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError == line + "\n")
    }

    /// `-v` is `--verbose` and `-q` is `--quiet`; together they are bad usage.
    @Test func shortVerboseAndQuiet() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        try project.write("Destinations/bergen/index.md", BuildCommandTests.bergen)
        let verbose = try run(["build", "-v"], in: project.root)
        #expect(verbose.status == 0)
        #expect(verbose.standardOutput.hasPrefix("Project root: \(project.root.path) (found from"))
        // --verbose's per-destination decisions (DESIGN §7).
        #expect(verbose.standardOutput.contains("  bergen: at 60.39299, 5.32415"))
        let quiet = try run(["build", "-q"], in: project.root)
        #expect(quiet.status == 0 && quiet.standardOutput.isEmpty)
        let both = try run(["build", "-v", "-q"], in: project.root)
        #expect(both.status == 2)
        #expect(both.standardError == "roadtrip: --verbose and --quiet cannot be used together; try 'roadtrip build --help'\n")
    }

    /// Combined single-letter flags: `-vh` asks for the usage, as `-h` does.
    @Test func combinedFlagsWithHelp() throws {
        let combined = try run(["build", "-vh"])
        #expect(combined.status == 0)
        #expect(combined.standardOutput == (try run(["build", "--help"])).standardOutput)
    }

    /// A failed build says whether an output folder was left as it was or nothing was written
    /// (it never names a folder that is not there).
    @Test func failedBuildSaysWhatWasLeft() throws {
        let project = try TemporaryProject(copyingTheme: false)
        defer { project.remove() }
        try project.write("Destinations/bad/index.md", "---\ntitle: No place\n---\n")
        let fresh = try run(["build"], in: project.root)
        #expect(fresh.status == 1)
        #expect(fresh.standardError.hasSuffix("; nothing was written\n"), "\(fresh.standardError)")
        #expect(!project.exists("Output"))
        try FileManager.default.createDirectory(at: project.output, withIntermediateDirectories: true)
        let existing = try run(["build"], in: project.root)
        #expect(existing.standardError.hasSuffix("; \(project.output.path) was left as it was\n"), "\(existing.standardError)")
    }

    /// `serve` refusing its output folder prints the DESIGN §7 line once, as `build` does.
    @Test func serveRefusalIsOneDiagnostic() throws {
        let project = try TemporaryProject(copyingTheme: false)
        defer { project.remove() }
        let result = try run(["serve", "--output", "/etc", "--port", "0"], in: project.root)
        #expect(result.status == 1)
        #expect(result.standardError == "/etc: error: refusing to use /etc as the output folder: it is a folder of the "
            + "operating system; pick a folder of your own\n")
    }

    /// After `--` every word is an argument: a destination named "-North-", a log named -x.gpx.
    @Test func doubleDashEndsOptions() throws {
        let project = try TemporaryProject()
        defer { project.remove() }
        let created = try run(["new", "destination", "--latitude", "69.6", "--longitude", "18.9", "--", "-North-"], in: project.root)
        #expect(created.status == 0, "\(created.standardError)")
        #expect(try project.read("Destinations/north/index.md").contains("title: \"-North-\""))
        let withoutDashes = try run(["new", "destination", "-North-", "--latitude", "1", "--longitude", "2"], in: project.root)
        #expect(withoutDashes.status == 2 && withoutDashes.standardError.hasPrefix("roadtrip: unknown option '-North-'"))

        try project.copy(CommandRunner.packageRoot.appendingPathComponent(TripCommandTests.cerknica), to: "logs/-x.gpx")
        let logs = project.root.appendingPathComponent("logs")
        let stats = try run(["trip", "stats", "--json", "--", "-x.gpx"], in: logs)
        #expect(stats.status == 0, "\(stats.standardError)")
        // The default preset keeps 252 of the 296 fixes (TripCommandTests).
        #expect(stats.standardOutput.contains("\"kept\":253"))  // the default preset on the sample (TripCommandTests.defaultPresetTable)
        let noDashes = try run(["trip", "stats", "-x.gpx"], in: logs)
        #expect(noDashes.status == 2 && noDashes.standardError.hasPrefix("roadtrip: unknown option '-x.gpx'"))
        // `--help` after `--` is an argument too, not a request for help.
        let helpAsName = try run(["trip", "stats", "--", "--help"], in: logs)
        #expect(helpAsName.status == 1 && !helpAsName.standardOutput.contains("usage:"))
    }
}

/// `roadtrip completion bash|zsh|fish`: scripts each shell accepts, that offer every command and
/// every option the help texts list.
@Suite struct CompletionScriptTests {
    func script(_ shell: String) throws -> String {
        let output = try CommandRunner.run(["completion", shell])
        #expect(output.status == 0 && output.standardError.isEmpty)
        return output.standardOutput
    }

    /// `true` when `program` is on PATH.
    static func installed(_ program: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
    }

    /// Runs `shell` (found on PATH) with `arguments`, in `folder` when given.
    func runShell(_ shell: String, _ arguments: [String], in folder: URL? = nil) throws -> CommandRunner.Output {
        try CommandRunner.run(program: URL(fileURLWithPath: "/usr/bin/env"), [shell] + arguments, in: folder)
    }

    func syntaxCheck(_ shell: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-completion-\(UUID().uuidString).\(shell)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(try script(shell).utf8).write(to: file)
        let result = try runShell(shell, ["-n", file.path])
        #expect(result.status == 0, "\(shell) -n: \(result.standardError)")
    }

    @Test func bashSyntax() throws { try syntaxCheck("bash") }

    @Test(.enabled(if: installed("zsh"), "zsh is not installed (Debian package zsh); its script is not checked"))
    func zshSyntax() throws { try syntaxCheck("zsh") }

    @Test(.enabled(if: installed("fish"), "fish is not installed (Debian package fish); its script is not checked"))
    func fishSyntax() throws { try syntaxCheck("fish") }

    /// Every command of the overview and every option of each command's help is in each script,
    /// in that shell's own form.
    @Test(arguments: ["bash", "zsh", "fish"])
    func mentionsEveryCommandAndOption(shell: String) throws {
        let text = try script(shell)
        let help = CommandLineTests()
        let commands = try help.overviewCommands()
        #expect(commands == CommandLineTests.commands)
        for command in commands {
            for word in command.split(separator: " ") {
                // fish: `-a word`; zsh: `'word:summary'`; bash: a word of a `compgen -W 'build serve …'` list.
                let found = switch shell {
                case "fish": text.contains("-a \(word) ")
                case "zsh": text.contains("'\(word):")
                default: text.contains(" \(word) ") || text.contains("'\(word) ") || text.contains(" \(word)'")
                }
                #expect(found, "\(shell): command \(command)")
            }
            let options = try help.options(of: command)
            #expect(options.contains("--help"))
            for option in options {
                let form = shell == "fish" ? "-l \(option.dropFirst(2)) " : option
                #expect(text.contains(form), "\(shell): \(command) \(option)")
            }
        }
    }

    /// bash really completes: the script's function, given the words typed, offers the command,
    /// the subcommands, the options and the option values.
    @Test func bashCompletes() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-completion-\(UUID().uuidString).bash")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(try script("bash").utf8).write(to: file)
        /// The replies, in their order, to the words typed, in `folder` (for folder names).
        func complete(_ words: String, in folder: URL? = nil) throws -> String {
            let program = "source \(file.path); COMP_WORDS=(\(words)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); "
                + "_roadtrip; printf '%s\\n' \"${COMPREPLY[@]}\""
            let result = try runShell("bash", ["-c", program], in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            return result.standardOutput.trimmingCharacters(in: .newlines)
        }
        #expect(try complete("roadtrip bu") == "build")
        #expect(try complete("roadtrip new ''") == "site\ndestination")
        #expect(try complete("roadtrip trip filter --dist") == "--distance-filter")
        #expect(try complete("roadtrip trip filter --format g") == "geojson\ngpx")
        #expect(try complete("roadtrip trip stats --preset c") == "corelocation-sample")
        #expect(try complete("roadtrip serve --no") == "--no-watch\n--no-wait\n--no-cache")
        #expect(try complete("roadtrip completion ''") == "bash\nzsh\nfish")
        #expect(try complete("roadtrip help trip ''") == "filter\nstats")

        // `--option=value`. bash splits the line at '=' (COMP_WORDBREAKS), so `--source=` arrives
        // as the words `--source` `=` with '=' the current word, and `--source=De` as `--source`
        // `=` `De` (as an interactive bash 5.2 gives them to a completion function); with '='
        // taken out of COMP_WORDBREAKS the word is `--source=De`, and the replies carry the prefix.
        let project = try TemporaryProject(copyingTheme: false)
        defer { project.remove() }
        try FileManager.default.createDirectory(at: project.root.appendingPathComponent("Docs"), withIntermediateDirectories: true)
        func folders(_ words: String) throws -> [String] {
            try complete(words, in: project.root).split(separator: "\n").map(String.init).sorted()
        }
        #expect(try folders("roadtrip build --source =") == ["Destinations", "Docs"])
        #expect(try folders("roadtrip build --source = De") == ["Destinations"])
        #expect(try folders("roadtrip build --source=De") == ["--source=Destinations"])
        #expect(try complete("roadtrip trip filter --format = g") == "geojson\ngpx")
        #expect(try complete("roadtrip trip filter --format=g") == "--format=geojson\n--format=gpx")
    }

    /// fish really completes, when installed: `complete -C` lists what a Tab would offer.
    @Test(.enabled(if: installed("fish"), "fish is not installed (Debian package fish); its completions are not run"))
    func fishCompletes() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-completion-\(UUID().uuidString).fish")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(try script("fish").utf8).write(to: file)
        /// The replies, without descriptions, to the line typed, in `folder` (for folder names).
        func complete(_ line: String, in folder: URL? = nil) throws -> [String] {
            let result = try runShell("fish", ["--no-config", "-c", "source \(file.path); complete -C '\(line)'"], in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            return result.standardOutput.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        }
        #expect(try complete("roadtrip trip filter --dist") == ["--distance-filter"])
        #expect(try complete("roadtrip new ").sorted() == ["destination", "site"])
        #expect(try complete("roadtrip trip filter --format ").sorted() == ["csv", "geojson", "gpx", "json"])

        // Folders for `--source=`: the option once in front of each (never `--source=--source=…`).
        let project = try TemporaryProject(copyingTheme: false)
        defer { project.remove() }
        try FileManager.default.createDirectory(at: project.root.appendingPathComponent("Docs"), withIntermediateDirectories: true)
        func completeInProject(_ line: String) throws -> [String] { try complete(line, in: project.root).sorted() }
        #expect(try completeInProject("roadtrip build --source=") == ["--source=Destinations/", "--source=Docs/"])
        #expect(try completeInProject("roadtrip build --source=De") == ["--source=Destinations/"])
        #expect(try completeInProject("roadtrip build --source D") == ["Destinations/", "Docs/"])
        #expect(try completeInProject("roadtrip new site ") == ["Destinations/", "Docs/"])
    }
}
