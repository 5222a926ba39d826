/// Puts one element of a slice where sorting would put it, without sorting: Hoare's selection
/// (C. A. R. Hoare, "Algorithm 65: FIND", *Communications of the ACM* 4(7), 1961), with the median
/// of three as the pivot. The k-d trees build on it (`PlacemarkIndex`, `PinSpread`'s nearest-pin
/// search): each level's median put in place costs O(n), where sorting the level cost O(n log n).
enum MedianSelection {
    /// Rearranges `elements` so that the element at `position` is the one sorting them by `key`
    /// would put there, every element before it has a key no greater, and every element after it
    /// a key no smaller. `position` must be an index of `elements`.
    static func select<Element>(
        _ position: Int, in elements: inout ArraySlice<Element>, by key: (Element) -> Double
    ) {
        var low = elements.startIndex, high = elements.endIndex - 1
        while low < high {
            let mid = low + (high - low) / 2
            // The median of the three, without an array to sort (one allocation per partition:
            // most of the time of building the gazetteer's index over 24,361 cities).
            let first = key(elements[low]), second = key(elements[mid]), third = key(elements[high])
            let pivot = Swift.max(Swift.min(first, second), Swift.min(Swift.max(first, second), third))
            var i = low, j = high
            while i <= j {
                while key(elements[i]) < pivot { i += 1 }
                while key(elements[j]) > pivot { j -= 1 }
                if i <= j {
                    elements.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            // Now low...j are ≤ pivot, i...high are ≥ pivot, and j + 1 ..< i equal the pivot.
            if position <= j { high = j } else if position >= i { low = i } else { return }
        }
    }
}
