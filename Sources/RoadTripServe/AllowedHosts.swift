import Foundation

/// The hosts a request to `roadtrip serve` may name in its `Host` header (or in an absolute-form
/// target, which replaces it: RFC 9112 §3.2.2), so that a page on another site cannot read the
/// preview through DNS rebinding: once `evil.example` resolves to 127.0.0.1, the browser lets that
/// page read `http://evil.example:8000/`, but it still sends `Host: evil.example:8000`, which is
/// refused here (421), as Vite and webpack-dev-server refuse it.
///
/// Allowed, with or without a port (any port: a forwarded port is fine):
/// - an IP literal (`127.0.0.1`, `[::1]`) that is the listening address; when listening on a
///   wildcard address (`0.0.0.0`, `::`) any IP literal, so a phone on the LAN can open
///   `http://192.168.1.5:8000/`. A browser sends an IP literal only when the user typed one, never
///   through DNS, so no rebinding can produce one;
/// - `localhost` and any name below it (`app.localhost`), which RFC 6761 §6.3 reserves for the
///   loopback address and browsers resolve to it without asking DNS;
/// - the name given with `--host` (`--host mybox.local`).
/// Names are compared without case and without one trailing dot (`LOCALHOST.` is `localhost`).
/// Every other name is misdirected. A value that is not `uri-host [ ":" port ]` (RFC 9110 §7.2,
/// RFC 3986 §3.2.2) — a space, a second value (`a, b`: `Host` sent twice), `user@host` — is
/// malformed, and an HTTP/1.1 request without a `Host` (or with an empty one) is missing it
/// (RFC 9112 §3.2: 400 for both); HTTP/1.0 needs none.
public struct AllowedHosts: Sendable, Hashable {
    /// What `verdict` found.
    public enum Verdict: Sendable, Hashable {
        /// Serve the request.
        case allowed
        /// HTTP/1.1 without a host (HTTP 400).
        case missing
        /// Not a host and port (HTTP 400).
        case malformed
        /// A host this server does not answer for (HTTP 421 Misdirected Request, RFC 9110 §15.5.20).
        case misdirected
    }

    /// A parsed host: an IP address's bytes (4 for IPv4, 16 for IPv6), or a name (lower-cased,
    /// without a trailing dot).
    enum Host: Hashable {
        case address([UInt8])
        case name(String)
    }

    /// The listening address's bytes; empty for a wildcard address (any IP literal is allowed).
    let listeningAddress: [UInt8]
    /// The name given with `--host`, if it was a name (lower-cased, no trailing dot).
    let listeningName: String?

    /// The hosts of a server listening on `address` (numeric: `127.0.0.1`, `::1`, `0.0.0.0`, `::`),
    /// given as `hostOption` (`--host` as typed: an address, `localhost` or another name).
    public init(listeningAddress address: String, hostOption: String) {
        let bytes = Self.addressBytes(address) ?? []
        listeningAddress = bytes.allSatisfy { $0 == 0 } ? [] : bytes
        if case .name(let name)? = Self.parseHost(hostOption) {
            listeningName = name
        } else {
            listeningName = nil
        }
    }

    /// Whether a request of protocol `version` (`HTTP/1.1`) whose host is `field` (the `Host`
    /// header, or the authority of an absolute-form target; `nil` when absent) is served.
    public func verdict(for field: String?, version: String) -> Verdict {
        let text = field?.trimmingCharacters(in: CharacterSet(charactersIn: " \t")) ?? ""
        guard !text.isEmpty else { return version == "HTTP/1.0" ? .allowed : .missing }
        guard let host = Self.parseAuthority(text) else { return .malformed }
        switch host {
        case .address(let bytes):
            return listeningAddress.isEmpty || bytes == listeningAddress ? .allowed : .misdirected
        case .name(let name):
            return name == "localhost" || name.hasSuffix(".localhost") || name == listeningName ? .allowed : .misdirected
        }
    }

    /// `uri-host [ ":" port ]` (RFC 3986 §3.2.2–§3.2.3), or `nil` when it is not one.
    static func parseAuthority(_ text: String) -> Host? {
        let host: Substring
        let port: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[...close]
            port = text[text.index(after: close)...]
        } else if let colon = text.lastIndex(of: ":") {
            host = text[..<colon]
            port = text[colon...]
        } else {
            host = Substring(text)
            port = ""
        }
        // RFC 3986's port is any digits, but no TCP port is above 65535 (RFC 793): such a Host
        // names no address this server could listen on. An empty port means the default (§3.2.3).
        let digits = port.dropFirst()
        guard port.isEmpty || (port.first == ":" && digits.allSatisfy { $0.isASCII && $0.isNumber }
            && (digits.isEmpty || (digits.drop { $0 == "0" }.count <= 5 && Int(digits.drop { $0 == "0" }) ?? 0 <= 65535)))
        else {
            return nil
        }
        return parseHost(String(host))
    }

    /// A host without a port: `[IPv6]`, dotted IPv4, or a reg-name (unreserved, sub-delims and
    /// percent-escapes only). An empty name is not a host here.
    static func parseHost(_ text: String) -> Host? {
        if text.hasPrefix("[") {
            guard text.hasSuffix("]"), text.count > 2, let bytes = addressBytes(String(text.dropFirst().dropLast())),
                bytes.count == 16
            else { return nil }
            return .address(bytes)
        }
        if let bytes = addressBytes(text), bytes.count == 4 { return .address(bytes) }
        let allowedPunctuation = Set("-._~!$&'()*+,;=%".utf8)
        guard !text.isEmpty,
            text.utf8.allSatisfy({ byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || allowedPunctuation.contains(byte)
            })
        else { return nil }
        var name = text.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        return name.isEmpty ? nil : .name(name)
    }

    /// The bytes of a numeric IPv4 (dotted, as `inet_pton` reads it) or IPv6 address, or `nil`.
    static func addressBytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { Array($0) }
        }
        return nil
    }
}
