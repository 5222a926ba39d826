import Foundation
import RoadTripKit

/// `roadtrip itinerary`: the site's trips as a build plans them — stops, days, nights, legs and
/// totals — printed as a table (or JSON with `--json`), without building anything.
enum ItineraryCommand: Command {
    static let spec = CommandSpec(
        words: ["itinerary"],
        summary: "Print the trip's stops, days, legs and totals (a table, or JSON with --json)",
        optionGroups: [
            OptionGroup(
                title: "Options",
                options: [
                    .source,
                    OptionSpec(name: "--json", help: "one JSON object in SI units (metres, seconds, degrees) instead of the table"),
                    OptionSpec(name: "--drafts", help: "also plan destinations with draft: true"),
                    OptionSpec(name: "--strict", help: "treat warnings as errors"),
                ])
        ],
        details: """
            Reads the project as `roadtrip build` does (site.yaml, every destination and its trip
            logs) and writes nothing. The main trip comes first, then each named trip (front
            matter trip:); side trips (itinerary: false) are on none. Problems go to standard
            error as path:line:column: error|warning: message. Exit status 0, 1 when the sources
            have an error, 2 on bad usage.
            """)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard let root = ProjectRoot.required(source: arguments.value("--source"), verbose: false) else { return 1 }
        var options = BuildOptions(projectRoot: root)
        options.includeDrafts = arguments.flag("--drafts")
        options.strict = arguments.flag("--strict")
        let log = DiagnosticLog()
        let plan = SiteBuilder(options: options, log: log) { _ in }.plan()
        for line in Diagnostic.printedLines(log.diagnostics.filter(options.prints)) { printError(line) }
        guard let plan else {
            printError("roadtrip: itinerary: the sources have \(CountText.counted(log.errorCount, "error"))"
                + (options.strict && log.warningCount > 0 ? " and \(CountText.counted(log.warningCount, "warning")) (--strict)" : ""))
            return 1
        }
        if arguments.flag("--json") {
            print(ItineraryText.json(plan.itineraries))
        } else if plan.itineraries.isEmpty {
            print("No itinerary: every destination is a side trip (itinerary: false), or there is none.")
        } else {
            print(plan.itineraries.map { ItineraryText.table($0).joined(separator: "\n") }.joined(separator: "\n\n"))
        }
        return 0
    }
}
