import Foundation
import Testing
@testable import RoadTripCore

/// `WebLink.isHTTP`: an absolute http(s) URL with a non-empty host (RFC 3986 §3: `scheme ":" "//"
/// authority path`; the scheme is case-insensitive, §3.1), and `WebLink.host(of:)`.
@Suite struct WebLinkTests {
    @Test func httpAndHTTPSURLsWithAHostAreWebLinks() {
        for link in [
            "https://www.yr.no/en", "http://example.org", "HTTPS://Example.org/a?b=c#d", "https://127.0.0.1:8000/",
            "https://user@example.org/", "https://[2001:db8::1]/", "https://example.org/%C3%A6",
            "https://xn--bcher-kva.example/",
        ] {
            #expect(WebLink.isHTTP(link), "\(link)")
        }
    }

    @Test func otherTextIsNotAWebLink() {
        for text in [
            "www.example.com", "example.org/path", "ftp://example.org/", "mailto:a@example.org", "https:///path",
            "https://", "http:example.org", "//example.org/", "https://exa mple.org/", " https://example.org",
            "https://example.org/\n", "", "images/a.jpg", "file:///etc/passwd",
            // A control character (C0, DEL, C1) or a port beyond 65,535 (tester, stop 43: accepted,
            // and the page linked U+FFFD in its place or a port no browser opens).
            "https://example.org/\u{1}", "https://example.org/\u{7F}", "https://example.org/\u{85}", "https://example.org:99999/",
            "https://example.org:65536/",
        ] {
            #expect(!WebLink.isHTTP(text), "\(text)")
        }
    }

    /// The reading off the bytes (`plainAnswer`) answers as `URLComponents` does wherever it
    /// answers at all, over the links above and a corpus of edge cases (user info, ports, empty
    /// hosts, percent escapes, sub-delimiters, fragments, schemes in other cases); and it leaves
    /// to `URLComponents` what it does not read (IP literals, non-ASCII, a second `@` or `#`).
    @Test func theFastReadingAgreesWithURLComponents() {
        let corpus = [
            "https://www.yr.no/en", "http://example.org", "HTTPS://Example.org/a?b=c#d", "https://127.0.0.1:8000/",
            "https://user@example.org/", "https://user:pass@example.org:8080/p?q#f", "https://example.org/%C3%A6",
            "https://xn--bcher-kva.example/", "https:///path", "https://", "http:example.org", "https://:80/",
            "https://@example.org/", "https://example.org:/", "https://example.org:8a/", "https://exa_mple.org/~x",
            "https://example.org/a%2", "https://example.org/a%zz", "https://e.org/?a=(b)&c=d*e+f,g;h=i!j$k'l",
            "https://e.org/#a/b?c:d@e", "http://e.org?x", "http://e.org#x", "HtTp://E.org", "httpss://e.org",
            "ht tp://e.org", "https://e.org/path/../x/./y", "https://e%41.org/", "https://e.org:0/", "https://a@b@c/",
            "https://e.org/#a#b", "https://[2001:db8::1]/", "https://e.org/ø", "https://e.org/\u{7F}", "https://e.org/\\x",
            "https://e.org/\"q\"", "https://e.org/<a>", "https://e.org/{x}", "https://e.org/|", "https://e.org/^`",
            "mailto:a@example.org", "file:///etc/passwd", "ftp://example.org/", "", "http", "https:", "http:/", "http://",
            "https://example.org/?dest-00001", "https://www.yr.no/en/search?q=dest-00001",
            "https://e.org:65535/", "https://e.org:65536/", "https://e.org:99999/", "https://e.org:0065535/",
            "https://e.org:000000099999/", "https://e.org:123456789012345678901234567890/",
            "https://e.org/\u{1}", "https://e.org/\u{7F}x", "https://e.org/\u{85}",
            // A host or user URLComponents encodes again (punycode, percent escapes): its port is
            // read off that encoding (a second tester's build crashed slicing the text with it).
            "https://bücher.de:8080/", "https://bücher.de:65536/", "https://日本.jp:80/", "https://ø@e.org:443/",
            "https://a@b@e.org:443/", "https://%zz@e.org:8080/", "https://e<x@e.org:80/",
            "https://ø@e.org:65536/" + String(repeating: "a", count: 32), "https://%zz@e.org:65536/aaaaaaaa",
            "https://bücher.de:10000/" + String(repeating: "z", count: 22),
            // Ports too large for an Int, which URLComponents' re-encoding of a non-ASCII URL drops
            // (a third tester: accepted): read off the text as written.
            "https://bücher.de:9223372036854775808/", "https://bücher.de:9223372036854775807/",
            "https://example.com:9223372036854775808/ü", "https://[::1]:99999999999999999999999/ü",
            "https://ü@例子.测试:99999999999999999999999/", "https://[::1]:8080/ü", "https://[fe80::1%25eth0]:0080/",
        ]
        var read = 0
        for text in corpus {
            let expected = WebLink.isHTTPByComponents(text)
            #expect(WebLink.isHTTP(text) == expected, "\(text)")
            if let answer = WebLink.plainAnswer(text) {
                read += 1
                #expect(answer == expected, "\(text): read \(answer), URLComponents \(expected)")
            }
        }
        // Most of the corpus is read off the bytes; the IP literals, non-ASCII and the like are not.
        #expect(read > corpus.count / 2)
        #expect(WebLink.plainAnswer("https://[2001:db8::1]/") == nil)
        #expect(WebLink.plainAnswer("https://e.org/ø") == nil)
        #expect(WebLink.plainAnswer("https://a@b@c/") == nil)
        // By hand: a valid port under an encoded host is a link, a port beyond 65,535 is not.
        #expect(WebLink.isHTTP("https://bücher.de:8080/"))
        #expect(WebLink.isHTTP("https://bücher.de:10000/" + String(repeating: "z", count: 22)))
        #expect(!WebLink.isHTTP("https://bücher.de:65536/"))
        #expect(!WebLink.isHTTP("https://ø@e.org:65536/" + String(repeating: "a", count: 32)))
        #expect(!WebLink.isHTTP("https://bücher.de:9223372036854775808/"))
        #expect(!WebLink.isHTTP("https://example.com:9223372036854775808/ü"))
        #expect(WebLink.isHTTP("https://[::1]:8080/ü"))
        #expect(WebLink.writtenPort(of: "https://a@b@e.org:443/x:1") == "443")
        #expect(WebLink.writtenPort(of: "https://[::1]/") == nil)
        #expect(WebLink.writtenPort(of: "https://e.org:/") == "")
        // A combining mark or joiner after the '/', '?' or '#' ending the authority (a fourth
        // tester: refused, as it made one Character with it): the port is still 8080.
        #expect(WebLink.writtenPort(of: "https://bücher.de:8080/\u{301}x") == "8080")
        for link in ["https://bücher.de:8080/\u{301}x", "https://b.example:8080/\u{301}x", "https://b.example:8080?\u{301}x",
                     "https://b.example:8080#\u{200D}x", "https://b.example:8080/\u{FE0F}"] {
            #expect(WebLink.isHTTP(link), "\(link)")
        }
    }

    @Test func theHostOfAWebLinkWithoutWWW() {
        #expect(WebLink.host(of: "https://www.yr.no/en") == "yr.no")
        #expect(WebLink.host(of: "https://example.org:8080/x") == "example.org")
        #expect(WebLink.host(of: "example.org") == nil)
    }
}
