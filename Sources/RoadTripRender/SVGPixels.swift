import RoadTripCore

/// Lengths in the SVG that roadtrip writes (maps and charts): CSS pixels with at most 2 decimals
/// (1/100 px, finer than any screen shows), in plain notation, so the files stay small and the
/// same on every machine.
enum SVGPixels {
    /// `value` pixels as SVG attribute text: `12.35`, `400`, never `1e-7` (`DecimalText`).
    static func text(_ value: Double) -> String {
        DecimalText.string(value, maximumFractionDigits: 2)
    }
}
