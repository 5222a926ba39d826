import Dispatch
import Foundation
import Synchronization
import RoadTripCore
import RoadTripGeo

/// What `roadtrip build` was asked to do: its folders and flags.
public struct BuildOptions: Sendable {
    /// How much the build prints on standard output.
    public enum Verbosity: Sendable { case quiet, normal, verbose }

    /// The project root: the folder holding `Destinations/` and, optionally, `Themes/` (`--source`).
    public var projectRoot: URL
    /// The output folder (`--output`), default `<projectRoot>/Output`.
    public var outputDirectory: URL
    /// Overrides `baseURL` of `site.yaml` (`--base-url`).
    public var baseURL: String?
    /// Build drafts too (`--drafts`).
    public var includeDrafts = false
    /// Treat warnings as errors (`--strict`).
    public var strict = false
    /// `--quiet` / `--verbose`.
    public var verbosity = Verbosity.normal
    /// When another build (`roadtrip build`, or a rebuild of `roadtrip serve`) is writing the same
    /// output folder, wait for it to finish (`true`, the default) or fail at once naming its
    /// process (`false`, `--no-wait`). See ``OutputLock``.
    public var waitsForOtherBuilds = true
    /// Whether the build keeps what it rendered in `.roadtrip-cache/build/` and reuses what the
    /// last build into the same output folder kept there (``StoredBuild``): `roadtrip build`.
    /// `false` (the default, and `roadtrip serve`, whose ``BuildCache`` is in memory) renders everything.
    public var storesBuild = false
    /// `--no-cache`: read nothing any cache kept of earlier builds (``StoredBuild``'s file is not
    /// read, though a successful build still writes it; `serve` rebuilds without its ``BuildCache``),
    /// so that everything is loaded, computed and rendered again.
    public var ignoresBuildCaches = false
    /// Whether the build's state (every destination, map, key and file it made) is left for the
    /// process's exit to reclaim instead of being freed when ``SiteBuilder/build()`` returns:
    /// `roadtrip build`, which exits right after, as compilers do (clang's `-disable-free`).
    /// Freeing it took ~12 ms of a one-edit rebuild of 4,000 destinations. `false` (the default)
    /// for a process that goes on: `serve`, tests.
    public var leavesStateForExit = false

    /// Whether `diagnostic` is printed: everything, except warnings under `--quiet` — unless
    /// `--strict` made warnings what fails the build. The one rule for `build` and `serve`.
    public func prints(_ diagnostic: Diagnostic) -> Bool {
        !(verbosity == .quiet && !strict && diagnostic.severity == .warning)
    }

    /// Options for the project at `projectRoot`, writing to `outputDirectory` (default `<root>/Output`).
    public init(projectRoot: URL, outputDirectory: URL? = nil) {
        self.projectRoot = projectRoot
        self.outputDirectory = outputDirectory ?? projectRoot.appendingPathComponent("Output")
    }
}

/// The outcome of one build.
public struct BuildResult: Sendable {
    /// `true` when the output was written (no errors, and no warnings under `--strict`).
    public var succeeded: Bool
    /// Destinations published.
    public var destinationCount: Int
    /// What the writer did, when it ran.
    public var writeSummary: OutputWriteSummary?
    /// Destinations read from their sources (all of them without a ``BuildCache``).
    public var reloadedDestinations = 0
    /// Destinations a ``BuildCache`` gave unchanged, with their diagnostics (0 without one).
    public var reusedDestinations = 0
    /// Destinations whose filtered trip logs a ``BuildCache`` gave (0 without one).
    public var reusedComputations = 0
    /// Destinations whose rendered files a ``BuildCache`` gave, or whose files a ``StoredBuild``
    /// found still in the output folder as the last build wrote them (0 without either).
    public var reusedRenderings = 0
    /// The steps that reported the build's errors (or, when it failed under `--strict` with none,
    /// its warnings), in step order: where to look first.
    public var failingSteps: [String] = []
    /// For a failed build: whether writing had already replaced part of the output folder before
    /// it failed (``OutputWriteFailure/outputChanged``), so that the folder holds a mix of two
    /// builds until the next one succeeds. `false`: the output folder is as it was.
    public var outputChanged = false
}

/// The pipeline, `load → compute → render → write`, as a list of named steps (``steps``), each
/// taking plain values from the ``BuildState`` and leaving its own there; only loading and writing
/// touch the disk. Each step prints a progress line with its number, name, what it did and how long
/// it took (`[8/9] render-pages: 8 destinations (40 files) … 41 ms`).
public struct SiteBuilder: Sendable {
    /// What to build.
    public let options: BuildOptions
    /// Where diagnostics go (the CLI prints them to standard error).
    public let log: DiagnosticLog
    /// Receives progress lines (standard output in the CLI).
    public let progress: @Sendable (String) -> Void
    /// What earlier builds of the same project left to reuse (`roadtrip serve`), or `nil` to
    /// load, compute and render everything.
    public let cache: BuildCache?
    /// The geocoder the steps place things with.
    public let environment: BuildEnvironment

    /// Creates a builder. With a `cache`, only what changed since the cache's last build is loaded,
    /// computed and rendered again (``BuildCache`` says what is reused), and the progress lines of
    /// load-destinations, filter-trips, fit-maps and render-pages say how many destinations were reused
    /// ("(7 reused)"); the output is the same as without one.
    public init(
        options: BuildOptions, log: DiagnosticLog, cache: BuildCache? = nil, environment: BuildEnvironment = .standard,
        progress: @escaping @Sendable (String) -> Void
    ) {
        self.environment = environment
        self.options = options
        self.log = log
        self.cache = cache
        self.progress = progress
    }

    /// Whether a build of the project at `projectRoot` may ask the geocoder anything: `false` only
    /// when its `Destinations/` folder holds nothing but `site.yaml` and dotfiles (no destination
    /// folder, no `Destinations.plist`, hence no `location:`, contact, town or trip log to place),
    /// so that a build with nothing to place does not load the gazetteer (a third of the CPU time
    /// of building an empty project). `true` when the folder cannot be listed: the loader says why.
    ///
    /// Reads the folder's entries only up to the first that answers (a 4,000-destination folder
    /// was listed whole, ~5 ms of a rebuild, to find its first destination).
    static func mayAskGeocoder(projectRoot: URL) -> Bool {
        let folder = projectRoot.appendingPathComponent("Destinations", isDirectory: true).path
        guard let stream = opendir(folder) else { return true }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") && name != "site.yaml" { return true }
        }
        return false
    }

    /// The steps of every build, in order. A new step is a `BuildStep` in a file of its own
    /// (`Steps/`) and one line here.
    static let steps: [BuildStep] = [
        .loadConfig,
        .loadDestinations,
        .loadTheme,
        .checkSources,
        .filterTrips,
        .fitMaps,
        .planItinerary,
        .drawBasemap,
        .placePhotos,
        .renderPages,
        .drawPreviews,
        .writeOutput,
    ]

    /// Runs the whole build. Every error found while loading content and theme is logged before it
    /// stops; on failure `Output/` is left exactly as it was.
    ///
    /// The build holds the output folder's ``OutputLock`` from before it reads any source until it
    /// has written the output, so builds of one output folder run one at a time, each reading the
    /// sources as they are when it starts. When another build holds it, the build waits, first
    /// printing "waiting for another build of Output (pid 4242) to finish…" as a progress line
    /// (not with `--quiet`), or, with ``BuildOptions/waitsForOtherBuilds`` `false`, fails at once
    /// with an error naming that build's pid.
    public func build() -> BuildResult {
        var failed = BuildResult(succeeded: false, destinationCount: 0, writeSummary: nil)
        let writer = OutputWriter(outputDirectory: options.outputDirectory, projectRoot: options.projectRoot)
        let lock: OutputLock
        do {
            try writer.validate()
            lock = try writer.lock(waits: options.waitsForOtherBuilds) { message in
                if options.verbosity != .quiet { progress(message) }
            }
        } catch {
            log.report(error)
            return failed
        }
        defer { lock.release() }

        // The gazetteer (~130 ms to load) is ready when fit-maps first asks it, loaded on the other
        // core while the sources are read — unless the project has nothing to ask it about.
        // A stored build keeps the geocoder's answers too (StoredPlacemarks): a rebuild whose places
        // did not move does not load the gazetteer.
        var environment = environment.keepingGazetteer(in: options.projectRoot)
        defer { SharedGazetteer.finishKeeping() }
        defer { Geodesic.finishPreparing() }
        let placemarks = options.storesBuild
            ? StoredPlacemarks(base: environment.geocoder, projectRoot: options.projectRoot, reads: !options.ignoresBuildCaches)
            : nil
        if let placemarks { environment.geocoder = placemarks }
        // From load-destinations on: a rebuild that skips the steps (BodyEditRebuild) asks nothing.
        let mayAskGeocoder = Self.mayAskGeocoder(projectRoot: options.projectRoot)
        let context = BuildContext(
            options: options, log: log, cache: cache, writer: writer, lock: lock, progress: progress, environment: environment)
        var state = BuildState()
        var problemsByStep: [(step: String, errors: Int, warnings: Int)] = []
        // Set when only prose changed since the last build (BodyEditRebuild, in place of
        // load-destinations): the steps up to write-output are skipped, their diagnostics reported again.
        var bodyEdit: BodyEditRebuild.Outcome?
        for (index, step) in Self.steps.enumerated() {
            let (errorsBefore, warningsBefore) = (log.errorCount, log.warningCount)
            let diagnosticsBefore = log.count
            let start = DispatchTime.now().uptimeNanoseconds
            var summary: String
            var stopped = false
            do {
                if step.name == BuildStep.loadDestinations.name, let outcome = BodyEditRebuild.attempt(&state, context: context) {
                    bodyEdit = outcome
                    summary = outcome.summary
                } else if step.name == BuildStep.loadDestinations.name {
                    if mayAskGeocoder { environment.geocoder.prepareInBackground() }
                    // libproj is opened on another thread while the sources are read, so that
                    // fit-maps, which runs alone, does not wait for it. Not earlier: until dlopen
                    // returns, starting a thread (or dladdr) waits for the loader's lock, and this
                    // thread starts the geocoder's and the loaders' threads just above and below.
                    Geodesic.prepareInBackground()
                    summary = try step.run(&state, context)
                } else if let bodyEdit, step.name == BuildStep.renderPages.name {
                    summary = bodyEdit.renderSummary
                } else if bodyEdit != nil && step.name != BuildStep.writeOutput.name {
                    summary = "skipped: as the last build"
                } else {
                    summary = try step.run(&state, context)
                }
                for diagnostic in bodyEdit?.diagnostics[step.name] ?? [] where step.name != BuildStep.writeOutput.name {
                    log.report(diagnostic)
                }
            } catch {
                summary = error.summary
                stopped = true
            }
            // What the steps between load-config and write-output report, for a later BodyEditRebuild.
            if bodyEdit == nil, index > 0, step.name != BuildStep.writeOutput.name {
                state.storedBuild?.noteDiagnostics(log.diagnostics(after: diagnosticsBefore), ofStep: step.name)
            }
            let errors = log.errorCount - errorsBefore, warnings = log.warningCount - warningsBefore
            problemsByStep.append((step.name, errors, warnings))
            if options.verbosity != .quiet {
                let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                // "load-destinations: 0 destinations" would hide six destinations that each had an error.
                let problems = errors > 0 && !stopped ? " (" + CountText.counted(errors, "error") + ")" : ""
                progress("[\(index + 1)/\(Self.steps.count)] \(step.name): \(summary)\(problems) … \(Self.format(milliseconds)) ms")
            }
            if stopped || (step.stopsOnProblems && context.hasBlockingProblems) {
                // What render-pages staged goes with the build that stops before writing it; the
                // tiles it had linked there are stamped again (their status-change times moved).
                if let staging = state.staging {
                    staging.remove()
                    if let (cache, index) = state.basemapCache {
                        cache.restampTiles(atOutputPaths: Array(staging.stagedStamps.keys), in: index)
                    }
                }
                failed.failingSteps = Self.failingSteps(problemsByStep, strict: options.strict)
                failed.outputChanged = state.outputChanged
                if options.leavesStateForExit { Self.leaveForExit(state) }
                return failed
            }
        }
        if let problem = SharedGazetteer.keepingProblem(in: options.projectRoot) {
            log.warning(
                SourceLocation(path: ProjectCacheFolder.name + "/gazetteer"),
                "cannot keep the gazetteer's cities for the next build: \(problem); the next build copies them out of "
                    + "libgeonames again")
        }
        // A rebuild that skipped the steps asked no nearest town: the stored answers stay as they are.
        if bodyEdit == nil, let problem = placemarks?.save() {
            log.warning(
                SourceLocation(path: ProjectCacheFolder.name + "/build"),
                "cannot keep the nearest towns for the next build: \(problem); the next build asks the gazetteer again")
        }
        let destinationCount = bodyEdit?.destinationCount ?? state.destinations.count
        let reusedDestinations = bodyEdit.map { $0.destinationCount - $0.editedCount } ?? state.content?.reusedDestinationCount ?? 0
        if options.leavesStateForExit { Self.leaveForExit(state) }
        return BuildResult(
            succeeded: true, destinationCount: destinationCount, writeSummary: state.writeSummary,
            reloadedDestinations: destinationCount - reusedDestinations, reusedDestinations: reusedDestinations,
            reusedComputations: state.reusedRecordings, reusedRenderings: state.reusedRenderings)
    }

    /// Holds a build's state that is never freed (``BuildOptions/leavesStateForExit``).
    private final class StateLeftForExit {
        let state: BuildState
        init(_ state: BuildState) { self.state = state }
    }

    /// Retains `state` for the rest of the process, on purpose.
    private static func leaveForExit(_ state: BuildState) {
        _ = Unmanaged.passRetained(StateLeftForExit(state))
    }

    /// The steps `plan()` runs: a build's, up to plan-itinerary, without the theme.
    static let planningSteps: [BuildStep] = [.loadConfig, .loadDestinations, .filterTrips, .fitMaps, .planItinerary]

    /// The site as a build would plan it, for `roadtrip itinerary`: its configuration, its
    /// destinations (in the site's order) and its itineraries, from the steps load-config to
    /// plan-itinerary (``planningSteps``) — without the theme, without the output folder or its
    /// lock, and with no progress lines. `nil` when the sources have an error (logged), or a
    /// warning under `--strict`.
    public func plan() -> SitePlan? {
        let writer = OutputWriter(outputDirectory: options.outputDirectory, projectRoot: options.projectRoot)
        let context = BuildContext(
            options: options, log: log, cache: nil, writer: writer, lock: nil, progress: progress, environment: environment)
        var state = BuildState()
        for step in Self.planningSteps {
            do { _ = try step.run(&state, context) } catch { return nil }
            if context.hasBlockingProblems || (step.name == "load-destinations" && state.content == nil) { return nil }
        }
        return SitePlan(config: state.config, destinations: state.destinations, itineraries: state.itineraries)
    }

    /// The steps that reported what failed the build: errors, and under `--strict` warnings too.
    private static func failingSteps(_ problems: [(step: String, errors: Int, warnings: Int)], strict: Bool) -> [String] {
        problems.filter { $0.errors > 0 || (strict && $0.warnings > 0) }.map(\.step)
    }

    private static func format(_ milliseconds: Double) -> String {
        milliseconds < 10 ? DecimalText.fixed(milliseconds, fractionDigits: 1) : String(Int(milliseconds.rounded()))
    }
}
