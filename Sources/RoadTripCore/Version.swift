/// roadtrip's version, printed by `roadtrip --version` and written in each page's `generator` meta.
public enum RoadTripVersion {
    /// Semantic version of this release.
    public static let current = "0.1.0"
}
