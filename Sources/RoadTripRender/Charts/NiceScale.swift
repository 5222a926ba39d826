import Foundation
import RoadTripCore

/// A value axis with "nice" tick values: steps of 1, 2 or 5 × 10ⁿ, bounds on whole steps.
///
/// Heckbert's loose labelling (Paul S. Heckbert, "Nice numbers for graph labels", in *Graphics
/// Gems*, Academic Press 1990, pp. 61–63): `range = nicenum(max − min, round: false)`,
/// `step = nicenum(range / (ticks − 1), round: true)`, lower bound `floor(min / step) · step`,
/// upper bound `ceil(max / step) · step`, and `max(−floor(log10(step)), 0)` fraction digits.
/// For example 0…87 with 5 ticks: range nicenum(87) = 100, step nicenum(25, round) = 20, ticks
/// 0, 20, 40, 60, 80, 100.
struct NiceScale: Sendable, Equatable {
    /// The axis' lower bound (a multiple of `step`, ≤ the data minimum), in data units.
    let lower: Double
    /// The axis' upper bound (a multiple of `step`, ≥ the data maximum), in data units.
    let upper: Double
    /// The distance between ticks: 1, 2 or 5 × 10ⁿ.
    let step: Double
    /// Decimals that tell the tick values apart (Heckbert's `nfrac`).
    let fractionDigits: Int
    /// The tick values from `lower` to `upper`, each computed as an integer times 10ⁿ (so 3 × 0.2
    /// is 0.6, not 0.6000000000000001).
    let ticks: [Double]

    /// The nice axis covering `minimum…maximum` with about `targetTickCount` ticks (at least 2).
    /// Equal bounds widen to one unit of their magnitude either side (5 → 4…6 before rounding;
    /// 0 → −1…1); non-finite bounds give 0…1.
    init(minimum: Double, maximum: Double, targetTickCount: Int = 5) {
        var minimum = minimum, maximum = maximum
        if !minimum.isFinite || !maximum.isFinite { (minimum, maximum) = (0, 1) }
        if minimum > maximum { swap(&minimum, &maximum) }
        if minimum == maximum {
            let magnitude = minimum == 0 ? 1 : pow(10, (log10(abs(minimum))).rounded(.down))
            minimum -= magnitude
            maximum += magnitude
        }
        let range = Self.niceNumber(maximum - minimum, rounding: false)
        let (mantissa, exponent) = Self.niceParts(range / Double(max(targetTickCount, 2) - 1), rounding: true)
        let step = Self.value(mantissa, exponent)
        guard abs(minimum / step) < 1e15, abs(maximum / step) < 1e15 else {
            // Far from zero compared with their spread (e.g. 1e20 ± 1): no integer tick counts.
            (self.lower, self.upper, self.step, self.fractionDigits) = (minimum, maximum, maximum - minimum, 0)
            self.ticks = [minimum, maximum]
            return
        }
        let first = Int((minimum / step).rounded(.down))
        let last = Int((maximum / step).rounded(.up))
        self.step = step
        self.ticks = (first...last).map { Self.value($0 * mantissa, exponent) }
        self.lower = ticks[0]
        self.upper = ticks[ticks.count - 1]
        self.fractionDigits = max(-exponent, 0)
    }

    /// Heckbert's `nicenum(x, round)`: the 1-, 2-, 5- or 10-multiple of a power of ten near `x`
    /// (> 0). Rounding picks the nearest (thresholds 1.5, 3, 7 on the fraction); otherwise the
    /// smallest that is ≥ `x` (thresholds 1, 2, 5).
    static func niceNumber(_ x: Double, rounding: Bool) -> Double {
        let (mantissa, exponent) = niceParts(x, rounding: rounding)
        return value(mantissa, exponent)
    }

    /// `nicenum` as an integer mantissa (1, 2, 5 or 10) and a power of ten.
    private static func niceParts(_ x: Double, rounding: Bool) -> (mantissa: Int, exponent: Int) {
        let exponent = Int(log10(x).rounded(.down))
        let fraction = x / value(1, exponent)
        let mantissa: Int
        if rounding {
            mantissa = fraction < 1.5 ? 1 : fraction < 3 ? 2 : fraction < 7 ? 5 : 10
        } else {
            mantissa = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10
        }
        return mantissa == 10 ? (1, exponent + 1) : (mantissa, exponent)
    }

    /// `integer × 10^exponent`, dividing by an exact power of ten for negative exponents.
    private static func value(_ integer: Int, _ exponent: Int) -> Double {
        exponent >= 0 ? Double(integer) * pow(10, Double(exponent)) : Double(integer) / pow(10, Double(-exponent))
    }

    /// `value` as a tick label: `fractionDigits` decimals at most, trailing zeros trimmed.
    func label(_ value: Double) -> String {
        DecimalText.string(value, maximumFractionDigits: fractionDigits)
    }
}
