import Foundation

extension String {
    /// Whether this string's UTF-8 bytes come before `other`'s: the first differing byte decides,
    /// else the shorter string comes first (`memcmp` order, as `LC_ALL=C sort` sorts). The same
    /// answer as `utf8.lexicographicallyPrecedes(other.utf8)`, which walks the two views byte by
    /// byte: sorting the 22,429 output paths of a 4,000-destination site that way took ~10 ms.
    package func precedesInBytes(_ other: String) -> Bool {
        let answer = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs -> Bool in
                let common = Swift.min(mine.count, theirs.count)
                if common > 0 {
                    let order = memcmp(mine.baseAddress!, theirs.baseAddress!, common)
                    if order != 0 { return order < 0 }
                }
                return mine.count < theirs.count
            }
        }
        return (answer ?? nil) ?? utf8.lexicographicallyPrecedes(other.utf8)
    }
}
