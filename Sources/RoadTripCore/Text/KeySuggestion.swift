/// The known key an author probably meant by a key roadtrip does not know — "did you mean
/// 'timeZone'?" — for every mapping it reads: `site.yaml`, front matter, trip-log sidecars, POIs
/// and file names in `Destinations/`.
///
/// A written key matches a known one when the two are equal ignoring case (`timezone`, `baseUrl`,
/// `Title`, `defaultspan`), else when they are at most `maximumEdits(for:)` edits apart ignoring
/// case, counted as the optimal string alignment distance (Levenshtein's insertions, deletions and
/// substitutions plus transpositions of two neighbouring letters, each one edit: `lattitude` →
/// `latitude` is 1, `subtitel` → `subtitle` is 1). Among several known keys the fewest edits win,
/// then the first in alphabetical order.
package enum KeySuggestion {
    /// The known key `written` most likely stands for, or `nil` when none is that close (or
    /// `written` is itself known).
    package static func suggestion(for written: String, among known: some Collection<String>) -> String? {
        guard !known.contains(written) else { return nil }
        let known = known.sorted()
        let lowered = written.lowercased()
        if let sameLetters = known.first(where: { $0.lowercased() == lowered }) { return sameLetters }
        let limit = maximumEdits(for: written)
        guard limit > 0 else { return nil }
        var best: (key: String, edits: Int)?
        let letters = Array(lowered)
        // Keys whose lengths differ by more than the limit are at least that many edits apart.
        for key in known {
            let keyLetters = Array(key.lowercased())
            guard abs(keyLetters.count - letters.count) <= limit else { continue }
            let edits = editDistance(letters, keyLetters)
            if edits <= limit, edits < (best?.edits ?? Int.max) { best = (key, edits) }
        }
        return best?.key
    }

    /// "; did you mean 'timeZone'?" for a message that already says the key is unknown, or `""`.
    package static func didYouMean(_ written: String, among known: some Collection<String>) -> String {
        suggestion(for: written, among: known).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// How many edits a key of this length may be from a known one: none for up to 4 characters
    /// (`time` is not a misspelt `title`, only a case difference counts), 1 for 5 to 8 (`tittle`),
    /// 2 from 9 on (`lattitude`, `longtitude`). Front matter keeps unknown keys for templates, so
    /// a short key of the author's own must not be taken for a typo.
    package static func maximumEdits(for written: String) -> Int {
        switch written.count {
        case ...4: 0
        case ...8: 1
        default: 2
        }
    }

    /// The optimal string alignment distance between `a` and `b` (Damerau–Levenshtein without
    /// repeated edits of one substring; Wagner–Fischer's table with the transposition case, as in
    /// Boytsov 2011, "Indexing methods for approximate dictionary searching", §2.2).
    package static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // distance[i][j]: edits from a's first i characters to b's first j.
        var distance = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { distance[i][0] = i }
        for j in 0...b.count { distance[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let substitution = a[i - 1] == b[j - 1] ? 0 : 1
                distance[i][j] = min(
                    distance[i - 1][j] + 1, distance[i][j - 1] + 1, distance[i - 1][j - 1] + substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    distance[i][j] = min(distance[i][j], distance[i - 2][j - 2] + 1)
                }
            }
        }
        return distance[a.count][b.count]
    }
}
