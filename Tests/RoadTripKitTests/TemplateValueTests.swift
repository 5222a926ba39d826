import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

@Suite struct TemplateValueTests {
    /// Front-matter metadata converts case by case; a mapping becomes an object.
    @Test func convertsMetadata() {
        let metadata = MetadataValue.mapping([
            MetadataEntry(key: "title", value: .string("Oslo")),
            MetadataEntry(key: "order", value: .integer(2)),
            MetadataEntry(key: "rating", value: .double(4.5)),
            MetadataEntry(key: "draft", value: .bool(false)),
            MetadataEntry(key: "tags", value: .list([.string("a"), .null])),
        ])
        #expect(TemplateValue(metadata) == .object([
            "title": .string("Oslo"), "order": .integer(2), "rating": .double(4.5),
            "draft": .bool(false), "tags": .list([.string("a"), .null]),
        ]))
    }

    /// Interpolated forms: integers in decimal; doubles in shortest form (1.21, as the spec's
    /// "Basic Decimal Interpolation"), integral doubles without ".0" (as JavaScript's
    /// `String(2.0)` == "2"); lists joined with "," (as JavaScript's `String([1, "a"])`).
    @Test func interpolatedText() {
        #expect(TemplateValue.integer(85).interpolatedText == "85")
        #expect(TemplateValue.double(1.210).interpolatedText == "1.21")
        #expect(TemplateValue.double(2.0).interpolatedText == "2")
        #expect(TemplateValue.double(-0.5).interpolatedText == "-0.5")
        #expect(TemplateValue.bool(true).interpolatedText == "true")
        #expect(TemplateValue.list([1, "a", nil]).interpolatedText == "1,a,")
        #expect(TemplateValue.object(["a": 1]).interpolatedText == "")
        #expect(TemplateValue.null.interpolatedText == "")
    }
}
