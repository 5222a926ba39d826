internal import CCmark
import RoadTripFormats

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CommonMark rendering of a destination's body through libcmark (the only file that touches
/// libcmark; CommonMark spec 0.30, <https://spec.commonmark.org/0.30/>).
public enum Markdown {
    /// Renders CommonMark `markdown` to an HTML fragment with `cmark_markdown_to_html`.
    ///
    /// - Parameters:
    ///   - markdown: CommonMark text (LF line endings are expected but CRLF also works).
    ///   - smart: `CMARK_OPT_SMART` — straight quotes become curly quotes (`"q"` → “q”),
    ///     `--` an en dash (–), `---` an em dash (—) and `...` an ellipsis (…). Site setting
    ///     `markdown.smart`, default on.
    ///   - unsafe: `CMARK_OPT_UNSAFE` — raw HTML and `javascript:`/`vbscript:`/`file:`/`data:`
    ///     links pass through. When `false` (site setting `markdown.unsafe`, default), raw HTML
    ///     is replaced by `<!-- raw HTML omitted -->` and such links by an empty `href`.
    /// - Returns: The HTML, ending with a newline unless empty. A NUL character in the input
    ///   becomes U+FFFD, as CommonMark §2.3 requires.
    public static func html(from markdown: String, smart: Bool = true, unsafe: Bool = false) -> String {
        var options = CMARK_OPT_DEFAULT
        if smart { options |= CMARK_OPT_SMART }
        if unsafe { options |= CMARK_OPT_UNSAFE }
        // The text's own UTF-8 with its length: cmark reads `len` bytes (embedded NULs too), so
        // no NUL-terminated copy is made.
        var markdown = markdown
        let rendered = markdown.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cmark_markdown_to_html($0.baseAddress, $0.count, options) }
        }
        guard let rendered else { return "" }
        defer { free(rendered) }
        // cmark passes control characters through; HTML does not allow them (see HTMLEscaping).
        // Read as the bytes cmark wrote, made into a String once.
        let html = UnsafeBufferPointer(start: UnsafeRawPointer(rendered).assumingMemoryBound(to: UInt8.self), count: strlen(rendered))
        return HTMLEscaping.replacingDisallowedCharacters(utf8: html)
    }
}
