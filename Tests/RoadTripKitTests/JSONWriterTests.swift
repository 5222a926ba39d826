import Foundation
import Testing
@testable import RoadTripFormats

/// `JSONWriter` writes JSON member by member with the commas in their places, and the same text
/// as `JSONValue` for the same value (the expected texts are written out by hand from RFC 8259's
/// grammar: no white space, `,` between members and elements, `:` after a name).
@Suite struct JSONWriterTests {
    @Test func writesNestedValuesWithTheirCommas() {
        var json = JSONWriter()
        json.beginObject()
        json.key("type"); json.string("Point")
        json.key("coordinates")
        json.beginArray()
        json.number(5.3241549, maximumFractionDigits: 6)
        json.number(-0.0000004, maximumFractionDigits: 6)
        json.endArray()
        json.key("empty"); json.beginArray(); json.endArray()
        json.key("nested"); json.beginObject(); json.key("a"); json.null(); json.key("b"); json.bool(false); json.endObject()
        json.key("list"); json.beginArray(); json.beginObject(); json.endObject(); json.bool(true); json.string("</"); json.endArray()
        json.endObject()
        // 5.3241549 rounds to 5.324155; −0.0000004 to 0 (DecimalText); "</" is written "<\/".
        #expect(String(decoding: json.bytes, as: UTF8.self)
            == #"{"type":"Point","coordinates":[5.324155,0],"empty":[],"nested":{"a":null,"b":false},"list":[{},true,"<\/"]}"#)
    }

    @Test func writesWhatJSONValueWrites() {
        let value = JSONValue.object([
            ("features", .array([.object([("id", .string("a\u{2028}b")), ("n", .number(1.5))]), .null])),
            ("bbox", .array([.decimal(1.23456789, maximumFractionDigits: 6), .decimal(-180, maximumFractionDigits: 6)])),
        ])
        var json = JSONWriter(appendingTo: Array("x=".utf8))
        json.value(value)
        #expect(String(decoding: json.bytes, as: UTF8.self) == "x=" + value.text)
        #expect(value.text == #"{"features":[{"id":"a\u2028b","n":1.5},null],"bbox":[1.234568,-180]}"#)
    }
}
