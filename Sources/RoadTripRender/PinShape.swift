import Foundation
import RoadTripCore

/// The teardrop outline of a map pin, tip at (0, 0), head above it (SVG y grows down).
///
/// The head is a circle of radius `headRadius` centred `headCenterDistance` above the tip; the sides
/// are the two tangents from the tip to that circle. The tangent points sit at angle
/// `α = acos(r / c)` from the downward axis, at `(±r sin α, −c + r cos α)`, and the arc between
/// them goes over the top (large-arc 1, sweep 1 = clockwise on screen).
struct PinShape: Sendable {
    /// Radius of the round head, pixels.
    let headRadius: Double
    /// Distance from the tip up to the head's center, pixels.
    let headCenterDistance: Double

    /// Points of interest and other pins: 9-px head, 22 px from the tip.
    static let regular = PinShape(headRadius: 9, headCenterDistance: 22)
    /// The destination: a larger pin, 12-px head, 30 px from the tip.
    static let large = PinShape(headRadius: 12, headCenterDistance: 30)

    /// The pin of an annotation of `kind`: the destination's is `large`, every other `regular`.
    static func shape(for kind: Annotation.Kind) -> PinShape { kind == .destination ? .large : .regular }

    /// The pin's height from its tip to the top of its head, `headCenterDistance + headRadius`
    /// (31 px regular, 42 px large), pixels: two pins whose tips are closer than this can put one
    /// over the other's head (straight above or below it, up to the full height), so the map
    /// spreads them (`PinSpread`). The theme's script uses the same two values (`PIN_SIZES`).
    var size: Double { headCenterDistance + headRadius }

    /// `path` and `starPath` of the two pin sizes, computed once (every pin of every map uses one).
    static let regularOutline = regular.path
    static let largeOutline = large.path
    static let largeStar = large.starPath

    /// SVG path data of the outline.
    var path: String {
        let r = headRadius, c = headCenterDistance
        let alpha = acos(r / c)
        let x = Self.text(r * sin(alpha)), y = Self.text(-c + r * cos(alpha))
        return "M0,0L-\(x),\(y)A\(Self.text(r)),\(Self.text(r)) 0 1 1 \(x),\(y)Z"
    }

    /// A five-pointed star centred in the head (outer radius 0.6 r, inner 0.25 r), point up.
    var starPath: String {
        let outer = headRadius * 0.6, inner = headRadius * 0.25
        let points = (0..<10).map { index -> String in
            let radius = index.isMultiple(of: 2) ? outer : inner
            let angle = Double(index) * .pi / 5  // from straight up, clockwise
            return "\(Self.text(radius * sin(angle))),\(Self.text(-headCenterDistance - radius * cos(angle)))"
        }
        return "M" + points.joined(separator: "L") + "Z"
    }

    private static func text(_ value: Double) -> String {
        DecimalText.string(value, maximumFractionDigits: 2)
    }
}
