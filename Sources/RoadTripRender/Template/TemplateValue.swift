import RoadTripCore

/// A plain data value that a Mustache template renders: the "context" of the Mustache spec
/// (https://github.com/mustache/spec, `specs/interpolation.yml`, `specs/sections.yml`).
///
/// Truthiness (sections and inverted sections): `.null`, `.bool(false)` and an empty `.list` are
/// falsy; everything else — including `""`, `0` and an empty `.object` — is truthy, as in the
/// spec's reference implementation (Ruby). A missing key is falsy too.
///
/// Values are plain data on purpose: the spec's optional lambdas (`~lambdas.yml`) need code in the
/// context and are not supported.
public enum TemplateValue: Sendable, Hashable {
    /// No value; interpolates as the empty string and is falsy.
    case null
    /// `true` interpolates as `true`, `false` as `false`; `false` is falsy.
    case bool(Bool)
    /// An integer; interpolates in decimal (`85`).
    case integer(Int)
    /// A floating-point number; interpolates in its shortest round-trip form (`1.21`), without a
    /// fractional part when integral (`2.0` → `2`, as JavaScript prints it).
    case double(Double)
    /// Text; HTML-escaped by `{{name}}`, verbatim with `{{{name}}}` or `{{&name}}`.
    case string(String)
    /// A list; a section renders once per element, an empty list is falsy. Interpolates as its
    /// elements joined with `,` (as JavaScript's `Array.prototype.toString`).
    case list([TemplateValue])
    /// Named members, reached by `{{name}}` and dotted names `{{a.b}}`. Interpolates as `""`.
    case object(TemplateObject)

    /// Whether a section `{{#name}}` renders (and an inverted section `{{^name}}` does not).
    /// Falsy values: `.null`, `.bool(false)`, `.list([])`.
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .list(let elements): !elements.isEmpty
        case .integer, .double, .string, .object: true
        }
    }

    /// The member called `key`: an object's value for `key`, or a list's element at the decimal
    /// index `key` (0-based); `nil` when there is none. Used for each part of a dotted name.
    public func member(_ key: String) -> TemplateValue? {
        switch self {
        case .object(let members):
            return members[key]
        case .list(let elements):
            guard let index = Int(key), elements.indices.contains(index) else { return nil }
            return elements[index]
        case .null, .bool, .integer, .double, .string:
            return nil
        }
    }

    /// The text an interpolation tag outputs before HTML escaping (see each case for its form).
    public var interpolatedText: String {
        switch self {
        case .null, .object: return ""
        case .bool(let value): return value ? "true" : "false"
        case .integer(let value): return String(value)
        case .double(let value): return Self.format(value)
        case .string(let value): return value
        case .list(let elements): return elements.map(\.interpolatedText).joined(separator: ",")
        }
    }

    /// Shortest round-trip decimal form of `value`; integral values below 2^53 in magnitude
    /// print without `.0`.
    private static func format(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 9_007_199_254_740_992 {
            return String(Int(value))
        }
        return value.description
    }
}

extension TemplateValue {
    /// Converts front-matter or data-file metadata for templates: a mapping becomes an
    /// `.object` (key order is not kept; templates look keys up by name), every other case maps
    /// to the case of the same name.
    public init(_ metadata: MetadataValue) {
        switch metadata {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .integer(let value): self = .integer(value)
        case .double(let value): self = .double(value)
        case .string(let value): self = .string(value)
        case .list(let elements): self = .list(elements.map(TemplateValue.init))
        case .mapping(let entries):
            var members = TemplateObject()
            for entry in entries where members[entry.key] == nil {
                members[entry.key] = TemplateValue(entry.value)
            }
            self = .object(members)
        }
    }
}

extension TemplateValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `nil` is `.null`.
    public init(nilLiteral: ()) { self = .null }
    /// A Boolean literal is `.bool`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer literal is `.integer`.
    public init(integerLiteral value: Int) { self = .integer(value) }
    /// A floating-point literal is `.double`.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A string literal is `.string`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array literal is `.list`.
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    /// A dictionary literal is `.object`; for a repeated key the last value wins.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        var members = TemplateObject()
        for (key, value) in elements { members[key] = value }
        self = .object(members)
    }
}
