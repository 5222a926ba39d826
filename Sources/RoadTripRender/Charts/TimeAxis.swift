import Foundation

/// The time axis of a chart: ticks on whole clock steps (1, 2, 5, 10, 15, 20, 30 s; 1, 2, 5, 10,
/// 15, 20, 30 min; 1, 2, 3, 6, 12, 24 h; then whole multiples of a day), labelled as elapsed time.
///
/// The step is the smallest of those that puts at most `maximumTickCount` ticks in the span. The
/// label format depends on the span: `m:ss` (e.g. `12:30`) when every time is under an hour,
/// `h:mm` (e.g. `1:05`, `26:00`) otherwise, and `h:mm:ss` when an hour-long axis needs ticks
/// finer than a minute.
struct TimeAxis: Sendable, Equatable {
    /// How an elapsed time is written.
    enum Format: Sendable, Equatable {
        /// Minutes and seconds, `m:ss`.
        case minutesSeconds
        /// Hours and minutes, `h:mm`.
        case hoursMinutes
        /// Hours, minutes and seconds, `h:mm:ss`.
        case hoursMinutesSeconds

        /// The format's name for an axis caption: `"m:ss"`, `"h:mm"` or `"h:mm:ss"`.
        var name: String {
            switch self {
            case .minutesSeconds: return "m:ss"
            case .hoursMinutes: return "h:mm"
            case .hoursMinutesSeconds: return "h:mm:ss"
            }
        }
    }

    /// The first time drawn, in seconds since the start.
    let start: Double
    /// The last time drawn, in seconds since the start (> `start`).
    let end: Double
    /// The distance between ticks, in seconds.
    let step: Double
    /// The tick times (multiples of `step` in `start…end`), in seconds.
    let ticks: [Double]
    /// How tick labels are written.
    let format: Format

    /// Clock steps in seconds, smallest first.
    static let steps: [Double] = [
        1, 2, 5, 10, 15, 20, 30,
        60, 120, 300, 600, 900, 1200, 1800,
        3600, 7200, 10800, 21600, 43200, 86400,
    ]

    /// The axis for times `start…end` (seconds). Equal times widen to one second either side;
    /// non-finite ones give 0…1.
    init(start: Double, end: Double, maximumTickCount: Int) {
        var start = start, end = end
        if !start.isFinite || !end.isFinite { (start, end) = (0, 1) }
        if start > end { swap(&start, &end) }
        if start == end { (start, end) = (start - 1, end + 1) }
        let limit = Double(max(maximumTickCount, 2))
        func count(_ step: Double) -> Double { (end / step).rounded(.down) - (start / step).rounded(.up) + 1 }
        var step = Self.steps.first { count($0) <= limit } ?? 86400
        while count(step) > limit { step *= 2 }  // longer than `limit` days
        let first = (start / step).rounded(.up), last = (end / step).rounded(.down)
        self.start = start
        self.end = end
        self.step = step
        self.ticks = first <= last ? stride(from: first, through: last, by: 1).map { $0 * step } : []
        if max(abs(start), abs(end)) < 3600 {
            format = .minutesSeconds
        } else {
            format = step < 60 ? .hoursMinutesSeconds : .hoursMinutes
        }
    }

    /// `seconds` in this axis' format.
    func label(_ seconds: Double) -> String { Self.label(seconds, format: format) }

    /// `seconds` (rounded to the nearest second, or minute for `h:mm`) as `m:ss`, `h:mm` or
    /// `h:mm:ss`; negative times get a leading `-`. Minutes in `m:ss` are not capped at 59.
    static func label(_ seconds: Double, format: Format) -> String {
        guard seconds.isFinite, abs(seconds) < 1e15 else { return "?" }
        let sign = seconds < 0 ? "-" : ""
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        switch format {
        case .minutesSeconds:
            let total = Int(abs(seconds).rounded())
            return "\(sign)\(total / 60):\(twoDigits(total % 60))"
        case .hoursMinutes:
            let minutes = Int((abs(seconds) / 60).rounded())
            return "\(sign)\(minutes / 60):\(twoDigits(minutes % 60))"
        case .hoursMinutesSeconds:
            let total = Int(abs(seconds).rounded())
            return "\(sign)\(total / 3600):\(twoDigits(total / 60 % 60)):\(twoDigits(total % 60))"
        }
    }
}
