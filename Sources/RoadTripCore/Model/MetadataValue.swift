/// A plain data value from front matter or a data file, kept for templates (unknown front matter
/// keys) and site configuration. Mirrors the YAML 1.2 core schema's types.
public enum MetadataValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int)
    case double(Double)
    case string(String)
    case list([MetadataValue])
    /// Keys in source order.
    case mapping([MetadataEntry])

    /// The value for `key` when this is a mapping.
    public subscript(key: String) -> MetadataValue? {
        guard case .mapping(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }
}

/// One key–value pair of a `MetadataValue.mapping`.
public struct MetadataEntry: Sendable, Hashable {
    /// The mapping key.
    public var key: String
    /// Its value.
    public var value: MetadataValue

    /// Creates an entry.
    public init(key: String, value: MetadataValue) {
        self.key = key
        self.value = value
    }
}
