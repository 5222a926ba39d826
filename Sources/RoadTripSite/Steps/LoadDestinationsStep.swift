import RoadTripCore
import RoadTripContent

extension BuildStep {
    /// Reads every destination — the folders of `Destinations/` with their front matter, points of
    /// interest, trip logs, photos and contacts, and `Destinations.plist` — in parallel, each
    /// source with a log of its own merged in source order (`SiteLoader`); the ``BuildCache``
    /// gives the sources that are unchanged since the last build; the ``StoredBuild`` fingerprints
    /// each source as it is read and gives back what the last build kept of the unchanged ones.
    static let loadDestinations = BuildStep("load-destinations") { state, context throws(BuildStop) in
        let options = context.options
        let loader = SiteLoader(
            projectRoot: options.projectRoot, includeDrafts: options.includeDrafts, log: context.log,
            cache: context.cache ?? state.storedBuild)
        state.content = loader.load(config: state.config, geocoder: context.environment.geocoder)
        guard let content = state.content else { return "stopped by errors" }
        // How many were reused, with serve's cache or with the stored build (read back, not parsed).
        let reused = context.cache == nil && state.storedBuild == nil ? "" : " (" + CountText.grouped(content.reusedDestinationCount) + " reused)"
        return CountText.counted(content.destinations.count, "destination") + reused
    }
}
