import Foundation
import Testing
@testable import RoadTripSite

/// The bytes of `.roadtrip-cache/build/<output>.index` (`StoredBuildFile`): what is written reads
/// back, and anything that is not exactly such a file reads as nothing (the build then renders
/// every page), never as part of one and never as a crash.
@Suite struct StoredBuildFileTests {
    private static let sample = StoredBuildFile(
        siteKey: "0123456789abcdef",
        destinations: [
            "Destinations/bergen\u{0}bergen": StoredBuildFile.Destination(
                key: "fedcba9876543210",
                files: [
                    StoredBuildFile.StampedFile(
                        path: "bergen/index.html",
                        stamp: BasemapFileStamp(size: 4_096, modified: 1_764_000_000_123_456_789, changed: 1_764_000_001_000_000_000, inode: 42)),
                    StoredBuildFile.StampedFile(
                        path: "bergen/map.svg", stamp: BasemapFileStamp(size: 0, modified: -5, changed: 7, inode: UInt64.max)),
                ]),
            "Destinations.plist\u{0}oslo": StoredBuildFile.Destination(key: "", files: []),
        ])

    @Test func aFileReadsBackWhatWasWritten() throws {
        let data = Self.sample.data
        // 9 bytes of magic; the site key: 4 + 16; the count: 4. Destinations sorted by identity:
        // "Destinations.plist\0oslo" (23 bytes) first — '.' (0x2E) sorts before '/' (0x2F):
        // 4 + 23, key 4 + 0, count 4 = 35. Then "Destinations/bergen\0bergen" (26 bytes): 4 + 26,
        // key 4 + 16, count 4, and two files: 4 + 17 + 32 and 4 + 14 + 32 → 30 + 20 + 4 + 53 + 50 = 157.
        #expect(data.count == 9 + 20 + 4 + 35 + 157)
        #expect(data.prefix(9) == Data("RTBUILD1\n".utf8))
        #expect(StoredBuildFile(parsing: data) == Self.sample)
    }

    /// A build killed while the file was replaced cannot leave half of one (it is renamed into place),
    /// but a disk can: every truncation, a wrong magic, a count past the end, bytes left over and
    /// invalid UTF-8 all read as nothing.
    @Test func anythingButAWholeFileReadsAsNothing() {
        let good = Self.sample.data
        for length in 0..<good.count {
            #expect(StoredBuildFile(parsing: good.prefix(length)) == nil, "truncated to \(length) bytes")
        }
        var wrongMagic = good
        wrongMagic[7] = UInt8(ascii: "2")
        var hugeCount = good
        // The destination count (after the magic and the 20-byte site key) set to 2^32 − 1.
        for offset in 29..<33 { hugeCount[offset] = 0xFF }
        var badText = good
        // The first byte of the site key's text: 0xFF is never UTF-8.
        badText[13] = 0xFF
        for bytes in [wrongMagic, hugeCount, badText, good + Data([0])] {
            #expect(StoredBuildFile(parsing: bytes) == nil)
        }
        // A file read from the middle of a larger buffer parses the same (offsets are relative).
        let embedded = (Data([1, 2, 3]) + good).dropFirst(3)
        #expect(StoredBuildFile(parsing: embedded) == Self.sample)
    }
}
