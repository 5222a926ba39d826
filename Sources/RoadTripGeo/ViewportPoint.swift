/// A position in a map view's viewport, in CSS pixels: `x` from its left edge to the right, `y`
/// from its top edge down (as in SVG); what `MapView.point(for:)` gives for a coordinate. The
/// offline basemap's rings (`BasemapDrawing.Point`) and the pins' spread (`PinSpread`) are drawn
/// in these.
public struct ViewportPoint: Sendable, Hashable {
    /// Pixels right of the left edge.
    public var x: Double
    /// Pixels below the top edge.
    public var y: Double

    /// The point `x`, `y` pixels from the viewport's top-left corner.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
