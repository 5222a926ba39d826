import Dispatch
import Foundation
import Synchronization
import RoadTripCore
import RoadTripFormats
import RoadTripRender

extension BuildStep {
    /// Rasterises the share preview of every page with a map that render-pages named in the
    /// pages' heads (`SharePreview`, the `og:image` of a site with a `baseURL` that has a host)
    /// into `<page folder>/og.png`, 1200 × 630 pixels, with libvips (`Vips.png(ofSVG:scale:width:height:)`,
    /// librsvg underneath), in parallel across the cores; a PNG whose drawing is unchanged since a
    /// build cached it in `.roadtrip-cache/og/` (``SharePreviewCache``) is copied from there
    /// instead. Where that folder cannot be used (``ProjectCacheFolder/problem(with:projectRoot:homeDirectory:)``),
    /// one warning, and the PNGs are rasterised every build. A preview that cannot be rasterised
    /// is an error naming its file: the page's head already names it. Runs after render-pages.
    static let drawPreviews = BuildStep("draw-previews", stopsOnProblems: true) { state, context throws(BuildStop) in
        if let absence = SharePreviewAbsence(config: state.config) {
            if absence == .noSVGLoader {
                context.log.warning(
                    SourceLocation(path: "Destinations/site.yaml"),
                    "baseURL asks for share previews (og:image), but \(absence.reason): the pages have none "
                        + "(Debian's libvips42 loads SVG with librsvg2-2)")
            }
            return "none (" + absence.reason + ")"
        }
        let previews = state.sharePreviews
        // A theme whose pages have no map: nothing to rasterise, no cache folder to look at.
        guard !previews.isEmpty else { return "0 previews" }
        let projectRoot = context.options.projectRoot
        let folder = ProjectCacheFolder.sharePreviews(projectRoot: projectRoot)
        let problem = ProjectCacheFolder.problem(with: folder, projectRoot: projectRoot)
        if let problem {
            context.log.warning(
                SourceLocation(path: ProjectCacheFolder.name),
                "cannot keep the share previews in \(ProjectCacheFolder.name)/og/: \(problem); rasterising them without a cache")
        }
        let cache = problem == nil ? SharePreviewCache(projectRoot: projectRoot) : nil
        let files = Mutex([OutputFile?](repeating: nil, count: previews.count))
        let failures = Mutex([Int: String]())
        let storeProblem = Mutex<String?>(nil)
        let rasterised = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: previews.count) { position in
            let preview = previews[position]
            let key = cache == nil ? nil : SharePreviewCache.key(of: preview)
            if let cache, let key, let cached = cache.cachedFile(ofKey: key) {
                files.withLock { $0[position] = OutputFile(path: preview.path, contents: .copy(from: cached)) }
                return
            }
            let png: Data
            do throws(Vips.Failure) {
                png = try Vips.png(
                    ofSVG: preview.svg, scale: preview.scale, width: SharePreview.pixelWidth, height: SharePreview.pixelHeight)
            } catch {
                failures.withLock { $0[position] = error.reason }
                return
            }
            rasterised.add(1, ordering: .relaxed)
            var contents = OutputFile.Contents.data(png)
            if let cache, let key {
                switch cache.store(png, key: key) {
                case .success(let stored): contents = .copy(from: stored)
                case .failure(let failure): storeProblem.withLock { if $0 == nil { $0 = failure.reason } }
                }
            }
            files.withLock { $0[position] = OutputFile(path: preview.path, contents: contents) }
        }
        for (position, reason) in failures.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
            context.log.error(
                SourceLocation(path: context.options.outputDirectory.lastPathComponent + "/" + previews[position].path),
                "cannot rasterise the page's share preview (og:image): \(reason)")
        }
        if let reason = storeProblem.withLock({ $0 }) {
            context.log.warning(
                SourceLocation(path: ProjectCacheFolder.name + "/og"),
                "cannot keep every share preview in the cache: \(reason); those are rasterised again on every build")
        }
        state.files = (state.files + files.withLock { $0.compactMap { $0 } }).sorted { $0.path < $1.path }
        let made = rasterised.load(ordering: .relaxed), failed = failures.withLock { $0.count }
        return CountText.counted(previews.count, "preview") + " (" + CountText.grouped(made) + " rasterised, "
            + CountText.grouped(previews.count - made - failed) + " from the cache"
            + (failed > 0 ? ", " + CountText.grouped(failed) + " failed" : "") + ")"
    }
}
