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

/// `BaseURL.check`: what a baseURL may be, what is dropped with a warning, and what is an error.
@Suite struct BaseURLTests {
    func checked(_ written: String) throws -> BaseURL { try BaseURL.check(written, name: "baseURL") }

    func problem(_ written: String) -> String? {
        do { _ = try BaseURL.check(written, name: "baseURL") } catch { return error.message }
        return nil
    }

    /// Usable values come back as they are; an empty one means relative links.
    @Test func usableValuesAreKept() throws {
        #expect(try checked("https://example.org/trips/") == BaseURL(url: "https://example.org/trips/", warnings: []))
        #expect(try checked("/trips/") == BaseURL(url: "/trips/", warnings: []))
        #expect(try checked("http://localhost:8000/") == BaseURL(url: "http://localhost:8000/", warnings: []))
        #expect(try checked("https://example.org") == BaseURL(url: "https://example.org", warnings: []))
        #expect(try checked("") == BaseURL(url: nil, warnings: []))
        // Scheme and host are case-insensitive (RFC 3986 §3.1, §3.2.2): written in lower case.
        #expect(try checked("HTTPS://Example.ORG/Trips/").url == "https://example.org/Trips/")
    }

    /// A protocol-relative baseURL names a host: an error saying to write the scheme.
    @Test func protocolRelativeIsAnError() {
        #expect(problem("//example.org/") == "baseURL '//example.org/' is protocol-relative (a host with no scheme); "
            + "write 'https://example.org/' (or '/example.org/' for a path on the site's own host)")
    }

    /// Other schemes, a scheme-less host, white space, no host, and ports outside 1…65535 are errors.
    @Test func unusableValuesAreErrors() {
        let usage = "an http(s) URL such as 'https://example.org/trips/' or a path from the site root such as '/trips/'"
        #expect(problem("ftp://example.org/") == "baseURL 'ftp://example.org/' must be \(usage), not a ftp: URL")
        #expect(problem("javascript:alert(1)") == "baseURL 'javascript:alert(1)' must be \(usage), not a javascript: URL")
        #expect(problem("example.org/trips") == "baseURL 'example.org/trips' must be \(usage); for a host, write 'https://example.org/trips'")
        #expect(problem("https://example.org/my trips/") == "baseURL 'https://example.org/my trips/' has white space or a control character in it")
        #expect(problem("https:///trips/") != nil)
        // A port is 16 bits and 0 is reserved (RFC 6335 §6): 99999 and 0 are refused, 65535 kept.
        #expect(problem("https://example.org:99999/") == "baseURL 'https://example.org:99999/' has the port 99999, outside 1…65535")
        #expect(problem("https://example.org:0/") == "baseURL 'https://example.org:0/' has the port 0, outside 1…65535")
        #expect(problem("https://example.org:65535/") == nil)
        // A port too large for 64 bits, which Foundation reads as no port at all: refused, not dropped.
        #expect(problem("https://example.org:99999999999999999999/")
            == "baseURL 'https://example.org:99999999999999999999/' has the port 99999999999999999999, outside 1…65535")
        // An empty port is the scheme's default (RFC 3986 §3.2.3).
        #expect(problem("https://example.org:/") == nil)
    }

    /// A host whose last label is a number is an IPv4 address to a browser (WHATWG URL "ends in a
    /// number"): four bytes or an error (`999.1.1.1` went into the sitemap). Bad punycode names its
    /// host instead of 'has no host', and the scheme's default port is left out, as browsers do
    /// (all three found by a fresh-clone tester).
    @Test func ipv4HostsPunycodeAndDefaultPorts() throws {
        let ipv4 = "is not an IPv4 address (four numbers from 0 to 255, such as '192.0.2.1')"
        #expect(problem("http://999.1.1.1/") == "baseURL 'http://999.1.1.1/': the host '999.1.1.1' \(ipv4)")
        #expect(problem("http://1.2.3/") == "baseURL 'http://1.2.3/': the host '1.2.3' \(ipv4)")
        // A hexadecimal last label is a number to a browser too.
        #expect(problem("https://example.0x10/") == "baseURL 'https://example.0x10/': the host 'example.0x10' \(ipv4)")
        #expect(problem("https://example.0x/") != nil)
        #expect(try checked("https://0xcafe.example/").url == "https://0xcafe.example/")
        #expect(try checked("http://192.0.2.1:8080/trips/").url == "http://192.0.2.1:8080/trips/")
        #expect(problem("https://xn--zz.de/") == "baseURL 'https://xn--zz.de/': the host 'xn--zz.de' is not a valid host name")
        #expect(try checked("http://example.org:0080/").url == "http://example.org/")
        #expect(try checked("https://example.org:443/a/").url == "https://example.org/a/")
        #expect(try checked("https://example.org:80/").url == "https://example.org:80/")
    }

    /// A bracketed host is an IPv6 address (RFC 3986 §3.2.2) or nothing: `[zz]` and `[]` are
    /// refused; `[::1]` and `[2001:db8::1]` with a port are kept.
    @Test func bracketedHostsMustBeIPv6Addresses() throws {
        #expect(problem("https://[zz]/") == "baseURL 'https://[zz]/': the host '[zz]' is not an IPv6 address in brackets "
            + "(such as '[2001:db8::1]')")
        #expect(problem("https://[]/") != nil)
        #expect(try checked("http://[::1]:8000/").url == "http://[::1]:8000/")
        #expect(try checked("https://[2001:db8::1]/trips/").url == "https://[2001:db8::1]/trips/")
    }

    /// What a new user writes for a local or relative site gets the spelling meant: a folder
    /// (`trips/`, `.`) is a path from the root, a host and port without a scheme (`localhost:8000`)
    /// gets `http://`, with `roadtrip serve` for a preview. A host that is no DNS name (RFC 1123
    /// §2.1: an underscore, an empty label, a label starting or ending with a hyphen) is refused.
    @Test func suggestionsForLocalAndRelativeValues() {
        let usage = "an http(s) URL such as 'https://example.org/trips/' or a path from the site root such as '/trips/'"
        #expect(problem("trips/") == "baseURL 'trips/' must be \(usage); a path starts from the site root: write '/trips/' "
            + "for that folder of the host")
        #expect(problem(".") == "baseURL '.' must be \(usage); a path starts from the site root: write '/' for the root of "
            + "the host, or leave baseURL out for links relative to each page (the default)")
        #expect(problem("localhost:8000") == "baseURL 'localhost:8000' has no scheme; for that host, write "
            + "'http://localhost:8000' (or, to preview the site on this machine, run 'roadtrip serve', which needs no baseURL)")
        let rule = "is not a valid host name (letters, digits and hyphens between dots, no label starting or ending with a "
            + "hyphen, no empty label)"
        #expect(problem("https://exa_mple.com/") == "baseURL 'https://exa_mple.com/': the host 'exa_mple.com' \(rule)")
        #expect(problem("https://a..com/") == "baseURL 'https://a..com/': the host 'a..com' \(rule)")
        #expect(problem("https://-bad-.com/") == "baseURL 'https://-bad-.com/': the host '-bad-.com' \(rule)")
        #expect(problem("https://127.0.0.1:8000/") == nil && problem("https://[::1]/") == nil)
        #expect(problem("https://my-site.example.org./") == nil)
    }

    /// Dot segments in the path are an error offering what a browser resolves them to (RFC 3986
    /// §5.2.4 worked by hand: `/trips/../x/` → `/x/`, `/a/./b/` → `/a/b/`, `/a/..` → `/`).
    @Test func dotSegmentsAreAnError() {
        let rest = "in its path, which a browser resolves before links are followed; write the folder it means: "
        #expect(problem("/trips/../x/") == "baseURL '/trips/../x/' has '.' or '..' \(rest)'/x/'")
        #expect(problem("https://example.org/a/./b/") == "baseURL 'https://example.org/a/./b/' has '.' or '..' \(rest)'https://example.org/a/b/'")
        #expect(problem("/a/..") == "baseURL '/a/..' has '.' or '..' \(rest)'/'")
        #expect(problem("/a.b/..c/") == nil)
    }

    /// A non-ASCII host becomes its IDNA form: "bücher" is "xn--bcher-kva" (RFC 3492 §7.1's
    /// method; the same label as Python's `"bücher".encode("idna")`), "例え" is "xn--r8jz45g".
    @Test func internationalHostsAreWrittenInASCII() throws {
        #expect(try checked("https://bücher.de/reisen/").url == "https://xn--bcher-kva.de/reisen/")
        #expect(try checked("https://例え.jp/").url == "https://xn--r8jz45g.jp/")
        #expect(try checked("https://xn--bcher-kva.de/").url == "https://xn--bcher-kva.de/")
    }

    /// User info, a query and a fragment cannot be part of every link: dropped, each with a
    /// warning; `//` in the path is collapsed.
    @Test func partsThatCannotBeKeptAreDroppedWithAWarning() throws {
        let result = try checked("https://user:pw@example.org//trips//?q=1#top")
        #expect(result.url == "https://example.org/trips/")
        #expect(result.warnings == [
            "baseURL 'https://user:pw@example.org//trips//?q=1#top' has a user name or password before '@'; it is dropped (links carry no user info)",
            "baseURL 'https://user:pw@example.org//trips//?q=1#top' has the query '?q=1'; it is dropped (every link is the baseURL and a path)",
            "baseURL 'https://user:pw@example.org//trips//?q=1#top' has the fragment '#top'; it is dropped (every link is the baseURL and a path)",
            "baseURL 'https://user:pw@example.org//trips//?q=1#top' has '//' in its path; 'https://example.org/trips/' is used "
                + "(every link starts with the baseURL, and '//' there means an empty folder)",
        ])
        #expect(try checked("/a//b/?next=//x").url == "/a/b/")
        #expect(try checked("https://example.org///").url == "https://example.org/")
    }
}
