import Foundation

/// Plain decimal notation for numbers written into SVG, JSON and HTML attributes.
public enum DecimalText {
    /// `value` rounded to at most `maximumFractionDigits` decimals, in plain notation: `.` as the
    /// decimal separator, no exponent (1e-7 → `0.0000001`), no trailing zeros or trailing `.`
    /// (2.50 → `2.5`, 3.0 → `3`), and no negative zero (−0.00000001 at 7 digits → `0`).
    ///
    /// Rounding is C `printf("%.*f")` on the binary value (round-half-even on the exact double).
    /// Non-finite values print as `nan`, `inf` or `-inf`; callers that need a valid number must
    /// filter them first.
    public static func string(_ value: Double, maximumFractionDigits: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let digits = max(0, maximumFractionDigits)
        var text = String(format: "%.\(digits)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
