import Foundation
import Testing
@testable import RoadTripSite
import RoadTripCore
import RoadTripGeo

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
        // 4 + 23, key 4 + 0, inputs 4 + 0, count 4 = 39. Then "Destinations/bergen\0bergen" (26
        // bytes): 4 + 26, key 4 + 16, inputs 4 + 0, count 4, and two files: 4 + 17 + 32 and
        // 4 + 14 + 32 → 30 + 20 + 4 + 4 + 53 + 50 = 161. Then the snapshot's flag, 0: 1 byte.
        // Last, the checksum: 16 hexadecimal digits.
        #expect(data.count == 9 + 20 + 4 + 39 + 161 + 1 + 16)
        #expect(data.prefix(9) == Data("RTBUILD5\n".utf8))
        #expect(data.suffix(16).allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) })
        #expect(StoredBuildFile(parsing: data) == Self.sample)
    }

    /// A file with a ``BodyEditSnapshot`` reads it back field for field: sources, diagnostics of
    /// each step (an error and a warning, with and without line and column), the basemap's
    /// fingerprint and tiles, and the loose files; a tile outside its zoom's grid does not parse.
    @Test func aSnapshotReadsBackWhatWasWritten() throws {
        var file = Self.sample
        file.destinations["Destinations/bergen\u{0}bergen"]!.inputs = "00112233aabbccdd"
        file.snapshot = BodyEditSnapshot(
            listing: "2:0123456789abcdef",
            sources: [
                .init(path: "Destinations/bergen/index.md", digest: "aaaaaaaaaaaaaaaa", digestOutsideIndex: "bbbbbbbbbbbbbbbb"),
                .init(path: "Destinations/Destinations.plist", digest: "", digestOutsideIndex: ""),
            ],
            destinationCount: 2,
            stepDiagnostics: [
                .init(step: "load-destinations", diagnostics: [
                    Diagnostic(.warning, SourceLocation(path: "Destinations/bergen/pois.json", line: 3, column: 17), "latitude is text"),
                ]),
                .init(step: "plan-itinerary", diagnostics: [Diagnostic(.error, SourceLocation(path: "Destinations"), "x")]),
                .init(step: "fit-maps", diagnostics: []),
            ],
            basemapFingerprint: "cafe", geocoderIdentity: "/usr/lib/libgeonames.so.0:1:2", tiles: [BasemapPyramid.Tile(zoom: 0, x: 0, y: 0), BasemapPyramid.Tile(zoom: 3, x: 7, y: 2)],
            looseFiles: [StoredBuildFile.StampedFile(path: "404.html", stamp: BasemapFileStamp(size: 1, modified: 2, changed: 3, inode: 4))])
        let data = file.data
        #expect(StoredBuildFile(parsing: data) == file)
        // Zoom 3 has columns 0…7: column 8 is no tile.
        var outside = file
        outside.snapshot!.tiles[1] = BasemapPyramid.Tile(zoom: 3, x: 8, y: 2)
        #expect(StoredBuildFile(parsing: outside.data) == nil)
    }

    /// The checksum is XXH3-64 with seed 0, as 16 lowercase hexadecimal digits: the values printed
    /// by `xxhsum -H3` (Debian's xxhash 0.8.1) for `printf 'roadtrip'` and for no bytes.
    @Test func theChecksumIsXXH3() {
        var text = "roadtrip"
        #expect(text.withUTF8 { String(decoding: StoredChecksum.of(UnsafeRawBufferPointer($0)), as: UTF8.self) } == "cc99383051081551")
        #expect(String(decoding: StoredChecksum.of(UnsafeRawBufferPointer(start: nil, count: 0)), as: UTF8.self) == "2d06800538d394c2")
        #expect(StoredChecksum.length == 16)
    }

    /// `bytes` with a checksum that matches them, so that what is checked is the parse.
    static func sealed(_ bytes: Data) -> Data {
        bytes + bytes.withUnsafeBytes(StoredChecksum.of)
    }

    /// A file changed anywhere reads as nothing, even when every field still parses: each byte
    /// flipped (every bit pattern of one byte XOR 0x01, 0x80 and 0xFF), in the records and in the
    /// checksum itself, and a same-length edit of a path inside a record.
    @Test func aFileChangedAnywhereReadsAsNothing() {
        let good = Self.sample.data
        #expect(good.count == 250)
        for offset in 0..<good.count {
            for mask: UInt8 in [0x01, 0x80, 0xFF] {
                var flipped = good
                flipped[offset] ^= mask
                #expect(StoredBuildFile(parsing: flipped) == nil, "byte \(offset) XOR \(mask)")
            }
        }
        // "bergen/index.html" → "bergen/index.htmx": same length, every field parses; the
        // unchecked bytes would read back as another file's record.
        let text = Data("bergen/index.html".utf8)
        let range = try! #require(good.range(of: text))
        var edited = good
        edited[range.upperBound - 1] = UInt8(ascii: "x")
        #expect(StoredBuildFile(parsing: edited) == nil)
        var unchecked = Self.sample
        unchecked.destinations["Destinations/bergen\u{0}bergen"]!.files[0].path = "bergen/index.htmx"
        #expect(StoredBuildFile(parsing: Self.sealed(edited.dropLast(StoredChecksum.length))) == unchecked, "the edit alone parses")
        // A file of a previous format (magic RTBUILD2, under a matching checksum) reads as nothing.
        var old = Data(good.dropLast(StoredChecksum.length))
        old[7] = UInt8(ascii: "2")
        #expect(StoredBuildFile(parsing: old) == nil)
        #expect(StoredBuildFile(parsing: Self.sealed(old)) == nil)
    }

    /// A build killed while the file was replaced cannot leave half of one (it is renamed into place),
    /// but a disk can: every truncation, and — even under a checksum that matches — a wrong magic,
    /// a count past the end, bytes left over and invalid UTF-8 all read as nothing.
    @Test func anythingButAWholeFileReadsAsNothing() {
        let sealedGood = Self.sample.data
        for length in 0..<sealedGood.count {
            #expect(StoredBuildFile(parsing: sealedGood.prefix(length)) == nil, "truncated to \(length) bytes")
        }
        // The parse itself, given matching checksums: the bytes before the checksum.
        let good = Data(sealedGood.dropLast(StoredChecksum.length))
        for length in 0..<good.count {
            #expect(StoredBuildFile(parsing: Self.sealed(good.prefix(length))) == nil, "truncated to \(length) bytes, checksum matching")
        }
        var wrongMagic = good
        wrongMagic[7] = UInt8(ascii: "9")
        var hugeCount = good
        // The destination count (after the magic and the 20-byte site key) set to 2^32 − 1.
        for offset in 29..<33 { hugeCount[offset] = 0xFF }
        var badText = good
        // The first byte of the site key's text: 0xFF is never UTF-8.
        badText[13] = 0xFF
        for bytes in [wrongMagic, hugeCount, badText, good + Data([0])] {
            #expect(StoredBuildFile(parsing: Self.sealed(bytes)) == nil)
        }
        #expect(StoredBuildFile(parsing: Self.sealed(good)) == Self.sample)
        // A file read from the middle of a larger buffer parses the same (offsets are relative).
        let embedded = (Data([1, 2, 3]) + sealedGood).dropFirst(3)
        #expect(StoredBuildFile(parsing: embedded) == Self.sample)
    }
}
