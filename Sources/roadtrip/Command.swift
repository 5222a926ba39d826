import RoadTripKit

/// One command of the command line (`build`, `trip filter`, …), as swift-argument-parser's command
/// types: its words, arguments, options and help are declared once in ``spec``, and the parser,
/// the usage texts and the shell completion scripts are all derived from it, so they cannot drift.
protocol Command {
    /// What the command accepts and how it is described.
    static var spec: CommandSpec { get }

    /// Runs the command on arguments already checked against ``spec``.
    /// - Returns: the exit status (0 success, 1 an error).
    /// - Throws: `UsageError` for a bad combination of arguments the spec cannot express (exit 2).
    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32
}

/// What a shell may offer for a value: nothing in particular, file names, folder names, or a
/// fixed list of words.
enum ValueCompletion: Equatable {
    case none
    case file
    case directory
    case choices([String])
}

/// An option: a flag (`--drafts`) or an option with a value (`--source DIR`, `--source=DIR`).
struct OptionSpec: Equatable {
    /// The long name with its dashes, e.g. `--source`.
    let name: String
    /// The one-letter form with its dash (`-v`), or `nil`.
    var shortName: String? = nil
    /// The value's placeholder in the usage (`DIR`, `M`), or `nil` for a flag.
    var valueName: String? = nil
    /// One line of help (more lines when it is long: the usage wraps nothing itself).
    let help: String
    /// What completion offers for the value.
    var completion: ValueCompletion = .none
    /// The command cannot run without it (shown outside the brackets of the synopsis).
    var isRequired = false

    /// `true` for an option without a value.
    var isFlag: Bool { valueName == nil }

    /// `--latitude L` or `--drafts`, as a synopsis and a "needs" message write it.
    var usageName: String { valueName.map { "\(name) \($0)" } ?? name }

    /// `--source DIR` or `-v, --verbose`, as the usage lists it.
    var label: String {
        shortName.map { "\($0), \(usageName)" } ?? usageName
    }

    /// `-h, --help`, which every command has.
    static let help = OptionSpec(name: "--help", shortName: "-h", help: "show this help")
    /// `-v, --verbose` of a command whose only decision to report is the project root (`build`
    /// and `trip` say more, in their own words).
    static let verbose = OptionSpec(name: "--verbose", shortName: "-v", help: "print which project root is used, and why")
    /// `-q, --quiet`.
    static let quiet = OptionSpec(name: "--quiet", shortName: "-q", help: "print errors only")
    /// `--source DIR`: the project root, found from the current folder upward when not given.
    static let source = OptionSpec(
        name: "--source", valueName: "DIR",
        help: "the project root (the folder holding Destinations/); default: the current\n"
            + "folder or the nearest one above it that holds Destinations/",
        completion: .directory)
    /// `--base-url URL`: the site's baseURL instead of `site.yaml`'s (`build`, and `check` of a site
    /// built with it).
    static let baseURL = OptionSpec(
        name: "--base-url", valueName: "URL", help: "overrides baseURL of site.yaml (e.g. https://example.org/trips/)")

    /// The value of `--base-url` as written, and as checked (`BaseURL.check`: the form links are
    /// built on, `//` collapsed and so on); `nil` when not given.
    /// - Throws: `UsageError` naming the problem (exit status 2).
    static func baseURL(in arguments: ParsedArguments) throws(UsageError) -> (written: String, checked: BaseURL)? {
        guard let baseURL = arguments.value("--base-url") else { return nil }
        do throws(BaseURL.Problem) {
            return (baseURL, try BaseURL.check(baseURL, name: "--base-url"))
        } catch {
            throw UsageError(message: error.message)
        }
    }
}

/// A titled list of options in a command's usage ("Options", "Filter options").
struct OptionGroup: Equatable {
    let title: String
    let options: [OptionSpec]
}

/// A positional argument (`NAME`, `LOG`, `DIR`).
struct ArgumentSpec: Equatable {
    /// The placeholder, e.g. `LOG`.
    let name: String
    /// What it is, for "needs a LOG (…)" and the usage.
    let help: String
    /// What completion offers.
    var completion: ValueCompletion = .none
    /// May be left out.
    var isOptional = false
}

/// Everything a command accepts, and its help.
struct CommandSpec {
    /// The words after `roadtrip`: `["build"]`, `["trip", "filter"]`.
    let words: [String]
    /// One line for the overview of `roadtrip --help`.
    let summary: String
    /// Positional arguments, in order.
    var arguments: [ArgumentSpec] = []
    /// Options by group, in usage order; `-h, --help` is added to the first group.
    var optionGroups: [OptionGroup] = []
    /// Further paragraphs of `roadtrip help COMMAND`, after the options.
    var details: String? = nil

    /// `roadtrip trip filter`.
    var invocation: String { (["roadtrip"] + words).joined(separator: " ") }

    /// Every option, `--help` included.
    var options: [OptionSpec] { optionGroups.flatMap(\.options) + [.help] }

    /// The words, arguments and required options without `roadtrip`:
    /// `new destination NAME --latitude L --longitude L`.
    var synopsis: String {
        var parts = words
        parts += arguments.map { $0.isOptional ? "[\($0.name)]" : $0.name }
        parts += options.filter(\.isRequired).map(\.usageName)
        return parts.joined(separator: " ")
    }

    /// The option called `word` (`--source` or `-v`), or `nil`.
    func option(named word: String) -> OptionSpec? {
        options.first { $0.name == word || $0.shortName == word }
    }
}
