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
    /// loaded once per process, and empty without Debian's geonames data).
    public static var standard: BuildEnvironment { BuildEnvironment(geocoder: Gazetteer.shared) }
}
