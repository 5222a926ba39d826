import Foundation
import RoadTripCore
import RoadTripContent

/// The share actions of a destination or trip page, computed at build time the
/// way the classic app's mail and social composers were filled in:
///
/// - **Email**: an RFC 6068 `mailto:` URI with no recipient and two hfields, `subject` (the page's
///   title) and `body` (the share text, the place text when known, and the page's URL — or, when
///   the site has no `baseURL` with a host, "<site title>: <path>" with the page's path: below the
///   site root without `baseURL`, root-relative with a path-only `baseURL`).
/// - **Links**: each `share.links` template with `{url}`, `{text}` and `{title}` filled in,
///   percent-encoded. Only when the page has an absolute http(s) URL (a `baseURL` with a host):
///   a social service cannot open a relative address, so without one the links are left out.
/// - **Web Share**: the data of a button that calls `navigator.share` (W3C Web Share API §2.1.1,
///   `ShareData` title, text, url). The page hides it; the theme's script shows it only where
///   the browser has `navigator.share`. An empty URL means "this page's own address".
///
/// Nothing here loads anything from a third party: the actions are plain links and one button.
public struct ShareActions: Sendable, Hashable {
    /// A filled-in share link.
    public struct Link: Sendable, Hashable {
        /// The service's name, the link's text.
        public var name: String
        /// The URL to open, with the page's values percent-encoded.
        public var url: String
    }

    /// The data of the Web Share button (the Web Share API's `ShareData`).
    public struct WebShare: Sendable, Hashable {
        /// The page's title.
        public var title: String
        /// The share text ("Next stop: Tromsø").
        public var text: String
        /// The page's absolute or root-relative URL, or `""` for the page's own address.
        public var url: String
    }

    /// The `mailto:` URI, or `nil` when `share.email` is false.
    public var email: String?
    /// The filled-in `share.links`, in their order; empty without an absolute page URL.
    public var links: [Link]
    /// The Web Share button's data, or `nil` when `share.webShare` is false.
    public var webShare: WebShare?

    /// The share actions of the page at the site path `page` (`tromso/`, `tromso/trips/day-1/`;
    /// see `SiteLinks`).
    /// - Parameters:
    ///   - title: the page's title (the e-mail's subject, the `{title}` of link templates).
    ///   - text: the share text, already filled in (see `text(_:destination:locality:)`).
    ///   - place: where the destination is, as text ("Tromsø, Troms, Norway"), or `nil`; it is a
    ///     line of the e-mail's body.
    ///   - page: the page's site path.
    ///   - links: the site's link rule; `links.absolute(page)` is the page's URL.
    ///   - config: `share.email`, `share.webShare`, `share.links`.
    public init(title: String, text: String, place: String?, page: String, links: SiteLinks, config: SiteConfig) {
        let pageURL = links.absolute(page)
        let absoluteURL = pageURL.flatMap { WebLink.isHTTP($0) ? $0 : nil }
        if config.shareEmail {
            // Without a host the reader cannot open a link, so the body names the site and the path.
            let address = absoluteURL ?? config.title + ": " + (pageURL ?? page)
            let lines = [text, place ?? "", address].filter { !$0.isEmpty }
            email = Self.mailtoURI(subject: title, body: lines.joined(separator: "\n"))
        }
        if let absoluteURL {
            let values = ["url": absoluteURL, "text": text, "title": title].mapValues(Slug.percentEncodedPath)
            self.links = config.shareLinks.map { Link(name: $0.name, url: ShareTemplate.fill($0.url, values)) }
        } else {
            self.links = []
        }
        if config.shareWebShare {
            webShare = WebShare(title: title, text: text, url: pageURL ?? "")
        }
    }

    /// `true` when there is no action at all (the theme then leaves the share section out).
    public var isEmpty: Bool { email == nil && links.isEmpty && webShare == nil }

    /// A share text template (`share.destinationText`, `share.tripText`) filled in with plain
    /// text: "Next stop: {destination}" → "Next stop: Tromsø". A `locality` of `nil` leaves
    /// `{locality}` as the destination's title.
    public static func text(_ template: String, destination: String, locality: String?) -> String {
        ShareTemplate.fill(template, ["destination": destination, "locality": locality ?? destination])
    }

    /// An RFC 6068 `mailto:` URI without a recipient: `mailto:?subject=…&body=…` (§2: `to` is
    /// optional; an absent or empty field is left out). Line breaks in `body` (LF, CR or CRLF)
    /// become CRLF, written `%0D%0A` (§5); the subject is one header line (RFC 5322 §2.2), so its
    /// line breaks become spaces. Each value is UTF-8 and percent-encoded with every octet outside
    /// RFC 3986 §2.3 "unreserved" as `%XX` (§2, §5: so space is `%20`, never `+`, and `&`, `=`,
    /// `?`, `#`, `%`, `+` cannot end or change a field).
    public static func mailtoURI(subject: String?, body: String?) -> String {
        // One pass over each value's UTF-8: line breaks found on bytes (a line break is always a
        // grapheme of its own, Unicode UAX #29 GB4/GB5, so this splits where `Character.isNewline`
        // does), everything else percent-encoded as it goes. Splitting the body by Characters and
        // encoding the joined lines was ~60,000 instructions a page (callgrind).
        var uri = Array("mailto:".utf8)
        var fieldCount = 0
        func appendField(_ name: String, _ value: String?, lineBreak: [UInt8]) {
            guard var value, !value.isEmpty else { return }
            uri.append(fieldCount == 0 ? UInt8(ascii: "?") : UInt8(ascii: "&"))
            fieldCount += 1
            uri.append(contentsOf: name.utf8)
            uri.append(UInt8(ascii: "="))
            value.withUTF8 { bytes in appendPercentEncodedLines(bytes, lineBreak: lineBreak, to: &uri) }
        }
        appendField("subject", subject, lineBreak: Array("%20".utf8))
        appendField("body", body, lineBreak: Array("%0D%0A".utf8))
        return String(decoding: uri, as: UTF8.self)
    }

    /// Appends `text` (UTF-8) percent-encoded (``Slug/appendPercentEncoded(_:to:)``), and
    /// each line break — LF, VT, FF, CR, CRLF, NEL (U+0085), LS (U+2028), PS (U+2029): the
    /// characters `Character.isNewline` accepts — as `lineBreak` instead.
    private static func appendPercentEncodedLines(_ text: UnsafeBufferPointer<UInt8>, lineBreak: [UInt8], to output: inout [UInt8]) {
        var index = 0
        while index < text.count {
            let byte = text[index]
            var breakLength = 0
            switch byte {
            case 0x0D: breakLength = index + 1 < text.count && text[index + 1] == 0x0A ? 2 : 1
            case 0x0A...0x0C: breakLength = 1
            case 0xC2 where index + 1 < text.count && text[index + 1] == 0x85: breakLength = 2
            case 0xE2 where index + 2 < text.count && text[index + 1] == 0x80 && (text[index + 2] == 0xA8 || text[index + 2] == 0xA9):
                breakLength = 3
            default: break
            }
            if breakLength > 0 {
                output.append(contentsOf: lineBreak)
                index += breakLength
                continue
            }
            Slug.appendPercentEncoded(byte, to: &output)
            index += 1
        }
    }
}
