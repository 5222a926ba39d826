/// An event link of a destination (the classic app's `Events` array of URLs, or front matter
/// `{title, url, date}`).
public struct Event: Sendable, Hashable, Codable {
    /// Link text; the URL's host when the source gave only a URL.
    public var title: String
    /// The event's URL, as written (already checked to be an absolute http(s) URL).
    public var url: String
    /// Optional date as written in the source (ISO 8601 `YYYY-MM-DD` is recommended).
    public var date: String?

    /// Creates an event link.
    public init(title: String, url: String, date: String? = nil) {
        self.title = title
        self.url = url
        self.date = date
    }
}
