import Foundation
import RoadTripKit

/// The options `build` and `serve` share: `--source`, `--output`, `--drafts`, `--strict`,
/// `--no-wait`, `--no-cache`, `-v`/`--verbose`, `-q`/`--quiet`.
struct BuildFlags {
    /// `--source` and `--output`, first in the usage.
    static let folderOptions: [OptionSpec] = [
        .source,
        OptionSpec(name: "--output", valueName: "DIR", help: "where the site goes; default: <source>/Output", completion: .directory),
    ]
    /// `--drafts`, `--strict`, `--no-wait`, `--no-cache`, `--verbose`, `--quiet`, after any options of the
    /// command's own.
    static let switchOptions: [OptionSpec] = [
        OptionSpec(name: "--drafts", help: "also build destinations with draft: true"),
        OptionSpec(name: "--strict", help: "treat warnings as errors"),
        OptionSpec(
            name: "--no-wait",
            help: "when another build is writing the output folder, exit 1 naming its process\n"
                + "instead of waiting for it"),
        OptionSpec(
            name: "--no-cache",
            help: "render every page again: reuse nothing earlier builds kept\n"
                + "(build still records this one in .roadtrip-cache/build/)"),
        OptionSpec(
            name: "--verbose", shortName: "-v",
            help: "print what the build decided (the project root, coordinates, regions, zooms)"),
        .quiet,
    ]

    let source: String?
    let output: String?
    let drafts: Bool
    let strict: Bool
    let noWait: Bool
    let noCache: Bool
    let verbose: Bool
    let quiet: Bool

    /// Reads the flags from parsed arguments.
    /// - Throws: `UsageError` for `--verbose` with `--quiet`.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        source = arguments.value("--source")
        output = arguments.value("--output")
        drafts = arguments.flag("--drafts")
        strict = arguments.flag("--strict")
        noWait = arguments.flag("--no-wait")
        noCache = arguments.flag("--no-cache")
        verbose = arguments.flag("--verbose")
        quiet = arguments.flag("--quiet")
        if verbose && quiet { throw UsageError(message: "--verbose and --quiet cannot be used together") }
    }

    /// The build's options, or `nil` after printing an error when there is no project or no working folder (see
    /// ``ProjectRoot/required(source:verbose:report:)``).
    func options() -> BuildOptions? {
        guard let root = ProjectRoot.required(source: source, verbose: verbose) else { return nil }
        var outputDirectory: URL?
        if let output {
            guard let url = ProjectRoot.resolve(output) else { return nil }
            outputDirectory = url
        }
        var options = BuildOptions(projectRoot: root, outputDirectory: outputDirectory)
        options.includeDrafts = drafts
        options.strict = strict
        options.waitsForOtherBuilds = !noWait
        options.ignoresBuildCaches = noCache
        options.verbosity = verbose ? .verbose : (quiet ? .quiet : .normal)
        return options
    }
}
