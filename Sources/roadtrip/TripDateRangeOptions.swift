import Foundation
import RoadTripKit

/// `roadtrip trip stats|filter --from DATE --to DATE`: the part of a log that is the trip
/// (`TripDateRange`). Each flag replaces the same bound of the log's sidecar (`from:`/`to:`) and
/// leaves the other as the sidecar gives it. A value that is not a date or a date and time, and a
/// range whose start comes after its end, are bad usage naming the flags (and the sidecar's key
/// when one bound comes from it).
enum TripDateRangeOptions {
    /// The range to read the log with: the flags over `sidecar` (the sidecar's range, read from
    /// `sidecarPath`), dates read in `zone`.
    static func range(
        _ arguments: ParsedArguments, sidecar: TripDateRange?, sidecarPath: String, zone: TimeZone
    ) throws(UsageError) -> TripDateRange? {
        let fromText = arguments.value("--from")
        let toText = arguments.value("--to")
        guard fromText != nil || toText != nil else { return sidecar }
        let flags: TripDateRange
        do throws(TripDateRange.Problem) {
            flags = try TripDateRange(from: fromText, to: toText, in: zone)
        } catch {
            switch error {
            case .unreadable(let bound):
                let text = (bound == .from ? fromText : toText) ?? ""
                throw UsageError(
                    message: "--\(bound.rawValue) must be a date (YYYY-MM-DD) or a date and time "
                        + "(YYYY-MM-DDThh:mm[:ss[.fff]][zone]), not '\(text)'")
            case .empty:
                throw UsageError(message: "--from \(fromText ?? "") is after --to \(toText ?? ""); swap them")
            }
        }
        var range = sidecar ?? TripDateRange(start: nil, end: nil, endIsIncluded: true)
        if fromText != nil { range.start = flags.start }
        if toText != nil {
            range.end = flags.end
            range.endIsIncluded = flags.endIsIncluded
        }
        if let start = range.start, let end = range.end, range.endIsIncluded ? start > end : start >= end {
            let from = fromText.map { "--from \($0)" } ?? "from: in \(sidecarPath)"
            let to = toText.map { "--to \($0)" } ?? "to: in \(sidecarPath)"
            throw UsageError(message: "\(from) is after \(to): the trip would have no fixes")
        }
        return range
    }
}
