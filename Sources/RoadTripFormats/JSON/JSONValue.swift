/// A JSON value with keys kept in the order given, written compactly through `JSONText` (so numbers
/// have at most 7 decimals, or as many as `.decimal` says, and strings are safe inside an HTML
/// `<script>`).
package enum JSONValue: Sendable {
    case null
    case bool(Bool)
    /// A number with at most 7 decimals (`JSONText.number`).
    case number(Double)
    /// A number with at most `maximumFractionDigits` decimals (GeoJSON positions: 6).
    case decimal(Double, maximumFractionDigits: Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// The compact JSON text (RFC 8259).
    package var text: String {
        var output: [UInt8] = []
        output.reserveCapacity(1024)
        write(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the compact JSON text to `output` as UTF-8 (bytes, not a `String`: appending to a
    /// string checks and updates its storage on every piece, most of what writing GeoJSON cost).
    package func write(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value): output.append(contentsOf: JSONText.number(value).utf8)
        case .decimal(let value, let digits): output.append(contentsOf: JSONText.number(value, maximumFractionDigits: digits).utf8)
        case .string(let value): JSONText.append(value, to: &output)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                item.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let fields):
            output.append(UInt8(ascii: "{"))
            for (index, (key, value)) in fields.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONText.append(key, to: &output)
                output.append(UInt8(ascii: ":"))
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}
