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
    /// string checks and updates its storage on every piece, most of what writing GeoJSON cost),
    /// through ``JSONWriter``.
    package func write(to output: inout [UInt8]) {
        var writer = JSONWriter()
        swap(&writer.bytes, &output)
        writer.value(self)
        swap(&writer.bytes, &output)
    }
}
