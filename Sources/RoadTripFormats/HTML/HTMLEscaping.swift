/// HTML escaping for text and attribute values (single- or double-quoted): `&` → `&amp;`,
/// `<` → `&lt;`, `>` → `&gt;`, `"` → `&quot;`, `'` → `&#39;`. The first four are exactly what
/// the Mustache spec expects of `{{name}}` (`specs/interpolation.yml`, "HTML Escaping"); `'` is
/// escaped as well so that values are safe in single-quoted attributes (OWASP XSS prevention,
/// rule 1). Characters HTML does not allow in a document — C0 controls other than tab, line feed,
/// form feed and carriage return, DEL, C1 controls, and the BMP noncharacters U+FDD0–U+FDEF,
/// U+FFFE, U+FFFF (HTML Living Standard §13.2.5, "control-character-in-input-stream" and
/// "noncharacter-in-input-stream") — become U+FFFD. Everything else passes through unchanged.
public enum HTMLEscaping {
    /// `text` with `& < > " '` replaced by their character references.
    public static func escape(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        escape(text, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the escaped UTF-8 of `text` to `output` (the renderer's string builder).
    package static func escape(_ text: String, into output: inout [UInt8]) {
        var text = text
        text.withUTF8 { source in
            var copied = 0
            for index in 0..<source.count {
                let replacement: StaticString
                var length = 1
                switch source[index] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "'"): replacement = "&#39;"
                case 0x00...0x1F, 0x7F, 0xC2, 0xEF:
                    guard index >= copied, let disallowed = disallowedLength(source, at: index) else { continue }
                    replacement = "\u{FFFD}"
                    length = disallowed
                default: continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied..<index]))
                output.append(contentsOf: UnsafeBufferPointer(
                    start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                copied = index + length
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied...]))
        }
    }

    /// The UTF-8 length of a character HTML does not allow starting at `index`, or `nil`.
    private static func disallowedLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let byte = bytes[index]
        switch byte {
        case 0x09, 0x0A, 0x0C, 0x0D: return nil
        case 0x00...0x1F, 0x7F: return 1
        case 0xC2:  // U+0080–U+009F: C2 80 … C2 9F
            return index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]) ? 2 : nil
        case 0xEF:  // U+FDD0–U+FDEF: EF B7 90 … EF B7 AF; U+FFFE/U+FFFF: EF BF BE/BF
            guard index + 2 < bytes.count else { return nil }
            let (second, third) = (bytes[index + 1], bytes[index + 2])
            if second == 0xB7 && (0x90...0xAF).contains(third) { return 3 }
            if second == 0xBF && (third == 0xBE || third == 0xBF) { return 3 }
            return nil
        default: return nil
        }
    }

    /// `html` with the characters HTML does not allow replaced by U+FFFD and nothing else changed
    /// (for HTML that is already escaped, such as CommonMark output); `html` itself when it has none.
    public static func replacingDisallowedCharacters(_ html: String) -> String {
        var html = html
        let replaced = html.withUTF8 { source in replacedDisallowedCharacters(in: source) }
        return replaced.map { String(decoding: $0, as: UTF8.self) } ?? html
    }

    /// The UTF-8 bytes `html` (as a C library returns them, not yet a `String`) as a `String`,
    /// with the characters HTML does not allow replaced by U+FFFD: one pass to look for them and
    /// one to make the string (cmark's output went through `String(cString:)`, the scan and a copy
    /// back, three passes over a page's body).
    public static func replacingDisallowedCharacters(utf8 html: UnsafeBufferPointer<UInt8>) -> String {
        if let replaced = replacedDisallowedCharacters(in: html) { return String(decoding: replaced, as: UTF8.self) }
        return String(decoding: html, as: UTF8.self)
    }

    /// `source` with the characters HTML does not allow replaced by U+FFFD, or `nil` when it has
    /// none.
    private static func replacedDisallowedCharacters(in source: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var output: [UInt8]? = nil
        var copied = 0
        for index in 0..<source.count {
            let byte = source[index]
            guard index >= copied, byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xEF,
                let length = disallowedLength(source, at: index)
            else { continue }
            if output == nil { output = []; output!.reserveCapacity(source.count) }
            output!.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied..<index]))
            output!.append(contentsOf: [0xEF, 0xBF, 0xBD])
            copied = index + length
        }
        guard var result = output else { return nil }
        result.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied...]))
        return result
    }
}
