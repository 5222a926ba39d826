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

    /// An object's members behave as a dictionary's: the last value of a repeated key wins,
    /// setting `nil` removes a member, equality and hashing ignore the order members were added
    /// in — also past `TemplateObject.indexedCount` members, where lookups go through an index.
    @Test func objectMembersBehaveAsADictionary() {
        let literal: TemplateObject = ["a": 1, "b": 2, "a": 3]
        #expect(literal.count == 2)
        #expect(literal["a"] == 3)
        #expect(literal["c"] == nil)
        let reversed: TemplateObject = ["b": 2, "a": 3]
        #expect(literal == reversed)
        #expect(literal.hashValue == reversed.hashValue)
        #expect(literal != ["a": 3, "b": 4])
        #expect(literal != ["a": 3])

        // 40 members, added in two orders, one removed from each: the same 39.
        let keys = (0..<40).map { "key\($0)" }
        var forward = TemplateObject(), backward = TemplateObject()
        for (position, key) in keys.enumerated() { forward[key] = .integer(position) }
        for (position, key) in keys.enumerated().reversed() { backward[key] = .integer(position) }
        #expect(forward.count == 40)
        #expect(forward["key39"] == 39 && forward["key0"] == 0 && forward["key40"] == nil)
        forward["key7"] = nil
        backward["key7"] = nil
        #expect(forward["key7"] == nil && forward["key8"] == 8 && forward["key39"] == 39)
        #expect(forward.count == 39)
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        forward["key8"] = "eight"
        #expect(forward["key8"] == "eight")
        #expect(forward != backward)
        // A dictionary's members, and a mapping's first value of a repeated key (front matter).
        #expect(TemplateObject(["x": 1, "y": 2]) == ["y": 2, "x": 1])
        let mapping = MetadataValue.mapping([
            MetadataEntry(key: "k", value: .integer(1)), MetadataEntry(key: "k", value: .integer(2)),
        ])
        #expect(TemplateValue(mapping) == .object(["k": 1]))
    }

    /// Members are kept in storage that copies share until one of them is changed (copy on
    /// write): changing, adding or removing a member of a copy leaves the original as it was,
    /// also for an indexed object (past `TemplateObject.indexedCount` members).
    @Test func aCopyChangesAlone() {
        let original: TemplateObject = ["title": "Bergen", "count": 2]
        var changed = original, grown = original, shrunk = original
        changed["title"] = "Oslo"
        grown["extra"] = true
        shrunk["count"] = nil
        #expect(original["title"] == "Bergen" && original["count"] == 2 && original.count == 2)
        #expect(changed["title"] == "Oslo" && grown.count == 3 && shrunk.count == 1)
        #expect(original != changed && original != grown && original != shrunk)

        var indexed = TemplateObject()
        for position in 0..<30 { indexed["key\(position)"] = .integer(position) }
        var copy = indexed
        copy["key3"] = nil
        copy["key31"] = 31
        #expect(indexed.count == 30 && indexed["key3"] == 3 && indexed["key31"] == nil)
        #expect(copy.count == 30 && copy["key3"] == nil && copy["key31"] == 31 && copy["key29"] == 29)
        // A value holding the object is unchanged by the copy's change too.
        let held = TemplateValue.object(indexed)
        copy = indexed
        copy["key0"] = "zero"
        #expect(held.member("key0") == 0)
    }

    /// Keys that share a length, their first bytes, or both are each found where a list searched
    /// with `firstIndex(of:)` finds them, in a small object (searched key by key), also after a
    /// removal and with the empty key and NUL bytes; a key absent from the list is absent from
    /// the object.
    @Test func keysSharingTheirFirstBytesAreToldApart() {
        let keys = [
            "", "a", "a\u{0}", "position", "positions", "positionX", "abcdefg", "abcdefgh", "abcdefgi",
            "abcdefgi2", "Kelvin", "\u{212A}elvinX", "url", "urlX", "title", "Title",
        ]
        var object = TemplateObject()
        for (position, key) in keys.enumerated() { object[key] = .integer(position) }
        #expect(object.count == keys.count)
        var reference = keys
        for probe in keys + ["b", "abcdefgj", "positio", "KelvinX", "\u{212A}elvin", "a\u{0}\u{0}"] {
            #expect(object[probe] == reference.firstIndex(of: probe).map { .integer(keys.firstIndex(of: reference[$0])!) },
                "\(Array(probe.unicodeScalars))")
        }
        object["abcdefgh"] = nil
        reference.removeAll { $0 == "abcdefgh" }
        for probe in keys {
            #expect((object[probe] != nil) == reference.contains(probe), "\(Array(probe.unicodeScalars))")
        }
        #expect(object["abcdefgi"] == .integer(8) && object["abcdefg"] == .integer(6) && object["KelvinX"] == .integer(11))
    }

    /// A key is found by any spelling canonically equivalent to it (Unicode's NFC and NFD of
    /// "café": U+00E9 is 2 bytes of UTF-8, "e" + U+0301 is 3; the Kelvin sign U+212A decomposes to
    /// "K"), as Swift's `==` and `Dictionary` compare strings, in a small object (searched key by
    /// key) and in a large one (indexed) alike. A lookup that compared byte lengths first lost
    /// this in small objects (found by a tester: front matter saved decomposed on macOS).
    @Test func keysMatchTheirCanonicallyEquivalentSpellings() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(composed.utf8.count == 5 && decomposed.utf8.count == 6)
        var small = TemplateObject()
        small[decomposed] = "value"
        small["\u{212A}elvin"] = 1
        #expect(small[composed] == "value" && small[decomposed] == "value")
        #expect(small["Kelvin"] == 1)
        var large = TemplateObject()
        for position in 0..<30 { large["key\(position)"] = .integer(position) }
        large[decomposed] = "value"
        #expect(large[composed] == "value" && large[decomposed] == "value")
        #expect(TemplateValue.object(small).member(composed) == "value")
    }
}
