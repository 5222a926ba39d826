import Foundation

/// Where the pins of one group go when they are spread apart ("spiderfied", as Google Earth does and
/// as G. MacKerron's OverlappingMarkerSpiderfier and Leaflet.markercluster do for web maps): a ring
/// for a few pins, an Archimedean spiral for more. Offsets are in pixels from the group's centre,
/// x to the right and y down (SVG), angles in radians measured clockwise on screen from the +x axis.
///
/// Unlike those libraries, whose constants are tuned by eye ("experiment!"), the spacing here is
/// derived from the pin's size so that every two spread pins are at least `separation` apart.
public enum SpiderLayout {
    /// The largest group laid out on a ring; larger groups take the spiral (OverlappingMarkerSpiderfier
    /// and Leaflet.markercluster switch at 9 too: a ring's radius grows with the count, a spiral's
    /// only with its square root).
    public static let largestRing = 8
    /// The spiral's pitch (the distance between its turns) in units of the separation. At 1 a pin
    /// nearly a full turn after another comes up to 0.22 % closer than the separation (the turns are
    /// one separation apart along the radius, and the pins are slightly off it); 1.1 keeps every
    /// pair at least one separation apart, checked numerically for up to 500 pins.
    public static let spiralPitch = 1.1

    /// `count` offsets evenly spaced on a circle, neighbours `separation` apart along the chord:
    /// radius `r = separation / (2 sin(π / count))` (a chord of angle 2π/count), but at least
    /// `minimumRadius` (and exactly that for a single pin). The first offset is at `startAngle`
    /// when `count` is odd and half a step before it when even, so that the ring is symmetric
    /// about that direction and no pin sits opposite it; the others follow clockwise.
    public static func ring(count: Int, separation: Double, minimumRadius: Double, startAngle: Double) -> [ViewportPoint] {
        guard count > 0 else { return [] }
        let step = 2 * Double.pi / Double(count)
        let radius = count == 1 ? minimumRadius : max(separation / (2 * sin(Double.pi / Double(count))), minimumRadius)
        let first = startAngle - (count.isMultiple(of: 2) ? step / 2 : 0)
        return (0..<count).map { index in
            let angle = first + Double(index) * step
            return ViewportPoint(x: radius * cos(angle), y: radius * sin(angle))
        }
    }

    /// `count` offsets along the Archimedean spiral `r(θ) = startRadius + b θ`, `b = spiralPitch ×
    /// separation / 2π` (so its turns are `spiralPitch × separation` apart), θ measured from
    /// `startAngle`, clockwise. Each next pin is one chord of length `separation` further on at the
    /// current radius: θ grows by `2 asin(separation / 2r)` (by π while `r` < `separation` / 2);
    /// as the radius only grows, consecutive pins are at least `separation` apart.
    public static func spiral(count: Int, separation: Double, startRadius: Double, startAngle: Double) -> [ViewportPoint] {
        let b = spiralPitch * separation / (2 * Double.pi)
        var theta = 0.0, radius = startRadius
        var offsets: [ViewportPoint] = []
        offsets.reserveCapacity(max(count, 0))
        for _ in 0..<max(count, 0) {
            offsets.append(ViewportPoint(x: radius * cos(startAngle + theta), y: radius * sin(startAngle + theta)))
            theta += 2 * asin(min(1, separation / (2 * radius)))
            radius = startRadius + b * theta
        }
        return offsets
    }
}
