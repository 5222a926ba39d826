import RoadTripCore
import RoadTripGeo

/// What a build takes from the world beyond its options and its files: the geocoder that places
/// `location:` names, contacts' towns, each destination's nearest town and where each trip log
/// starts and ends. Passed in, so that nothing below the site builder reads a global: the command
/// line builds with ``standard``; tests give a table of places.
public struct BuildEnvironment: Sendable {
    /// Places names and coordinates.
    public var geocoder: any Geocoder

    /// An environment with `geocoder`.
    public init(geocoder: any Geocoder) {
        self.geocoder = geocoder
    }

    /// The environment of `roadtrip build` and `serve`: the GeoNames gazetteer (`Gazetteer.shared`,
    /// loaded once per process on its first question — by the step that first places something,
    /// not before the build starts — and empty without Debian's geonames data).
    public static var standard: BuildEnvironment { BuildEnvironment(geocoder: SharedGazetteer()) }
}

/// `Gazetteer.shared`, asked for only when a question comes (its load takes about 130 ms).
private struct SharedGazetteer: Geocoder {
    var places: [Placemark] { Gazetteer.shared.places }
    func reverse(_ coordinate: Coordinate) -> Placemark? { Gazetteer.shared.reverse(coordinate) }
    func forward(_ query: String) -> ForwardResult { Gazetteer.shared.forward(query) }
}
