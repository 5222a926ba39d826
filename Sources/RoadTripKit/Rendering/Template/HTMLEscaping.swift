/// HTML escaping for text and attribute values (single- or double-quoted): `&` → `&amp;`,
/// `<` → `&lt;`, `>` → `&gt;`, `"` → `&quot;`, `'` → `&#39;`. The first four are exactly what
/// the Mustache spec expects of `{{name}}` (`specs/interpolation.yml`, "HTML Escaping"); `'` is
/// escaped as well so that values are safe in single-quoted attributes (OWASP XSS prevention,
/// rule 1). Everything else, including non-ASCII text, passes through unchanged.
public enum HTMLEscaping {
    /// `text` with `& < > " '` replaced by their character references.
    public static func escape(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        escape(text, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the escaped UTF-8 of `text` to `output` (the renderer's string builder).
    static func escape(_ text: String, into output: inout [UInt8]) {
        var text = text
        text.withUTF8 { source in
            var copied = 0
            for index in 0..<source.count {
                let replacement: StaticString
                switch source[index] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "'"): replacement = "&#39;"
                default: continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied..<index]))
                output.append(contentsOf: UnsafeBufferPointer(
                    start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                copied = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied...]))
        }
    }
}
