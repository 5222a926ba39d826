/// A piece of a user's file quoted in a diagnostic, cut to at most ``limit`` characters and
/// "…", so that a 3,000-character field cannot fill the terminal with one warning.
package enum QuotedText {
    /// The most characters (grapheme clusters) of the quoted text a message shows.
    package static let limit = 40

    /// `text`, or its first ``limit`` characters and "…" when it is longer.
    package static func excerpt(_ text: String) -> String {
        excerpt(text, limit: limit)
    }

    /// `text`, or its first `limit` characters (grapheme clusters) and "…" when it is longer.
    package static func excerpt(_ text: String, limit: Int) -> String {
        text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    /// `text` in double quotes, cut as in ``excerpt(_:)``: `"4F"`.
    package static func doubleQuoted(_ text: String) -> String { "\"" + excerpt(text) + "\"" }

    /// `text` in single quotes, cut as in ``excerpt(_:)``: `'plist'`.
    package static func singleQuoted(_ text: String) -> String { "'" + excerpt(text) + "'" }
}
