import Foundation

extension String {
    /// Whether this string's UTF-8 bytes come before `other`'s: the first differing byte decides,
    /// else the shorter string comes first (`memcmp` order, as `LC_ALL=C sort` sorts). The same
    /// answer as `utf8.lexicographicallyPrecedes(other.utf8)`, which walks the two views byte by
    /// byte: sorting the 22,429 output paths of a 4,000-destination site that way took ~10 ms.
    package func precedesInBytes(_ other: String) -> Bool {
        let answer = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in
                Self.bytesPrecede(mine.baseAddress, mine.count, theirs.baseAddress, theirs.count)
            }
        }
        return (answer ?? nil) ?? utf8.lexicographicallyPrecedes(other.utf8)
    }

    /// Whether the `firstCount` bytes at `first` come before the `secondCount` bytes at `second`:
    /// the first differing byte decides (`memcmp`), else the shorter comes first.
    fileprivate static func bytesPrecede(
        _ first: UnsafePointer<UInt8>?, _ firstCount: Int, _ second: UnsafePointer<UInt8>?, _ secondCount: Int
    ) -> Bool {
        let common = Swift.min(firstCount, secondCount)
        if common > 0, let first, let second {
            let order = memcmp(first, second, common)
            if order != 0 { return order < 0 }
        }
        return firstCount < secondCount
    }
}

extension Sequence<String> {
    /// These strings in the order of their UTF-8 bytes (``String/precedesInBytes(_:)``'s order;
    /// equal strings in no particular order, which cannot be told apart).
    ///
    /// Their bytes are gathered into one buffer and the places in it sorted with `memcmp`: sorting
    /// the strings themselves retained and released both at every comparison (sorting the 4,000
    /// keys of a stored index that way took ~19 million instructions; writing a 22,429-line
    /// manifest spent most of its time there).
    package func sortedInBytes() -> [String] {
        let strings = Array(self)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(strings.reduce(0) { $0 + $1.utf8.count })
        var places: [(start: Int, count: Int, index: Int)] = []
        places.reserveCapacity(strings.count)
        for (index, string) in strings.enumerated() {
            let start = bytes.count
            bytes.append(contentsOf: string.utf8)
            places.append((start, bytes.count - start, index))
        }
        bytes.withUnsafeBufferPointer { buffer in
            places.sort { first, second in
                String.bytesPrecede(buffer.baseAddress.map { $0 + first.start }, first.count, buffer.baseAddress.map { $0 + second.start }, second.count)
            }
        }
        return places.map { strings[$0.index] }
    }
}
