import Foundation

/// The span of time one trip takes out of a longer recording — years of Google location history,
/// say: a trip sidecar's `from:`/`to:` keys, or `roadtrip trip stats|filter --from … --to …`.
///
/// Each bound is written as a date (`2024-05-01`) or a date and time (`2024-05-01T08:30`,
/// `2024-05-01T08:30:00.250+02:00`; the forms `CalendarDate` reads, with up to 9 digits of a
/// fraction of a second, which counts). A date alone means that whole
/// day: `from` its first instant, `to` its last (up to the next midnight, which is not included),
/// midnight being taken in the zone given (the site's `timeZone`, or `--time-zone`), as is a date and
/// time written without an offset. A date and time is an instant, included at both ends.
/// Either bound may be absent (open-ended).
public struct TripDateRange: Sendable, Hashable {
    /// The first instant kept, or `nil` for no lower bound.
    public var start: Date?
    /// The bound after the last instant kept, or `nil` for no upper bound; `endIsIncluded` says
    /// whether an instant exactly at `end` is kept.
    public var end: Date?
    /// `true` when `end` itself is in the range (`to:` a date and time), `false` when it is the
    /// midnight after `to:`'s day.
    public var endIsIncluded: Bool

    /// A range from `start` (included) to `end` (included when `endIsIncluded`).
    public init(start: Date?, end: Date?, endIsIncluded: Bool) {
        self.start = start
        self.end = end
        self.endIsIncluded = endIsIncluded
    }

    /// The range written `from` … `to` (either may be `nil`), reading dates and times without an
    /// offset in `zone`.
    /// - Throws: `Problem.unreadable` naming the bound that is not a date or date and time,
    ///   `Problem.empty` when `from` comes after `to`.
    public init(from: String?, to: String?, in zone: TimeZone) throws(Problem) {
        var startDate: Date?
        if let from {
            guard let date = CalendarDate.parse(from, maximumFractionDigits: 9) else { throw .unreadable(bound: .from) }
            startDate = date.instant(in: zone)
        }
        var endDate: Date?
        var included = true
        if let to {
            guard var date = CalendarDate.parse(to, maximumFractionDigits: 9) else { throw .unreadable(bound: .to) }
            if date.time == nil {
                // The whole day: up to the next day's midnight in the zone (23 or 25 hours away on
                // a daylight-saving change).
                let day = ISO8601Time.civilFromDays(ISO8601Time.daysFromCivil(year: date.year, month: date.month, day: date.day) + 1)
                date.year = day.year
                date.month = day.month
                date.day = day.day
                included = false
            }
            endDate = date.instant(in: zone)
        }
        self.init(start: startDate, end: endDate, endIsIncluded: included)
        if let startDate, let endDate, included ? startDate > endDate : startDate >= endDate {
            throw .empty
        }
    }

    /// Why a range could not be made.
    public enum Problem: Error, Equatable {
        /// That bound is not a date (`YYYY-MM-DD`) or a date and time.
        case unreadable(bound: Bound)
        /// `from` comes after `to`.
        case empty
    }

    /// One end of the range, as the keys name it.
    public enum Bound: String, Sendable {
        case from, to
    }

    /// Whether `date` lies in the range.
    @inlinable
    public func contains(_ date: Date) -> Bool {
        if let start, date < start { return false }
        if let end, endIsIncluded ? date > end : date >= end { return false }
        return true
    }
}
