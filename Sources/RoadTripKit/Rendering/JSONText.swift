/// JSON text fragments (RFC 8259) that are also safe inside an HTML `<script>` element, for the
/// GeoJSON files and the page's `roadtrip-map-config` (DESIGN §5.1).
public enum JSONText {
    /// `string` as a JSON string literal, quotes included.
    ///
    /// Escapes `"` and `\`, every control character U+0000–U+001F (`\b \f \n \r \t`, else `\u00XX`,
    /// RFC 8259 §7), U+2028 and U+2029 as `\u2028`/`\u2029` (line terminators in pre-ES2019
    /// JavaScript), `</` as `<\/` and `<!--` as `\u003c!--`, so the text can sit inside
    /// `<script type="application/json">` without ending it or entering the HTML "script data
    /// escaped" state (HTML Living Standard §4.12.1.3). The result parses to `string` unchanged.
    public static func string(_ string: String) -> String {
        var result = "\""
        result.reserveCapacity(string.utf8.count + 2)
        let scalars = Array(string.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            case "/" where index > 0 && scalars[index - 1] == "<":
                result += "\\/"
            case "<" where scalars[index...].starts(with: ["<", "!", "-", "-"]):
                result += "\\u003c"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        result += "\""
        return result
    }

    /// `value` as a JSON number with at most `maximumFractionDigits` decimals (default 7, about
    /// 1 cm in latitude, RFC 7946 §11.2), never in exponent notation (1e-7 → `0.0000001`), without
    /// trailing zeros; see `DecimalText.string(_:maximumFractionDigits:)`. JSON has no NaN or
    /// infinity, so a non-finite value gives `null` (as JavaScript's `JSON.stringify` does).
    public static func number(_ value: Double, maximumFractionDigits: Int = 7) -> String {
        guard value.isFinite else { return "null" }
        return DecimalText.string(value, maximumFractionDigits: maximumFractionDigits)
    }
}
