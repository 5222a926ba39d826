import Foundation

/// Checks for the links authors give (weather, events, POI urls).
public enum WebLink {
    /// `true` for an absolute `http` or `https` URL with a host (RFC 3986 §3), e.g.
    /// `https://www.yr.no/en`; `false` for `www.example.com`, `ftp://…`, text with spaces.
    public static func isHTTP(_ text: String) -> Bool {
        guard !text.contains(where: { $0.isWhitespace }),
            let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { return false }
        return true
    }

    /// The host of an http(s) URL without a leading `www.` (used as an event's title when none is
    /// given), or `nil`.
    public static func host(of text: String) -> String? {
        guard let host = URLComponents(string: text)?.host, !host.isEmpty else { return nil }
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    }
}
