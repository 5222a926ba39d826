/// vCard value escaping (RFC 6350 §3.4; RFC 2426 §4 "escaped characters"): in a text value a
/// backslash escapes `,` `;` `\` and a newline is written `\n` or `\N`. Structured values (`N`,
/// `ADR`) separate their components with unescaped `;`.
enum VCardText {
    /// `value` split at every unescaped `separator`, each part unescaped:
    /// `Berg;Anna;;Dr.\, PhD;` → ["Berg", "Anna", "", "Dr., PhD", ""].
    static func components(_ value: String, separator: Character = ";") -> [String] {
        var parts: [String] = []
        var part = ""
        var escaped = false
        for character in value {
            if escaped {
                part.append(character)
                escaped = false
            } else if character == "\\" {
                part.append(character)
                escaped = true
            } else if character == separator {
                parts.append(unescape(part))
                part = ""
            } else {
                part.append(character)
            }
        }
        parts.append(unescape(part))
        return parts
    }

    /// `value` with its escapes undone: `\n` and `\N` → line feed, `\,` → `,`, `\;` → `;`,
    /// `\\` → `\`, and `\:` → `:` (written by some exporters). A backslash before any other
    /// character, or at the end, is kept as written.
    static func unescape(_ value: String) -> String {
        var text = ""
        var escaped = false
        for character in value {
            if escaped {
                switch character {
                case "n", "N": text.append("\n")
                case ",", ";", "\\", ":": text.append(character)
                default: text += "\\" + String(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                text.append(character)
            }
        }
        if escaped { text.append("\\") }
        return text
    }
}
