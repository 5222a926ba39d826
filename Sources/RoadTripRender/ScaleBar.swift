import Foundation
import RoadTripCore

/// A map's scale bar: one metric and one imperial bar of round lengths (1, 2 or 5 × 10ⁿ of a unit),
/// each as long as it can be without exceeding `maximumLength` pixels, like Leaflet's `L.Control.Scale`
/// (which also offers 3 × 10ⁿ; roadtrip keeps 1-2-5).
public struct ScaleBar: Sendable, Hashable {
    /// One bar: its ground length, its label and its drawn length.
    public struct Bar: Sendable, Hashable {
        /// Ground distance in metres (exact: 1 ft = 0.3048 m, 1 mi = 5,280 ft = 1,609.344 m).
        public let metres: Double
        /// Label such as `"500 m"`, `"2 km"`, `"200 ft"` or `"5 mi"`.
        public let label: String
        /// Drawn length in pixels: `metres / metresPerPixel`.
        public let length: Double
    }

    /// Metric bar, labelled in m below 1,000 m and in km from 1 km.
    public let metric: Bar
    /// Imperial bar, in miles when `maximumLength` pixels cover more than one mile, else in feet.
    public let imperial: Bar

    /// The bars for a map scale.
    ///
    /// - Parameters:
    ///   - metresPerPixel: ground metres per pixel at the map's center (`MapView.metresPerPixel`), > 0.
    ///   - maximumLength: the longest a bar may be, in pixels (default 100).
    public init(metresPerPixel: Double, maximumLength: Double = 100) {
        let maximumMetres = metresPerPixel * maximumLength
        let metres = Self.roundLength(atMost: maximumMetres)
        metric = Bar(
            metres: metres,
            label: metres >= 1000 ? "\(Self.text(metres / 1000)) km" : "\(Self.text(metres)) m",
            length: metres / metresPerPixel)

        let metresPerFoot = 0.3048, feetPerMile = 5280.0
        let maximumFeet = maximumMetres / metresPerFoot
        if maximumFeet > feetPerMile {
            let miles = Self.roundLength(atMost: maximumFeet / feetPerMile)
            let bar = miles * feetPerMile * metresPerFoot
            imperial = Bar(metres: bar, label: "\(Self.text(miles)) mi", length: bar / metresPerPixel)
        } else {
            let feet = Self.roundLength(atMost: maximumFeet)
            let bar = feet * metresPerFoot
            imperial = Bar(metres: bar, label: "\(Self.text(feet)) ft", length: bar / metresPerPixel)
        }
    }

    /// The largest `d × 10ⁿ ≤ value` with `d` in 1, 2, 5 (`value` > 0).
    static func roundLength(atMost value: Double) -> Double {
        let power = pow(10, (log10(value)).rounded(.down))
        let leading = value / power
        // `leading` is in [1, 10) up to log10/pow rounding (log10(1000) may come out just under 3,
        // giving 10); 1e-9 absorbs that rounding when `value` is itself a round number.
        let digit = [10.0, 5, 2, 1].first { leading >= $0 - 1e-9 } ?? 1
        return digit * power
    }

    private static func text(_ value: Double) -> String {
        DecimalText.string(value, maximumFractionDigits: 6)
    }
}
