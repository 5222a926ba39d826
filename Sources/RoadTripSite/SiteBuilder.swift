import Dispatch
import Foundation
import Synchronization
import RoadTripCore
import RoadTripFormats
import RoadTripGeo
import RoadTripContent
import RoadTripCompute
import RoadTripRender

/// What `roadtrip build` was asked to do (DESIGN §1, §7).
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
    /// Destinations whose rendered files a ``BuildCache`` gave (0 without one).
    public var reusedRenderings = 0
}

/// The pipeline (DESIGN §6): `load → model → compute → render → write`. Each stage takes plain values
/// and returns plain values; only loading and writing touch the disk. Progress lines name each stage
/// with its count and time (`[4/5] Render 8 destinations … 41 ms`).
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

    /// Creates a builder. With a `cache`, only what changed since the cache's last build is loaded,
    /// computed and rendered again (``BuildCache`` says what is reused), and the progress lines of
    /// stages 1, 3 and 4 say how many destinations were reused ("(7 reused)"); the output is the
    /// same as without one.
    public init(
        options: BuildOptions, log: DiagnosticLog, cache: BuildCache? = nil,
        progress: @escaping @Sendable (String) -> Void
    ) {
        self.options = options
        self.log = log
        self.cache = cache
        self.progress = progress
    }

    private static let stageCount = 5

    private func stage<T>(_ number: Int, _ describe: (T) -> String, _ work: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try work()
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        if options.verbosity != .quiet {
            progress("[\(number)/\(Self.stageCount)] \(describe(result)) … \(Self.format(milliseconds)) ms")
        }
        return result
    }

    private static func format(_ milliseconds: Double) -> String {
        milliseconds < 10 ? String(format: "%.1f", milliseconds) : String(Int(milliseconds.rounded()))
    }

    /// " (7 reused)" with a cache, "" without one.
    private func reusedNote(_ count: Int) -> String {
        cache == nil ? "" : " (\(count) reused)"
    }

    private func verbose(_ line: @autoclosure () -> String) {
        if options.verbosity == .verbose { progress("  " + line()) }
    }

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
        let failed = BuildResult(succeeded: false, destinationCount: 0, writeSummary: nil)
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

        let loader = SiteLoader(
            projectRoot: options.projectRoot, includeDrafts: options.includeDrafts, log: log, cache: cache)
        var config = loader.loadConfig()
        if let baseURL = options.baseURL {
            do throws(BaseURL.Problem) {
                let checked = try BaseURL.check(baseURL, name: "--base-url")
                for warning in checked.warnings { log.warning(SourceLocation(path: "--base-url"), warning) }
                config.baseURL = checked.url
            } catch {
                log.error(SourceLocation(path: "--base-url"), error.message)
                return failed
            }
        }
        cache?.prepare(projectRoot: options.projectRoot, config: config)
        let errorsBeforeLoading = log.errorCount
        let content = stage(1, { (content: SiteContent?) in
            // "Load 0 destinations" would hide six destinations that each had an error.
            let errors = log.errorCount - errorsBeforeLoading
            return content.map {
                "Load " + CountText.counted($0.destinations.count, "destination") + reusedNote($0.reusedDestinationCount)
                    + (errors > 0 ? " (" + CountText.counted(errors, "error") + ")" : "")
            } ?? "Load destinations: stopped by errors"
        }) { loader.load(config: config) }
        let theme = stage(2, { (theme: Theme?) in
            theme.map { "Load theme \(config.theme) (" + CountText.counted($0.assets.count, "asset") + ")" }
                ?? "Load theme \(config.theme): stopped by errors"
        }) { Theme.load(
                projectRoot: options.projectRoot, name: config.theme, referencedAt: config.themeLocation, log: log) }

        guard let content, let theme else { return failed }
        // One warning per build when site config publishes personal fields of contacts (issue 7).
        if let warning = content.config.contactPrivacy.publishingWarning(for: content.destinations.flatMap(\.contacts)) {
            log.report(warning)
        }
        if content.destinations.contains(where: { !$0.photos.isEmpty }) {
            let photoCache = ProjectCacheFolder.photos(projectRoot: options.projectRoot)
            if let problem = ProjectCacheFolder.problem(with: photoCache, projectRoot: options.projectRoot) {
                log.error(
                    SourceLocation(path: ProjectCacheFolder.name),
                    "cannot keep the photos' copies in \(ProjectCacheFolder.name)/photos/: \(problem)")
            }
        }
        guard !hasBlockingProblems() else { return failed }

        let (trips, reusedComputations) = stage(3, { (computed: (trips: [Trip], reused: Int)) in
            "Compute " + CountText.counted(computed.trips.count, "region") + ", "
                + CountText.counted(computed.trips.reduce(0) { $0 + $1.recordings.count }, "trip log")
                + reusedNote(computed.reused)
        }) { compute(content.destinations, config: config) }

        let files: [OutputFile]
        let reusedRenderings: Int
        do {
            (files, reusedRenderings) = try stage(4, { (rendered: (files: [OutputFile], reused: Int)) in
                "Render " + CountText.counted(trips.count, "destination") + " ("
                    + (cache == nil ? "" : "\(rendered.reused) reused, ")
                    + CountText.counted(rendered.files.count, "file") + ")"
            }) { try render(trips: trips, theme: theme, config: config) }
        } catch let error as TemplateError {
            log.error(
                SourceLocation(path: theme.displayPath(ofTemplate: error.templateName), line: error.line, column: error.column),
                error.message)
            return failed
        } catch {
            log.error(SourceLocation(path: "Themes/\(theme.name)"), "\(error)")
            return failed
        }
        for (first, second) in OutputWriter.conflictingPaths(files.map(\.path)) {
            log.error(SourceLocation(path: options.outputDirectory.lastPathComponent),
                first == second ? "the output path '\(first)' would be written twice"
                    : "output paths '\(first)' and '\(second)' differ only in case")
        }
        guard !hasBlockingProblems() else { return failed }

        do {
            let summary = try stage(5, { (summary: OutputWriteSummary) in
                "Write " + CountText.counted(files.count, "file") + " (\(summary.written.count) written, "
                    + "\(summary.unchanged.count) unchanged, \(summary.removed.count) removed)"
            }) { try writer.write(files, holding: lock) }
            verbose("apply phase (the renames and removals in the output folder): "
                + String(format: "%.2f", summary.applySeconds * 1000) + " ms")
            let reusedDestinations = content.reusedDestinationCount
            return BuildResult(
                succeeded: true, destinationCount: trips.count, writeSummary: summary,
                reloadedDestinations: trips.count - reusedDestinations, reusedDestinations: reusedDestinations,
                reusedComputations: reusedComputations, reusedRenderings: reusedRenderings)
        } catch let diagnostic as Diagnostic {
            log.report(diagnostic)
            return failed
        } catch {
            log.error(SourceLocation(path: options.outputDirectory.path), "cannot write the site: \(error)")
            return failed
        }
    }

    /// The compute stage: each destination's initial region, and its trip logs filtered with their
    /// statistics — in parallel across destinations (DESIGN §6) — or taken from the cache. Returns
    /// the trips in the order of `destinations` and how many the cache gave the trip logs of.
    private func compute(_ destinations: [Destination], config: SiteConfig) -> (trips: [Trip], reused: Int) {
        let results = Mutex<[Int: Trip]>([:])
        let reused = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: destinations.count) { index in
            let destination = destinations[index]
            let (recordings, wasReused) = filteredTripLogs(of: destination)
            if wasReused { reused.add(1, ordering: .relaxed) }
            let (photos, copies) = publishedPhotos(of: destination, recordings: recordings, config: config)
            let trip = Trip(
                destination: destination, initialRegion: InitialRegion.region(for: destination, config: config),
                recordings: recordings, placemark: Gazetteer.shared.reverse(destination.coordinate),
                photos: photos, photoCopies: copies)
            results.withLock { $0[index] = trip }
        }
        let trips = results.withLock { trips in destinations.indices.map { trips[$0]! } }
        if options.verbosity == .verbose {
            for trip in trips { describe(trip, config: config) }
        }
        return (trips, reused.load(ordering: .relaxed))
    }

    /// `destination`'s photos placed on its filtered trip logs by time when they have no GPS
    /// (`PhotoGeotagger`, with `photos.cameraClockOffset` and `photos.maximumGap`), and their
    /// thumbnail and web copies (`ThumbnailMaker`, cached in `<source>/.roadtrip-cache/`). A photo
    /// whose copies cannot be made is a warning and left out.
    private func publishedPhotos(of destination: Destination, recordings: [ProcessedTripLog], config: SiteConfig)
        -> (photos: [Photo], copies: [String: PhotoCopies])
    {
        guard !destination.photos.isEmpty else { return ([], [:]) }
        let geotagger = PhotoGeotagger(
            segments: recordings.flatMap(\.segments), cameraClockOffset: config.photosCameraClockOffset,
            maximumGap: config.photosMaximumGap)
        let maker = ThumbnailMaker(
            sourceFolder: options.projectRoot, settings: ThumbnailMaker.Settings(keepMetadata: config.photosKeepMetadata))
        var photos: [Photo] = []
        var copies: [String: PhotoCopies] = [:]
        var published: [String: String] = [:]  // output name → the file that took it
        for photo in geotagger.geotag(destination.photos) {
            let name = PhotoFiles.webName(photo)
            if let first = published[name] {
                let path = ProjectPath.relative(photo.url, to: options.projectRoot)
                log.warning(
                    SourceLocation(path: path),
                    "publishes as photos/\(name), as \(first) already does (names are slugged); rename one; photo skipped")
                continue
            }
            published[name] = photo.fileName
            do throws(Vips.Failure) {
                copies[photo.fileName] = try maker.copies(of: photo.url)
                photos.append(photo)
            } catch {
                let path = ProjectPath.relative(photo.url, to: options.projectRoot)
                log.warning(SourceLocation(path: path), "cannot make the published copies: \(error.reason); photo skipped")
            }
        }
        return (photos, copies)
    }

    /// `destination`'s trip logs filtered, with their statistics, and whether the cache gave them.
    private func filteredTripLogs(of destination: Destination) -> (recordings: [ProcessedTripLog], reused: Bool) {
        if let kept = cache?.recordings(of: destination) { return (kept, true) }
        let recordings = destination.tripLogs.map { loaded in
            var recording = ProcessedTripLog(log: loaded.log, settings: loaded.settings.filters)
            recording.locate(with: Gazetteer.shared)
            return recording
        }
        cache?.keep(recordings: recordings, of: destination)
        return (recordings, false)
    }

    /// The --verbose lines for one destination: its region and zoom, and each trip log's filter report.
    private func describe(_ trip: Trip, config: SiteConfig) {
        let destination = trip.destination
        let center = trip.initialRegion.center
        let span = trip.initialRegion.span
        let view = MapView(
            region: trip.initialRegion, width: config.viewportWidth, height: config.viewportHeight,
            maximumZoom: config.standardTileLayer.maxZoom)
        let how = destination.regionRequest == .fit
            ? "fit to " + CountText.counted(destination.pointsOfInterest.count + 1, "pin") : "span"
        let geocoded = destination.placeName.map { " (geocoded from location \"\($0)\")" } ?? ""
        let near = trip.placemark.map { "; \($0.nearText)" } ?? ""
        verbose(
            "\(destination.slug): at \(destination.coordinate.latitude), \(destination.coordinate.longitude)\(geocoded)\(near); "
                + "region (\(how)) center \(DecimalText.string(center.latitude, maximumFractionDigits: 6)), "
                + "\(DecimalText.string(center.longitude, maximumFractionDigits: 6)), span "
                + "\(DecimalText.string(span.latitudeDelta, maximumFractionDigits: 6))° × "
                + "\(DecimalText.string(span.longitudeDelta, maximumFractionDigits: 6))°; zoom "
                + "\(DecimalText.fixed(view.zoom, fractionDigits: 3)) in "
                + "\(Int(config.viewportWidth))×\(Int(config.viewportHeight)) px")
        for recording in trip.recordings {
            verbose(
                "\(destination.slug)/trips/\(recording.log.slug): " + (recording.fromTo.map { $0 + "; " } ?? "")
                    + recording.reportSentences.joined(separator: "; "))
        }
    }

    /// Errors always block; warnings block under `--strict`.
    private func hasBlockingProblems() -> Bool {
        log.errorCount > 0 || (options.strict && log.warningCount > 0)
    }

    /// Renders every destination in parallel across cores (or takes its files from the cache),
    /// then the site-wide files; theme assets are copied from the project's theme folder or written
    /// from the built-in theme. The files are sorted by path so output is
    /// deterministic; `reused` counts the destinations the cache gave.
    private func render(trips: [Trip], theme: Theme, config: SiteConfig) throws(TemplateError)
        -> (files: [OutputFile], reused: Int)
    {
        let renderer = PageRenderer(theme: theme, config: config, projectRoot: options.projectRoot)
        let results = Mutex<[Int: Result<BuildCache.RenderedDestination, TemplateError>]>([:])
        let reused = Atomic(0)
        let site = Mutex<Result<(files: [OutputFile], overviewMap: TemplateValue), TemplateError>?>(nil)
        // One more task than destinations, first so that it starts early: the site-wide files
        // render alongside the pages.
        DispatchQueue.concurrentPerform(iterations: trips.count + 1) { task in
            guard task > 0 else {
                let siteResult = Result { () throws(TemplateError) in try renderer.siteFiles(trips: trips) }
                site.withLock { $0 = siteResult }
                return
            }
            let index = task - 1
            let (result, wasReused) = renderDestination(at: index, of: trips, renderer: renderer)
            if wasReused { reused.add(1, ordering: .relaxed) }
            results.withLock { $0[index] = result }
        }
        let outcomes = results.withLock { results in trips.indices.map { results[$0]! } }
        let siteFiles = try site.withLock { $0 }!.get()
        var files = siteFiles.files
        let cardMaps = outcomes.map { (try? $0.get())?.cardMap ?? .null }
        files.append(try renderer.homePage(trips: trips, cardMaps: cardMaps, overviewMap: siteFiles.overviewMap))
        for outcome in outcomes {
            files += try outcome.get().files
        }
        files += theme.assets.map { OutputFile(path: $0.relativePath, contents: $0.outputContents) }
        return (files.sorted { $0.path < $1.path }, reused.load(ordering: .relaxed))
    }

    /// The files and home-page card map of `trips[index]` between its neighbours in home-page
    /// order, and whether the cache gave them.
    private func renderDestination(at index: Int, of trips: [Trip], renderer: PageRenderer)
        -> (result: Result<BuildCache.RenderedDestination, TemplateError>, reused: Bool)
    {
        let trip = trips[index]
        let previous = index > 0 ? trips[index - 1].destination : nil
        let next = index + 1 < trips.count ? trips[index + 1].destination : nil
        let inputs = BuildCache.PageInputs(destination: trip.destination, previous: previous, next: next)
        if let kept = cache?.rendered(trip.destination, inputs: inputs) { return (.success(kept), true) }
        let result = Result { () throws(TemplateError) in
            BuildCache.RenderedDestination(
                inputs: inputs, files: try renderer.destinationFiles(trip: trip, previous: previous, next: next),
                cardMap: renderer.cardMap(trip: trip))
        }
        if case .success(let rendered) = result { cache?.keep(rendered, of: trip.destination) }
        return (result, false)
    }
}
