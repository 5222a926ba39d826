import Foundation
import RoadTripCore
import RoadTripFormats

/// A trip sidecar's `from:` and `to:` keys, which pick the trip's days out of a longer recording
/// (`TripDateRange`): each a date (`2024-05-01`, the whole day) or a date and time
/// (`2024-05-01T08:30`, `2024-05-01T08:30:00+02:00`). A value that is neither, and a `from` after
/// `to`, are errors at their line (the trip would show other days than the author asked).
struct SidecarDateRange {
    private var from: (text: String, node: YAMLNode)?
    private var to: (text: String, node: YAMLNode)?

    /// Notes the value of the key `key` (`from` or `to`).
    mutating func read(_ key: String, _ value: YAMLNode, _ reader: ConfigReader) {
        reader.string(value, key) { text in
            if key == "from" { from = (text, value) } else { to = (text, value) }
        }
    }

    /// The range the keys give, reading dates in `timeZone`; `nil` when neither is given or after
    /// an error in `reader`'s log.
    func range(in timeZone: TimeZone, _ reader: ConfigReader) -> TripDateRange? {
        guard from != nil || to != nil else { return nil }
        do throws(TripDateRange.Problem) {
            return try TripDateRange(from: from?.text, to: to?.text, in: timeZone)
        } catch {
            switch error {
            case .unreadable(let bound):
                let (text, node) = (bound == .from ? from : to)!
                reader.log.error(
                    reader.location(node),
                    "\(bound.rawValue) must be a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDThh:mm[:ss[.fff]][zone]), not '\(text)'")
            case .empty:
                reader.log.error(
                    reader.location(to!.node),
                    "from (\(from!.text)) is after to (\(to!.text)): the trip would have no fixes; swap them")
            }
            return nil
        }
    }
}
