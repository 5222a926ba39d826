import RoadTripCore

/// One node of a parsed YAML document (front matter, `site.yaml`, trip sidecars), with the
/// 1-based line and column where it starts in the *file*, so that later stages (SiteLoader,
/// SiteConfig) can report a bad value at its exact position.
///
/// Aliases are already resolved (an alias is a copy of its anchored node, positions included)
/// and `<<` merge keys are already merged, so a consumer sees only scalars, sequences and
/// mappings. Values are typed on demand by ``metadataValue`` with the YAML 1.2 core schema
/// (YAML 1.2.2 §10.3, <https://yaml.org/spec/1.2.2/#103-core-schema>).
public struct YAMLNode: Sendable, Hashable {
    /// What a node holds.
    public enum Content: Sendable, Hashable {
        /// A scalar's text as written (after YAML unescaping and folding). `isPlain` is `true`
        /// for an unquoted, untagged scalar: only plain scalars are resolved to null, booleans
        /// and numbers; quoted scalars and `!!str` scalars are always strings.
        case scalar(String, isPlain: Bool)
        /// A sequence (block `- x` or flow `[x]`), items in source order.
        case sequence([YAMLNode])
        /// A mapping (block `k: v` or flow `{k: v}`), pairs in source order.
        case mapping([YAMLNode.Pair])
    }

    /// One key–value pair of a mapping.
    public struct Pair: Sendable, Hashable {
        /// The key node (always a scalar; ``YAMLParser`` rejects collection keys).
        public var key: YAMLNode
        /// The value node.
        public var value: YAMLNode

        /// Creates a pair.
        public init(key: YAMLNode, value: YAMLNode) {
            self.key = key
            self.value = value
        }
    }

    /// The node's content.
    public var content: Content
    /// 1-based line in the file where the node starts (the front matter offset is applied).
    public var line: Int
    /// 1-based column (in Unicode scalars, as libyaml counts) where the node starts.
    public var column: Int

    /// Creates a node at a 1-based file `line` and `column`.
    public init(_ content: Content, line: Int, column: Int) {
        self.content = content
        self.line = line
        self.column = column
    }

    /// The value for the mapping key whose text is `key` (a non-string key such as `1` is
    /// matched by its text, `"1"`); `nil` when this is not a mapping or the key is absent.
    public subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs) = content else { return nil }
        return pairs.first { $0.key.stringValue == key }?.value
    }

    /// The scalar's text as written (plain or quoted, numbers included); `nil` for a sequence
    /// or mapping.
    public var stringValue: String? {
        guard case .scalar(let text, _) = content else { return nil }
        return text
    }

    /// The node typed by the YAML 1.2 core schema (YAML 1.2.2 §10.3.2, "Tag Resolution"):
    /// a *plain* scalar is `.null` for `null`/`Null`/`NULL`/`~`/empty, `.bool` for
    /// `true`/`True`/`TRUE`/`false`/`False`/`FALSE`, `.integer` for `[-+]?[0-9]+`, `0o[0-7]+`
    /// and `0x[0-9a-fA-F]+` (`.double` if it does not fit in `Int`), `.double` for the core
    /// float pattern and `.inf`/`.nan` spellings, and `.string` otherwise — so `yes`, `NO`
    /// and `on` stay strings. Quoted scalars are always `.string`. Sequences become `.list`,
    /// mappings `.mapping` keyed by each key's text.
    public var metadataValue: MetadataValue {
        switch content {
        case .scalar(let text, let isPlain):
            return isPlain ? CoreSchema.resolve(text) : .string(text)
        case .sequence(let items):
            return .list(items.map(\.metadataValue))
        case .mapping(let pairs):
            return .mapping(pairs.map {
                MetadataEntry(key: $0.key.stringValue ?? "", value: $0.value.metadataValue)
            })
        }
    }

    /// The number of a plain scalar that the core schema reads as an integer or a float
    /// (`.inf` and `.nan` included); `nil` for anything else, including quoted numbers.
    public var doubleValue: Double? {
        switch metadataValue {
        case .integer(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    /// The boolean of a plain `true`/`false` (core-schema spellings); `nil` otherwise.
    public var boolValue: Bool? {
        guard case .bool(let value) = metadataValue else { return nil }
        return value
    }

    /// `true` for a plain scalar the core schema reads as null (`null`, `~`, empty).
    public var isNull: Bool {
        guard case .scalar(let text, isPlain: true) = content else { return false }
        return CoreSchema.resolve(text) == .null
    }
}

/// The YAML 1.2 core schema's resolution of plain scalars (YAML 1.2.2 §10.3.2), written as
/// small matchers rather than Swift's `Int(_:)`/`Double(_:)` alone, because those accept
/// spellings the schema does not (`inf`, `nan`, `0x1p3`).
enum CoreSchema {
    /// The typed value of a plain scalar's `text`.
    static func resolve(_ text: String) -> MetadataValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
        case ".nan", ".NaN", ".NAN": return .double(.nan)
        default: break
        }
        let bytes = Array(text.utf8)
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            if bytes[1] == UInt8(ascii: "o"), let value = integer(bytes[2...], radix: 8) {
                return value
            }
            if bytes[1] == UInt8(ascii: "x"), let value = integer(bytes[2...], radix: 16) {
                return value
            }
        }
        if isDecimalInteger(bytes) {
            if let value = Int(text) { return .integer(value) }
            return Double(text).map(MetadataValue.double) ?? .string(text)
        }
        if isFloat(bytes), let value = Double(text) {
            return .double(value)
        }
        return .string(text)
    }

    /// `[0-7]+` (radix 8) or `[0-9a-fA-F]+` (radix 16) as an integer, or as a double when it
    /// overflows `Int`; `nil` when a digit is outside the radix.
    private static func integer(_ digits: ArraySlice<UInt8>, radix: Int) -> MetadataValue? {
        var exact: Int? = 0
        var approximate = 0.0
        for byte in digits {
            guard let digit = digitValue(byte), digit < radix else { return nil }
            approximate = approximate * Double(radix) + Double(digit)
            if let current = exact {
                let (shifted, overflow1) = current.multipliedReportingOverflow(by: radix)
                let (sum, overflow2) = shifted.addingReportingOverflow(digit)
                exact = overflow1 || overflow2 ? nil : sum
            }
        }
        return exact.map(MetadataValue.integer) ?? .double(approximate)
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Skips an optional `+` or `-` at `index`.
    private static func skipSign(_ bytes: [UInt8], _ index: inout Int) {
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            index += 1
        }
    }

    /// Counts the digits starting at `index` and moves past them.
    private static func skipDigits(_ bytes: [UInt8], _ index: inout Int) -> Int {
        let start = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        return index - start
    }

    /// `[-+]? [0-9]+`
    private static func isDecimalInteger(_ bytes: [UInt8]) -> Bool {
        var index = 0
        skipSign(bytes, &index)
        return skipDigits(bytes, &index) > 0 && index == bytes.count
    }

    /// `[-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?`
    private static func isFloat(_ bytes: [UInt8]) -> Bool {
        var index = 0
        skipSign(bytes, &index)
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard skipDigits(bytes, &index) > 0 else { return false }
        } else {
            guard skipDigits(bytes, &index) > 0 else { return false }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                _ = skipDigits(bytes, &index)
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            skipSign(bytes, &index)
            guard skipDigits(bytes, &index) > 0 else { return false }
        }
        return index == bytes.count
    }
}
