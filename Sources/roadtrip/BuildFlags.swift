import Foundation
import RoadTripKit

/// The flags `build` and `serve` share: `--source`, `--output`, `--drafts`, `--strict`,
/// `--verbose`, `--quiet`.
struct BuildFlags {
    let source: String?
    let output: String?
    let drafts: Bool
    let strict: Bool
    let verbose: Bool
    let quiet: Bool

    /// Consumes the flags from `arguments`.
    /// - Throws: `UsageError` for an empty value, or `--verbose` with `--quiet`.
    init(_ arguments: inout CommandLineArguments) throws(UsageError) {
        source = try arguments.option("--source")
        output = try arguments.option("--output")
        drafts = arguments.flag("--drafts")
        strict = arguments.flag("--strict")
        verbose = arguments.flag("--verbose")
        quiet = arguments.flag("--quiet")
        if verbose && quiet { throw UsageError(message: "--verbose and --quiet cannot be used together") }
    }

    /// The build's options, or `nil` after printing an error when the project folder does not exist.
    func options() -> BuildOptions? {
        let root = resolve(source) ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            printError("roadtrip: error: the project folder \(root.path) does not exist (--source names the folder holding Destinations/ and Themes/)")
            return nil
        }
        var options = BuildOptions(projectRoot: root, outputDirectory: resolve(output))
        options.includeDrafts = drafts
        options.strict = strict
        options.verbosity = verbose ? .verbose : (quiet ? .quiet : .normal)
        return options
    }
}
