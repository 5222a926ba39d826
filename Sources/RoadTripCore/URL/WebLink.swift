import Foundation

/// Checks for the links authors give (weather, events, POI urls).
public enum WebLink {
    /// `true` for an absolute `http` or `https` URL with a host (RFC 3986 §3) and, when it names a
    /// port, one of 0…65535 (§3.2.3; a browser finds no page at a larger one), e.g.
    /// `https://www.yr.no/en`; `false` for `www.example.com`, `ftp://…`, text with spaces or
    /// control characters (C0, DEL, C1: RFC 3986 allows none, and HTML would show one as U+FFFD).
    /// A text made only of characters RFC 3986 allows unescaped in a URL, with no IP literal and
    /// no `%` in its host, is read directly (``plainAnswer(_:)``); any other goes through
    /// `URLComponents` (~3 µs, 1 % of loading a 4,000-destination site, each with a weather link
    /// and an event's).
    public static func isHTTP(_ text: String) -> Bool {
        plainAnswer(text) ?? isHTTPByComponents(text)
    }

    /// `isHTTP(_:)` by `URLComponents` alone.
    static func isHTTPByComponents(_ text: String) -> Bool {
        guard !text.contains(where: { $0.isWhitespace }),
            !text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }),
            let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { return false }
        // The port as written: URLComponents' `port` is nil for one too long for an Int, and its
        // re-encoding of a URL with a non-ASCII or percent-encoded part drops such a port altogether
        // (two testers: a crash slicing the text with its range, then 2^63 accepted).
        return writtenPort(of: text).map { isUsablePort($0.utf8) } ?? true
    }

    /// Whether `port`, a URL's port as written, is ASCII digits naming 0…65535 (RFC 3986 §3.2.3
    /// allows any digits; no socket has a larger one), leading zeros aside; an empty port is
    /// usable (the scheme's default).
    static func isUsablePort(_ port: some Collection<UInt8>) -> Bool {
        let significant = port.drop { $0 == UInt8(ascii: "0") }
        return significant.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            && (significant.count < 5 || (significant.count == 5 && significant.lexicographicallyPrecedes("65536".utf8)))
    }

    /// `text` without the spaces and line breaks around it when that is an http(s) link
    /// (`isHTTP(_:)`), else `nil`: how every link field of a destination or POI is read.
    public static func trimmedLink(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespacesAndNewlines
        return isHTTP(trimmed) ? trimmed : nil
    }

    /// The text after the last `:` of `text`'s authority (RFC 3986 §3.2: after `//`, up to the
    /// first `/`, `?` or `#`; past the user info's last `@` and an IP literal's `]`), or `nil` when
    /// it names no port. Read over UTF-8 bytes, not Characters: a combining mark after the `/`
    /// that ends the authority makes one Character of both (a tester's valid link was refused).
    static func writtenPort(of text: String) -> String? {
        let bytes = Array(text.utf8)
        let slash = UInt8(ascii: "/")
        guard let slashes = bytes.indices.dropLast().first(where: { bytes[$0] == slash && bytes[$0 + 1] == slash }) else { return nil }
        let rest = bytes[(slashes + 2)...]
        let authority = rest.prefix { $0 != slash && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        var hostAndPort = authority.lastIndex(of: UInt8(ascii: "@")).map { authority[($0 + 1)...] } ?? authority
        if hostAndPort.first == UInt8(ascii: "["), let close = hostAndPort.firstIndex(of: UInt8(ascii: "]")) {
            hostAndPort = hostAndPort[(close + 1)...]
        }
        return hostAndPort.lastIndex(of: UInt8(ascii: ":")).map { String(decoding: hostAndPort[($0 + 1)...], as: UTF8.self) }
    }

    /// `isHTTP(_:)` read off the text's bytes (RFC 3986 §3: `scheme ":" "//" authority`, the
    /// authority `[userinfo "@"] host [":" port]` up to the first `/`, `?` or `#`), or `nil` where
    /// the text leaves that reading to `URLComponents`: a byte outside RFC 3986's unreserved,
    /// reserved and `%` characters (§2.2, §2.3), a `%` not followed by two hexadecimal digits, a
    /// second `#`, a second `@` in the authority, an IP literal (`[`), a `%` in the host, or a port
    /// that is not digits. A text
    /// whose scheme is not `http` or `https` (any case) is `false` at once.
    static func plainAnswer(_ text: String) -> Bool? {
        var text = text
        return text.withUTF8 { bytes -> Bool? in
            func lowercased(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
            func isHexDigit(_ byte: UInt8) -> Bool {
                (0x30...0x39).contains(byte) || (0x61...0x66).contains(lowercased(byte))
            }
            func hasPrefix(_ prefix: StaticString) -> Bool {
                prefix.utf8CodeUnitCount <= bytes.count
                    && (0..<prefix.utf8CodeUnitCount).allSatisfy { lowercased(bytes[$0]) == prefix.utf8Start[$0] }
            }
            let schemeEnd: Int
            if hasPrefix("http:") { schemeEnd = 5 } else if hasPrefix("https:") { schemeEnd = 6 } else {
                // Whatever follows, the scheme (up to the first ':') is not http or https.
                return false
            }
            var fragments = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
                     UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
                     UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
                     UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"):
                    break
                case UInt8(ascii: "#"):
                    fragments += 1
                    if fragments > 1 { return nil }
                case UInt8(ascii: "%"):
                    guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else { return nil }
                default:
                    return nil
                }
                index += 1
            }
            // "http:" without "//" has no authority, hence no host.
            guard bytes.count >= schemeEnd + 2, bytes[schemeEnd] == UInt8(ascii: "/"), bytes[schemeEnd + 1] == UInt8(ascii: "/")
            else { return false }
            let authorityStart = schemeEnd + 2
            var authorityEnd = authorityStart
            while authorityEnd < bytes.count, ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains(bytes[authorityEnd]) {
                authorityEnd += 1
            }
            let authority = bytes[authorityStart..<authorityEnd]
            // A userinfo holds no '@' (§3.2.1): a second one is left to URLComponents.
            guard authority.count(where: { $0 == UInt8(ascii: "@") }) <= 1 else { return nil }
            let hostStart = (authority.lastIndex(of: UInt8(ascii: "@")).map { $0 + 1 }) ?? authorityStart
            let hostAndPort = bytes[hostStart..<authorityEnd]
            let colon = hostAndPort.firstIndex(of: UInt8(ascii: ":"))
            let host = bytes[hostStart..<(colon ?? authorityEnd)]
            if let colon {
                let port = bytes[(colon + 1)..<authorityEnd]
                guard port.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
                guard isUsablePort(port) else { return false }
            }
            if host.contains(UInt8(ascii: "%")) { return nil }
            return !host.isEmpty
        }
    }

    /// The host of an http(s) URL without a leading `www.` (used as an event's title when none is
    /// given), or `nil`.
    public static func host(of text: String) -> String? {
        guard let host = URLComponents(string: text)?.host, !host.isEmpty else { return nil }
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    }
}
