import Testing
@testable import RoadTripCore

/// `ContentHash`: XXH3-64 with seed 0, as xxHash's own command-line tool computes it.
@Suite struct ContentHashTests {
    /// The expected values were printed by `xxhsum -H3` (Debian's xxhash 0.8.1) for the same bytes:
    /// `printf '' | xxhsum -H3`, `printf 'roadtrip' | xxhsum -H3`, and 1,000 × "a" (which takes
    /// XXH3's long-input path, past 240 bytes).
    @Test func matchesXXHSum() {
        #expect(ContentHash.hex64("") == "2d06800538d394c2")
        #expect(ContentHash.hex64("roadtrip") == "cc99383051081551")
        #expect(ContentHash.hex64(String(repeating: "a", count: 1_000)) == "b3e7af627147db7c")
        let bytes: [UInt8] = Array("roadtrip".utf8)
        #expect(bytes.withUnsafeBytes { ContentHash.hex64(bytes: $0) } == "cc99383051081551")
    }

    /// With a seed: the values printed by Python's `xxhash` 4.1.0 (xxHash 0.8.4),
    /// `xxhash.xxh3_64_intdigest(b"roadtrip", seed=0x5EED)` and `seed=0` (the seedless hash above).
    @Test func seededValuesMatchPythonsXXHash() {
        #expect(ContentHash.hex(ContentHash.value64("roadtrip", seed: 0x5EED)) == "01d398771a204282")
        #expect(ContentHash.hex(ContentHash.value64("roadtrip", seed: 0)) == "cc99383051081551")
        #expect(ContentHash.hex(1) == "0000000000000001")
    }
}
