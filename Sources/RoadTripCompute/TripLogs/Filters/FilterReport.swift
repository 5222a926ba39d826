import RoadTripCore

/// What one filter kept and dropped, and why (every filter reports this, and pages say it the same
/// way).
///
/// `sentence` is the one wording pages, `--verbose` and `trip stats` use:
/// - something dropped: `"1,204 of 1,350 fixes kept: 96 less accurate than 50 m, 50 stale"` —
///   counts with `,` thousands separators, reasons in `Reason` declaration order (the order the
///   filters run), zero counts left out;
/// - nothing dropped: `"all 1,350 fixes kept"`; exactly one sample: `"the only fix kept"`;
///   none at all: `"no fixes"`.
public struct FilterReport: Sendable, Hashable {
    /// What was filtered; it names the samples in the sentence.
    public enum Subject: String, Sendable, Hashable, CaseIterable {
        /// Location fixes ("fix" / "fixes").
        case fixes
        /// Compass readings ("heading" / "headings").
        case headings
        /// Accelerometer samples ("acceleration sample" / "acceleration samples").
        case accelerations
        /// Altitudes of kept fixes ("altitude" / "altitudes"); a dropped altitude leaves its fix.
        case altitudes

        /// The samples' noun ("fix" / "fixes").
        var noun: CountText.Noun {
            switch self {
            case .fixes: return .fix
            case .headings: return CountText.Noun("heading")
            case .accelerations: return CountText.Noun("acceleration sample")
            case .altitudes: return CountText.Noun("altitude")
            }
        }
    }

    /// Why a sample was dropped, in the order the filters run (which is the sentence's order).
    public enum Reason: String, Sendable, Hashable, CaseIterable, Codable {
        /// Unusable: a negative horizontalAccuracy or an invalid coordinate (fixes); headingAccuracy
        /// ≤ 0 or no valid heading (headings); a non-finite component (accelerations). "N invalid".
        case invalid
        /// horizontalAccuracy > desiredAccuracy. "N less accurate than 50 m".
        case lessAccurate
        /// Timestamped more than maximumAge before the recording started. "N stale".
        case stale
        /// Timestamp far ahead of both the fix before it and the fix after it: a glitch, dropped
        /// alone (`LocationFilter.Stream`). "N with a time far ahead of the fixes around them".
        case timeJumpedAhead
        /// Timestamp earlier than the last kept fix's (fixes are never reordered). "N where time
        /// went backwards".
        case timeWentBackwards
        /// Timestamp equal to the last kept fix's. "N with a repeated timestamp".
        case repeatedTime
        /// Closer than distanceFilter to the last kept fix. "N within 10 m of the previous".
        case tooClose
        /// Implied speed from the last kept fix above maximumSpeed. "N faster than 70 m/s".
        case tooFast
        /// The only fix of its segment when a jump away from it is confirmed (`LocationFilter`
        /// rule 6). "N left alone by a confirmed jump".
        case strandedByJump
        /// Within headingFilter of the last kept heading. "N within 1° of the previous".
        case withinHeadingFilter
        /// verticalAccuracy > desiredVerticalAccuracy. "N less accurate than 50 m vertically".
        case lessAccurateVertically
        /// Reached from the last accepted altitude faster than maximumVerticalSpeed. "N climbing
        /// faster than 10 m/s".
        case implausibleClimb
    }

    /// What was filtered.
    public var subject: Subject
    /// How many samples went in.
    public var total: Int
    /// How many were dropped, per reason (reasons that dropped nothing may be absent or 0).
    public var dropped: [Reason: Int]
    /// The thresholds the wording quotes (desiredAccuracy, distanceFilter, maximumSpeed,
    /// headingFilter).
    public var settings: FilterSettings

    /// Creates a report.
    public init(subject: Subject, total: Int, dropped: [Reason: Int] = [:], settings: FilterSettings) {
        self.subject = subject
        self.total = total
        self.dropped = dropped
        self.settings = settings
    }

    /// How many samples were kept: `total` minus every drop.
    public var kept: Int { total - dropped.values.reduce(0, +) }

    /// How many were dropped for `reason` (0 when none).
    public func count(_ reason: Reason) -> Int { dropped[reason] ?? 0 }

    /// Adds one drop for `reason`.
    mutating func drop(_ reason: Reason) { dropped[reason, default: 0] += 1 }

    /// The report as one sentence (see the type's documentation for the exact forms).
    public var sentence: String {
        if total == 0 { return "no \(subject.noun.plural)" }
        let reasons = Reason.allCases.compactMap { reason -> String? in
            let count = count(reason)
            return count == 0 ? nil : "\(CountText.grouped(count)) \(phrase(reason))"
        }
        if reasons.isEmpty {
            return total == 1 ? "the only \(subject.noun.singular) kept" : "all \(CountText.counted(total, subject.noun)) kept"
        }
        return "\(CountText.grouped(kept)) of \(CountText.counted(total, subject.noun)) kept: "
            + reasons.joined(separator: ", ")
    }

    /// The words after the count for `reason`, quoting its threshold.
    private func phrase(_ reason: Reason) -> String {
        switch reason {
        case .invalid: return "invalid"
        case .lessAccurate: return "less accurate than \(Self.number(settings.desiredAccuracy)) m"
        case .stale: return "stale"
        case .timeJumpedAhead: return "with a time far ahead of the fixes around them"
        case .timeWentBackwards: return "where time went backwards"
        case .repeatedTime: return "with a repeated timestamp"
        case .tooClose: return "within \(Self.number(settings.distanceFilter)) m of the previous"
        case .tooFast: return "faster than \(Self.number(settings.maximumSpeed)) m/s"
        case .strandedByJump: return "left alone by a confirmed jump"
        case .withinHeadingFilter: return "within \(Self.number(settings.headingFilter))° of the previous"
        case .lessAccurateVertically:
            return "less accurate than \(Self.number(settings.desiredVerticalAccuracy)) m vertically"
        case .implausibleClimb: return "climbing faster than \(Self.number(settings.maximumVerticalSpeed)) m/s"
        }
    }

    /// A threshold as plain decimal text (at most 3 decimals, no trailing zeros: 50 → "50",
    /// 12.5 → "12.5"); "?" when the threshold is off (a report built by hand).
    /// A setting as the report shows it: at most 3 decimals, and in exponent form (`1e+308`) from
    /// 10¹⁵ up, where whole-number digits would run to hundreds.
    static func number(_ value: Double?) -> String {
        guard let value else { return "?" }
        if abs(value) >= 1e15 { return value.description }
        return DecimalText.string(value, maximumFractionDigits: 3)
    }

}
