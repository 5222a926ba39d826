import Foundation

/// A `Range: bytes=…` request header (RFC 9110 §14.1.2) against a representation of `size` bytes.
/// One range is served as 206 Partial Content; several ranges (multipart/byteranges), a unit other
/// than `bytes` or a malformed header are ignored — the whole file is sent with 200, as §14.2
/// allows.
public enum ByteRange: Sendable, Hashable {
    /// Serve everything (no header, or one to ignore).
    case whole
    /// Serve bytes `first...last` (inclusive, 0-based): `Content-Range: bytes first-last/size`.
    case part(first: UInt64, last: UInt64)
    /// No byte of the file is in the range: 416 with `Content-Range: bytes */size` (§14.4, §15.5.17).
    case unsatisfiable

    /// The range `header` asks for in a representation of `size` bytes.
    public static func parse(_ header: String?, size: UInt64) -> ByteRange {
        guard let header else { return .whole }
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes=") else { return .whole }
        let specification = trimmed.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard !specification.contains(",") else { return .whole }
        let bounds = specification.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard bounds.count == 2 else { return .whole }
        let firstText = bounds[0].trimmingCharacters(in: .whitespaces)
        let lastText = bounds[1].trimmingCharacters(in: .whitespaces)
        guard firstText.allSatisfy(\.isASCIIDigit), lastText.allSatisfy(\.isASCIIDigit) else { return .whole }
        if firstText.isEmpty {
            // suffix-range `-N`: the last N bytes.
            guard let suffix = UInt64(lastText) else { return .whole }
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            return .part(first: size - min(suffix, size), last: size - 1)
        }
        guard let first = UInt64(firstText) else { return .whole }
        let requestedLast = lastText.isEmpty ? UInt64.max : (UInt64(lastText) ?? UInt64.max)
        guard requestedLast >= first else { return .whole }  // invalid: ignored (§14.1.1)
        guard first < size else { return .unsatisfiable }
        return .part(first: first, last: min(requestedLast, size - 1))
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
