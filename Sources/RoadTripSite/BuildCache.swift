import Foundation
import Synchronization
import RoadTripCore
import RoadTripContent
import RoadTripCompute
import RoadTripRender

/// What a long-running `roadtrip serve` keeps between rebuilds so that only what changed is
/// loaded, computed and rendered again (issue 5, "Watching"). Give the same cache to every
/// ``SiteBuilder`` of one project, one build at a time; a build without a cache does everything.
///
/// What is kept, and while it is used:
/// - **Per source** — a destination folder, or `Destinations.plist` for every destination it
///   holds: the destinations as loaded and the diagnostics their loading reported, while the
///   source's ``SourceFingerprint`` is unchanged. The diagnostics are reported again on every
///   build that reuses them, so a rebuild prints what a clean build prints. A source whose
///   loading reported an error is never kept, nor one modified within the last
///   ``SourceFingerprint/timestampGranularity`` seconds (a second write could hide in the same
///   modification time); it is read again on the next build.
/// - **Per destination**, while its source is unchanged: its filtered trip logs with their
///   statistics (the expensive part of the compute stage), and its rendered files and home-page
///   card map, as long as the render inputs from outside its source are equal too
///   (``PageInputs``: the resolved image and the neighbours the pager links to).
///
/// Everything is dropped when the ``SiteKey`` changes: the project, the site configuration (as
/// `site.yaml` and the command line make it), `site.yaml`'s fingerprint, or any file of the theme;
/// and after a build whose key was not settled (a file of the theme or `site.yaml` modified in
/// the last ``SourceFingerprint/timestampGranularity`` seconds).
/// The site-wide files (home page, overview map, site GeoJSON, sitemap, 404 page) are not kept:
/// they are rendered on every build. Thread-safe (a `Mutex` guards the state): the stages consult
/// the cache from their concurrent tasks.
public final class BuildCache: DestinationSourceCache {
    /// What every kept value depends on; a change drops them all.
    struct SiteKey: Sendable, Hashable {
        /// The project root's path.
        var projectRoot: String
        /// The site configuration in effect (`site.yaml` with the command line's overrides).
        var config: SiteConfig
        /// `Destinations/site.yaml`.
        var siteFile: SourceFingerprint
        /// Every file under `Themes/<config.theme>/`: the project's theme, or its overrides of the
        /// built-in theme (which is part of the executable, so the same for every build a cache sees).
        var theme: SourceFingerprint

        /// The key of a build of the project at `projectRoot` with `config`: fingerprints
        /// `Destinations/site.yaml` and the theme's folder.
        init(projectRoot: URL, config: SiteConfig) {
            self.projectRoot = projectRoot.standardizedFileURL.path
            self.config = config
            siteFile = SourceFingerprint(of: projectRoot.appendingPathComponent("Destinations/site.yaml"))
            theme = SourceFingerprint(
                of: projectRoot.appendingPathComponent("Themes").appendingPathComponent(config.theme))
        }
    }

    /// What a destination's rendered files depend on besides its own source, the site
    /// configuration and the theme: what ``SiteLoader/resolvingImage(_:)`` decided (it looks at
    /// files outside a plist destination's source) and the previous and next destinations, whose
    /// slug and title the page's pager shows (`PageRenderer.destinationFiles`).
    struct PageInputs: Sendable, Hashable {
        /// The slug and title of a neighbour in home-page order.
        struct Neighbour: Sendable, Hashable {
            var slug: String
            var title: String
        }

        var image: String?
        var assetFiles: [String]
        var previous: Neighbour?
        var next: Neighbour?

        /// The inputs of `destination`'s pages between `previous` and `next`.
        init(destination: Destination, previous: Destination?, next: Destination?) {
            image = destination.image
            assetFiles = destination.assetFiles
            self.previous = previous.map { Neighbour(slug: $0.slug, title: $0.title) }
            self.next = next.map { Neighbour(slug: $0.slug, title: $0.title) }
        }
    }

    /// A destination's rendered files and home-page card map, with the inputs they were made from.
    struct RenderedDestination: Sendable {
        var inputs: PageInputs
        var files: [OutputFile]
        var cardMap: TemplateValue
    }

    /// One source's destinations as loaded, with what their loading reported.
    private struct LoadedSource: Sendable {
        var fingerprint: SourceFingerprint
        var destinations: [Destination]
        var diagnostics: [Diagnostic]
    }

    /// Identifies a destination across builds: its source file and its slug.
    private struct DestinationKey: Sendable, Hashable {
        var sourcePath: String
        var slug: String

        init(_ destination: Destination) {
            sourcePath = destination.sourcePath
            slug = destination.slug
        }
    }

    private struct State: Sendable {
        var siteKey: SiteKey?
        /// By source path (a destination's `sourcePath`).
        var sources: [String: LoadedSource] = [:]
        var recordings: [DestinationKey: [ProcessedTripLog]] = [:]
        var rendered: [DestinationKey: RenderedDestination] = [:]

        /// Drops the source at `sourcePath` and everything made from its destinations.
        mutating func forget(source sourcePath: String) {
            sources[sourcePath] = nil
            recordings = recordings.filter { $0.key.sourcePath != sourcePath }
            rendered = rendered.filter { $0.key.sourcePath != sourcePath }
        }
    }

    private let state = Mutex(State())

    /// An empty cache: the first build that uses it does everything.
    public init() {}

    /// Starts a build of the project at `projectRoot` with `config`: drops everything when the
    /// ``SiteKey`` differs from the previous build's.
    func prepare(projectRoot: URL, config: SiteConfig) {
        let key = SiteKey(projectRoot: projectRoot, config: config)
        state.withLock { state in
            if state.siteKey == nil || state.siteKey != key { state = State() }
            // An unsettled key is not kept, so the next build starts afresh again.
            state.siteKey = key.siteFile.isSettled && key.theme.isSettled ? key : nil
        }
    }

    /// `DestinationSourceCache`'s request: the kept destinations of `sourcePath` when the
    /// fingerprint of `files` (`SourceFingerprint`, taken before `load` runs) is the one they were
    /// loaded with, else `load(log)`'s, kept with their diagnostics when `log` then holds no error
    /// and the fingerprint is settled. `load` runs without the lock held, so sources load in
    /// parallel.
    public func destinations(
        ofSource sourcePath: String, files: URL, log: DiagnosticLog, load: (DiagnosticLog) -> [Destination]
    ) -> (destinations: [Destination], reused: Bool) {
        let fingerprint = SourceFingerprint(of: files)
        let kept = state.withLock { state -> LoadedSource? in
            if let source = state.sources[sourcePath], source.fingerprint == fingerprint { return source }
            state.forget(source: sourcePath)
            return nil
        }
        if let kept {
            for diagnostic in kept.diagnostics { log.report(diagnostic) }
            return (kept.destinations, true)
        }
        let destinations = load(log)
        if log.errorCount == 0 && fingerprint.isSettled {
            let source = LoadedSource(fingerprint: fingerprint, destinations: destinations, diagnostics: log.diagnostics)
            state.withLock { $0.sources[sourcePath] = source }
        }
        return (destinations, false)
    }

    /// Drops the sources that are not in `sourcePaths` (removed since the last build) and
    /// everything made from them.
    public func keepOnlySources(_ sourcePaths: Set<String>) {
        state.withLock { state in
            for sourcePath in state.sources.keys where !sourcePaths.contains(sourcePath) {
                state.forget(source: sourcePath)
            }
            state.recordings = state.recordings.filter { sourcePaths.contains($0.key.sourcePath) }
            state.rendered = state.rendered.filter { sourcePaths.contains($0.key.sourcePath) }
        }
    }

    /// `destination`'s filtered trip logs, when they were computed since its source last changed.
    func recordings(of destination: Destination) -> [ProcessedTripLog]? {
        state.withLock { $0.recordings[DestinationKey(destination)] }
    }

    /// Keeps `destination`'s filtered trip logs.
    func keep(recordings: [ProcessedTripLog], of destination: Destination) {
        state.withLock { $0.recordings[DestinationKey(destination)] = recordings }
    }

    /// `destination`'s rendered files and card map, when they were rendered since its source last
    /// changed from the same `inputs`.
    func rendered(_ destination: Destination, inputs: PageInputs) -> RenderedDestination? {
        state.withLock { state in
            state.rendered[DestinationKey(destination)].flatMap { $0.inputs == inputs ? $0 : nil }
        }
    }

    /// Keeps `destination`'s rendered files and card map.
    func keep(_ rendered: RenderedDestination, of destination: Destination) {
        state.withLock { $0.rendered[DestinationKey(destination)] = rendered }
    }
}
