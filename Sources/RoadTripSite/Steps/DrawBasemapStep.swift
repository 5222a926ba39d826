import Dispatch
import Foundation
import Synchronization
import RoadTripCore
import RoadTripGeo
import RoadTripRender

extension BuildStep {
    /// Draws the offline basemap's tiles every map of the site needs (`BasemapPyramid.tiles(for:)`
    /// of each destination's page, card and trip-log maps and of the overview, shared where they
    /// overlap, and those under their share previews' views for a site that makes them), each read
    /// from the project's ``BasemapTileCache`` or drawn from GSHHG
    /// (`Basemap.drawing(for:)` with a 2-pixel margin) and cached, in parallel across the cores; the
    /// output links the cache's files (`BasemapTileSet.cachedFiles`) but for the solid tiles
    /// (`BasemapSolidFill`: all land or all sea, told from the drawing, or from the cache's index
    /// for a tile it read before), which the output's one `land.svg` or `sea.svg` stands for.
    /// The overview map's `map.svg` gets a drawing of its own view instead (a world map's tiles,
    /// partly shown, would double its size), cached too. One warning when GSHHG's full resolution is missing. Nothing when `map.offlineBasemap` is
    /// false or the build has no basemap (GSHHG not installed). Runs after fit-maps.
    static let drawBasemap = BuildStep("draw-basemap") { state, context throws(BuildStop) in
        guard state.config.offlineBasemap, let basemap = context.environment.basemap else {
            state.storedBuild?.noteBasemap(fingerprint: nil, tiles: [])
            state.basemapTiles = nil
            state.basemapFingerprint = nil
            state.overviewBasemap = nil
            state.basemapCache = nil
            return state.config.offlineBasemap ? "no GSHHG data installed" : "off (map.offlineBasemap: false)"
        }
        if let finest = basemap.installedResolutions.last, finest != .full {
            context.log.warning(
                SourceLocation(path: basemap.folder.path),
                "the offline basemap's full resolution is not installed (Debian's gmt-gshhg-full; ./run installs it): "
                    + "city maps are drawn at the \(finest) resolution")
        }
        // The pages' maps zoom and pan; the home-page cards do not.
        var views = state.maps.flatMap { [$0.page.view] + $0.tripLogs.map(\.view) }
        if let overview = state.overviewMap { views.append(overview.view) }
        views += state.itineraryMaps.compactMap { $0?.view }
        if let theme = state.theme, TagFiles.arePages(of: theme) { views += state.tagMaps.map(\.view) }
        // The cache folder follows the rule of every folder roadtrip writes in a project; where it
        // cannot, the tiles are drawn without it.
        let projectRoot = context.options.projectRoot
        let problem = ProjectCacheFolder.problem(with: ProjectCacheFolder.basemap(projectRoot: projectRoot), projectRoot: projectRoot)
        if let problem {
            context.log.warning(
                SourceLocation(path: ProjectCacheFolder.name),
                "cannot keep the offline basemap's tiles in \(ProjectCacheFolder.name)/basemap/: \(problem); "
                    + "drawing them without a cache")
        }
        let fingerprint = BasemapTileCache.fingerprint(of: basemap)
        let cache = problem == nil ? BasemapTileCache(projectRoot: projectRoot, fingerprint: fingerprint) : nil
        cache?.removeOtherFingerprints()
        // The cache's index, and the overview's own drawing (unless its view is wider than the
        // world: its tiles repeat), are read on other threads while the pyramids are made.
        let sideReads = DispatchGroup()
        let indexRead = Mutex(BasemapTileIndex())
        let overviewBody = Mutex<String?>(nil)
        DispatchQueue.global(qos: .userInitiated).async(group: sideReads) {
            let index = cache?.readIndex() ?? BasemapTileIndex()
            indexRead.withLock { $0 = index }
        }
        if let overview = state.overviewMap?.view, overview.width + 32 < WebMercator.worldSize(zoom: overview.zoom) {
            DispatchQueue.global(qos: .userInitiated).async(group: sideReads) {
                var body = cache?.body(ofView: overview)
                if body == nil, let drawing = basemap.drawing(for: overview) {
                    let drawn = BasemapTileSVG.body(drawing)
                    cache?.store(drawn, ofView: overview)
                    body = drawn
                }
                overviewBody.withLock { $0 = body }
            }
        }
        // The tiles a standalone map.svg embeds (those under each zoomable map at its native zoom):
        // their bodies are held when drawn now, and read from the cache when a page first asks
        // (a rebuild that renders one page reads that page's); the others are only linked into
        // the output. Each zoomable map's
        // share preview (og:image) embeds those under its wider view (`SharePreview.view(showing:)`;
        // already in the pyramid for viewports near 1.91 : 1, such as the default 800 × 500).
        // Four sets made side by side (the zoomable maps' pyramids in two halves: at 4,000
        // destinations they are 400,000 insertions, ~10 ms on one core): each half of the zoomable
        // pyramids, the cards' tiles, and the embedded ones.
        let zoomableViews = views, cardViews = state.maps.map(\.card.view)
        let makesPreviews = SharePreviewAbsence(config: state.config) == nil
        let halfway = zoomableViews.count / 2
        // Each part is sorted where it is made; the sorted parts are then merged in one pass.
        let parts = concurrentMap(count: 4) { part -> (tiles: Set<BasemapPyramid.Tile>, sorted: [BasemapPyramid.Tile]) in
            var tiles: Set<BasemapPyramid.Tile> = []
            switch part {
            case 0, 1:
                for view in part == 0 ? zoomableViews[..<halfway] : zoomableViews[halfway...] { BasemapPyramid.insertTiles(for: view, into: &tiles) }
            case 2:
                for view in cardViews { BasemapPyramid.insertTiles(for: view, zoomable: false, into: &tiles) }
            default:
                for view in zoomableViews { BasemapPyramid.insertTiles(for: view, zoomable: false, into: &tiles) }
                if makesPreviews {
                    for view in zoomableViews { BasemapPyramid.insertTiles(for: SharePreview.view(showing: view), zoomable: false, into: &tiles) }
                }
            }
            return (tiles, part == 3 && !makesPreviews ? [] : tiles.sorted())
        }
        let embedded = parts[3].tiles
        let tiles = BasemapPyramid.sortedUnion(of: parts.map(\.sorted))
        sideReads.wait()
        let index = indexRead.withLock { $0 }
        let bodies = Mutex([BasemapPyramid.Tile: String](minimumCapacity: embedded.count))
        let cachedFiles = Mutex([BasemapPyramid.Tile: String](minimumCapacity: tiles.count))
        let stamps = Mutex([BasemapPyramid.Tile: BasemapFileStamp](minimumCapacity: tiles.count))
        let solidFills = Mutex([BasemapPyramid.Tile: BasemapSolidFill]())
        let drawn = Atomic(0), failed = Atomic(0)
        // Whether a tile read or drawn again has a stamp or fill other than the index's, and how
        // many stamped tiles are solid: with the counts, whether the index changed.
        let indexEntryChanged = Atomic(false), stampedFills = Atomic(0)
        // An existing output folder's tiles that are the cache's files as the index stamped them:
        // kept there, with one fstatat each in their folder (BasemapOutputTiles).
        let outputTiles = cache.flatMap {
            BasemapOutputTiles(outputRoot: context.writer.canonicalOutput.path, cacheFolder: $0.folder.path, tiles: tiles)
        }
        let inOutput = Mutex(Set<BasemapPyramid.Tile>())
        // A tile's body drawn from GSHHG (with a 2-pixel margin, so that neighbours meet; a solid
        // one as its canonical body), `nil` when GSHHG cannot be read.
        let draw: @Sendable (BasemapPyramid.Tile) -> String? = { tile in
            basemap.drawing(for: tile.view, margin: BasemapSolidFill.tileMargin).map { drawing in
                BasemapSolidFill.of(drawing: drawing, tile: tile)?.body(resolution: drawing.resolution) ?? BasemapTileSVG.body(drawing)
            }
        }
        // In runs of the tiles of one {z}/{x} folder (the tiles are sorted): the output's folder
        // is opened once per run, and each run's findings are merged at once.
        let runs = BasemapPyramid.folderRuns(of: tiles)
        DispatchQueue.concurrentPerform(iterations: runs.count) { runIndex in
            let run = tiles[runs[runIndex]]
            let indexStamps = run.map { cache == nil ? nil : index.stamps[$0] }
            // A solid tile the index knows has no file in the output (its fill's shared file stands
            // for it), and the index's record of it is all a build uses (its body is its fill's):
            // its cache file is not looked at. Only the others can be held in the output.
            let knownFills = run.map { index.solidFills[$0] }
            let knownSolid = knownFills.map { $0 != nil }
            let held = outputTiles?.holds(run, stamps: indexStamps.indices.map { knownSolid[$0] ? nil : indexStamps[$0] }) ?? []
            // The cache's own files, for the tiles the output does not hold.
            let unchanged = cache?.holdUnchanged(
                run, stamps: indexStamps.indices.map { knownSolid[$0] || (!held.isEmpty && held[$0]) ? nil : indexStamps[$0] }) ?? []
            var runStamps: [(BasemapPyramid.Tile, BasemapFileStamp)] = [], runFiles: [(BasemapPyramid.Tile, String)] = []
            var runBodies: [(BasemapPyramid.Tile, String)] = [], runInOutput: [BasemapPyramid.Tile] = []
            var runFills: [(BasemapPyramid.Tile, BasemapSolidFill)] = []
            defer {
                if !runFills.isEmpty { solidFills.withLock { $0.merge(runFills) { _, new in new } } }
                if !runStamps.isEmpty { stamps.withLock { $0.merge(runStamps) { _, new in new } } }
                if !runFiles.isEmpty { cachedFiles.withLock { $0.merge(runFiles) { _, new in new } } }
                if !runBodies.isEmpty { bodies.withLock { $0.merge(runBodies) { _, new in new } } }
                if !runInOutput.isEmpty { inOutput.withLock { $0.formUnion(runInOutput) } }
            }
            for (offset, tile) in run.enumerated() {
                if let cache, let stamp = indexStamps[offset] {
                    let isInOutput = held.isEmpty ? false : held[offset]
                    if isInOutput || unchanged[offset] || knownSolid[offset] {
                        runStamps.append((tile, stamp))
                        // A solid tile's file is never linked: no path made for it.
                        if let fill = knownFills[offset] {
                            runFills.append((tile, fill))
                            stampedFills.add(1, ordering: .relaxed)
                        } else {
                            runFiles.append((tile, cache.path(of: tile)))
                        }
                        if isInOutput { runInOutput.append(tile) }
                        continue
                    }
                }
                var body: String, stamp: BasemapFileStamp?
                if let cached = cache?.body(of: tile) {
                    (body, stamp) = cached
                } else {
                    guard let made = draw(tile) else {
                        failed.add(1, ordering: .relaxed)
                        continue
                    }
                    body = made
                    stamp = cache?.store(body, of: tile)
                    drawn.add(1, ordering: .relaxed)
                }
                let fill = BasemapSolidFill.of(body: body)
                if let stamp, let cache {
                    runStamps.append((tile, stamp))
                    if fill == nil { runFiles.append((tile, cache.path(of: tile))) } else { stampedFills.add(1, ordering: .relaxed) }
                    if index.stamps[tile] != stamp || index.solidFills[tile] != fill { indexEntryChanged.store(true, ordering: .relaxed) }
                }
                if let fill { runFills.append((tile, fill)) }
                // A body is held when a map embeds it, or when no cache keeps it for the output.
                if embedded.contains(tile) || stamp == nil { runBodies.append((tile, body)) }
            }
        }
        let fills = solidFills.withLock { $0 }
        let newStamps = stamps.withLock { $0 }
        // Every stamp and fill kept is the index's unless a tile was restamped: the new index is
        // the old one when it also holds no other tile.
        let indexChanged = indexEntryChanged.load(ordering: .relaxed) || newStamps.count != index.stamps.count
            || stampedFills.load(ordering: .relaxed) != index.solidFills.count
        let newIndex = indexChanged ? BasemapTileIndex(stamps: newStamps, solidFills: fills.filter { newStamps[$0.key] != nil }) : index
        // Written, and the tiles noted for the stored build, on another thread while the tile set is made.
        let sideWrites = DispatchGroup()
        if let cache, indexChanged {
            DispatchQueue.global(qos: .userInitiated).async(group: sideWrites) { cache.writeIndex(newIndex) }
        }
        state.basemapCache = cache.map { ($0, newIndex) }
        state.basemapFingerprint = fingerprint
        // A later build that skips this step checks the output's tiles against the cache's index:
        // only when every tile is a file of the cache. The solid tiles have none in the output.
        if cache != nil, newStamps.count == tiles.count {
            if let storedBuild = state.storedBuild {
                DispatchQueue.global(qos: .userInitiated).async(group: sideWrites) {
                    storedBuild.noteBasemap(fingerprint: fingerprint, tiles: tiles.filter { fills[$0] == nil })
                }
            }
        } else {
            state.storedBuild?.refuseSnapshot("an offline basemap tile is not in the cache")
        }
        // Every tile with a body held or a file in the cache (stamped: linked, or solid).
        let drawnTiles = Set(bodies.withLock { $0.keys }).union(newStamps.keys)
        // A body read once is kept for the other maps that embed it (two threads may read the same).
        let loadedBodies = Mutex([BasemapPyramid.Tile: String]())
        state.basemapTiles = BasemapTileSet(
            tiles: drawnTiles, bodies: bodies.withLock { $0 }, cachedFiles: cachedFiles.withLock { $0 },
            inOutput: inOutput.withLock { $0 }, solidFills: fills,
            loadBody: { tile in
                // A solid tile's is its fill's at the resolution its drawing takes: nothing to read.
                if let fill = fills[tile] { return fill.body(resolution: basemap.resolution(for: tile.view)) }
                if let loaded = loadedBodies.withLock({ $0[tile] }) { return loaded }
                // The cache's (its hash checked), else drawn again.
                guard let body = cache?.body(of: tile)?.body ?? draw(tile) else { return nil }
                loadedBodies.withLock { $0[tile] = body }
                return body
            })
        state.overviewBasemap = overviewBody.withLock { $0 }
        sideWrites.wait()
        if let problem = cache?.folders.problem {
            context.log.warning(
                SourceLocation(path: ProjectCacheFolder.name + "/basemap"),
                "cannot keep every offline basemap tile in the cache: \(problem); the tiles it could not keep are "
                    + "drawn or read again on every build (remove that entry, or .roadtrip-cache/basemap/ itself)")
        }
        let drawnCount = drawn.load(ordering: .relaxed), failedCount = failed.load(ordering: .relaxed)
        if failedCount > 0 {
            context.log.warning(
                SourceLocation(path: basemap.folder.path),
                "\(CountText.counted(failedCount, "offline basemap tile")) could not be drawn: "
                    + (basemap.readFailure() ?? "GSHHG's files cannot be read") + " (reinstall Debian's gmt-gshhg packages)")
        }
        let cached = tiles.count - drawnCount - failedCount
        return CountText.counted(tiles.count, "tile") + " (" + CountText.grouped(drawnCount) + " drawn, "
            + CountText.grouped(cached) + " from the cache" + (failedCount > 0 ? ", " + CountText.grouped(failedCount) + " failed" : "") + ")"
    }
}
