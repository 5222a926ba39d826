import RoadTripCore
import RoadTripGeo
import RoadTripContent
import RoadTripCompute

extension BuildStep {
    /// Lays out every map of the site once, for the renderers to draw as they are: each
    /// destination's initial region (its span, or `region: fit` around its pins: `InitialRegion`)
    /// and its maps — page, home-page card and one per trip log, with the filtered tracks simplified
    /// for each view (`DestinationMaps`) — with its nearest town from the gazetteer, in parallel
    /// across destinations (the ``BuildCache`` gives those of destinations whose source is
    /// unchanged); then the home page's overview of every destination and the map of each tag's
    /// page (`SiteTag`), fitted to its destinations. Runs after filter-trips, whose tracks the
    /// maps show.
    static let fitMaps = BuildStep("fit-maps") { state, context throws(BuildStop) in
        let config = state.config
        let recordings = state.recordings
        let (fitted, reused) = context.perDestination(state.destinations, reusing: "fit-maps") { index, destination in
            let region = InitialRegion.region(for: destination, config: config)
            return (
                maps: DestinationMaps(
                    destination: destination, initialRegion: region, recordings: recordings[index], config: config),
                placemark: context.environment.geocoder.reverse(destination.coordinate))
        }
        state.maps = fitted.map(\.maps)
        state.placemarks = fitted.map(\.placemark)
        state.overviewMap = FittedMap.overview(
            of: state.destinations.map(\.coordinate), config: config)
        state.tags = SiteTag.tags(of: state.destinations)
        state.tagMaps = state.tags.map { tag in
            FittedMap.overview(of: tag.destinationIndices.map { state.destinations[$0].coordinate }, config: config)
        }
        if context.options.verbosity == .verbose {
            for index in state.destinations.indices {
                context.verbose(Self.mapDecision(
                    state.destinations[index], region: state.maps[index].page.initialRegion,
                    placemark: state.placemarks[index], config: config))
            }
        }
        return CountText.counted(state.destinations.count, "region") + context.reusedNote(reused.count { $0 })
    }

    /// The --verbose line of one destination's map: where it is, the region chosen and how, and
    /// the zoom that region gets in the configured viewport.
    private static func mapDecision(
        _ destination: Destination, region: CoordinateRegion, placemark: Placemark?, config: SiteConfig
    ) -> String {
        let view = MapView(
            region: region, width: config.viewportWidth, height: config.viewportHeight,
            maximumZoom: config.standardTileLayer.maxZoom)
        let how = destination.regionRequest == .fit
            ? "fit to " + CountText.counted(destination.pointsOfInterest.count + 1, "pin") : "span"
        let geocoded = destination.placeName.map { " (geocoded from location \"\($0)\")" } ?? ""
        let near = placemark.map { "; \($0.nearText)" } ?? ""
        func degrees(_ value: Double) -> String { DecimalText.string(value, maximumFractionDigits: 6) }
        let place = "\(destination.slug): at \(destination.coordinate.latitude), \(destination.coordinate.longitude)"
            + geocoded + near
        let chosen = "region (\(how)) center \(degrees(region.center.latitude)), \(degrees(region.center.longitude)), span "
            + "\(degrees(region.span.latitudeDelta))° × \(degrees(region.span.longitudeDelta))°"
        let zoom = "zoom \(DecimalText.fixed(view.zoom, fractionDigits: 3)) in "
            + "\(Int(config.viewportWidth))×\(Int(config.viewportHeight)) px"
        return place + "; " + chosen + "; " + zoom
    }
}
