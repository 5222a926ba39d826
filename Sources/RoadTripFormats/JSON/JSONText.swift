import RoadTripCore

/// JSON text fragments (RFC 8259) that are also safe inside an HTML `<script>` element, for the
/// GeoJSON files and the page's `roadtrip-map-config`.
public enum JSONText {
    /// `string` as a JSON string literal, quotes included.
    ///
    /// Escapes `"` and `\`, every control character U+0000–U+001F (`\b \f \n \r \t`, else `\u00XX`,
    /// RFC 8259 §7), DEL and the C1 controls U+007F–U+009F as `\u007f`…`\u009f` (HTML's
    /// "control-character-in-input-stream" parse errors, §13.2.3.5, were they raw), U+2028 and U+2029 as `\u2028`/`\u2029` (line terminators in pre-ES2019
    /// JavaScript), `</` as `<\/` and `<!--` as `\u003c!--`, so the text can sit inside
    /// `<script type="application/json">` without ending it or entering the HTML "script data
    /// escaped" state (HTML Living Standard §4.12.1.3). The result parses to `string` unchanged.
    public static func string(_ string: String) -> String {
        var output = ""
        append(string, to: &output)
        return output
    }

    /// Appends `string` as a JSON string literal (as `string(_:)` writes it) to `output`, without
    /// making a string of its own when nothing needs escaping — the common case, and most of the
    /// cost of writing GeoJSON and map configurations before (callgrind).
    public static func append(_ string: String, to output: inout String) {
        guard needsEscaping(in: string) else {
            output.append("\"")
            output.append(string)
            output.append("\"")
            return
        }
        var bytes: [UInt8] = []
        appendEscaped(string, to: &bytes)
        output.append(String(decoding: bytes, as: UTF8.self))
    }

    /// Appends `string` as a JSON string literal (as `string(_:)` writes it) to `output`, as UTF-8.
    /// One pass over the string's contiguous UTF-8 (`withUTF8`) finds whether a byte may need
    /// escaping and, when none does, copies the bytes at once: 121,000 calls at 250 destinations,
    /// which cost ~480 instructions each when the check and the copy (`append(contentsOf:
    /// string.utf8)`, the UTF-8 view's generic path) were two passes (callgrind).
    public static func append(_ string: String, to output: inout [UInt8]) {
        var string = string
        let copied = string.withUTF8 { bytes -> Bool in
            for byte in bytes where mayNeedEscaping(byte) { return false }
            output.append(UInt8(ascii: "\""))
            output.append(contentsOf: bytes)
            output.append(UInt8(ascii: "\""))
            return true
        }
        if !copied { appendEscaped(string, to: &output) }
    }

    /// Whether `string` has a byte that `appendEscaped` may escape (``mayNeedEscaping(_:)``).
    /// Scans the string's contiguous UTF-8 (`withUTF8`): `utf8.contains` went through the
    /// generic iterator, ~3 % of a 4,000-destination build's rendering.
    private static func needsEscaping(in string: String) -> Bool {
        var string = string
        return string.withUTF8 { bytes in bytes.contains(where: mayNeedEscaping) }
    }

    /// Whether `byte` may begin something `appendEscaped` escapes: every character escaped is
    /// ASCII, a C1 control (C2 80–9F) or U+2028/U+2029 (E2 80 A8/A9); `/` only after `<`.
    /// One bit a byte value: of the 64-byte block `byte >> 6`, bit `byte & 63` (one shift and a
    /// test instead of seven comparisons a byte; ~120,000 strings at 250 destinations).
    @inline(__always)
    package static func mayNeedEscaping(_ byte: UInt8) -> Bool {
        let block: UInt64
        switch byte >> 6 {
        case 0: block = 0x1000_0004_FFFF_FFFF  // 0x00–0x1F, `"` (0x22), `<` (0x3C)
        case 1: block = 0x8000_0000_1000_0000  // `\` (0x5C), DEL (0x7F)
        case 2: block = 0  // continuation bytes
        default: block = 0x0000_0004_0000_0004  // 0xC2, 0xE2
        }
        return (block >> UInt64(byte & 63)) & 1 != 0
    }

    /// Appends `string` as a JSON string literal to `output`, byte by byte: for the strings
    /// `mayNeedEscaping` finds may need it.
    private static func appendEscaped(_ string: String, to output: inout [UInt8]) {
        // Work on UTF-8 bytes: every character escaped here is ASCII, or U+2028/U+2029 (E2 80 A8/A9),
        // and bytes of other characters are copied as they are.
        let bytes = string.utf8
        output.append(UInt8(ascii: "\""))
        var previous: UInt8 = 0
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C])
            case 0x08: output.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x00..<0x20, 0x7F:
                appendUnicodeEscape(byte, to: &output)
            case 0xC2 where bytes.index(after: index) != bytes.endIndex && (0x80...0x9F).contains(bytes[bytes.index(after: index)]):
                // A C1 control, U+0080–U+009F: its UTF-8 continuation byte is its code point.
                index = bytes.index(after: index)
                appendUnicodeEscape(bytes[index], to: &output)
            case UInt8(ascii: "/") where previous == UInt8(ascii: "<"):
                output.append(contentsOf: [0x5C, UInt8(ascii: "/")])
            case UInt8(ascii: "<") where bytes[index...].starts(with: Array("<!--".utf8)):
                output.append(contentsOf: Array("\\u003c".utf8))
            case 0xE2 where bytes[index...].starts(with: [0xE2, 0x80, 0xA8]) || bytes[index...].starts(with: [0xE2, 0x80, 0xA9]):
                let last = bytes[bytes.index(index, offsetBy: 2)]
                output.append(contentsOf: Array((last == 0xA8 ? "\\u2028" : "\\u2029").utf8))
                index = bytes.index(index, offsetBy: 2)
            default:
                output.append(byte)
            }
            previous = byte
            index = bytes.index(after: index)
        }
        output.append(UInt8(ascii: "\""))
    }

    /// `\u00XX` for the code point `value` (below U+0100), lowercase hexadecimal.
    private static func appendUnicodeEscape(_ value: UInt8, to output: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        output.append(contentsOf: Array("\\u00".utf8))
        output.append(hex[Int(value >> 4)])
        output.append(hex[Int(value & 0x0F)])
    }

    /// `value` as a JSON number with at most `maximumFractionDigits` decimals (default 7, about
    /// 1 cm in latitude, RFC 7946 §11.2), never in exponent notation (1e-7 → `0.0000001`), without
    /// trailing zeros; see `DecimalText.string(_:maximumFractionDigits:)`. JSON has no NaN or
    /// infinity, so a non-finite value gives `null` (as JavaScript's `JSON.stringify` does).
    public static func number(_ value: Double, maximumFractionDigits: Int = 7) -> String {
        guard value.isFinite else { return "null" }
        return DecimalText.string(value, maximumFractionDigits: maximumFractionDigits)
    }

    /// Appends ``number(_:maximumFractionDigits:)``'s text to `output` (UTF-8), its digits
    /// written in place rather than through a `String`.
    public static func appendNumber(_ value: Double, maximumFractionDigits: Int = 7, to output: inout [UInt8]) {
        guard value.isFinite else { return output.append(contentsOf: "null".utf8) }
        DecimalText.append(value, maximumFractionDigits: maximumFractionDigits, to: &output)
    }
}
