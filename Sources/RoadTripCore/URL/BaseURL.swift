import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A site's `baseURL` — `site.yaml`'s or `--base-url`'s — checked and put in the one form every
/// internal link is built on (`SiteLinks`): an absolute `http(s)` URL
/// (`https://example.org/trips/`) or a path from the site root (`/trips/`).
///
/// - Errors (the value cannot be used; a build stops): a protocol-relative `//example.org/` (a
///   host without a scheme: write `https://example.org/`), another scheme (`ftp:`,
///   `javascript:`), a scheme-less `example.org/trips`, white space or control characters, an
///   http(s) URL without a host, a port outside 1…65535 (RFC 6335 §6: port numbers are 16-bit,
///   0 is reserved), a host Foundation cannot turn into ASCII, a bracketed host that is not an IPv6 address
///   (`https://[zz]/`), `.` or `..` segments in the path
///   (`/trips/../x/`: the message offers what a browser resolves it to, RFC 3986 §5.2.4).
/// - Warnings (the value is used without the part): user info (`user:pw@`), a query (`?q=1`) or a
///   fragment (`#top`) — each internal link is the base plus a path, so none of them could be
///   kept; `//` inside the path, collapsed to `/` (every link starts with the path, and `//`
///   there is an empty folder for the server).
/// - A non-ASCII host (`https://bücher.de/`) is written in its IDNA ASCII form
///   (`https://xn--bcher-kva.de/`, RFC 5891 as Foundation's `URLComponents.encodedHost` gives
///   it), so sitemaps and canonical links carry a valid URL (RFC 3986 §3.2.2); the scheme and host
///   are lower-cased.
public struct BaseURL: Sendable, Hashable {
    /// The value to build links on, or `nil` for an empty one (every link relative to its page).
    public var url: String?
    /// What was dropped or changed, one message each, without the file position.
    public var warnings: [String]

    /// Checks `written`; `name` is how messages call it (`baseURL`, `--base-url`).
    /// - Throws: `BaseURL.Problem` saying what to write instead (see the type's errors).
    public static func check(_ written: String, name: String) throws(Problem) -> BaseURL {
        if written.isEmpty { return BaseURL(url: nil, warnings: []) }
        let quoted = "\(name) '\(written)'"
        if written.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) {
            throw Problem(message: "\(quoted) has white space or a control character in it")
        }
        if written.hasPrefix("//") {
            let rest = written.dropFirst(2)
            throw Problem(
                message: "\(quoted) is protocol-relative (a host with no scheme); write 'https://\(rest)' "
                    + "(or '/\(rest)' for a path on the site's own host)")
        }
        let usage = "an http(s) URL such as 'https://example.org/trips/' or a path from the site root such as '/trips/'"
        guard let components = URLComponents(string: written) else {
            throw Problem(message: "\(quoted) is not a valid URL; write \(usage)")
        }
        var checked = BaseURL(url: nil, warnings: [])
        if components.user != nil || components.password != nil {
            checked.warnings.append("\(quoted) has a user name or password before '@'; it is dropped (links carry no user info)")
        }
        if let query = components.percentEncodedQuery {
            checked.warnings.append("\(quoted) has the query '?\(query)'; it is dropped (every link is the baseURL and a path)")
        }
        if let fragment = components.percentEncodedFragment {
            checked.warnings.append("\(quoted) has the fragment '#\(fragment)'; it is dropped (every link is the baseURL and a path)")
        }
        var path = components.percentEncodedPath
        let collapsed = collapsingSlashes(path)
        var origin = ""
        if let scheme = components.scheme?.lowercased() {
            guard scheme == "http" || scheme == "https" else {
                // `localhost:8000`, `example.org:8080/trips/`: a host and port without a scheme.
                if scheme == "localhost" || scheme.contains("."), let rest = written.split(separator: ":", maxSplits: 1).last,
                    rest.first?.isNumber == true
                {
                    throw Problem(message: "\(quoted) has no scheme; for that host, write 'http://\(written)' (or, to preview "
                        + "the site on this machine, run 'roadtrip serve', which needs no baseURL)")
                }
                throw Problem(message: "\(quoted) must be \(usage), not a \(scheme): URL")
            }
            guard let host = components.host, !host.isEmpty else {
                // Foundation gives no host for one it cannot decode (`xn--zz.de`, bad punycode).
                let authority = writtenAuthority(written).flatMap { $0.isEmpty ? nil : $0 }
                throw Problem(message: authority.map { "\(quoted): the host '\(QuotedText.excerpt($0))' is not a valid host name" }
                    ?? "\(quoted) has no host; write \(usage)")
            }
            if let portText = writtenPort(written), !portText.isEmpty {
                // Foundation drops a port too large for an Int (`:99999999999999999999`) instead of refusing it.
                guard let port = Int(portText), (1...65535).contains(port) else {
                    throw Problem(message: "\(quoted) has the port \(QuotedText.excerpt(portText)), outside 1…65535")
                }
            }
            guard let asciiHost = components.encodedHost, asciiHost.unicodeScalars.allSatisfy(\.isASCII) else {
                throw Problem(message: "\(quoted): the host '\(host)' cannot be written in ASCII; write its IDNA form (xn--…)")
            }
            if let problem = hostNameProblem(asciiHost) { throw Problem(message: "\(quoted): \(problem)") }
            // The scheme's default port is left out, as browsers do (`http://example.org:80/` is `http://example.org/`).
            let defaultPort = scheme == "https" ? 443 : 80
            let port = components.port.flatMap { $0 == defaultPort ? nil : $0 }
            origin = scheme + "://" + asciiHost.lowercased() + (port.map { ":\($0)" } ?? "")
        } else if !path.hasPrefix("/") {
            // `example.org/trips/` names a host; `trips/` and `.` a folder, which links need from the root.
            let first = written.split(separator: "/").first.map(String.init) ?? ""
            if first.contains(".") && first.contains(where: \.isLetter) {
                throw Problem(message: "\(quoted) must be \(usage); for a host, write 'https://\(written)'")
            }
            let folder = written.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
            let suggestion = folder.isEmpty
                ? "'/' for the root of the host, or leave baseURL out for links relative to each page (the default)"
                : "'/\(folder)/' for that folder of the host"
            throw Problem(message: "\(quoted) must be \(usage); a path starts from the site root: write \(suggestion)")
        }
        let segments = collapsed.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains(where: { $0 == "." || $0 == ".." }) {
            // What a browser makes of it (RFC 3986 §5.2.4), offered as what to write.
            var resolved: [Substring] = []
            for segment in segments.dropFirst() {
                if segment == ".." { _ = resolved.popLast() } else if segment != "." { resolved.append(segment) }
            }
            if segments.last == "." || segments.last == ".." { resolved.append("") }
            let meant = origin + "/" + resolved.joined(separator: "/")
            throw Problem(message: "\(quoted) has '.' or '..' in its path, which a browser resolves before links are "
                + "followed; write the folder it means: '\(meant)'")
        }
        if collapsed != path {
            let result = origin + collapsed
            checked.warnings.append(
                "\(quoted) has '//' in its path; '\(result)' is used (every link starts with the baseURL, and '//' "
                    + "there means an empty folder)")
            path = collapsed
        }
        checked.url = origin + path
        return checked
    }

    /// Why `host` (ASCII, as in a URL) is no DNS host name, IPv4 address or bracketed IPv6 literal:
    /// RFC 1123 §2.1 and RFC 952 — labels of 1…63 letters, digits and hyphens, neither starting nor
    /// ending with a hyphen, 253 characters in all — so `exa_mple.com` or `a..com` is refused;
    /// `nil` when it is one.
    static func hostNameProblem(_ host: String) -> String? {
        // A host whose last label is a number is an IPv4 address to a browser (WHATWG URL §3.5,
        // "ends in a number"): it must be four decimal bytes (`999.1.1.1` and `1.2.3` are not).
        let lastLabel = (host.hasSuffix(".") ? String(host.dropLast()) : host).split(separator: ".").last ?? ""
        // WHATWG counts a hexadecimal label (`0x10`, `0x`) as a number too.
        let isHexadecimal = lastLabel.lowercased().hasPrefix("0x") && lastLabel.dropFirst(2).allSatisfy(\.isHexDigit)
        if !host.hasPrefix("["), !lastLabel.isEmpty, lastLabel.allSatisfy({ $0.isASCII && $0.isNumber }) || isHexadecimal {
            var address = in_addr()
            // inet_pton takes exactly four decimal bytes (no `1.2.3`, no octal or hexadecimal).
            if inet_pton(AF_INET, host, &address) == 1 { return nil }
            return "the host '\(host)' is not an IPv4 address (four numbers from 0 to 255, such as '192.0.2.1')"
        }
        if host.hasPrefix("[") {
            // RFC 3986 §3.2.2's IP-literal: an IPv6 address (RFC 4291 §2.2, as inet_pton reads it),
            // which URLComponents lets through unchecked (`[zz]`, `[]`).
            var address = in6_addr()
            let inside = String(host.dropFirst().dropLast())
            if host.hasSuffix("]"), !inside.contains("%"), inet_pton(AF_INET6, inside, &address) == 1 { return nil }
            return "the host '\(host)' is not an IPv6 address in brackets (such as '[2001:db8::1]')"
        }
        let name = host.hasSuffix(".") ? String(host.dropLast()) : host
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        let valid = name.count <= 253 && labels.allSatisfy { label in
            (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
        return valid ? nil : "the host '\(host)' is not a valid host name (letters, digits and hyphens between dots, "
            + "no label starting or ending with a hyphen, no empty label)"
    }

    /// The host and port as written in the http(s) URL `written`: what lies between `://` (and
    /// any user info) and the path, query or fragment; `nil` without `://`.
    static func writtenAuthority(_ written: String) -> String? {
        guard let schemeEnd = written.range(of: "://") else { return nil }
        var authority = written[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        return String(authority)
    }

    /// The port as written in the authority of the http(s) URL `written` (the digits after the
    /// host's `:`), `""` for a `:` with nothing after it (RFC 3986 §3.2.3 allows it: the scheme's
    /// default), or `nil` when there is no `:` after the host.
    static func writtenPort(_ written: String) -> String? {
        guard var authority = writtenAuthority(written)?[...] else { return nil }
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            authority = authority[authority.index(after: close)...]
        }
        guard let colon = authority.lastIndex(of: ":") else { return nil }
        return String(authority[authority.index(after: colon)...])
    }

    /// Why a baseURL cannot be used, in one line without the file position.
    public struct Problem: Error, Sendable, Hashable {
        /// What is wrong and what to write instead.
        public var message: String
    }

    /// `path` with every run of `/` made one (`//trips//` → `/trips/`).
    static func collapsingSlashes(_ path: String) -> String {
        var collapsed = ""
        for character in path where !(character == "/" && collapsed.hasSuffix("/")) {
            collapsed.append(character)
        }
        return collapsed
    }
}
