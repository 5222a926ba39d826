import Testing
import TestTools
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

@Suite struct SlugTests {
    /// Expected slugs written by hand from the rules on `Slug`: Latin letters transliterated as
    /// CLDR's Latin-ASCII table does (ø → o, ß → ss, þ → th, đ → d, ł → l), other scripts kept and
    /// lowercased, every run of other characters one "-".
    @Test(arguments: [
        ("Tromsø", "tromso"),
        ("Ørland", "orland"),
        ("New York City", "new-york-city"),
        ("São Paulo", "sao-paulo"),
        ("Sa\u{0303}o Paulo", "sao-paulo"),  // combining tilde: same slug as the precomposed ã
        ("Straße", "strasse"),
        ("東京", "東京"),
        ("Москва", "москва"),
        ("Đà Nẵng", "da-nang"),
        ("Łódź", "lodz"),
        ("Þingvellir", "thingvellir"),
        ("  --Hello,   World!! ", "hello-world"),
        ("Martha's Vineyard", "martha-s-vineyard"),
        ("Route 66", "route-66"),
    ])
    func makesSlug(name: String, expected: String) {
        #expect(Slug.make(from: name) == expected)
    }

    /// Names with no letter or digit fall back to "destination-" + 32-bit FNV-1a of the UTF-8
    /// bytes. Expected hashes from an independent Python implementation
    /// (h = 0x811c9dc5; for b in data: h ^= b; h = h * 0x01000193 mod 2^32):
    /// "!!!" → 2d53a722, "" → 811c9dc5 (the offset basis), "🚗 🚙" → f5130df9.
    /// The ASCII shortcut of rules 1–2 skips ICU: every ASCII character (0–127), and seeded random
    /// ASCII names, must come out of ICU's NFC + `Latin-ASCII` exactly as they went in.
    @Test func asciiNamesAreWhatICUMakesOfThem() {
        for value in 0..<128 {
            let name = String(Unicode.Scalar(UInt8(value)))
            #expect(Slug.icuLatinToASCII(name) == name, "U+\(String(value, radix: 16))")
            #expect(Slug.latinToASCII(name) == name)
        }
        var random = SplitMix64(seed: 1_204)
        for _ in 0..<300 {
            let name = String(decoding: (0..<Int.random(in: 1...24, using: &random)).map { _ in UInt8.random(in: 0..<128, using: &random) }, as: UTF8.self)
            #expect(Slug.icuLatinToASCII(name) == name)
        }
        // Not ASCII: through ICU.
        #expect(Slug.latinToASCII("Ærøskøbing") == "AEroskobing")
    }

    @Test func fallsBackToHashedName() {
        #expect(Slug.make(from: "!!!") == "destination-2d53a722")
        #expect(Slug.make(from: "") == "destination-811c9dc5")
        #expect(Slug.make(from: "🚗 🚙") == "destination-f5130df9")
    }

    /// The fallback used when ICU's Latin-ASCII transform is missing spells the same letters the
    /// same way (expected values as in `makesSlug`, before lowercasing).
    @Test func foldsLatinWithoutTransform() {
        #expect(Slug.foldLatinToASCII("Tromsø Ørland Straße") == "Tromso Orland Strasse")
        #expect(Slug.foldLatinToASCII("Đà Nẵng Łódź Þingvellir Æbeltoft") == "Da Nang Lodz THingvellir AEbeltoft")
        #expect(Slug.foldLatinToASCII("İstanbul São Paulo") == "Istanbul Sao Paulo")
        // Non-Latin scripts keep their marks: Hindi "हिंदी" has vowel signs and an anusvara.
        #expect(Slug.foldLatinToASCII("Москва हिंदी 東京") == "Москва हिंदी 東京")
    }

    /// Expected encodings from Python: urllib.parse.quote(s, safe='').
    @Test func percentEncodesPathSegments() {
        #expect(Slug.percentEncodedPath("東京") == "%E6%9D%B1%E4%BA%AC")
        #expect(Slug.percentEncodedPath("москва") == "%D0%BC%D0%BE%D1%81%D0%BA%D0%B2%D0%B0")
        #expect(Slug.percentEncodedPath("new-york-city_2.0~x") == "new-york-city_2.0~x")
        #expect(Slug.percentEncodedPath("a b/c") == "a%20b%2Fc")
    }

    /// Folder names in NFC and NFD are the same to Swift's `==` but not to the file system: the
    /// message names both forms and the character (Å: U+00C5 vs U+0041 U+030A); other pairs,
    /// including the same bytes twice, give none.
    @Test func normalisationConflictNamesBothForms() throws {
        let nfc = "Destinations/\u{00C5}lesund/index.md", nfd = "Destinations/A\u{030A}lesund/index.md"
        let message = try #require(SiteLoader.normalisationConflict(nfc, nfd, slug: "alesund"))
        #expect(message.hasPrefix("folders Destinations/\u{00C5}lesund/ (NFC) and Destinations/A\u{030A}lesund/ (NFD) "
            + "have the same name in different Unicode normalisation forms ('\u{00C5}' is U+00C5 in the first, "
            + "U+0041 U+030A in the second), so both would be alesund/"))
        #expect(SiteLoader.normalisationConflict(nfc, nfc, slug: "alesund") == nil)
        #expect(SiteLoader.normalisationConflict("Destinations/alesund/index.md", nfc, slug: "alesund") == nil)
    }

    /// Slugs are at most 80 UTF-8 bytes, cut at a word boundary. By hand: "grand-canyon-village-"
    /// is 21 bytes; 3 × 21 + "grand-canyon-" (13) + "vill" = 80 bytes, which ends inside a word,
    /// so the cut goes back to the "-" at 75: three villages and "grand-canyon". 100 × "東" (3
    /// bytes each) keeps 26 (78 bytes; a 27th would make 81). One 300-letter word keeps 80 letters.
    @Test func longNamesAreShortenedAtAWordBoundary() {
        let name = String(String(repeating: "Grand Canyon Village ", count: 15).prefix(300))
        let slug = Slug.make(from: name)
        #expect(slug == String(repeating: "grand-canyon-village-", count: 3) + "grand-canyon")
        #expect(slug.utf8.count == 75)
        #expect(Slug.make(from: String(repeating: "東", count: 100)) == String(repeating: "東", count: 26))
        #expect(Slug.make(from: String(repeating: "a", count: 300)) == String(repeating: "a", count: 80))
        // 75 bytes of "abcd-", then "abcde" reaches 80 just before a "-": kept whole. With
        // "abcdefghij" instead, byte 80 is inside the word: back to the "-" after byte 74.
        let words = String(repeating: "abcd-", count: 15)
        #expect(Slug.make(from: words + "abcde-fg") == words + "abcde")
        #expect(Slug.make(from: words + "abcdefghij-klm") == String(repeating: "abcd-", count: 14) + "abcd")
        #expect(Slug.make(from: String(repeating: "x", count: 80)).utf8.count == 80)
        #expect(Slug.make(from: String(repeating: "word ", count: 16) + "end") == String(repeating: "word-", count: 15) + "word")
    }
}
