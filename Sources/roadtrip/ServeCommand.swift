import Dispatch
import Foundation
import RoadTripKit

/// `roadtrip serve`: build into `.roadtrip-cache/serve/` (or `--output`), serve it on this machine,
/// rebuild and reload on change, stop cleanly on Ctrl-C (SIGINT) or SIGTERM.
enum ServeCommand: Command {
    static let spec = CommandSpec(
        words: ["serve"],
        summary: "Build, serve on http://127.0.0.1:8000/, rebuild and reload on change",
        optionGroups: [
            OptionGroup(
                title: "Options",
                options: [
                    .source,
                    OptionSpec(
                        name: "--output", valueName: "DIR",
                        help: "default <source>/.roadtrip-cache/serve (Output/ is left alone)", completion: .directory),
                    OptionSpec(
                        name: "--host", valueName: "ADDRESS",
                        help: "listen on this address or name of this machine; default 127.0.0.1 (this machine only)"),
                    OptionSpec(
                        name: "--port", valueName: "N", help: "default 8000; 0 picks a free port (the URL printed names it)"),
                    OptionSpec(name: "--no-watch", help: "serve without rebuilding on change"),
                    OptionSpec(name: "--open", help: "open the site in the default browser (xdg-open)"),
                ] + BuildFlags.switchOptions)
        ],
        details: "Ctrl-C (SIGINT) or SIGTERM stops the server (exit 0).")

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let flags = try BuildFlags(arguments)
        let host = arguments.value("--host") ?? "127.0.0.1"
        let portText = arguments.value("--port")
        let noWatch = arguments.flag("--no-watch")
        let open = arguments.flag("--open")
        var port = 8000
        if let portText {
            guard let value = Int(portText), (0...65_535).contains(value) else {
                throw UsageError(message: "--port must be a whole number from 0 to 65535, not '\(portText)'")
            }
            port = value
        }

        guard let build = flags.options() else { return 1 }
        var options = DevelopmentServer.Options(build: build, isOutputDirectoryExplicit: flags.output != nil)
        options.host = host
        options.port = port
        options.watch = !noWatch

        // Signals are caught before anything is printed, so an interrupt that follows the
        // "Serving" line at once is never lost.
        let stop = DispatchSemaphore(value: 0)
        var signalSources: [DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { stop.signal() }
            source.resume()
            signalSources.append(source)
        }
        // Unbuffered, so a program reading the output through a pipe sees each line at once.
        let server = DevelopmentServer(options: options) { line, isError in
            (isError ? FileHandle.standardError : FileHandle.standardOutput).write(Data((line + "\n").utf8))
        }
        let url: String
        do {
            url = try server.start()
        } catch {
            printError(error.line)
            return 1
        }
        FileHandle.standardOutput.write(Data("Serving \(url) (Ctrl-C to stop)\n".utf8))
        if open { openInBrowser(url) }

        stop.wait()
        server.stop()
        if !flags.quiet { FileHandle.standardOutput.write(Data("Stopped.\n".utf8)) }
        return 0
    }

    /// Opens `url` with `xdg-open`, or says how to open it.
    private static func openInBrowser(_ url: String) {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard let opener = path.split(separator: ":").map({ "\($0)/xdg-open" })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else {
            printError("roadtrip: warning: --open needs xdg-open (Debian package xdg-utils); open \(url) yourself")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { printError("roadtrip: warning: could not run xdg-open: \(error.localizedDescription)") }
    }
}
