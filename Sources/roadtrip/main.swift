import Foundation
import RoadTripKit

/// roadtrip's command-line interface: parse the arguments, call RoadTripKit, print. Exit status 0 on
/// success (warnings allowed), 1 on any error, 2 on bad usage (DESIGN §7).

let usage = """
    usage: roadtrip <command> [options]

    Commands:
      build                         Build the site: <source>/Destinations + Themes -> <source>/Output
      serve                         Build, serve on http://127.0.0.1:8000/, rebuild and reload on change
      new destination NAME --latitude L --longitude L
                                    Write Destinations/<slug>/index.md from a template
    \(TripCommand.usage)

    Options for build:
      --source DIR     the project root (holds Destinations/ and Themes/); default: current folder
      --output DIR     where the site goes; default: <source>/Output
      --base-url URL   overrides baseURL of site.yaml (e.g. https://example.org/trips/)
      --drafts         also build destinations with draft: true
      --strict         treat warnings as errors
      --verbose        print what the build decided (coordinates, regions, zooms)
      --quiet          print errors only

    \(ServeCommand.usage)

    Options for new destination:
      --source DIR     the project root; default: current folder
      --latitude L     degrees north (−90…90)
      --longitude L    degrees east (−180…180)

      --help           show this help
      --version        print the version
    """

func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

func resolve(_ path: String?) -> URL? {
    guard let path else { return nil }
    return URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        .standardizedFileURL
}

func runBuild(_ arguments: inout CommandLineArguments) throws(UsageError) -> Int32 {
    let baseURL = try arguments.option("--base-url")
    if let baseURL, !SiteConfig.isUsableBaseURL(baseURL) {
        throw UsageError(message: "--base-url must be an http(s) URL or a path starting with '/', not '\(baseURL)'")
    }
    let flags = try BuildFlags(&arguments)
    try arguments.finish()
    guard var options = flags.options() else { return 1 }
    options.baseURL = baseURL
    let quiet = flags.quiet, strict = flags.strict

    let log = DiagnosticLog()
    let start = Date()
    let result = SiteBuilder(options: options, log: log) { print($0) }.build()
    let diagnostics = log.diagnostics
    // --quiet hides warnings, except under --strict, where they are what failed the build.
    for diagnostic in diagnostics where !(quiet && !strict && diagnostic.severity == .warning) {
        printError(diagnostic.description)
    }
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
    let reason = strict && errors == 0 ? " (--strict treats warnings as errors)" : ""
    printError(
        "roadtrip: build failed: \(CountText.counted(errors, "error")), \(CountText.counted(warnings, "warning"))\(reason); "
            + "\(options.outputDirectory.path) was left as it was")
    return 1
}

func runNew(_ arguments: inout CommandLineArguments) throws(UsageError) -> Int32 {
    let source = try arguments.option("--source")
    let latitude = try arguments.number("--latitude", in: -90...90)
    let longitude = try arguments.number("--longitude", in: -180...180)
    var words = arguments.words
    guard words.first == "destination" else {
        throw UsageError(message: "roadtrip new knows one kind: 'roadtrip new destination NAME --latitude L --longitude L'")
    }
    words.removeFirst()
    guard let name = words.first, !name.hasPrefix("-"),
        !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    else { throw UsageError(message: "new destination needs a NAME") }
    words.removeFirst()
    try CommandLineArguments(words).finish()
    guard let latitude, let longitude else {
        throw UsageError(message: "new destination needs --latitude and --longitude (degrees)")
    }
    let root = resolve(source) ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    do {
        let file = try NewDestination.create(
            name: name, coordinate: Coordinate(latitude: latitude, longitude: longitude), projectRoot: root)
        print("Created \(file.path)")
        return 0
    } catch {
        printError("roadtrip: error: \(error.message)")
        return 1
    }
}

func main() -> Int32 {
    var words = Array(CommandLine.arguments.dropFirst())
    if words.isEmpty {
        printError(usage)
        return 2
    }
    if words == ["--help"] || words == ["-h"] || words == ["help"] {
        print(usage)
        return 0
    }
    if words == ["--version"] {
        print("roadtrip \(RoadTripVersion.current)")
        return 0
    }
    let command = words.removeFirst()
    if words.contains("--help") || words.contains("-h") {
        print(usage)
        return 0
    }
    var arguments = CommandLineArguments(words)
    do throws(UsageError) {
        switch command {
        case "build": return try runBuild(&arguments)
        case "serve": return try ServeCommand.run(&arguments)
        case "new": return try runNew(&arguments)
        case "trip": return try TripCommand.run(&arguments)
        default: throw UsageError(message: "unknown command '\(command)'")
        }
    } catch {
        printError("roadtrip: \(error.message)\n\n\(usage)")
        return 2
    }
}

exit(main())
