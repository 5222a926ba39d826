/// A JSON value with keys kept in the order given, written compactly through `JSONText` (so numbers
/// have at most 7 decimals and strings are safe inside an HTML `<script>`).
indirect enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// The compact JSON text (RFC 8259).
    var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += JSONText.number(value)
        case .string(let value): output += JSONText.string(value)
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
                output += JSONText.string(key)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        }
    }
}
