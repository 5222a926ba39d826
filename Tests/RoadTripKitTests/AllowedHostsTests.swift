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

/// `Host` checking (DNS rebinding). Expected verdicts from the rules: RFC 9110 §7.2 and RFC 3986
/// §3.2.2 (the syntax), RFC 9112 §3.2 (400 without a Host on HTTP/1.1), RFC 6761 §6.3
/// (`localhost` and the names below it are loopback).
@Suite struct AllowedHostsTests {
    @Test func loopbackServerAnswersItsAddressAndLocalhostOnly() {
        let hosts = AllowedHosts(listeningAddress: "127.0.0.1", hostOption: "127.0.0.1")
        for allowed in ["127.0.0.1", "127.0.0.1:8000", "localhost", "localhost:8000", "LOCALHOST:8000", "localhost.",
            "app.localhost:8000", "a.b.localhost", " 127.0.0.1:8000 ", "127.0.0.1:", "127.0.0.1:65535",
            // RFC 3986 allows leading zeros: any number of them.
            "localhost:00080", "127.0.0.1:000000000080"]
        {
            #expect(hosts.verdict(for: allowed, version: "HTTP/1.1") == .allowed, "\(allowed)")
        }
        // Names a rebinding page would send, and IP literals that are not the listening address.
        for misdirected in ["evil.example", "evil.example:8000", "127.0.0.1.nip.io", "localhost.evil.example", "mylocalhost",
            "[::1]:8000", "192.168.1.5:8000", "127.0.0.2", "1.2.3"]
        {
            #expect(hosts.verdict(for: misdirected, version: "HTTP/1.1") == .misdirected, "\(misdirected)")
        }
        // Not `uri-host [":" port]`: a repeated Host (joined with ", "), a space, userinfo, a bad
        // port, a bare IPv6 address, an unclosed bracket.
        for malformed in ["a, b", "127.0.0.1, evil.example", "a b", "user@localhost", "localhost:80x", "::1", "[::1",
            "[::1]x", "[nothost]", "localhost:8000:1", "ex/ample", "caf\u{E9}.localhost",
            // No TCP port is above 65535 (a fresh-clone tester's Host: 127.0.0.1:99999 was allowed).
            "127.0.0.1:99999", "127.0.0.1:65536", "localhost:000080000", "[::1]:70000", "127.0.0.1:00000000000000000000099999"]
        {
            #expect(hosts.verdict(for: malformed, version: "HTTP/1.1") == .malformed, "\(malformed)")
        }
        #expect(hosts.verdict(for: nil, version: "HTTP/1.1") == .missing)
        #expect(hosts.verdict(for: "", version: "HTTP/1.1") == .missing)
        #expect(hosts.verdict(for: "  ", version: "HTTP/1.1") == .missing)
        #expect(hosts.verdict(for: nil, version: "HTTP/1.0") == .allowed)
        #expect(hosts.verdict(for: "evil.example", version: "HTTP/1.0") == .misdirected)
    }

    /// IPv6: the address in brackets, compared as bytes (`[0:0::1]` is `[::1]`).
    @Test func ipv6Server() {
        let hosts = AllowedHosts(listeningAddress: "::1", hostOption: "::1")
        #expect(hosts.verdict(for: "[::1]:8000", version: "HTTP/1.1") == .allowed)
        #expect(hosts.verdict(for: "[0:0:0:0:0:0:0:1]", version: "HTTP/1.1") == .allowed)
        #expect(hosts.verdict(for: "127.0.0.1:8000", version: "HTTP/1.1") == .misdirected)
        #expect(hosts.verdict(for: "localhost:8000", version: "HTTP/1.1") == .allowed)
    }

    /// On a wildcard address any IP literal is allowed (a phone on the LAN types the laptop's
    /// address); names still only localhost and the one given with --host.
    @Test func wildcardServerAnswersEveryAddress() {
        for wildcard in ["0.0.0.0", "::"] {
            let hosts = AllowedHosts(listeningAddress: wildcard, hostOption: wildcard)
            for allowed in ["192.168.1.5:8000", "10.0.0.2", "[fe80::1]:8000", "[2001:db8::7]", "127.0.0.1", "localhost:8000"] {
                #expect(hosts.verdict(for: allowed, version: "HTTP/1.1") == .allowed, "\(wildcard) \(allowed)")
            }
            #expect(hosts.verdict(for: "evil.example:8000", version: "HTTP/1.1") == .misdirected, "\(wildcard)")
        }
    }

    /// `--host mybox.local`: that name too, in any case, with or without the trailing dot.
    @Test func nameGivenWithHost() {
        let hosts = AllowedHosts(listeningAddress: "192.168.1.5", hostOption: "MyBox.local")
        #expect(hosts.verdict(for: "mybox.local:8000", version: "HTTP/1.1") == .allowed)
        #expect(hosts.verdict(for: "MYBOX.LOCAL.", version: "HTTP/1.1") == .allowed)
        #expect(hosts.verdict(for: "192.168.1.5:8000", version: "HTTP/1.1") == .allowed)
        #expect(hosts.verdict(for: "otherbox.local", version: "HTTP/1.1") == .misdirected)
        #expect(hosts.verdict(for: "192.168.1.6", version: "HTTP/1.1") == .misdirected)
    }
}
