import Foundation
import RoadTripKit

/// `roadtrip trip filter LOG …` and `roadtrip trip stats LOG …` (issue 4): read a trip log (a file
/// or a recording folder), filter it with a preset and the DESIGN §4.2 flags, and print the filtered
/// track (`filter`) or its statistics and filter report (`stats`). Reader diagnostics go to
/// standard error with LOG's path as given. Exit status 0, 1 (the log cannot be read), 2 (bad usage).
enum TripCommand {
    /// The usage lines of the two subcommands (part of `roadtrip --help`).
    static let usage = """
          trip filter LOG [filter options] [--format geojson|gpx|json|csv] [--time-zone IANA]
                                        Write the filtered trip log (a file or a recording folder)
                                        to standard output; default format geojson
          trip stats LOG [filter options] [--json] [--time-zone IANA]
                                        Print the statistics and the filter report (a table, or
                                        one JSON object in SI units with --json)

        Filter options for trip filter and trip stats (DESIGN §4.2; override the preset):
          --preset NAME              \(FilterSettings.presetNames.joined(separator: " | ")); default: the
                                     log's sidecar's, else default (any filter below also takes off)
          --desired-accuracy M       drop fixes less accurate than M metres
          --distance-filter M        keep a fix only M metres or more from the last kept one
          --maximum-age S            drop fixes older than S seconds at the recording's start
          --maximum-speed MPS        drop jumps faster than MPS m/s from the last kept fix
          --heading-filter DEG       keep a heading only DEG degrees or more from the last kept one
          --filtering-factor K       accelerometer low-pass factor k in (0, 1]
          --cutoff-frequency HZ      …or its cutoff frequency in Hz (not both)
          --gap-time S               start a new segment after S seconds without a fix
          --gap-distance M           start a new segment after a jump of more than M metres
          --time-zone IANA           zone for times written without one, and for stats' start
                                     and end; default UTC
        """

    /// Runs `trip <subcommand> LOG [options]`; `arguments` are the words after `trip`.
    static func run(_ arguments: inout CommandLineArguments) throws(UsageError) -> Int32 {
        guard let subcommand = arguments.words.first, subcommand == "filter" || subcommand == "stats" else {
            let given = arguments.words.first.map { " '\($0)'" } ?? ""
            throw UsageError(message: "roadtrip trip needs a subcommand, filter or stats; got\(given.isEmpty ? " none" : given)")
        }
        var format = TrackExport.Format.geojson
        var json = false
        if subcommand == "filter" {
            if let name = try arguments.option("--format") {
                guard let chosen = TrackExport.Format(rawValue: name) else {
                    throw UsageError(message: "unknown --format '\(name)' (known: "
                        + TrackExport.Format.allCases.map(\.rawValue).joined(separator: ", ") + ")")
                }
                format = chosen
            }
        } else {
            json = arguments.flag("--json")
        }
        let (presetName, overrides) = try filterOptions(&arguments)
        let timeZone = try zone(&arguments)
        let positional = arguments.words.dropFirst()
        guard let path = positional.first, !path.hasPrefix("-") else {
            if let option = positional.first { throw UsageError(message: "unknown option '\(option)'") }
            throw UsageError(message: "trip \(subcommand) needs a LOG (a trip-log file or a recording folder)")
        }
        try CommandLineArguments(Array(positional.dropFirst())).finish()

        let diagnostics = DiagnosticLog()
        let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL
        // The log's sidecar (DESIGN §2.5) applies as it does in a build; the flags override it.
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
        let sidecar = TripLogSettings.sidecarURL(forLogAt: url, isFolder: isFolder.boolValue)
        let sidecarPath = isFolder.boolValue ? (path as NSString).appendingPathComponent("trip.yaml")
            : ((path as NSString).deletingPathExtension + ".yaml")
        let loaded = TripLogSettings.load(
            sidecar: sidecar, path: sidecarPath, sitePreset: "default", overridingPreset: presetName, log: diagnostics)
        var processed: ProcessedTripLog?
        if let loaded {
            let settings: FilterSettings
            do throws(UsageError) {
                settings = try apply(overrides, to: loaded.filters)
            } catch {
                for diagnostic in diagnostics.diagnostics { printError(diagnostic.description) }
                throw error
            }
            // `trip stats` keeps no fixes: a log of any length is summarised in constant memory.
            processed = TripLogStream.process(
                url, displayPath: path, timeZone: timeZone, columnMapping: loaded.columns, settings: settings,
                title: loaded.title, keepingTrack: subcommand == "filter", log: diagnostics)
        }
        for diagnostic in diagnostics.diagnostics { printError(diagnostic.description) }
        guard let processed, diagnostics.errorCount == 0 else { return 1 }
        let text: String
        if subcommand == "filter" {
            text = TrackExport.document(processed, format: format)
        } else {
            text = json ? TripLogReport.json(processed) : TripLogReport.table(processed, timeZone: timeZone)
        }
        do {
            try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
        } catch {
            printError("roadtrip: error: cannot write to standard output: \(error.localizedDescription)")
            return 1
        }
        return 0
    }

    /// `--preset NAME` (checked, `nil` when not given) and the filter flags as DESIGN names → values,
    /// `nil` for `off`.
    private static func filterOptions(_ arguments: inout CommandLineArguments) throws(UsageError)
        -> (preset: String?, overrides: [String: Double?])
    {
        let presetName = try arguments.option("--preset")
        if let presetName, FilterSettings.preset(named: presetName) == nil {
            throw UsageError(message: "unknown preset '\(presetName)' (known: "
                + FilterSettings.presetNames.joined(separator: ", ") + ")")
        }
        var overrides: [String: Double?] = [:]
        for (flag, name) in FilterSettings.optionNames.sorted(by: { $0.key < $1.key }) {
            guard let text = try arguments.option("--" + flag) else { continue }
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
            let problem = override.map { result.set(name, to: $0) } ?? result.clear(name)
            if var problem {
                for (flag, option) in FilterSettings.optionNames { problem = problem.replacingOccurrences(of: "'\(option)'", with: "--\(flag)") }
                throw UsageError(message: problem)
            }
        }
        return result
    }

    /// `--time-zone IANA` (default UTC).
    private static func zone(_ arguments: inout CommandLineArguments) throws(UsageError) -> TimeZone {
        guard let identifier = try arguments.option("--time-zone") else { return TimeZone(identifier: "UTC")! }
        guard let zone = TimeZone(identifier: identifier) else {
            throw UsageError(message: "unknown --time-zone '\(identifier)' (an IANA name such as Europe/Paris or UTC)")
        }
        return zone
    }
}
