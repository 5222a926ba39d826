/// Binary search in ascending values — segment starts, line starts, fix times — the one place it
/// is written.
public enum SortedSearch {
    /// The last position in `0..<count` whose value (`value(at:)`, ascending with the position) is
    /// at most `limit`; 0 when none is (or `count` is 0). O(log count) calls of `value(at:)`.
    /// Inlinable, so that each caller's copy is specialized for its values and closure: called
    /// generically from another module, one search of a YAML file's ~40 line starts cost ~425
    /// instructions (callgrind; a build asks ~24,000, one a node).
    @inlinable
    public static func lastPosition<Value: Comparable>(
        atMost limit: Value, count: Int, value: (Int) -> Value
    ) -> Int {
        var low = 0
        var high = count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if value(middle) <= limit { low = middle } else { high = middle - 1 }
        }
        return max(low, 0)
    }
}
