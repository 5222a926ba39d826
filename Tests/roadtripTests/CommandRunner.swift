import Foundation
import TestTools

/// Runs the built `roadtrip` executable in tests and captures what it prints.
struct CommandRunner {
    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The package root, three folders up from this file (Tests/roadtripTests/CommandRunner.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared` beside the repository, when this checkout has it.
    static var sharedFolder: URL? {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
        return FileManager.default.fileExists(atPath: url.appendingPathComponent("DESIGN.md").path) ? url : nil
    }

    /// The `roadtrip` binary built next to the test bundle.
    static let executable: URL = {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("roadtrip")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return packageRoot.appendingPathComponent(".build/debug/roadtrip")
    }()

    /// A folder with no project at or above it (so commands use no site configuration there),
    /// holding a symbolic link `Tests` to the repository's `Tests/`, so that fixture paths
    /// relative to the package root work unchanged. Made once per test process.
    static let outsideAnyProject: URL = {
        let folder = TestScratch.folder("outside-project")
        try? FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("Tests"), withDestinationURL: packageRoot.appendingPathComponent("Tests"))
        return folder
    }()

    /// Runs `roadtrip arguments` in `directory`, with `environment` added to (or replacing
    /// variables of) the test process's own.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Output {
        try run(program: executable, arguments, in: directory, environment: environment)
    }

    /// Runs `program` with `arguments` (in `directory`, else this process's folder) to its end,
    /// with `environment` added to (or replacing variables of) the test process's own.
    static func run(
        program: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> Output {
        let (process, outputPipe, errorPipe) = prepare(program: program, arguments, in: directory, environment: environment)
        try process.run()
        let outputData = outputPipe.fileHandleForReading.readDataToEndOfFile()
        let errorData = errorPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }

    /// A process not yet started that runs `program` with `arguments` (in `directory`, else this
    /// process's folder), with `environment` added to (or replacing variables of) the test
    /// process's own, and the pipes of its standard output and standard error.
    static func prepare(
        program: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) -> (process: Process, standardOutput: Pipe, standardError: Pipe) {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        }
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        return (process, outputPipe, errorPipe)
    }
}

/// A throwaway project folder with `Destinations/` and, unless told otherwise, a copy of the
/// repository's default theme in `Themes/default/`.
struct TemporaryProject {
    let root: URL

    /// A new project; `copyingTheme: false` leaves out `Themes/`, so the build uses the theme
    /// built into roadtrip.
    init(copyingTheme: Bool = true) throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("roadtrip-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Destinations"), withIntermediateDirectories: true)
        guard copyingTheme else { return }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Themes"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: CommandRunner.packageRoot.appendingPathComponent("Themes/default"),
            to: root.appendingPathComponent("Themes/default"))
    }

    var output: URL { root.appendingPathComponent("Output") }

    func write(_ relativePath: String, _ text: String) throws {
        try write(relativePath, bytes: Array(text.utf8))
    }

    /// Writes `bytes` as they are (for files that are not UTF-8 text), creating folders.
    func write(_ relativePath: String, bytes: [UInt8]) throws {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func copy(_ source: URL, to relativePath: String) throws {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: url)
    }

    /// Makes the copied default theme the project's own theme `mine` (site.yaml `theme: mine`)
    /// without the layout `layout`: a theme made before that layout existed.
    func useOwnThemeWithout(layout: String) throws {
        try FileManager.default.moveItem(
            at: root.appendingPathComponent("Themes/default"), to: root.appendingPathComponent("Themes/mine"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("Themes/mine/layouts/\(layout).mustache"))
        try write("Destinations/site.yaml", "theme: mine\n")
    }

    func read(_ relativePath: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
    }

    func exists(_ relativePath: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(relativePath).path)
    }

    func build(_ extra: [String] = [], environment: [String: String] = [:]) throws -> CommandRunner.Output {
        try CommandRunner.run(["build", "--source", root.path] + extra, environment: environment)
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
