/// The named members of a `TemplateValue.object`: each key at most once, looked up by name.
///
/// Kept as two arrays in insertion order and searched from the start: a page context's objects
/// have a handful of members with short keys, and comparing a short key (one or two machine
/// words) costs a fraction of hashing it — the hashing of `Dictionary` keys was the largest single
/// cost of building and rendering the tile spans of a page. Objects of more than
/// `indexedCount` members (front matter with many keys) get a dictionary index as well, so that a
/// lookup never scans long.
///
/// The arrays live in one shared storage object, copied on write: the renderer copies an object
/// each time it pushes it as a context or returns it from a lookup, and one reference to retain
/// and release costs a third of three (reference counting was a sixth of a large build's CPU).
///
/// Equality and hashing ignore the order of members, as a dictionary's do.
public struct TemplateObject: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// From this many members on, lookups go through `index`.
    static let indexedCount = 24

    /// The members; never mutated once shared (`isKnownUniquelyReferenced` before each write), so
    /// no two accesses can conflict, and the runtime's exclusivity checks on a class's stored
    /// properties (one `swift_beginAccess` a read, 1 % of a 4,000-destination build) are turned off.
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var keys: [String] = []
        @exclusivity(unchecked) var values: [TemplateValue] = []
        /// Each key's position in `keys`, kept only when there are at least `indexedCount` members.
        @exclusivity(unchecked) var index: [String: Int]?

        init(capacity: Int) {
            keys.reserveCapacity(capacity)
            values.reserveCapacity(capacity)
        }

        init(copying other: Storage) {
            keys = other.keys
            values = other.values
            index = other.index
        }

        func position(of key: String) -> Int? {
            if let index { return index[key] }
            return keys.firstIndex(of: key)
        }

        func rebuildIndex() {
            var rebuilt = [String: Int](minimumCapacity: keys.count)
            for (position, key) in keys.enumerated() { rebuilt[key] = position }
            index = rebuilt
        }
    }

    private var storage: Storage

    /// An object without members.
    public init() { storage = Storage(capacity: 0) }

    /// The members of `dictionary`.
    public init(_ dictionary: [String: TemplateValue]) {
        storage = Storage(capacity: dictionary.count)
        for (key, value) in dictionary {
            storage.keys.append(key)
            storage.values.append(value)
        }
        if storage.keys.count >= Self.indexedCount { storage.rebuildIndex() }
    }

    /// A dictionary literal; for a repeated key the last value wins.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        storage = Storage(capacity: elements.count)
        for (key, value) in elements { self[key] = value }
    }

    /// The number of members.
    public var count: Int { storage.keys.count }

    /// The value of `key`, or `nil`; setting `nil` removes the member.
    public subscript(key: String) -> TemplateValue? {
        get { storage.position(of: key).map { storage.values[$0] } }
        set {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
            let storage = storage
            if let position = storage.position(of: key) {
                if let newValue {
                    storage.values[position] = newValue
                } else {
                    storage.keys.remove(at: position)
                    storage.values.remove(at: position)
                    if storage.index != nil { storage.rebuildIndex() }
                }
            } else if let newValue {
                storage.keys.append(key)
                storage.values.append(newValue)
                if storage.index != nil {
                    storage.index?[key] = storage.keys.count - 1
                } else if storage.keys.count >= Self.indexedCount {
                    storage.rebuildIndex()
                }
            }
        }
    }

    public static func == (lhs: TemplateObject, rhs: TemplateObject) -> Bool {
        if lhs.storage === rhs.storage { return true }
        guard lhs.count == rhs.count else { return false }
        return zip(lhs.storage.keys, lhs.storage.values).allSatisfy { key, value in rhs[key] == value }
    }

    /// Order-independent: the members' own hashes are combined with `^`, as `Dictionary` does.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for (key, value) in zip(storage.keys, storage.values) {
            var member = Hasher()
            member.combine(key)
            member.combine(value)
            combined ^= member.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}
