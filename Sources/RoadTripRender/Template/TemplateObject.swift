/// The named members of a `TemplateValue.object`: each key at most once, looked up by name.
///
/// Kept as two arrays in insertion order and searched from the start: a page context's objects
/// have a handful of members with short keys, and comparing a short key (one or two machine
/// words) costs a fraction of hashing it — the hashing of `Dictionary` keys was the largest single
/// cost of building and rendering the tile spans of a page. Objects of more than
/// `indexedCount` members (front matter with many keys) get a dictionary index as well, so that a
/// lookup never scans long.
///
/// Equality and hashing ignore the order of members, as a dictionary's do.
public struct TemplateObject: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// From this many members on, lookups go through `index`.
    static let indexedCount = 24

    private var keys: [String] = []
    private var values: [TemplateValue] = []
    /// Each key's position in `keys`, kept only when there are at least `indexedCount` members.
    private var index: [String: Int]?

    /// An object without members.
    public init() {}

    /// The members of `dictionary`.
    public init(_ dictionary: [String: TemplateValue]) {
        keys.reserveCapacity(dictionary.count)
        values.reserveCapacity(dictionary.count)
        for (key, value) in dictionary {
            keys.append(key)
            values.append(value)
        }
        if keys.count >= Self.indexedCount { rebuildIndex() }
    }

    /// A dictionary literal; for a repeated key the last value wins.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        keys.reserveCapacity(elements.count)
        values.reserveCapacity(elements.count)
        for (key, value) in elements { self[key] = value }
    }

    /// The number of members.
    public var count: Int { keys.count }

    /// The value of `key`, or `nil`; setting `nil` removes the member.
    public subscript(key: String) -> TemplateValue? {
        get { position(of: key).map { values[$0] } }
        set {
            if let position = position(of: key) {
                if let newValue {
                    values[position] = newValue
                } else {
                    keys.remove(at: position)
                    values.remove(at: position)
                    if index != nil { rebuildIndex() }
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
                if index != nil {
                    index?[key] = keys.count - 1
                } else if keys.count >= Self.indexedCount {
                    rebuildIndex()
                }
            }
        }
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return keys.firstIndex(of: key)
    }

    private mutating func rebuildIndex() {
        var rebuilt = [String: Int](minimumCapacity: keys.count)
        for (position, key) in keys.enumerated() { rebuilt[key] = position }
        index = rebuilt
    }

    public static func == (lhs: TemplateObject, rhs: TemplateObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return zip(lhs.keys, lhs.values).allSatisfy { key, value in rhs[key] == value }
    }

    /// Order-independent: the members' own hashes are combined with `^`, as `Dictionary` does.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for (key, value) in zip(keys, values) {
            var member = Hasher()
            member.combine(key)
            member.combine(value)
            combined ^= member.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}
