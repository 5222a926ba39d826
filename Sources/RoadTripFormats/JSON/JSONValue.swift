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
        var output = ""
        write(to: &output)
        return output
    }

    package func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += JSONText.number(value)
        case .decimal(let value, let digits): output += JSONText.number(value, maximumFractionDigits: digits)
        case .string(let value): JSONText.append(value, to: &output)
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.write(to: &output)
            }
            output += "]"
        case .object(let fields):
            output += "{"
            for (index, (key, value)) in fields.enumerated() {
                if index > 0 { output += "," }
                JSONText.append(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        }
    }
}
