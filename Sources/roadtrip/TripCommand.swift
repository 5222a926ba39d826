import Foundation
import RoadTripKit

/// `roadtrip trip filter LOG …` and `roadtrip trip stats LOG …`: read a trip log (a file
/// or a recording folder), filter it with a preset and the filter flags, and print the filtered
/// track (`filter`) or its statistics and filter report (`stats`). Reader diagnostics go to
/// standard error with LOG's path as given. Exit status 0, 1 (the log cannot be read), 2 (bad usage).
///
/// Inside a project (``ProjectRoot``: `--source`, or found upward from the working folder) the
/// site's `timeZone` and `trips.preset` apply as they do in a build, unless `--time-zone` and
/// `--preset` (or the log's sidecar, for the preset) say otherwise; outside one, UTC and the
/// `default` preset.
enum TripFilterCommand: Command {
    static let spec = CommandSpec(
        words: ["trip", "filter"],
        summary: "Write a trip log (a file or a recording folder), filtered, to standard output",
        arguments: [TripCommand.log],
        optionGroups: [
            OptionGroup(
                title: "Options",
                options: [
                    OptionSpec(
                        name: "--format", valueName: "FORMAT",
                        help: TrackExport.Format.allCases.map(\.rawValue).joined(separator: " | ") + "; default geojson",
                        completion: .choices(TrackExport.Format.allCases.map(\.rawValue)))
                ] + TripCommand.commonOptions),
            TripCommand.filterGroup,
        ],
        details: TripCommand.details)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        var format = TrackExport.Format.geojson
        if let name = arguments.value("--format") {
            guard let chosen = TrackExport.Format(rawValue: name) else {
                throw UsageError(message: "unknown --format '\(name)' (known: "
                    + TrackExport.Format.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            format = chosen
        }
        // JSON and CSV write every field of a fix; GPX and GeoJSON only what the columns keep.
        let keeping: TripLogStream.TrackStorage = format == .json || format == .csv ? .wholeSamples : .columns(capacity: 0)
        return try TripCommand.run(arguments, keeping: keeping) { processed, _, output in
            TrackExport.write(processed, format: format, to: output)
        }
    }
}

/// `roadtrip trip stats LOG …`: see ``TripFilterCommand``.
enum TripStatsCommand: Command {
    static let spec = CommandSpec(
        words: ["trip", "stats"],
        summary: "Print a trip log's statistics and filter report (a table, or JSON with --json)",
        arguments: [TripCommand.log],
        optionGroups: [
            OptionGroup(
                title: "Options",
                options: [OptionSpec(name: "--json", help: "one JSON object in SI units instead of the table")]
                    + TripCommand.commonOptions),
            TripCommand.filterGroup,
        ],
        details: TripCommand.details)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let json = arguments.flag("--json")
        // `trip stats` keeps no fixes: a log of any length is summarised in constant memory.
        return try TripCommand.run(arguments, keeping: .none) { processed, timeZone, output in
            output.write(json ? TripLogReport.json(processed) : TripLogReport.table(processed, timeZone: timeZone))
        }
    }
}

/// What `trip filter` and `trip stats` share: the LOG argument, the filter options, reading the
/// log with the project's settings.
enum TripCommand {
    static let log = ArgumentSpec(name: "LOG", help: "a trip-log file or a recording folder", completion: .file)

    /// `--time-zone`, `--from`, `--to`, `--source`, `-v`.
    static let commonOptions: [OptionSpec] = [
        OptionSpec(
            name: "--time-zone", valueName: "IANA",
            help: "zone for times written without one, and for stats' start and end;\n"
                + "default: the project's timeZone, else UTC"),
        OptionSpec(
            name: "--from", valueName: "DATE",
            help: "keep only fixes from DATE (YYYY-MM-DD: from that day's midnight in\n"
                + "the --time-zone; or YYYY-MM-DDThh:mm[:ss[.fff]][zone]); overrides the sidecar's from"),
        OptionSpec(
            name: "--to", valueName: "DATE",
            help: "keep only fixes up to DATE (YYYY-MM-DD: to the end of that day; or a\n"
                + "date and time, included); overrides the sidecar's to"),
        .source,
        OptionSpec(name: "--verbose", shortName: "-v", help: "say which project and site settings are used (on standard error)"),
    ]

    /// The filters' value placeholders and help, by filter name (camelCase).
    private static let filterHelp: [String: (value: String, help: String)] = [
        "desiredAccuracy": ("M", "drop fixes less accurate than M metres"),
        "distanceFilter": ("M", "keep a fix only M metres or more from the last kept one"),
        "maximumAge": ("S", "drop fixes older than S seconds at the recording's start"),
        "maximumSpeed": ("MPS", "drop jumps faster than MPS m/s from the last kept fix"),
        "headingFilter": ("DEG", "keep a heading only DEG degrees or more from the last kept one"),
        "filteringFactor": ("K", "accelerometer low-pass factor k in (0, 1]"),
        "cutoffFrequency": ("HZ", "…or its cutoff frequency in Hz (not both)"),
        "gapTime": ("S", "start a new segment after S seconds without a fix"),
        "gapDistance": ("M", "start a new segment after a jump of more than M metres"),
        "desiredVerticalAccuracy": ("M", "ignore altitudes whose vertical accuracy is worse than M metres"),
        "maximumVerticalSpeed": ("MPS", "ignore altitudes reached faster than MPS m/s from the last one"),
    ]

    /// `--preset` and one option per filter, in `FilterSettings.names` order.
    static let filterGroup = OptionGroup(
        title: "Filter options (each overrides the preset, and off switches it off)",
        options: [
            OptionSpec(
                name: "--preset", valueName: "NAME",
                help: FilterSettings.presetNames.joined(separator: " | ")
                    + ";\ndefault: the log's sidecar's, else the project's trips.preset, else default",
                completion: .choices(FilterSettings.presetNames))
        ]
            + FilterSettings.names.map { name in
                let flag = FilterSettings.optionNames.first { $0.value == name }?.key ?? name
                let help = filterHelp[name] ?? (value: "VALUE", help: name)
                return OptionSpec(name: "--" + flag, valueName: help.value, help: help.help)
            })

    static let details = """
        Inside a project (found from the current folder upward, or --source) the site's timeZone
        and trips.preset apply, as in a build; outside one, UTC and the default preset. The log's
        sidecar (trips/<slug>.yaml, or trip.yaml in a recording folder) is read too. --from and
        --to pick a trip's days out of a long recording (Google location history): a date alone
        is that whole day in the --time-zone (else the project's timeZone, else UTC).
        """

    /// Reads the log named by the first argument with the filters the project, the sidecar and the
    /// flags give, and lets `render(processed log, time zone, standard output)` write to standard
    /// output (in pieces, as it goes).
    static func run(
        _ arguments: ParsedArguments, keeping: TripLogStream.TrackStorage, render: (ProcessedTripLog, TimeZone, ByteSink) -> Void
    ) throws(UsageError) -> Int32 {
        let (presetName, overrides) = try filterOptions(arguments)
        var timeZone = try zone(arguments)
        let path = arguments.argument(0)!
        let verbose = arguments.flag("--verbose")
        let report: (String) -> Void = { printError($0) }
        guard case .success(let root) = ProjectRoot.optional(source: arguments.value("--source"), verbose: verbose, report: report)
        else { return 1 }
        let diagnostics = DiagnosticLog()
        // The project's site.yaml, as a build reads it (its diagnostics relative to the root).
        let site = root.map { SiteLoader(projectRoot: $0, log: diagnostics).loadConfig() }
        // The zone's name as the user wrote it (Foundation calls UTC "GMT" on Linux).
        var zoneName = arguments.value("--time-zone")
        if timeZone == nil, let site, let siteZone = TimeZone(identifier: site.timeZone) {
            timeZone = siteZone
            zoneName = site.timeZone
        }
        let zone = timeZone ?? TimeZone(identifier: "UTC")!
        let sitePreset = site?.tripsPreset ?? "default"
        if verbose {
            report("Time zone: \(zoneName ?? "UTC"); preset: \(presetName ?? "the sidecar's, else \(sitePreset)")")
        }
        guard let url = ProjectRoot.resolve(path) else { return 1 }
        // The log's sidecar (trips/<slug>.yaml or trip.yaml) applies as it does in a build; the flags override it.
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
        let sidecar = TripLogSettings.sidecarURL(forLogAt: url, isFolder: isFolder.boolValue)
        let sidecarPath = TripLogSettings.sidecarPath(forLogAt: path, isFolder: isFolder.boolValue)
        let loaded = TripLogSettings.load(
            sidecar: sidecar, path: sidecarPath, siteFilters: site?.tripsFilters ?? .roadTrip, overridingPreset: presetName,
            timeZone: zone, log: diagnostics)
        var processed: ProcessedTripLog?
        if let loaded {
            let settings: FilterSettings
            let dateRange: TripDateRange?
            do throws(UsageError) {
                settings = try apply(overrides, to: loaded.filters)
                dateRange = try TripDateRangeOptions.range(arguments, sidecar: loaded.dateRange, sidecarPath: sidecarPath, zone: zone)
            } catch {
                for line in Diagnostic.printedLines(diagnostics.diagnostics) { printError(line) }
                throw error
            }
            processed = TripLogStream.process(
                url, displayPath: path, timeZone: zone, columnMapping: loaded.columns, dateRange: dateRange, settings: settings,
                title: loaded.title, keeping: keeping, log: diagnostics)
            // As a site build says of such a log (`TripLogLoader`), so the figures of nothing are
            // not taken for a trip that stood still.
            if let processed, processed.locationReport.total == 0, diagnostics.errorCount == 0 {
                diagnostics.warning(
                    SourceLocation(path: path),
                    dateRange == nil ? "the trip log has no position fixes" : "the trip log has no position fixes in the date range")
            }
        }
        for line in Diagnostic.printedLines(diagnostics.diagnostics) { printError(line) }
        guard let processed, diagnostics.errorCount == 0 else { return 1 }
        let output = ByteSink { try FileHandle.standardOutput.write(contentsOf: Data($0)) }
        render(processed, zone, output)
        do {
            try output.finish()
        } catch {
            printError("roadtrip: error: cannot write to standard output: \(error.localizedDescription)")
            return 1
        }
        return 0
    }

    /// `--preset NAME` (checked, `nil` when not given) and the filter flags as filter names (camelCase) → values,
    /// `nil` for `off`.
    private static func filterOptions(_ arguments: ParsedArguments) throws(UsageError)
        -> (preset: String?, overrides: [String: Double?])
    {
        let presetName = arguments.value("--preset")
        if let presetName, FilterSettings.preset(named: presetName) == nil {
            throw UsageError(message: "unknown preset '\(presetName)' (known: "
                + FilterSettings.presetNames.joined(separator: ", ") + ")")
        }
        var overrides: [String: Double?] = [:]
        for (flag, name) in FilterSettings.optionNames.sorted(by: { $0.key < $1.key }) {
            guard let text = arguments.value("--" + flag) else { continue }
            if text == "off" {
                overrides[name] = .some(nil)
                continue
            }
            guard let value = Double(text), value.isFinite else {
                throw UsageError(message: "--\(flag) must be a number or off, not '\(text)'")
            }
            overrides[name] = value
        }
        if overrides["filteringFactor"] != nil && overrides["cutoffFrequency"] != nil {
            throw UsageError(message: "give --filtering-factor or --cutoff-frequency, not both")
        }
        return (presetName, overrides)
    }

    /// `settings` with the command line's filter values applied (`off` switches a filter off).
    private static func apply(_ overrides: [String: Double?], to settings: FilterSettings) throws(UsageError)
        -> FilterSettings
    {
        var result = settings
        for name in FilterSettings.names {
            guard let override = overrides[name] else { continue }
            let flag = FilterSettings.optionNames.first { $0.value == name }.map { "--" + $0.key }
            if let problem = override.map({ result.set(name, to: $0, calledAs: flag) }) ?? result.clear(name) {
                throw UsageError(message: problem)
            }
        }
        return result
    }

    /// `--time-zone IANA`, or `nil` when not given.
    private static func zone(_ arguments: ParsedArguments) throws(UsageError) -> TimeZone? {
        guard let identifier = arguments.value("--time-zone") else { return nil }
        guard let zone = TimeZone(identifier: identifier) else {
            throw UsageError(message: "unknown --time-zone '\(identifier)' (an IANA name such as Europe/Paris or UTC)")
        }
        return zone
    }
}
