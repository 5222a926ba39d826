import RoadTripCore
import RoadTripGeo
import RoadTripContent
import RoadTripCompute

extension BuildStep {
    /// Each destination's initial region (its span, or `region: fit` around its pins:
    /// `InitialRegion`) and its nearest town from the gazetteer, in parallel across destinations.
    static let fitMaps = BuildStep("fit-maps") { state, context throws(BuildStop) in
        let config = state.config
        let (fitted, _) = context.perDestination(state.destinations) { _, destination in
            (InitialRegion.region(for: destination, config: config), context.environment.geocoder.reverse(destination.coordinate))
        }
        state.initialRegions = fitted.map(\.0)
        state.placemarks = fitted.map(\.1)
        if context.options.verbosity == .verbose {
            for index in state.destinations.indices {
                context.verbose(Self.mapDecision(
                    state.destinations[index], region: state.initialRegions[index], placemark: state.placemarks[index],
                    config: config))
            }
        }
        return CountText.counted(state.destinations.count, "region")
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
