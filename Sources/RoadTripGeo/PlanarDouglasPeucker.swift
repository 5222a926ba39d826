import Foundation

/// Douglas–Peucker simplification of a polyline in a plane (any unit: metres for tracks,
/// pixels for the basemap), shared by `TrackSimplification` and the offline basemap.
///
/// Algorithm: D. H. Douglas and T. K. Peucker, "Algorithms for the reduction of the number of
/// points required to represent a digitized line or its caricature", *The Canadian Cartographer*
/// 10(2), 112–122, 1973. Keep the first and last points; find the point farthest from the chord
/// between them; if it is farther than the tolerance, keep it and repeat on both halves, otherwise
/// drop everything between. The halves are processed from an explicit stack, not by recursion, so a
/// line of millions of points cannot overflow the call stack (worst case O(n²) time, O(n) memory).
///
/// Distance: from a point to the chord as a line *segment* (to the nearer end when the foot of the
/// perpendicular falls outside it), so a line that comes back to its start — a closed ring given
/// with its first point repeated last — is not collapsed onto a zero-length chord.
public enum PlanarDouglasPeucker {
    /// Which of the `count` points (ascending offsets 0 ..< count) Douglas–Peucker keeps at
    /// `tolerance`, the points read through `x(i)`, `y(i)` in one planar unit.
    ///
    /// - Parameters:
    ///   - count: the number of points.
    ///   - tolerance: in the points' unit; a point is kept when it lies farther than this from the
    ///     chord it would be replaced by. Negative or NaN keeps every point off the line.
    /// - Returns: `keep[i]` for each point; the first and last are always kept.
    public static func kept(count: Int, tolerance: Double, x: (Int) -> Double, y: (Int) -> Double) -> [Bool] {
        var keep = [Bool](repeating: count <= 2, count: count)
        guard count > 2 else { return keep }
        let limit = tolerance > 0 ? tolerance * tolerance : 0  // squared; NaN → 0
        keep[0] = true
        keep[count - 1] = true
        var stack: [(first: Int, last: Int)] = [(0, count - 1)]
        while let (first, last) = stack.popLast() {
            guard last - first > 1 else { continue }
            let fromX = x(first), fromY = y(first), toX = x(last), toY = y(last)
            var farthest = first
            var farthestDistance = -1.0
            for index in (first + 1)..<last {
                let distance = squaredDistance(x: x(index), y: y(index), fromX: fromX, fromY: fromY, toX: toX, toY: toY)
                if distance > farthestDistance {
                    farthestDistance = distance
                    farthest = index
                }
            }
            if farthestDistance > limit {
                keep[farthest] = true
                stack.append((first, farthest))
                stack.append((farthest, last))
            }
        }
        return keep
    }

    /// Squared distance from point (x, y) to the line segment from (fromX, fromY) to (toX, toY), in
    /// the square of the points' unit.
    static func squaredDistance(x: Double, y: Double, fromX: Double, fromY: Double, toX: Double, toY: Double) -> Double {
        let dx = toX - fromX
        let dy = toY - fromY
        let lengthSquared = dx * dx + dy * dy
        var t = 0.0
        if lengthSquared > 0 {
            t = min(max(((x - fromX) * dx + (y - fromY) * dy) / lengthSquared, 0), 1)
        }
        let px = fromX + t * dx - x
        let py = fromY + t * dy - y
        return px * px + py * py
    }
}
