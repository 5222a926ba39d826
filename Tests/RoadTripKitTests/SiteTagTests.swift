import Testing
@testable import RoadTripCore
@testable import RoadTripCompute

/// `SiteTag.tags(of:)`: tags grouped by slug, in slug order, named as first written.
@Suite struct SiteTagTests {
    private func destination(_ slug: String, _ tags: [String]) -> Destination {
        Destination(slug: slug, title: slug, coordinate: Coordinate(latitude: 0, longitude: 0), bodyHTML: "", tags: tags, sourcePath: slug + "/index.md")
    }

    @Test func tagsOfOneSlugAreOneTag() {
        let tags = SiteTag.tags(of: [
            destination("a", ["Ålesund", "Fjords", "fjords"]),
            destination("b", [" alesund ", "", "Art Nouveau"]),
            destination("c", []),
            destination("d", ["FJORDS"]),
        ])
        #expect(tags == [
            SiteTag(name: "Ålesund", slug: "alesund", destinationIndices: [0, 1]),
            SiteTag(name: "Art Nouveau", slug: "art-nouveau", destinationIndices: [1]),
            SiteTag(name: "Fjords", slug: "fjords", destinationIndices: [0, 3]),
        ])
    }

    /// `slug(of:)` remembers the slugs it made: asked again (from any thread), it gives the same
    /// answers, made by `Slug.make(from:)`'s rules — "Å" transliterated to "a", the decomposed
    /// "e" + U+0301 of "Café" composed and folded to "e", blanks trimmed, a blank tag no slug.
    @Test func slugsAskedAgainAreTheSame() async {
        let names = ["  Ålesund ", "Cafe\u{301} Society", "   ", "Art Nouveau"]
        let expected: [String?] = ["alesund", "cafe-society", nil, "art-nouveau"]
        let answers = await withTaskGroup(of: [String?].self) { group in
            for _ in 0..<4 { group.addTask { names.map(SiteTag.slug(of:)) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers == Array(repeating: expected, count: 4))
    }

    /// A tag name loses the white space at its ends, whatever kind (U+2003 EM SPACE and U+3000
    /// IDEOGRAPHIC SPACE are Unicode Zs, so white space; a line break too), and only there.
    @Test func tagNamesAreTrimmedAtTheEndsOnly() {
        #expect(SiteTag.trimmed(" Norway\n") == "Norway")
        #expect(SiteTag.trimmed("\u{2003}Café au lait\u{3000}") == "Café au lait")
        #expect(SiteTag.trimmed("Café au lait") == "Café au lait")
        #expect(SiteTag.trimmed(" \t ") == "")
        #expect(SiteTag.trimmed("") == "")
    }
}
