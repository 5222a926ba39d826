import RoadTripFormats
import RoadTripCompute

/// The trip page's `TrackCursorProfile` as the theme's script reads it: one JSON object of columns,
/// each an array with one entry a sample (`null` where a sample has no value):
/// `time` (s since the first timed fix, 1 decimal), `latitude` and `longitude` (degrees, 6
/// decimals, as GeoJSON here), `altitude` (m, 1 decimal), `speed` (m/s, 2 decimals), the running
/// totals `distance`, `movingTime`, `movingDistance`, `elevationGain`, `elevationLoss` (m and s, 1
/// decimal) and `maximumSpeed` (m/s, 2 decimals) — see `TrackCursorProfile` for how a stretch's
/// statistics follow from them. Columns rather than objects: a 720-sample profile is ~45 KB
/// instead of ~90.
enum TrackCursorJSON {
    /// The JSON text of `profile` (numbers and `null` only, so it is safe inside `<script>`).
    static func text(_ profile: TrackCursorProfile) -> String {
        let samples = profile.samples
        func column(_ name: String, digits: Int, _ value: (TrackCursorProfile.Sample) -> Double?) -> (String, JSONValue) {
            (name, .array(samples.map { sample in value(sample).map { .decimal($0, maximumFractionDigits: digits) } ?? .null }))
        }
        return JSONValue.object([
            column("time", digits: 1) { $0.time },
            column("latitude", digits: 6) { $0.coordinate.latitude },
            column("longitude", digits: 6) { $0.coordinate.longitude },
            column("altitude", digits: 1) { $0.altitude },
            column("speed", digits: 2) { $0.speed },
            column("distance", digits: 1) { $0.totals.distance },
            column("movingTime", digits: 1) { $0.totals.movingTime },
            column("movingDistance", digits: 1) { $0.totals.movingDistance },
            column("elevationGain", digits: 1) { $0.totals.elevationGain },
            column("elevationLoss", digits: 1) { $0.totals.elevationLoss },
            column("maximumSpeed", digits: 2) { $0.maximumSpeed },
        ]).text
    }
}
