import Foundation
import Synchronization
import RoadTripCore
import RoadTripContent

/// What a long-running `roadtrip serve` keeps between rebuilds so that only what changed is
/// loaded, computed and rendered again. Give the same cache to every
/// ``SiteBuilder`` of one project, one build at a time; a build without a cache does everything.
///
/// What is kept, and while it is used:
/// - **Per source** — a destination folder, or `Destinations.plist` for every destination it
///   holds: the destinations as loaded and the diagnostics their loading reported, while the
///   source's ``SourceFingerprint`` is unchanged. The diagnostics are reported again on every
///   build that reuses them, so a rebuild prints what a clean build prints. A source whose
///   loading reported an error is never kept, nor one not yet settled
///   (``SourceFingerprint/isSettled``: a second write could hide in the same modification time); it is read again on the next build.
/// - **Per destination and step**, while the destination's source is unchanged: what a build step
///   made of it (``reuse(_:of:inputs:make:)``), as long as the step's inputs from outside the
///   source are equal too. The steps that ask: filter-trips (the filtered trip logs with their
///   statistics, the expensive part of computing), fit-maps (the destination's maps, with the
///   tracks simplified for each) and render-pages (the rendered files and
///   home-page card map, whose inputs are ``PageInputs``: the resolved image and the neighbours
///   the pager links to). The cache knows nothing of what a step makes: it wraps the steps.
///
/// Everything is dropped when the ``SiteKey`` changes: the project, the site configuration (as
/// `site.yaml` and the command line make it), `site.yaml`'s fingerprint, or any file of the theme;
/// and after a build whose key was not settled (a file of the theme or `site.yaml` not
/// ``SourceFingerprint/isSettled``).
/// The site-wide files (home page, overview map, site GeoJSON, sitemap, 404 page) are not kept:
/// they are rendered on every build. Thread-safe (a `Mutex` guards the state): the steps consult
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
        /// What `Themes` and `Themes/<config.theme>` themselves are (``entryState(atPath:)``): where
        /// neither leads to a folder, `theme` is empty in every such state, though load-theme warns
        /// about each in its own words (a file, a link to nothing, a looping link).
        var themeEntries: [String]

        /// The key of a build of the project at `projectRoot` with `config`: fingerprints
        /// `Destinations/site.yaml` and the theme's folder at the instant `now`.
        init(projectRoot: URL, config: SiteConfig, now: Date) {
            self.projectRoot = projectRoot.standardizedFileURL.path
            self.config = config
            siteFile = SourceFingerprint(of: projectRoot.appendingPathComponent("Destinations/site.yaml"), takenAt: now)
            let themes = projectRoot.appendingPathComponent("Themes")
            theme = SourceFingerprint(of: themes.appendingPathComponent(config.theme), takenAt: now)
            themeEntries = [themes, themes.appendingPathComponent(config.theme)].map { Self.entryState(atPath: $0.path) }
        }

        /// The kind of the entry at `path` (not following a final link), with a symbolic link's
        /// target: `none`, `folder`, `file`, `other`, or `link <target>`.
        static func entryState(atPath path: String) -> String {
            switch FileEntryKind(atPath: path) {
            case nil: "none"
            case .directory: "folder"
            case .regularFile: "file"
            case .other: "other"
            case .symbolicLink: "link " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "")
            }
        }
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

    /// What one step made of one destination.
    private struct StepKey: Sendable, Hashable {
        var step: String
        var destination: DestinationKey
    }

    /// A step's value for one destination, with the inputs it was made from.
    private struct StepValue: Sendable {
        var inputs: any Hashable & Sendable
        var value: any Sendable
    }

    private struct State: Sendable {
        var siteKey: SiteKey?
        /// The clock of the build in progress (its ``BuildEnvironment/now``), which tells whether a
        /// fingerprint is settled.
        var now: @Sendable () -> Date = { Date() }
        /// By source path (a destination's `sourcePath`).
        var sources: [String: LoadedSource] = [:]
        var steps: [StepKey: StepValue] = [:]

        /// Drops the source at `sourcePath` and everything made from its destinations.
        mutating func forget(source sourcePath: String) {
            sources[sourcePath] = nil
            steps = steps.filter { $0.key.destination.sourcePath != sourcePath }
        }
    }

    private let state = Mutex(State())

    /// An empty cache: the first build that uses it does everything.
    public init() {}

    /// Starts a build of the project at `projectRoot` with `config` whose clock is `now`: drops
    /// everything when the ``SiteKey`` differs from the previous build's.
    func prepare(projectRoot: URL, config: SiteConfig, now: @escaping @Sendable () -> Date) {
        let key = SiteKey(projectRoot: projectRoot, config: config, now: now())
        state.withLock { state in
            if state.siteKey == nil || state.siteKey != key { state = State() }
            state.now = now
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
        let fingerprint = SourceFingerprint(of: files, takenAt: state.withLock { $0.now }())
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
            state.steps = state.steps.filter { sourcePaths.contains($0.key.destination.sourcePath) }
        }
    }

    /// What the step `step` made of `destination` from `inputs`: the kept value when the step made
    /// it since the destination's source last changed, from equal inputs; otherwise `make()`'s,
    /// kept for the next build (a `make` that throws keeps nothing). `reused` tells which happened.
    /// `make` runs without the lock held, so destinations are made in parallel.
    func reuse<Inputs: Hashable & Sendable, Value: Sendable, Failure: Error>(
        _ step: String, of destination: Destination, inputs: Inputs, make: () throws(Failure) -> Value
    ) throws(Failure) -> (value: Value, reused: Bool) {
        let key = StepKey(step: step, destination: DestinationKey(destination))
        if let kept = state.withLock({ $0.steps[key] }), (kept.inputs as? Inputs) == inputs, let value = kept.value as? Value {
            return (value, true)
        }
        let value = try make()
        state.withLock { $0.steps[key] = StepValue(inputs: inputs, value: value) }
        return (value, false)
    }
}
