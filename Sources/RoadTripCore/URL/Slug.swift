import Foundation

/// URL path segments made from place names ("New York City" → `new-york-city`).
///
/// Rules of `make(from:)`, in order:
/// 1. The name is put in Unicode Normalization Form C (UAX #15), so a name typed with combining
///    accents gives the same slug as its precomposed spelling.
/// 2. Latin letters are transliterated to ASCII with ICU's `Latin-ASCII` transform (CLDR transliteration
///    `Latin-ASCII`: ø → o, æ → ae, ß → ss, ł → l, đ → d, þ → th, é → e …). Where the transform is not
///    available, `foldLatinToASCII` does the same for the common European letters.
/// 3. The result is lowercased (Unicode default case mapping, no locale).
/// 4. Letters (Unicode `Alphabetic`) and decimal digits of every script are kept, so "東京" stays
///    "東京" and "Москва" becomes "москва" (`percentEncodedPath` makes them safe in links).
///    Every run of anything else — spaces, punctuation, apostrophes, symbols — becomes one `-`;
///    there is no leading or trailing `-`.
/// 5. A slug longer than `maximumByteCount` (80) UTF-8 bytes is shortened (`shortened(_:)`): cut
///    at the last word boundary (`-`) within 80 bytes when that keeps at least half of them, else
///    after the last whole character that fits, so a 300-character name never reaches a file
///    system's 255-byte limit on a file name (ext4, APFS, NTFS), nor makes an unreadable URL.
/// 6. A name with nothing left (e.g. "!!!" or "") gets the fallback `destination-<hash>`, where
///    `<hash>` is the 32-bit FNV-1a hash (Fowler, Noll, Vo; IETF draft-eastlake-fnv) of the name's
///    UTF-8 bytes as 8 lowercase hex digits — stable across runs and machines, never empty.
public enum Slug {
    /// The slug for `name` (see the type's rules). Never empty; contains no `/`, no whitespace and
    /// no ASCII punctuation other than `-`.
    public static func make(from name: String) -> String {
        let slug = shortened(joinWordsWithHyphens(latinToASCII(name).lowercased()))
        return slug.isEmpty ? "destination-" + FNV1a.hex32(name) : slug
    }

    /// Rules 1 and 2: `name` in NFC with its Latin letters transliterated to ASCII. A name that is
    /// ASCII already is returned as it is without asking ICU (~70,000 instructions a call): NFC
    /// leaves ASCII unchanged (UAX #15: no ASCII character decomposes or composes) and so does
    /// `Latin-ASCII` (its rules rewrite non-ASCII characters only; `SlugTests` checks every ASCII
    /// character through ICU).
    static func latinToASCII(_ name: String) -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return name }
        return icuLatinToASCII(name)
    }

    /// Rules 1 and 2 through ICU (or `foldLatinToASCII` where its transform is missing), for any name.
    static func icuLatinToASCII(_ name: String) -> String {
        let composed = name.precomposedStringWithCanonicalMapping
        return composed.applyingTransform(StringTransform("Latin-ASCII"), reverse: false) ?? foldLatinToASCII(composed)
    }

    /// The most UTF-8 bytes a slug has (rule 5): long enough for any real place name ("llanfair-
    /// pwllgwyngyll-gogerychwyrndrobwll-llantysilio-gogogoch" is 52), short enough to stay a
    /// readable URL and far below the 255-byte file-name limit even inside `-thumb.jpg`-style names.
    public static let maximumByteCount = 80

    /// `slug` (made of letters, digits and single `-`) cut to at most `maximumByteCount` UTF-8
    /// bytes, at a word boundary where one keeps at least half of them, never inside a character,
    /// and without a trailing `-`; unchanged when it is short enough.
    static func shortened(_ slug: String) -> String {
        guard slug.utf8.count > maximumByteCount else { return slug }
        var end = slug.startIndex
        var byteCount = 0
        while end < slug.endIndex {
            byteCount += slug[end].utf8.count
            if byteCount > maximumByteCount { break }
            end = slug.index(after: end)
        }
        var fitting = slug[..<end]
        let nextIsBoundary = slug[end] == "-"
        if !nextIsBoundary, let hyphen = fitting.lastIndex(of: "-"),
            fitting[..<hyphen].utf8.count * 2 >= maximumByteCount
        {
            fitting = fitting[..<hyphen]
        }
        while fitting.hasSuffix("-") { fitting = fitting.dropLast() }
        return String(fitting)
    }

    /// `slug` percent-encoded for use as one URL path segment: every UTF-8 byte outside RFC 3986 §2.3
    /// "unreserved" (`A–Z a–z 0–9 - . _ ~`) becomes `%XX` with uppercase hex (RFC 3986 §2.1),
    /// e.g. "東京" → `%E6%9D%B1%E4%BA%AC`. An ASCII slug from `make(from:)` comes back unchanged.
    public static func percentEncodedPath(_ slug: String) -> String {
        if slug.utf8.allSatisfy(isUnreserved) { return slug }  // the common case: nothing to encode
        // Into one byte buffer: appending "%" and two one-digit strings per byte to a String made
        // three strings a byte (the share links' and mailto bodies' text: ~9 µs a page).
        var encoded: [UInt8] = []
        encoded.reserveCapacity(slug.utf8.count * 3)
        for byte in slug.utf8 { appendPercentEncoded(byte, to: &encoded) }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// Appends `byte` as ``percentEncodedPath(_:)`` writes it: itself when RFC 3986 §2.3
    /// "unreserved", else `%XX` with uppercase hex (§2.1). For writers that encode bytes as they
    /// go (the share actions' `mailto:` fields).
    package static func appendPercentEncoded(_ byte: UInt8, to output: inout [UInt8]) {
        if isUnreserved(byte) {
            output.append(byte)
        } else {
            output.append(UInt8(ascii: "%"))
            output.append(hexDigit(byte >> 4))
            output.append(hexDigit(byte & 0x0F))
        }
    }

    /// The fallback for step 2 when ICU's `Latin-ASCII` transform is missing: strips combining marks
    /// that follow a Latin letter (é → e, ñ → n) and spells out the Latin letters that have no
    /// decomposition (ø → o, æ → ae, ß → ss, đ → d, ł → l, þ → th, œ → oe, ð → d, ı → i), in both cases.
    /// Other scripts pass through unchanged.
    static func foldLatinToASCII(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        var previousIsLatin = false
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark {
                if previousIsLatin { continue }
                folded.append(scalar)
                continue
            }
            previousIsLatin = isLatin(scalar)
            if let spelled = latinLettersWithoutDecomposition[scalar] {
                folded.append(contentsOf: spelled.unicodeScalars)
            } else {
                folded.append(scalar)
            }
        }
        return String(folded).precomposedStringWithCanonicalMapping
    }

    /// Latin letters that Unicode does not decompose into a base letter and a mark, with their
    /// usual ASCII spellings (the same as CLDR's Latin-ASCII transliteration).
    private static let latinLettersWithoutDecomposition: [Unicode.Scalar: String] = [
        "ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "ß": "ss", "ẞ": "SS", "đ": "d", "Đ": "D",
        "ł": "l", "Ł": "L", "þ": "th", "Þ": "TH", "œ": "oe", "Œ": "OE", "ð": "d", "Ð": "D",
        "ı": "i", "ħ": "h", "Ħ": "H",
    ]

    /// `true` for scalars in the Latin blocks (Basic Latin letters, Latin-1 Supplement, Latin
    /// Extended-A/B, Latin Extended Additional).
    private static func isLatin(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: return true
        default: return false
        }
    }

    /// Keeps letters and decimal digits, turns every run of other characters into one `-`, and
    /// trims `-` at both ends.
    private static func joinWordsWithHyphens(_ text: String) -> String {
        var slug = ""
        var pendingHyphen = false
        for character in text {
            guard let first = character.unicodeScalars.first else { continue }
            let properties = first.properties
            if properties.isAlphabetic || properties.numericType == .decimal {
                if pendingHyphen && !slug.isEmpty { slug += "-" }
                pendingHyphen = false
                slug.append(character)
            } else {
                pendingHyphen = true
            }
        }
        return slug
    }

    /// Whether the UTF-8 byte `byte` is one of RFC 3986 §2.3's unreserved characters
    /// (`A–Z a–z 0–9 - . _ ~`), which a URL path carries without percent-encoding.
    public static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// The uppercase hexadecimal digit of `nibble` (0–15), as an ASCII byte.
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }
}
