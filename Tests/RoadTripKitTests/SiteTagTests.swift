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
}
