import RoadTripCore

/// The placeholders of `site.yaml`'s share templates (`share.destinationText`, `share.tripText`,
/// `share.links`) and how they are filled in: `{name}`, a brace, a name without braces, a brace.
public enum ShareTemplate {
    /// The placeholders of `share.destinationText`: the destination's title.
    public static let destinationTextPlaceholders: Set<String> = ["destination"]
    /// The placeholders of `share.tripText`: the locality where the trip was recorded and the
    /// destination's title.
    public static let tripTextPlaceholders: Set<String> = ["locality", "destination"]

    /// The names of the `{name}` placeholders in `template`, in order (`{` … `}` with no brace
    /// inside).
    public static func placeholders(in template: String) -> [String] {
        placeholderRanges(in: template).map { String(template[$0.name]) }
    }

    /// `template` with each `{name}` whose name is a key of `values` replaced by its value, in
    /// one pass (a value containing `{url}` is not filled in again); other text is kept.
    package static func fill(_ template: String, _ values: [String: String]) -> String {
        var filled = "", copied = template.startIndex
        for placeholder in placeholderRanges(in: template) {
            guard let value = values[String(template[placeholder.name])] else { continue }
            filled += template[copied..<placeholder.whole.lowerBound]
            filled += value
            copied = placeholder.whole.upperBound
        }
        return filled + template[copied...]
    }

    /// Each `{name}` of `template` — a brace, anything but braces (the name), a brace, as the
    /// regular expression `\{([^{}]*)\}` finds them left to right — with the name's range, by one
    /// scan: a `}` closes the last `{` before it when no brace came between. (A regex literal here
    /// was parsed again on every call: ~1.5 % of a 4,000-page build, for every page's share text.)
    private static func placeholderRanges(in template: String) -> [(whole: Range<String.Index>, name: Range<String.Index>)] {
        var found: [(whole: Range<String.Index>, name: Range<String.Index>)] = []
        var open: String.Index?
        var index = template.startIndex
        while index < template.endIndex {
            let next = template.index(after: index)
            if template[index] == "{" {
                open = index
            } else if template[index] == "}", let start = open {
                found.append((start..<next, template.index(after: start)..<index))
                open = nil
            }
            index = next
        }
        return found
    }
}

/// One entry of `share.links`: a service's name and its URL template.
public struct ShareLinkTemplate: Sendable, Hashable {
    /// The link's text, e.g. "Mastodon".
    public var name: String
    /// An absolute http(s) URL with placeholders from `placeholders`, e.g.
    /// `https://mastodon.social/share?text={text}%20{url}`.
    public var url: String

    /// Creates a template; check it first with `problem(url:)`.
    public init(name: String, url: String) {
        self.name = name
        self.url = url
    }

    /// The placeholders a link template may use: the page's absolute URL, the share text and
    /// the page's title, each percent-encoded when filled in.
    public static let placeholders: Set<String> = ["url", "text", "title"]

    /// Why `url` cannot be a link template, or `nil` when it can: it must be an absolute
    /// http(s) URL with a host (RFC 3986 §3, checked with every placeholder filled in) and use
    /// only `placeholders`.
    public static func problem(url: String) -> String? {
        let unknown = ShareTemplate.placeholders(in: url).filter { !placeholders.contains($0) }
        if let first = unknown.first {
            return "unknown placeholder {\(first)} in '\(url)'; use {url}, {text} or {title}"
        }
        let sample = ShareTemplate.fill(url, Dictionary(uniqueKeysWithValues: placeholders.map { ($0, "x") }))
        if !WebLink.isHTTP(sample) { return "'\(url)' is not an http(s) URL" }
        // Once filled, only characters a URL may hold (RFC 3986 §2: unreserved, reserved and
        // '%'): a stray brace (`{url` unclosed), a space or a quote would make an invalid link.
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%")
        if let bad = sample.first(where: { !allowed.contains($0) }) {
            return "'\(url)' has the character '\(bad)', which a URL cannot hold (a placeholder not closed with '}'?)"
        }
        return nil
    }

    /// The name for a template given as a plain URL: its host without `www.`
    /// (`https://www.facebook.com/sharer.php?u={url}` → "facebook.com").
    public static func defaultName(url: String) -> String {
        let sample = ShareTemplate.fill(url, Dictionary(uniqueKeysWithValues: placeholders.map { ($0, "x") }))
        return WebLink.host(of: sample) ?? url
    }
}
