import Foundation
import RoadTripKit

/// `roadtrip build`: one build of the project into its output folder.
enum BuildCommand: Command {
    static let spec = CommandSpec(
        words: ["build"],
        summary: "Build the site: <source>/Destinations -> <source>/Output",
        optionGroups: [
            OptionGroup(
                title: "Options",
                options: BuildFlags.folderOptions + [.baseURL] + BuildFlags.switchOptions)
        ],
        details: """
            Progress goes to standard output, problems to standard error as
            path:line:column: error|warning: message. Exit status 0 (warnings allowed), 1 on any
            error (the output folder is left as it was), 2 on bad usage.
            """)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        // As written: load-config checks it again and reports its warnings.
        let baseURL = try OptionSpec.baseURL(in: arguments)?.written
        let flags = try BuildFlags(arguments)
        guard var options = flags.options() else { return 1 }
        options.baseURL = baseURL
        options.storesBuild = true
        options.leavesStateForExit = true
        let quiet = flags.quiet, strict = flags.strict

        let log = DiagnosticLog()
        let start = Date()
        // Each progress line is flushed as it is printed, so that a pipe (`| tee build.log`, CI)
        // sees "waiting for another build…" and every stage while the build runs, not at its end.
        let result = SiteBuilder(options: options, log: log) { line in
            print(line)
            fflush(nil)  // every C stream: stdout itself is not concurrency-safe to name
        }.build()
        let diagnostics = log.diagnostics
        for line in Diagnostic.printedLines(diagnostics.filter(options.prints)) { printError(line) }
        let errors = log.errorCount
        let warnings = log.warningCount
        if result.succeeded {
            if !quiet {
                let milliseconds = Int(Date().timeIntervalSince(start) * 1000)
                print(
                    "Built \(CountText.counted(result.destinationCount, "destination")) into \(options.outputDirectory.path) in "
                        + "\(milliseconds) ms" + (warnings > 0 ? " with \(CountText.counted(warnings, "warning"))" : ""))
            }
            return 0
        }
        let reason = strict && warnings > 0 ? " (--strict treats warnings as errors)" : ""
        // A failed build writes nothing: an output folder that is there stays as it was, and one
        // that is not is not made — unless writing failed half-way through replacing its files.
        let output = options.outputDirectory.path
        let outcome = result.outputChanged
            ? "\(output) holds part of this build's files; the next build that succeeds completes it"
            : FileManager.default.fileExists(atPath: output) ? "\(output) was left as it was" : "nothing was written"
        let steps = result.failingSteps.isEmpty ? "" : " in " + result.failingSteps.joined(separator: ", ")
        printError(
            "roadtrip: build failed\(steps): \(CountText.counted(errors, "error")), \(CountText.counted(warnings, "warning"))"
                + "\(reason); \(outcome)")
        return 1
    }
}
