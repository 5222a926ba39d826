import Foundation

extension String {
    /// The string without the white space and line breaks at its ends: exactly
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` (Unicode's `Z*` categories, U+0009–U+000D
    /// and U+0085), answered without Foundation when both ends are printable ASCII — nothing to
    /// trim, since every one of those characters starts with a control or non-ASCII byte. Foundation's
    /// trimming bridges through `NSString`: it was 4 % of loading 4,000 destinations, most of it
    /// on links with nothing to trim.
    package var trimmingWhitespacesAndNewlines: String {
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return self
        }
        return trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
