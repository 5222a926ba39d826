import Dispatch
import Foundation
import Synchronization
import RoadTripCore
import RoadTripSite

/// `roadtrip serve`: builds the site, serves the output folder over HTTP on this machine,
/// rebuilds when `Destinations/` or `Themes/` change, and tells open pages to reload.
///
/// - The site is built into its own folder, `<project>/.roadtrip-cache/serve/`
///   (``ProjectCacheFolder/serve(projectRoot:)``), unless `--output` names one: a published build in
///   `Output/` (with the `baseURL`'s absolute links) is never replaced by the preview, as Hugo's
///   server renders to memory. That folder is neither watched nor read as input, so the server's
///   own writes never trigger a rebuild.
/// - Builds run one at a time on a serial queue, through the same `SiteBuilder` (and atomic output
///   swap) as `roadtrip build`, each holding the output folder's ``OutputLock`` as a build does, so
///   that a rebuild and a `roadtrip build` into the same folder never interleave (the rebuild
///   waits, or with `--no-wait` fails and keeps serving the last good build), with relative links (`baseURL` ignored) so that the preview works at
///   the server's root whatever `site.yaml` says, and with a `BuildCache` so a rebuild re-renders
///   what changed (none with `--no-cache`: every rebuild is a full one).
/// - A failed build keeps the last good output served; its diagnostics are printed and shown in an
///   overlay on open pages (`LiveReload`) until a build succeeds.
/// - Every request goes through `StaticSite`'s checks (limits, `Host`, method, path); then
///   `LiveReload.eventsPath` and `LiveReload.scriptPath` are answered here, and everything else by
///   `StaticSite` with the live-reload script injected into pages.
public final class DevelopmentServer: Sendable {
    /// What to serve and how.
    public struct Options: Sendable {
        /// The build's options (project root, output folder, verbosity, strictness, drafts); its
        /// `baseURL` is empty (relative links).
        public var build: BuildOptions
        /// The address to listen on (default loopback only).
        public var host = "127.0.0.1"
        /// The port (0: any free port).
        public var port = 8000
        /// Rebuild when sources change.
        public var watch = true
        /// Seconds of quiet after a change before rebuilding.
        public var debounce = 0.1
        /// Seconds between keep-alive comments on idle event streams.
        public var keepAliveInterval = 5.0

        /// Options for `build`, listening on 127.0.0.1:8000 and watching.
        /// - Parameters:
        ///   - build: the project, verbosity, strictness and drafts; its `baseURL` is replaced by
        ///     `""` (relative links).
        ///   - isOutputDirectoryExplicit: `true` when the user named the output folder (`--output`):
        ///     the site is built into `build.outputDirectory`. `false`: into
        ///     ``ProjectCacheFolder/serve(projectRoot:)``, and `build.outputDirectory` (`Output/` by
        ///     default, perhaps a published build) is left alone.
        public init(build: BuildOptions, isOutputDirectoryExplicit: Bool) {
            var build = build
            build.baseURL = ""
            if !isOutputDirectoryExplicit {
                build.outputDirectory = ProjectCacheFolder.serve(projectRoot: build.projectRoot)
            }
            self.build = build
        }
    }

    /// Receives every line the server prints: `(line, isError)`; errors go to standard error.
    public typealias Printer = @Sendable (String, Bool) -> Void

    private let options: Options
    private let printer: Printer
    private let liveReload: LiveReload
    private let cache = BuildCache()
    private let builds = DispatchQueue(label: "roadtrip.serve.builds")
    private let running = Mutex<Running?>(nil)

    private struct Running: @unchecked Sendable {
        var daemon: HTTPDaemon
        var watcher: FileWatcher?
    }

    /// A server that is not started yet.
    public init(options: Options, printer: @escaping Printer) {
        self.options = options
        self.printer = printer
        liveReload = LiveReload(keepAliveInterval: options.keepAliveInterval)
    }

    /// Binds the port, builds once, and starts serving and watching.
    /// - Returns: the site's URL (`http://127.0.0.1:8000/`).
    /// - Throws: `ServeError` when the output folder is one `roadtrip build` refuses
    ///   (``OutputWriter/validate()``: the file system root, the home folder, the project or its
    ///   sources, a system folder, a non-empty folder roadtrip did not write — nothing is served or
    ///   created then), the port cannot be bound (busy, not an address of this machine), or the output
    ///   folder cannot be created.
    @discardableResult
    public func start() throws(ServeError) -> String {
        do throws(Diagnostic) {
            try OutputWriter(outputDirectory: options.build.outputDirectory, projectRoot: options.build.projectRoot).validate()
        } catch {
            throw ServeError(error)
        }
        try HTTPDaemon.loadLibrary()
        // A client that goes away mid-response must not kill the server (sendfile raises SIGPIPE).
        signal(SIGPIPE, SIG_IGN)
        let socket = try ListeningSocket(host: options.host, port: options.port)
        do {
            try FileManager.default.createDirectory(at: options.build.outputDirectory, withIntermediateDirectories: true)
        } catch {
            close(socket.descriptor)
            throw ServeError(description: "cannot create \(options.build.outputDirectory.path): \(error.localizedDescription)")
        }
        if options.build.verbosity != .quiet {
            let folder = ProjectPath.relative(options.build.outputDirectory, to: options.build.projectRoot)
            printer("Building into \(folder) with relative links", false)
        }
        builds.sync { build(reason: nil) }
        let site = StaticSite(
            root: options.build.outputDirectory, liveReloadScript: LiveReload.scriptElement,
            hosts: AllowedHosts(listeningAddress: socket.address, hostOption: socket.host))
        let liveReload = self.liveReload
        let daemon = try HTTPDaemon(
            socket: socket,
            respond: { request in Self.respond(to: request, site: site, liveReload: liveReload) },
            streamEnded: { liveReload.disconnect($0) })
        var watcher: FileWatcher?
        if options.watch {
            let roots = [
                options.build.projectRoot.appendingPathComponent("Destinations"),
                options.build.projectRoot.appendingPathComponent("Themes"),
            ]
            let candidate = FileWatcher(roots: roots, debounce: options.debounce) { [weak self] changed in
                self?.rebuild(changed: changed)
            }
            do {
                try candidate.start()
                watcher = candidate
            } catch {
                printer("roadtrip: warning: not watching for changes: \(error)", true)
            }
        }
        running.withLock { $0 = Running(daemon: daemon, watcher: watcher) }
        if !socket.isLoopback {
            printer("roadtrip: warning: listening on \(socket.host): other machines on the network can read the site", true)
        }
        return socket.url
    }

    /// Queues a rebuild (the watcher calls this; tests may too). `changed` are the paths that
    /// changed, for the progress line.
    public func rebuild(changed: [String]) {
        builds.async { self.build(reason: changed) }
    }

    /// Waits until every queued rebuild has finished.
    public func waitForBuilds() {
        builds.sync {}
    }

    /// Stops watching, ends the event streams and stops the HTTP server (idempotent).
    public func stop() {
        let current = running.withLock { running -> Running? in
            defer { running = nil }
            return running
        }
        guard let current else { return }
        current.watcher?.stop()
        liveReload.closeAll()
        current.daemon.stop()
        builds.sync {}
    }

    // MARK: Building

    private func build(reason changed: [String]?) {
        let quiet = options.build.verbosity == .quiet
        if let changed, !quiet {
            let root = options.build.projectRoot.path + "/"
            // Escaped as diagnostics are: a file name with a line break or a terminal escape
            // must not forge a line or clear the screen.
            let names = changed.prefix(3).map { Diagnostic.oneLine($0.hasPrefix(root) ? String($0.dropFirst(root.count)) : $0) }
            printer("Change: " + names.joined(separator: ", ") + (changed.count > 3 ? " and \(changed.count - 3) more" : ""), false)
        }
        let log = DiagnosticLog()
        let start = DispatchTime.now().uptimeNanoseconds
        let printer = self.printer
        let result = SiteBuilder(
            options: options.build, log: log, cache: options.build.ignoresBuildCaches ? nil : cache, progress: { printer($0, false) }).build()
        for line in Diagnostic.printedLines(log.diagnostics.filter(options.build.prints)) { printer(line, true) }
        let milliseconds = Int(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        if result.succeeded {
            if !quiet { printer("Built in \(milliseconds) ms", false) }
            let summary = result.writeSummary
            liveReload.publishBuild(written: summary?.written ?? [], removed: summary?.removed ?? [])
        } else {
            let steps = result.failingSteps.isEmpty ? "" : " in " + result.failingSteps.joined(separator: ", ")
            // Only an output folder some build wrote (its manifest) holds a last good build.
            let hasBuild = FileManager.default.fileExists(
                atPath: options.build.outputDirectory.appendingPathComponent(OutputManifest.fileName).path)
            printer("roadtrip: build failed\(steps); " + (hasBuild ? "still serving the last good build" : "nothing to serve until a build succeeds"), true)
            let errors = Diagnostic.printedLines(log.diagnostics.filter { $0.severity == .error || options.build.strict })
            liveReload.publishFailure(errors.isEmpty ? "the build failed" : errors.joined(separator: "\n"))
        }
    }

    // MARK: Requests

    private static func respond(to request: HTTPRequest, site: StaticSite, liveReload: LiveReload) -> HTTPResponse {
        site.respond(to: request) { path, request in
            switch path.encodedPath {
            case LiveReload.eventsPath:
                // `Connection: close`: when the stream ends (the server stops, or a newer client
                // takes its place) the connection goes too, and the browser reconnects.
                return HTTPResponse(
                    status: 200,
                    headers: [
                        ("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache"), ("X-Accel-Buffering", "no"),
                        ("Connection", "close"),
                    ],
                    body: request.method == "HEAD" ? .bytes([]) : .eventStream(liveReload.connect()))
            case LiveReload.scriptPath:
                return HTTPResponse(
                    status: 200,
                    headers: [("Content-Type", "text/javascript; charset=utf-8"), ("Cache-Control", "no-cache")],
                    body: .bytes(Array(LiveReload.script.utf8)))
            default:
                return nil
            }
        }
    }
}
