import Foundation
import RoadTripGeo

/// What a build takes from the world beyond its options and its files: the geocoder that places
/// `location:` names, contacts' towns, each destination's nearest town and where each trip log
/// starts and ends; the clock; and the maker of photos' published copies, which keeps them in the
/// project's cache folder. Passed in, so that nothing below the site builder reads a global, the
/// clock or a cache on its own: the command line builds with ``standard``; tests give a table of
/// places, a clock of their own or copies that never touch libvips.
public struct BuildEnvironment: Sendable {
    /// Places names and coordinates.
    public var geocoder: any Geocoder
    /// The current time. A ``BuildCache`` keeps what it read from a source only once the source's
    /// files are ``SourceFingerprint/isSettled`` by this clock.
    public var now: @Sendable () -> Date
    /// Makes each published photo's thumbnail and web copy (place-photos).
    public var photoCopier: any PhotoCopier
    /// The offline vector basemap drawn under every `map.svg` (GSHHG coastlines), or `nil` for
    /// none.
    public var basemap: Basemap?

    /// An environment with `geocoder`, the system clock unless `now` is given, and photo copies
    /// made by libvips in the project's `.roadtrip-cache/` (``LibvipsPhotoCopier``) unless
    /// `photoCopier` is given.
    public init(
        geocoder: any Geocoder, now: @escaping @Sendable () -> Date = { Date() },
        photoCopier: any PhotoCopier = LibvipsPhotoCopier(), basemap: Basemap? = nil
    ) {
        self.geocoder = geocoder
        self.now = now
        self.photoCopier = photoCopier
        self.basemap = basemap
    }

    /// The environment of `roadtrip build` and `serve`: the GeoNames gazetteer (loaded once per
    /// process, on a thread of its own from the start of the first build, which reads its sources
    /// meanwhile — from the snapshot kept in the project's cache when there is one for this
    /// libgeonames, see ``keepingGazetteer(in:)`` — and empty without Debian's geonames data).
    /// With the offline basemap from Debian's gmt-gshhg files (`Basemap.standardFolder`), read
    /// only when a map is drawn; none when they are not installed.
    public static var standard: BuildEnvironment { BuildEnvironment(geocoder: SharedGazetteer(), basemap: Basemap()) }
}

extension BuildEnvironment {
    /// This environment for a build of the project at `projectRoot`: the standard gazetteer
    /// (``standard``) then loads from, and keeps, its snapshot in the project's cache
    /// (``GazetteerSnapshotFile``); any other geocoder is kept as it is.
    func keepingGazetteer(in projectRoot: URL) -> BuildEnvironment {
        guard geocoder is SharedGazetteer else { return self }
        var environment = self
        environment.geocoder = SharedGazetteer(projectRoot: projectRoot)
        return environment
    }
}
