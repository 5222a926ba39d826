import Testing
@testable import RoadTripCore

/// `precedesInBytes(_:)` and `sortedInBytes()`: the order of UTF-8 bytes (`LC_ALL=C sort`).
@Suite struct StringByteOrderTests {
    /// By hand from the bytes: "" first; "Z" (5A) before "a" (61); "a" before "a.b" (61 2E …),
    /// which comes before "a/" (61 2F); "b" (62); "e" + U+0301 (65 CC 81) before "é" (C3 A9) —
    /// canonically equivalent, so Swift's `<` calls them equal, but their bytes differ.
    @Test func sortsByTheBytes() {
        let expected = ["", "Z", "a", "a.b", "a/", "b", "e\u{301}", "é"]
        #expect(["b", "é", "a/", "", "e\u{301}", "a", "Z", "a.b"].sortedInBytes().map { Array($0.utf8) } == expected.map { Array($0.utf8) })
        for (first, second) in zip(expected, expected.dropFirst()) {
            #expect(first.precedesInBytes(second))
            #expect(!second.precedesInBytes(first))
        }
        #expect([String]().sortedInBytes().isEmpty)
    }

    /// 2,000 random strings of ASCII, Latin-1, CJK and emoji, with repeats and common prefixes:
    /// the order `Array.lexicographicallyPrecedes` gives on their UTF-8 arrays.
    @Test func agreesWithTheLexicographicOrderOfTheUTF8Arrays() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Character] = ["a", "b", "/", ".", "Z", "é", "e\u{301}", "中", "🚗", "0"]
        let strings = (0..<2_000).map { _ in
            String((0..<Int.random(in: 0...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        let expected = strings.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        #expect(strings.sortedInBytes().map { Array($0.utf8) } == expected)
    }
}
