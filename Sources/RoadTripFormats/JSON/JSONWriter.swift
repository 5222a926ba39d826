import RoadTripCore  // uses extension members

/// Writes compact JSON text (RFC 8259) straight into UTF-8 bytes, member by member, for documents
/// too large to build as a ``JSONValue`` first (a 4,000-destination site's `destinations.geojson`
/// and `itinerary.geojson` are 6–7 MB: building their trees of arrays and tuples took most of
/// writing them). Writes exactly what ``JSONValue/write(to:)`` writes for the same value — that
/// is ``JSONValue``'s own way of writing — with the commas between members and elements put in
/// by the writer.
///
/// ```
/// var json = JSONWriter()
/// json.beginObject()
/// json.key("type"); json.string("Point")
/// json.key("coordinates"); json.beginArray(); json.number(5.32, maximumFractionDigits: 6); json.endArray()
/// json.endObject()   // {"type":"Point","coordinates":[5.32]}
/// ```
package struct JSONWriter {
    /// The text written so far.
    package var bytes: [UInt8]
    /// Elements (or members) written at each open array or object, innermost last; the first
    /// entry counts the top-level values.
    private var elementCounts: [Int] = [0]
    /// Whether a key was just written, so the next value needs no comma before it.
    private var afterKey = false

    /// A writer appending to `bytes`, reserving `capacity` more bytes.
    package init(appendingTo bytes: [UInt8] = [], capacity: Int = 0) {
        self.bytes = bytes
        self.bytes.reserveCapacity(bytes.count + capacity)
    }

    /// `{`.
    package mutating func beginObject() { open(UInt8(ascii: "{")) }
    /// `}`.
    package mutating func endObject() { close(UInt8(ascii: "}")) }
    /// `[`.
    package mutating func beginArray() { open(UInt8(ascii: "[")) }
    /// `]`.
    package mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        elementCounts.append(0)
    }

    private mutating func close(_ bracket: UInt8) {
        elementCounts.removeLast()
        bytes.append(bracket)
    }

    /// A member's name and `:` (the next call writes its value).
    package mutating func key(_ name: String) {
        separate()
        JSONText.append(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// A string value, escaped as ``JSONText/append(_:to:)-([UInt8])`` escapes it.
    package mutating func string(_ value: String) {
        separate()
        JSONText.append(value, to: &bytes)
    }

    /// A number with at most `maximumFractionDigits` decimals (``JSONText/number(_:maximumFractionDigits:)``'s
    /// text, ``JSONText/appendNumber(_:maximumFractionDigits:to:)``).
    package mutating func number(_ value: Double, maximumFractionDigits: Int = 7) {
        separate()
        JSONText.appendNumber(value, maximumFractionDigits: maximumFractionDigits, to: &bytes)
    }

    /// `true` or `false`.
    package mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// `null`.
    package mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
    }

    /// `value`, written as ``JSONValue/write(to:)`` writes it.
    package mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let number): self.number(number)
        case .decimal(let number, let digits): self.number(number, maximumFractionDigits: digits)
        case .string(let text): string(text)
        case .array(let items):
            beginArray()
            for item in items { self.value(item) }
            endArray()
        case .object(let fields):
            beginObject()
            for (name, field) in fields {
                key(name)
                self.value(field)
            }
            endObject()
        }
    }

    /// The comma before a value that is not the first of its array or object (none after a key).
    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        if elementCounts[elementCounts.count - 1] > 0 { bytes.append(UInt8(ascii: ",")) }
        elementCounts[elementCounts.count - 1] += 1
    }
}
