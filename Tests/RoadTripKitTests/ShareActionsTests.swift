import Foundation
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

/// The share actions (issue 6, "Sharing"). Expected values come from RFC 6068 §6's own examples,
/// from Foundation's `URLComponents` as an independent parser of the URIs built here, and from
/// escaping worked out by hand.
@Suite struct ShareActionsTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Text with every character that could end or change a URI field, non-ASCII and three kinds
    /// of line break.
    static let awkwardText = "Tromsø & Bodø? a=b #1 100% 1+1 /path;x,y:@!$'()*\nsecond line\r\nthird\rfourth"
    /// The same text with CRLF line breaks, as the e-mail body must carry it (RFC 6068 §5).
    static let awkwardTextCRLF = "Tromsø & Bodø? a=b #1 100% 1+1 /path;x,y:@!$'()*\r\nsecond line\r\nthird\r\nfourth"

    func queryItems(_ uri: String) throws -> [String: String] {
        let components = try #require(URLComponents(string: uri), "not a URI: \(uri)")
        let items = try #require(components.queryItems)
        var values: [String: String] = [:]
        for item in items {
            #expect(values[item.name] == nil, "field \(item.name) appears twice in \(uri)")
            values[item.name] = item.value
        }
        return values
    }

    func config(_ yaml: String) throws -> (SiteConfig, [String]) {
        let log = DiagnosticLog()
        let root = try YAMLParser.parse(yaml, path: "Destinations/site.yaml")
        return (SiteConfig.load(from: root, path: "Destinations/site.yaml", log: log), log.diagnostics.map(\.description))
    }

    // MARK: mailto (RFC 6068)

    /// Subject and body decode back to the exact text through `URLComponents`, with exactly two
    /// fields: no `&`, `=`, `?`, `#` or `%` in the text adds, ends or breaks one.
    @Test func mailtoRoundTripsThroughURLComponents() throws {
        let uri = ShareActions.mailtoURI(subject: Self.awkwardText, body: Self.awkwardText)
        #expect(uri.hasPrefix("mailto:?subject="))
        let components = try #require(URLComponents(string: uri))
        #expect(components.scheme == "mailto" && components.path.isEmpty && components.fragment == nil)
        let values = try queryItems(uri)
        #expect(values.count == 2)
        #expect(values["body"] == Self.awkwardTextCRLF)
        // The subject is one header line: each line break is one space.
        #expect(values["subject"] == "Tromsø & Bodø? a=b #1 100% 1+1 /path;x,y:@!$'()* second line third fourth")
        // Space is %20 (never '+', which mail clients may keep as a plus), '+' itself is %2B,
        // and "ø" is its UTF-8 bytes C3 B8.
        #expect(uri.contains("Troms%C3%B8%20%26%20Bod%C3%B8%3F%20a%3Db%20%231%20100%25%201%2B1"))
        #expect(!uri.contains("+") && !uri.contains(" ") && !uri.contains("#"))
        #expect(uri.contains("%0D%0Asecond%20line%0D%0Athird%0D%0Afourth"))
    }

    /// RFC 6068 §6.1 and §6.2 examples whose hfield values this encoder writes (no addresses:
    /// roadtrip's links have no recipient). Every value is encoded exactly as the RFC prints it.
    @Test func rfc6068Examples() {
        // §6.1: <mailto:infobot@example.com?subject=current-issue>
        #expect(ShareActions.mailtoURI(subject: "current-issue", body: nil) == "mailto:?subject=current-issue")
        // §6.1: <mailto:infobot@example.com?body=send%20current-issue>
        #expect(ShareActions.mailtoURI(subject: nil, body: "send current-issue") == "mailto:?body=send%20current-issue")
        // §6.1: <mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index>, from a
        // body written with LF (the encoder makes it CRLF, §5) and with CRLF.
        for lineBreak in ["\n", "\r\n"] {
            #expect(ShareActions.mailtoURI(subject: nil, body: "send current-issue" + lineBreak + "send index")
                == "mailto:?body=send%20current-issue%0D%0Asend%20index")
        }
        // §6.1: <mailto:majordomo@example.com?body=subscribe%20bamboo-l>
        #expect(ShareActions.mailtoURI(subject: nil, body: "subscribe bamboo-l") == "mailto:?body=subscribe%20bamboo-l")
        // §6.2: <mailto:user@example.org?subject=caf%C3%A9>
        #expect(ShareActions.mailtoURI(subject: "café", body: nil) == "mailto:?subject=caf%C3%A9")
        // §6.2: <mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D> and the
        // ISO-8859-1 variant: an encoded-word given as text is encoded, not interpreted.
        #expect(ShareActions.mailtoURI(subject: "=?utf-8?Q?caf=C3=A9?=", body: nil)
            == "mailto:?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D")
        #expect(ShareActions.mailtoURI(subject: "=?iso-8859-1?Q?caf=E9?=", body: nil)
            == "mailto:?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D")
        // Both fields, in the order subject, body; nothing at all is a bare "mailto:".
        #expect(ShareActions.mailtoURI(subject: "café", body: "send index") == "mailto:?subject=caf%C3%A9&body=send%20index")
        #expect(ShareActions.mailtoURI(subject: "", body: nil) == "mailto:")
    }

    /// The encoder finds line breaks on bytes; the standard library's `Character.isNewline` is the
    /// independent definition it must agree with: LF, VT, FF, CR, CRLF (one break), NEL, LS and PS
    /// each become one `%0D%0A` in the body and one `%20` in the subject, a combining mark after
    /// a break stays with the next line, and bytes that only start like NEL (`C2 A0`, no-break
    /// space) or LS (`E2 80 A6`, ellipsis) are encoded as text.
    @Test func everyLineBreakIsFoundOnBytes() throws {
        let breaks = ["\n", "\u{0B}", "\u{0C}", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}"]
        let texts = breaks.map { "a" + $0 + "b" } + [
            "\n\u{301}e", "x\r\r\ny", "\u{A0}\u{2026}\n", "\n", "\r\n\r\n", "end\u{2029}", "é\u{85}\u{85}ü",
        ]
        for text in texts {
            let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            let uri = ShareActions.mailtoURI(subject: text, body: text)
            let values = try queryItems(uri)
            #expect(values["body"] == lines.joined(separator: "\r\n"), "body of \(Array(text.unicodeScalars))")
            #expect(values["subject"] == lines.joined(separator: " "), "subject of \(Array(text.unicodeScalars))")
        }
        #expect(ShareActions.mailtoURI(subject: nil, body: "a\u{2028}b\u{85}c") == "mailto:?body=a%0D%0Ab%0D%0Ac")
        #expect(ShareActions.mailtoURI(subject: "\u{A0}\u{2026}", body: nil) == "mailto:?subject=%C2%A0%E2%80%A6")
    }

    // MARK: The actions of a page

    /// With an absolute baseURL: the e-mail's body is text, place and URL; each link template is
    /// filled with percent-encoded values, so '&' and '#' in a title cannot add parameters or cut
    /// the URL; Web Share carries the plain values.
    @Test func actionsWithAnAbsoluteBaseURL() throws {
        var settings = SiteConfig()
        settings.shareLinks = [
            .init(name: "Mastodon", url: "https://mastodon.social/share?text={text}%20{url}"),
            .init(name: "Test", url: "https://share.example/post?u={url}&t={title}&x={text}#top"),
        ]
        let title = "Fish & Chips #1? a=b"
        let text = ShareActions.text(settings.shareDestinationText, destination: title, locality: nil)
        #expect(text == "Next stop: Fish & Chips #1? a=b")
        let actions = ShareActions(
            title: title, text: text, place: "Tromsø, Troms, Norway", page: "fish/",
            links: SiteLinks(baseURL: "https://example.org/trips/"), config: settings)

        let email = try #require(actions.email)
        let emailFields = try queryItems(email)
        #expect(emailFields["subject"] == title)
        #expect(emailFields["body"] == "Next stop: Fish & Chips #1? a=b\r\nTromsø, Troms, Norway\r\nhttps://example.org/trips/fish/")

        #expect(actions.links.map(\.name) == ["Mastodon", "Test"])
        let mastodon = try queryItems(actions.links[0].url)
        #expect(mastodon == ["text": "Next stop: Fish & Chips #1? a=b https://example.org/trips/fish/"])
        let test = try #require(URLComponents(string: actions.links[1].url))
        #expect(test.host == "share.example" && test.path == "/post" && test.fragment == "top")
        #expect(try queryItems(actions.links[1].url) == [
            "u": "https://example.org/trips/fish/", "t": title, "x": "Next stop: Fish & Chips #1? a=b",
        ])
        // Hand-encoded: unreserved characters stay, everything else is %XX.
        #expect(actions.links[1].url == "https://share.example/post?u=https%3A%2F%2Fexample.org%2Ftrips%2Ffish%2F"
            + "&t=Fish%20%26%20Chips%20%231%3F%20a%3Db&x=Next%20stop%3A%20Fish%20%26%20Chips%20%231%3F%20a%3Db#top")

        #expect(actions.webShare == ShareActions.WebShare(title: title, text: text, url: "https://example.org/trips/fish/"))
    }

    /// Without a baseURL there is no address to send: the body names the site and the page's path,
    /// the social links are left out, and Web Share falls back to the page's own address ("").
    /// A path-only baseURL gives a root-relative path, which is no better for a friend's inbox.
    @Test func actionsWithoutAnAbsoluteURL() throws {
        var settings = SiteConfig()
        settings.shareLinks = [.init(name: "Mastodon", url: "https://mastodon.social/share?text={text}%20{url}")]
        for (baseURL, address, shareURL) in [
            (nil, "Road Trip: tromso/trips/day-1/", ""),
            ("/trips/", "Road Trip: /trips/tromso/trips/day-1/", "/trips/tromso/trips/day-1/"),
        ] {
            let actions = ShareActions(
                title: "Day 1 · Tromsø", text: "I'm currently in Tromsø!", place: nil, page: "tromso/trips/day-1/",
                links: SiteLinks(baseURL: baseURL), config: settings)
            #expect(actions.links.isEmpty)
            #expect(try queryItems(#require(actions.email))["body"] == "I'm currently in Tromsø!\r\n" + address)
            #expect(actions.webShare?.url == shareURL)
        }
    }

    /// `share.email: false` and `share.webShare: false` with no links leave nothing: the theme's
    /// section disappears.
    @Test func everythingOffIsNull() {
        var settings = SiteConfig()
        settings.shareEmail = false
        settings.shareWebShare = false
        let actions = ShareActions(
            title: "T", text: "x", place: nil, page: "t/", links: SiteLinks(baseURL: "https://example.org/"),
            config: settings)
        #expect(actions.isEmpty && actions.templateValue == .null)
    }

    /// Share texts are filled in one pass: a title that happens to contain "{locality}" stays as
    /// written; a missing locality is the destination's title.
    @Test func shareTexts() {
        #expect(ShareActions.text("I'm currently in {locality}!", destination: "Bergen", locality: nil)
            == "I'm currently in Bergen!")
        #expect(ShareActions.text("I'm currently in {locality}!", destination: "Bergen", locality: "Fana")
            == "I'm currently in Fana!")
        #expect(ShareActions.text("In {locality}, near {destination}", destination: "{locality}", locality: "Å")
            == "In Å, near {locality}")
        #expect(ShareTemplate.placeholders(in: "a {url} b {text}{title} {} {x y}") == ["url", "text", "title", "", "x y"])
        // As the regular expression \{([^{}]*)\} finds them left to right: a brace inside ends the
        // try, a lone brace is text.
        #expect(ShareTemplate.placeholders(in: "x{a{b}c} {{d} {e}} }{") == ["b", "d", "e"])
        #expect(ShareTemplate.fill("{{url}} {nope} {url", ["url": "U"]) == "{U} {nope} {url")
    }

    // MARK: The theme's partial

    /// The default theme's `partials/share` escapes every value for its attribute: a title with
    /// `"` and `<` cannot close the attribute or open an element, and the `&` between the mailto
    /// fields is written `&amp;` (as in RFC 6068 §6.1's HTML example).
    @Test func partialEscapesAttributes() throws {
        let log = DiagnosticLog()
        let theme = try #require(Theme.load(projectRoot: Self.packageRoot, name: "default", log: log))
        var settings = SiteConfig()
        settings.shareLinks = [.init(name: "Say \"hi\" <b>", url: "https://share.example/?t={title}")]
        let title = "Say \"hi\" <b>bold</b> & 'quote'"
        let actions = ShareActions(
            title: title, text: "Next stop: " + title, place: nil, page: "say/",
            links: SiteLinks(baseURL: "https://example.org/"), config: settings)
        let html = try theme.templates.render("partials/share", context: .object(["share": actions.templateValue]))
        // HTMLEscaping by hand: & → &amp;  < → &lt;  > → &gt;  " → &quot;  ' → &#39;
        let escapedTitle = "Say &quot;hi&quot; &lt;b&gt;bold&lt;/b&gt; &amp; &#39;quote&#39;"
        #expect(html.contains("data-share-title=\"\(escapedTitle)\""))
        #expect(html.contains("data-share-text=\"Next stop: \(escapedTitle)\""))
        #expect(html.contains("data-share-url=\"https://example.org/say/\""))
        #expect(html.contains(" hidden>Share…</button>"))
        #expect(html.contains(
            "href=\"mailto:?subject=Say%20%22hi%22%20%3Cb%3Ebold%3C%2Fb%3E%20%26%20%27quote%27&amp;body=Next%20stop"))
        #expect(html.contains(">Say &quot;hi&quot; &lt;b&gt;</a>"))
        #expect(!html.contains("<b>") && !html.contains("\"hi\""))
        // The section is gone when there is nothing to share.
        #expect(try theme.templates.render("partials/share", context: .object(["share": .null]))
            .trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    }

    // MARK: Configuration

    @Test func configDefaults() throws {
        let (settings, diagnostics) = try config("")
        #expect(diagnostics.isEmpty)
        #expect(settings.shareEmail && settings.shareWebShare && !settings.shareNearbyPlaces)
        #expect(settings.shareLinks.isEmpty)
        #expect(settings.shareDestinationText == "Next stop: {destination}")
        #expect(settings.shareTripText == "I'm currently in {locality}!")
    }

    @Test func configReadsEveryShareKey() throws {
        let (settings, diagnostics) = try config("""
            share:
              email: false
              webShare: false
              nearbyPlaces: true
              destinationText: "Off to {destination}"
              tripText: "Greetings from {locality} ({destination})"
              links:
                - { name: Mastodon, url: "https://mastodon.social/share?text={text}%20{url}" }
                - "https://www.facebook.com/sharer/sharer.php?u={url}"
                - url: "https://bsky.app/intent/compose?text={text}%20{url}"
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(!settings.shareEmail && !settings.shareWebShare && settings.shareNearbyPlaces)
        #expect(settings.shareDestinationText == "Off to {destination}")
        #expect(settings.shareTripText == "Greetings from {locality} ({destination})")
        #expect(settings.shareLinks == [
            .init(name: "Mastodon", url: "https://mastodon.social/share?text={text}%20{url}"),
            .init(name: "facebook.com", url: "https://www.facebook.com/sharer/sharer.php?u={url}"),
            .init(name: "bsky.app", url: "https://bsky.app/intent/compose?text={text}%20{url}"),
        ])
    }

    /// Bad entries are warnings at their own line and column and are left out; good ones stay.
    @Test func configProblemsWarnAtTheirLine() throws {
        let (settings, diagnostics) = try config("""
            share:
              email: yes
              links:
                - { name: Good, url: "https://good.example/?u={url}" }
                - { name: Ftp, url: "ftp://example.org/{url}" }
                - { name: Typo, url: "https://example.org/?u={link}" }
                - { name: Nameless }
                - not a url {url}
                -
                - [a, list]
              tripText: "In {city}"
              colour: red
            """)
        // Columns, counted by hand: line 2 "  email: " is 9 characters → 10; line 5
        // "    - { name: Ftp, url: " is 24 → 25; line 6 "    - { name: Typo, url: " 25 → 26;
        // line 7 "    - " 6 → 7; line 8 → 7; line 9 "    -" 5, the empty item is reported where
        // the next token starts; line 10 → 7; line 11 "  tripText: " 12 → 13; line 12 "  " → 3.
        #expect(diagnostics.contains("Destinations/site.yaml:2:10: warning: share.email must be true or false, not 'yes'"))
        #expect(diagnostics.contains(
            "Destinations/site.yaml:5:25: warning: share.links item 2: 'ftp://example.org/{url}' is not an http(s) URL; it is left out"))
        #expect(diagnostics.contains(
            "Destinations/site.yaml:6:26: warning: share.links item 3: unknown placeholder {link} in 'https://example.org/?u={link}'; use {url}, {text} or {title}; it is left out"))
        #expect(diagnostics.contains { $0.hasPrefix("Destinations/site.yaml:7:7: warning: share.links item 4 needs a url") })
        #expect(diagnostics.contains(
            "Destinations/site.yaml:8:7: warning: share.links item 5: 'not a url {url}' is not an http(s) URL; it is left out"))
        #expect(diagnostics.contains { $0.contains("warning: share.links item 6 is empty; it is left out") })
        #expect(diagnostics.contains(
            "Destinations/site.yaml:10:7: warning: share.links item 7 must be a mapping of keys to values, not a list"))
        #expect(diagnostics.contains(
            "Destinations/site.yaml:11:13: warning: share.tripText has an unknown placeholder {city}; use {destination} or {locality}"))
        #expect(diagnostics.contains("Destinations/site.yaml:12:3: warning: unknown key 'share.colour' is ignored"))
        #expect(diagnostics.count == 9, "\(diagnostics)")
        #expect(settings.shareEmail)
        #expect(settings.shareLinks == [.init(name: "Good", url: "https://good.example/?u={url}")])
        #expect(settings.shareTripText == "I'm currently in {locality}!")
    }

    /// A template that would not be a valid URL once filled (RFC 3986 §2's characters only): an
    /// unclosed placeholder, a space, a quote.
    @Test func templatesThatCannotBeURLs() {
        #expect(ShareLinkTemplate.problem(url: "https://x.example/?u={url")?.contains("'{'") == true)
        #expect(ShareLinkTemplate.problem(url: "https://x.example/?t={text} now") != nil)
        #expect(ShareLinkTemplate.problem(url: "https://x.example/\"{url}")?.contains("'\"'") == true)
        #expect(ShareLinkTemplate.problem(url: "https://x.example/share?u={url}&t={text}#top") == nil)
    }
}
