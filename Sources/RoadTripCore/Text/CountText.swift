/// Counts as people read them — "1 point of interest", "2 points of interest", "1,350 fixes" — the
/// one place where pages, filter reports, diagnostics and the command line put a number before a
/// noun (never "1 destinations").
///
/// The wording is English, as the default theme's is; the digits are grouped with `,` whatever the
/// process locale, as in "1,204 of 1,350 fixes kept".
public enum CountText {
    /// A countable noun: its singular and its plural ("fix" / "fixes").
    public struct Noun: Sendable, Hashable {
        /// The form after 1 ("point of interest").
        public var singular: String
        /// The form after any other count, 0 included ("points of interest").
        public var plural: String

        /// A noun; without `plural`, the plural is the singular with an `s` ("destination" →
        /// "destinations"). Give the plural for any other form ("fix", plural: "fixes").
        public init(_ singular: String, plural: String? = nil) {
            self.singular = singular
            self.plural = plural ?? singular + "s"
        }

        /// The form that follows `count`: the singular for exactly 1 (and −1), the plural
        /// otherwise (English: "0 fixes", "1 fix", "2 fixes").
        public func form(for count: Int) -> String {
            count.magnitude == 1 ? singular : plural
        }
    }

    /// `count` grouped by `grouped(_:)`, a space, and the noun in the form that count takes:
    /// `counted(1, Noun("point of interest", plural: "points of interest"))` →
    /// "1 point of interest"; `counted(1350, Noun("fix", plural: "fixes"))` → "1,350 fixes".
    public static func counted(_ count: Int, _ noun: Noun) -> String {
        grouped(count) + " " + noun.form(for: count)
    }

    /// `counted(_:_:)` for a noun whose plural adds `s` ("1 destination", "8 destinations").
    public static func counted(_ count: Int, _ singular: String) -> String {
        counted(count, Noun(singular))
    }

    /// `value` in decimal digits with `,` between groups of three (1350 → "1,350",
    /// −1234567 → "-1,234,567"), whatever the locale.
    public static func grouped(_ value: Int) -> String {
        grouped(number: String(value))
    }

    /// A number written in digits (`"2374.9"`, `"-1234567"`) with `,` between groups of three
    /// in its whole part ("2,374.9", "-1,234,567"); the fraction is kept as it is.
    /// By bytes: by characters it was a tenth of the serial start of a one-edit rebuild's
    /// render-pages at 4,000 destinations (every itinerary line's distance).
    public static func grouped(number text: String) -> String {
        let bytes = Array(text.utf8)
        let wholeStart = bytes.first == UInt8(ascii: "-") ? 1 : 0
        var wholeEnd = wholeStart
        while wholeEnd < bytes.count, bytes[wholeEnd] >= UInt8(ascii: "0"), bytes[wholeEnd] <= UInt8(ascii: "9") { wholeEnd += 1 }
        let digitCount = wholeEnd - wholeStart
        var grouped: [UInt8] = []
        grouped.reserveCapacity(bytes.count + digitCount / 3)
        grouped.append(contentsOf: bytes[..<wholeStart])
        for offset in 0..<digitCount {
            if offset > 0 && (digitCount - offset) % 3 == 0 { grouped.append(UInt8(ascii: ",")) }
            grouped.append(bytes[wholeStart + offset])
        }
        grouped.append(contentsOf: bytes[wholeEnd...])
        return String(decoding: grouped, as: UTF8.self)
    }
}

extension CountText.Noun {
    /// "destination" / "destinations".
    public static let destination = CountText.Noun("destination")
    /// "point of interest" / "points of interest".
    public static let pointOfInterest = CountText.Noun("point of interest", plural: "points of interest")
    /// "fix" / "fixes" (location fixes of a trip log).
    public static let fix = CountText.Noun("fix", plural: "fixes")
    /// "motion event" / "motion events" (bumps and jolts found in the accelerometer data).
    public static let motionEvent = CountText.Noun("motion event")
}
