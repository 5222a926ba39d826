import RoadTripCore

/// The heading filters, after Core Location's `CLHeading` and
/// `CLLocationManager.headingFilter`, run in file order:
///
/// 1. **invalid** — drop a sample whose `headingAccuracy` is present and ≤ 0 (Core Location's
///    "invalid"; a missing accuracy, as in NMEA heading sentences, passes), or that has no valid
///    heading at all (neither trueHeading nor magneticHeading in 0 ..< 360°).
/// 2. **withinHeadingFilter** — keep a sample only when its heading differs from the last
///    **kept** one by at least `headingFilter` degrees, the short way round (`difference`); the
///    first valid sample is always kept; a difference equal to the threshold is kept.
///
/// The heading of a sample is its `trueHeading` when that is valid (0 ..< 360°), otherwise its
/// `magneticHeading` (as `CLHeading` reports trueHeading −1 when it cannot compute it).
public enum HeadingFilter {
    /// Which north the kept headings are measured from.
    public enum Reference: String, Sendable, Hashable, Codable {
        /// Every kept sample used `trueHeading` (geographic north).
        case `true`
        /// Every kept sample used `magneticHeading` (magnetic north).
        case magnetic
        /// Some kept samples used true north and some magnetic north.
        case mixed
    }

    /// What `apply` returns.
    public struct Result: Sendable, Hashable {
        /// The kept samples, in file order, unchanged.
        public var kept: [HeadingSample]
        /// The heading each kept sample was judged by, in degrees (parallel to `kept`).
        public var headings: [Double]
        /// Which north `headings` use; `nil` when nothing was kept.
        public var reference: Reference?
        /// What was dropped and why.
        public var report: FilterReport
    }

    /// Filters `samples` (file order) with `settings.headingFilter` (degrees; `nil` or 0 keeps every
    /// valid sample). Other settings are ignored.
    public static func apply(_ samples: [HeadingSample], settings: FilterSettings) -> Result {
        var report = FilterReport(subject: .headings, total: samples.count, settings: settings)
        var kept: [HeadingSample] = []
        var headings: [Double] = []
        var usedTrue = false
        var usedMagnetic = false
        for sample in samples {
            if let accuracy = sample.headingAccuracy, !(accuracy > 0) {
                report.drop(.invalid)
                continue
            }
            guard let (heading, reference) = heading(of: sample) else {
                report.drop(.invalid)
                continue
            }
            if let threshold = settings.headingFilter, let previous = headings.last,
                abs(difference(from: previous, to: heading)) < threshold
            {
                report.drop(.withinHeadingFilter)
                continue
            }
            kept.append(sample)
            headings.append(heading)
            if reference == .true { usedTrue = true } else { usedMagnetic = true }
        }
        let reference: Reference? =
            usedTrue && usedMagnetic ? .mixed : usedTrue ? .true : usedMagnetic ? .magnetic : nil
        return Result(kept: kept, headings: headings, reference: reference, report: report)
    }

    /// The sample's heading in degrees and which north it uses: `trueHeading` when valid (finite
    /// and ≥ 0), else `magneticHeading` when valid, else `nil`.
    public static func heading(of sample: HeadingSample) -> (degrees: Double, reference: Reference)? {
        if let trueHeading = sample.trueHeading, trueHeading.isFinite, (0..<360).contains(trueHeading) {
            return (trueHeading, .true)
        }
        if let magnetic = sample.magneticHeading, magnetic.isFinite, (0..<360).contains(magnetic) {
            return (magnetic, .magnetic)
        }
        return nil
    }

    /// The signed difference from heading `a` to heading `b` in degrees, the short way round,
    /// in −180 ..< 180: `((b − a + 540) mod 360) − 180`, with `mod` the
    /// non-negative remainder (so 359° → 1° is +2°, 10° → 350° is −20°, and a half turn is −180°).
    public static func difference(from a: Double, to b: Double) -> Double {
        var remainder = (b - a + 540).truncatingRemainder(dividingBy: 360)
        if remainder < 0 { remainder += 360 }
        return remainder - 180
    }
}
