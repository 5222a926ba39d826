import Foundation

/// Place names compared the way a reader types them: case-, diacritic- and punctuation-insensitive
/// ("Tromso" = "Tromsø", "st louis" = "St. Louis", "Ndjamena" = "N'Djamena").
enum PlaceNameKey {
    /// Letters that Foundation's diacritic folding keeps because Unicode gives them no canonical
    /// decomposition (they are letters of their own, not a base letter plus a mark), spelled the
    /// way English-language gazetteers and libgeonames' own query transliterate them.
    private static let transliterations: [Character: String] = [
        "ø": "o", "ł": "l", "đ": "d", "ð": "d", "æ": "ae", "œ": "oe", "þ": "th", "ħ": "h",
        "ı": "i", "ŧ": "t",
    ]
    /// Apostrophes and the ʻokina vanish ("N’Djamena" → "ndjamena"); other punctuation separates words.
    private static let apostrophes: Set<Character> = ["'", "’", "‘", "ʻ", "`", "ʼ"]

    /// The comparison key of `text`: Foundation's `folding(options: [.caseInsensitive,
    /// .diacriticInsensitive], locale: nil)`, then `transliterations`, apostrophes removed, every
    /// other run of non-alphanumeric characters replaced by one space, trimmed.
    /// "Saint-Louis" → "saint louis"; "  Tromsø " → "tromso"; "!!!" → "".
    static func key(_ text: String) -> String {
        var key = ""
        var pendingSpace = false
        for character in text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) {
            if apostrophes.contains(character) { continue }
            guard character.isLetter || character.isNumber else {
                pendingSpace = !key.isEmpty
                continue
            }
            if pendingSpace { key.append(" ") }
            pendingSpace = false
            if let replacement = transliterations[character] { key += replacement } else { key.append(character) }
        }
        return key
    }

    /// How well a qualifier's key names a field's key (both from `key(_:)`): `.exact` when equal
    /// ("oregon" / "oregon"), `.words` when the qualifier is a whole-word run inside the field
    /// ("maine" in "state of maine", "united states" in "united states of america"), else nil.
    static func match(qualifier: String, field: String) -> QualifierMatch? {
        if qualifier == field { return .exact }
        if !qualifier.isEmpty && " \(field) ".contains(" \(qualifier) ") { return .words }
        return nil
    }

    /// The strength of a qualifier match: an exact match beats a whole-word one.
    enum QualifierMatch: Int, Comparable {
        case words = 0
        case exact = 1

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Levenshtein distance between `a` and `b` counted in Unicode scalars (insertions, deletions,
    /// substitutions each cost 1), or nil as soon as it must exceed `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
        if abs(a.count - b.count) > limit { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
