import RoadTripCore
import RoadTripContent

extension BuildStep {
    /// Reads `Destinations/site.yaml` and applies the command line's `--base-url` (a bad one stops
    /// the build); then starts the cache's build with the configuration in effect, and reads the
    /// stored build (``StoredBuild``) when the build keeps one.
    static let loadConfig = BuildStep("load-config") { state, context throws(BuildStop) in
        let options = context.options
        var config = SiteLoader(projectRoot: options.projectRoot, includeDrafts: options.includeDrafts, log: context.log)
            .loadConfig()
        if let baseURL = options.baseURL {
            do throws(BaseURL.Problem) {
                let checked = try BaseURL.check(baseURL, name: "--base-url")
                for warning in checked.warnings { context.log.warning(SourceLocation(path: "--base-url"), warning) }
                config.baseURL = checked.url
            } catch {
                context.log.error(SourceLocation(path: "--base-url"), error.message)
                throw BuildStop(summary: "stopped by --base-url")
            }
        }
        context.cache?.prepare(projectRoot: options.projectRoot, config: config, now: context.environment.now)
        if options.storesBuild {
            state.storedBuild = StoredBuild(
                options: options, config: config, outputRoot: context.writer.canonicalOutput.path,
                reads: !options.ignoresBuildCaches, now: context.environment.now)
        }
        state.config = config
        return "site.yaml" + (FileBytes.isPresent(options.projectRoot.appendingPathComponent("Destinations/site.yaml"))
            ? "" : " (none: the defaults)")
    }
}
