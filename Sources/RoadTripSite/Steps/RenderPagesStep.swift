import Foundation
import Dispatch
import Synchronization
import RoadTripCore
import RoadTripContent
import RoadTripCompute
import RoadTripRender

extension BuildStep {
    /// Renders every destination's files in parallel across the cores (the ``BuildCache`` gives
    /// those of destinations whose source and ``PageInputs`` are unchanged; with a ``StoredBuild``,
    /// a destination whose files the output folder still holds as the last build wrote them is not
    /// rendered at all: its paths go to the state's `keptFiles`), the site-wide files
    /// alongside them, then the home page — with a ``StoredBuild``, each group of site-wide files
    /// (``SiteFileGroup``, and the home page) whose key, a digest of what it shows, and files are
    /// as the last build left them is not rendered either (the stage line says how many of how
    /// many were kept; `--verbose` names those rendered); the theme's assets are copied from the project's theme
    /// folder or written from the built-in theme. The files are sorted by path, so the output is
    /// deterministic. A template error stops the build at its template's line and column. For a
    /// site with a `baseURL` that has a host, each page with a map names its share preview
    /// (`og:image`), left in the state for draw-previews to rasterise.
    static let renderPages = BuildStep("render-pages") { state, context throws(BuildStop) in
        guard let theme = state.theme, let overview = state.overviewMap else { throw BuildStop(summary: "no theme") }
        let siteGroups: (reused: Int, count: Int, rendered: [String])
        // Without a BuildCache (which keeps the rendered files for the next build), each file is
        // staged as soon as it is rendered; where the staging folder cannot be made, write-output
        // makes it and says why.
        if context.cache == nil, state.staging == nil, let lock = context.lock {
            state.staging = try? context.writer.openStaging(holding: lock)
        }
        do throws(TemplateError) {
            (state.files, state.sharePreviews, state.reusedRenderings, siteGroups) = try render(
                trips: state.trips, overview: overview, itineraries: (state.itineraries, state.itineraryMaps),
                tags: (state.tags, state.tagMaps),
                theme: theme, config: state.config,
                basemap: (state.basemapTiles, state.overviewBasemap, state.basemapFingerprint), stored: state.storedBuild,
                staging: state.staging.map { ($0, FileEntryKind(atPath: context.writer.canonicalOutput.path) == nil) },
                context: context)
            // What the stored build kept, and the basemap's tiles the output holds as they are.
            state.keptFiles = (state.storedBuild?.keptPaths ?? []) + (state.basemapTiles?.keptOutputPaths ?? [])
            if let stored = state.storedBuild {
                // What the next build needs to render only the pages whose prose alone changed.
                stored.noteBodiesSpliceable(theme.templates.insertsOnceVerbatim("destination.bodyHTML", from: "destination"))
                stored.noteDestinationCount(state.destinations.count, geocoderIdentity: context.environment.geocoder.dataIdentity)
                context.verbose("site-wide groups rendered: " + (siteGroups.rendered.isEmpty ? "none" : siteGroups.rendered.joined(separator: ", ")))
            }
        } catch {
            context.log.report(error.diagnostic(in: theme.displayPath(ofTemplate: error.templateName)))
            throw BuildStop(summary: "stopped by a template error")
        }
        return CountText.counted(state.destinations.count, "destination") + " ("
            + (context.cache == nil && state.storedBuild == nil ? "" : CountText.grouped(state.reusedRenderings) + " reused, ")
            // The share previews named (drawn by draw-previews) count with the files, as a kept
            // page's og.png does among the kept files: the same output gives the same count.
            + CountText.counted(state.files.count + state.sharePreviews.count + state.keptFiles.count, "file")
            + (state.storedBuild == nil ? "" : ", \(siteGroups.reused) of \(siteGroups.count) site-wide groups reused") + ")"
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
        /// The offline basemap's fingerprint (its tiles are embedded in `map.svg`), `nil` without one.
        var basemapFingerprint: String?
        /// Where the destination is on its itinerary (the page's "Day 3 of 16 · …" line).
        var itineraryLine: ItineraryStopLine?
        /// Whether some destination of the site has a tag (every page then links the index of tags).
        var siteHasTags = false
        /// The ``SourceFingerprint/digest`` of each asset file its source's fingerprint does not
        /// cover, so that an edited one renders the page again: every asset of a destination
        /// without a folder of its own (`Destinations.plist`: its image lies outside the plist),
        /// and a folder destination's dotfile image (`image: .cover.jpg`: a folder's fingerprint
        /// leaves dotfiles out, ``SourceFingerprint/covers(_:)``). `nil` when there is none.
        var outsideAssets: String?
        /// `false` when one of those files is not yet ``SourceFingerprint/isSettled`` (it could
        /// change again unseen): the
        /// inputs then never equal a later build's, and nothing is stored.
        var outsideAssetsAreSettled = true

        /// The inputs of `destination`'s pages between `previous` and `next`, over the offline
        /// basemap of `basemapFingerprint`; asset files outside its source are fingerprinted under
        /// `projectRoot` at the instant `now`.
        init(
            destination: Destination, previous: Destination?, next: Destination?, basemapFingerprint: String?,
            itineraryLine: ItineraryStopLine?, siteHasTags: Bool = false, projectRoot: URL? = nil, now: Date = Date()
        ) {
            let hasFolder = (destination.sourcePath as NSString).lastPathComponent == "index.md"  // its source
            let uncovered = hasFolder ? destination.assetFiles.filter { !SourceFingerprint.covers($0) } : destination.assetFiles
            if let projectRoot, !uncovered.isEmpty {
                let folder = projectRoot.appendingPathComponent(destination.sourcePath).deletingLastPathComponent()
                let fingerprints = uncovered.map {
                    SourceFingerprint(of: folder.appendingPathComponent($0), takenAt: now)
                }
                outsideAssetsAreSettled = fingerprints.allSatisfy(\.isSettled)
                outsideAssets = outsideAssetsAreSettled
                    ? fingerprints.map(\.digest).joined(separator: ",")
                    : "unsettled " + UUID().uuidString
            }
            self.siteHasTags = siteHasTags
            self.basemapFingerprint = basemapFingerprint
            self.itineraryLine = itineraryLine
            image = destination.image
            assetFiles = destination.assetFiles
            self.previous = previous.map { Neighbour(slug: $0.slug, title: $0.title) }
            self.next = next.map { Neighbour(slug: $0.slug, title: $0.title) }
        }
    }

    /// A destination's rendered files (and share previews).
    struct RenderedDestination: Sendable {
        var files: PageFiles
    }

    /// The files of the site, the share previews the pages name, how many destinations the cache
    /// gave, and how many of the site-wide groups (``SiteFileGroup``, and the home page) the
    /// stored build kept out of how many, with the names of those rendered, sorted. One task for
    /// the home page (and the overview map it shows), the longest, first; one per site-wide group,
    /// so that they start early; then one per destination. With a ``StoredBuild``,
    /// a group whose key and files are as the last build left them is not rendered: its paths go
    /// to the state's `keptFiles`.
    private static func render(
        trips: [Trip], overview: FittedMap, itineraries: (plans: [Itinerary], maps: [FittedMap?]),
        tags: (tags: [SiteTag], maps: [FittedMap]), theme: Theme,
        config: SiteConfig,
        basemap: (tiles: BasemapTileSet?, overview: String?, fingerprint: String?), stored: StoredBuild?,
        staging early: (staging: OutputStaging, forFirstWrite: Bool)?, context: BuildContext
    )
        throws(TemplateError) -> (files: [OutputFile], sharePreviews: [SharePreview], reused: Int, siteGroups: (reused: Int, count: Int, rendered: [String]))
    {
        let renderer = PageRenderer(
            theme: theme, config: config, projectRoot: context.options.projectRoot, geocoder: context.environment.geocoder,
            basemapTiles: basemap.tiles, overviewBasemap: basemap.overview, siteHasTags: !tags.tags.isEmpty,
            sharePreviews: SharePreviewAbsence(config: config) == nil)
        let itineraryLines = ItineraryStopLine.lines(
            of: itineraries.plans, destinationCount: trips.count, siteTitle: config.title,
            hasTripPages: theme.templates.contains(ItineraryFiles.layout))
        // The keys' parts, only when there is a stored build to compare the keys with.
        let keyParts = stored.map { _ in
            renderer.siteKeyParts(trips: trips, overview: overview, itineraries: itineraries.plans, basemapFingerprint: basemap.fingerprint)
        }
        let groups = renderer.siteFileGroups(
            trips: trips, overview: overview, itineraries: itineraries.plans, itineraryMaps: itineraries.maps,
            tags: tags.tags, tagMaps: tags.maps, itineraryLines: itineraryLines, basemapFingerprint: basemap.fingerprint,
            keyParts: keyParts)
        let staging = early?.staging
        // A first write (no output folder yet) also gets the basemap's tiles linked meanwhile, on a
        // thread of their own, which fills the moments the renderers leave a core idle (the home
        // page is rendered on one). An update does not: write-output knows an unchanged tile by its
        // inode, where a staged one would be compared byte by byte.
        // The tiles' files are listed on that thread too (sorting and filtering thousands of
        // tiles: ~3 ms of a 250-destination build that the renderers would otherwise wait for).
        let stagedTiles = Mutex<[OutputFile]?>(nil)
        let tilesStaged = DispatchGroup()
        // Also when a template error ends the rendering: the staging folder is removed after.
        defer { tilesStaged.wait() }
        if let early, early.forFirstWrite, let tiles = basemap.tiles {
            DispatchQueue.global(qos: .userInitiated).async(group: tilesStaged) {
                let tileFiles = tiles.outputFiles()
                let staged = tileFiles.isEmpty ? tileFiles : early.staging.stage(tileFiles)
                stagedTiles.withLock { $0 = staged }
            }
        }
        // `files` with its pages written into the staging folder, when there is one.
        @Sendable func staged(_ files: PageFiles) -> PageFiles {
            guard let staging else { return files }
            var staged = files
            staged.files = staging.stage(files.files)
            return staged
        }
        let results = Mutex<[Int: Result<RenderedDestination, TemplateError>]>([:])
        let reused = Atomic(0)
        // By group: its rendering, or `nil` when the stored build kept its files.
        let groupResults = Mutex<[Int: Result<SiteFileGroup.Rendering?, TemplateError>]>([:])
        let renderGroup = { @Sendable (task: Int) -> Result<SiteFileGroup.Rendering?, TemplateError> in
            let group = groups[task]
            let key = stored == nil ? nil : group.key()
            let renderStaged = { () throws(TemplateError) -> SiteFileGroup.Rendering in
                var rendering = try group.render()
                rendering.files = staged(rendering.files)
                return rendering
            }
            return Result { () throws(TemplateError) -> SiteFileGroup.Rendering? in
                guard let stored, let key else { return try renderStaged() }
                if stored.keptFiles(ofGroup: group.name, key: key) != nil { return nil }
                let rendering = try renderStaged()
                stored.noteRendered(
                    group: group.name, key: key,
                    paths: rendering.files.files.map(\.path) + rendering.files.sharePreviews.map(\.path))
                return rendering
            }
        }
        // The home page's key, and whether the stored build kept it.
        let homeKey = stored == nil ? nil : keyParts.map { renderer.homePageKey($0, basemapFingerprint: basemap.fingerprint) }
        let isHomeKept = homeKey.map { stored?.keptFiles(ofGroup: "home", key: $0) != nil } ?? false
        // The home page shows the overview map: it is rendered in the home page's task, before it.
        let overviewGroup = groups.firstIndex { $0.name == "overview" }!
        let homeResult = Mutex<Result<OutputFile, TemplateError>?>(nil)
        // The home page first, as it is the longest task (its cards are thousands on a large
        // site: made last, they left a core idle for ~150 ms of a 4,000-destination build), the
        // site-wide groups next, then one task per destination.
        DispatchQueue.concurrentPerform(iterations: 1 + groups.count + trips.count) { task in
            guard task > 0 else {
                guard !isHomeKept else { return }
                let overviewResult = renderGroup(overviewGroup)
                groupResults.withLock { $0[overviewGroup] = overviewResult }
                let overviewMap = ((try? overviewResult.get()) ?? nil)?.overview
                    ?? renderer.overviewFiles(trips: trips, overview: overview, itineraries: itineraries.plans).overview
                let result = Result { () throws(TemplateError) -> OutputFile in
                    let home = try renderer.homePage(
                        trips: trips, cardMaps: Self.cardMaps(of: trips, renderer: renderer), overviewMap: overviewMap.map,
                        itineraries: itineraries.plans, overviewPreview: overviewMap.preview)
                    let staged = staging?.stage([home]).first ?? home
                    if let stored, let homeKey { stored.noteRendered(group: "home", key: homeKey, paths: [home.path]) }
                    return staged
                }
                homeResult.withLock { $0 = result }
                return
            }
            guard task > groups.count else {
                // The overview is the home page's task's, unless the home page is kept.
                if task - 1 != overviewGroup || isHomeKept {
                    let result = renderGroup(task - 1)
                    groupResults.withLock { $0[task - 1] = result }
                }
                return
            }
            let index = task - groups.count - 1
            let trip = trips[index]
            let previous = index > 0 ? trips[index - 1].destination : nil
            let next = index + 1 < trips.count ? trips[index + 1].destination : nil
            let make = { () throws(TemplateError) in
                RenderedDestination(
                    files: try renderer.destinationFiles(
                        trip: trip, previous: previous, next: next, itineraryLine: itineraryLines[index]))
            }
            // Rendered, then staged (a BuildCache's renderings are not: it keeps their bytes).
            let makeStaged = { () throws(TemplateError) in
                var rendered = try make()
                rendered.files = staged(rendered.files)
                return rendered
            }
            let result: Result<RenderedDestination, TemplateError>
            let inputs = { PageInputs(
                destination: trip.destination, previous: previous, next: next, basemapFingerprint: basemap.fingerprint,
                itineraryLine: itineraryLines[index], siteHasTags: !tags.tags.isEmpty,
                projectRoot: context.options.projectRoot, now: context.environment.now()) }
            if let stored, let key = stored.key(of: trip.destination, inputs: inputs(), placemark: trip.placemark) {
                // Its files are still in the output folder as the last build wrote them: nothing is
                // made; otherwise it is rendered and noted for the next build.
                if stored.keptFiles(of: trip.destination, key: key) != nil {
                    reused.add(1, ordering: .relaxed)
                    result = .success(RenderedDestination(files: PageFiles()))
                } else {
                    result = Result(catching: makeStaged)
                    if case .success(let rendered) = result {
                        stored.noteRendered(
                            trip.destination, key: key,
                            paths: rendered.files.files.map(\.path) + rendered.files.sharePreviews.map(\.path))
                    }
                }
            } else if let cache = context.cache {
                let inputs = inputs()
                result = Result { () throws(TemplateError) in
                    let (rendered, wasReused) = try cache.reuse("render-pages", of: trip.destination, inputs: inputs, make: make)
                    if wasReused { reused.add(1, ordering: .relaxed) }
                    return rendered
                }
            } else {
                result = Result(catching: makeStaged)
            }
            results.withLock { $0[index] = result }
        }
        let outcomes = results.withLock { results in trips.indices.map { results[$0]! } }
        let groupOutcomes = groupResults.withLock { results in groups.indices.map { results[$0]! } }
        var renderings: [SiteFileGroup.Rendering?] = []
        for outcome in groupOutcomes { renderings.append(try outcome.get()) }
        var files = PageFiles()
        var keptGroups = 0
        var renderedGroups: [String] = []
        for (group, rendering) in zip(groups, renderings) {
            if let rendering {
                files += rendering.files
                renderedGroups.append(group.name)
            } else {
                keptGroups += 1
            }
        }
        if let home = homeResult.withLock({ $0 }) {
            files.files.append(try home.get())
            renderedGroups.append("home")
        } else {
            keptGroups += 1
        }
        for outcome in outcomes {
            files += try outcome.get().files
        }
        files.files += theme.assets.map { OutputFile(path: $0.relativePath, contents: $0.outputContents) }
        tilesStaged.wait()
        files.files += stagedTiles.withLock { $0 } ?? basemap.tiles?.outputFiles() ?? []
        return (
            files.files.sorted { $0.path < $1.path }, files.sharePreviews, reused.load(ordering: .relaxed),
            (keptGroups, groups.count + 1, renderedGroups.sorted())
        )
    }

    /// The home page's card map of each of `trips`, made in parallel across the cores in chunks
    /// of 64 (the home page's task runs beside the destinations' pages).
    private static func cardMaps(of trips: [Trip], renderer: PageRenderer) -> [CardMapContext?] {
        concurrentMap(trips) { renderer.cardMap(trip: $0) }
    }
}
