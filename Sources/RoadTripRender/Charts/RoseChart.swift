import Foundation
import RoadTripCore

/// A rose: a polar histogram of directions (compass headings, or GPS courses when the log has no
/// compass), as inline SVG (a trip page's "heading rose").
///
/// Directions are degrees clockwise from north. Sector k of n is centred on k · w degrees, where
/// w = 360 / n, and holds [k · w − w/2, k · w + w/2): a direction d in 0 ..< 360 goes to
/// `floor((d + w/2) / w) mod n` — for 16 sectors of 22.5° centred on N, 359° gives
/// floor(370.25 / 22.5) = 16 → 0 (N), 1° gives floor(12.25 / 22.5) = 0 (N), and 11.25° gives
/// floor(22.5 / 22.5) = 1 (NNE): a boundary belongs to the next sector clockwise. Directions of
/// 360° or more are first reduced modulo 360; negative ones (Core Location's "invalid") and
/// non-finite ones are ignored.
///
/// Output (SVG 1.1, well-formed, no script; pixels with at most 2 decimals):
/// ```
/// <svg xmlns=… version="1.1" width=S height=S+24 viewBox=… class="roadtrip-chart roadtrip-rose" role="img" …>
///   <title id="{p}rose-title">Heading rose (true)</title>
///   <desc id="{p}rose-desc">Dominant direction: NE (45°), 412 of 1,204 samples (34%). …</desc>
///   <rect class="chart-background" …/>
///   <g class="rose-grid"> <circle …/>… (¼, ½, ¾ and all of the largest count) <path …spokes…/> </g>
///   <g class="rose-sectors"> <path class="rose-sector" data-sector="k" data-count="c" d="M cx,cy L … A … Z"><title>NE: 412 samples</title></path>… </g>
///   <g class="rose-labels"> <text>N</text> <text>E</text> <text>S</text> <text>W</text> </g>
///   <text class="rose-caption">Outer ring: 412 of 1,204 samples</text>
/// </svg>
/// ```
/// Each sector is a wedge whose radius is proportional to its count (the largest reaches the
/// outer ring; empty sectors draw nothing). Note that the wedge's area then grows with the square
/// of the count; the rings and the caption give the scale. A direction θ at radius r is drawn at
/// `(cx + r · sin θ, cy − r · cos θ)` (north up, clockwise). Meaning does not rest on colour:
/// the bars are one colour, with compass labels and a caption. The `<desc>` names the dominant
/// direction (the fullest sector; the first clockwise from north on a tie).
public struct RoseChart {
    /// How many sectors the circle is cut into.
    public enum Sectors: Int, Sendable, CaseIterable {
        /// 16 sectors of 22.5°, named by the 16 compass points (N, NNE, NE, …).
        case sixteen = 16
        /// 36 sectors of 10°, named by their central direction in degrees.
        case thirtySix = 36
    }

    /// The 16 compass points, clockwise from north.
    static let compassPoints = [
        "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
    ]

    /// The SVG text (no XML declaration, for inlining in HTML) of the rose of `directions`.
    ///
    /// - Parameters:
    ///   - title: the text alternative's name (`<title>`): `"Heading rose (true)"`,
    ///     `"Heading rose (magnetic)"` or `"Course rose"`.
    ///   - directions: degrees clockwise from north (headings or courses); negative and
    ///     non-finite values are ignored.
    ///   - sectors: 16 (the default) or 36.
    ///   - size: the rose's width in CSS pixels; the SVG is `size` × `size + 24` (a caption line
    ///     below).
    ///   - idPrefix: prepended to every `id` (letters, digits, `-`, `_`) so several charts can sit
    ///     on one page.
    public static func svg(
        title: String, directions: some Sequence<Double>, sectors: Sectors = .sixteen, size: Double = 320,
        idPrefix: String = ""
    ) -> String {
        let size = max(size, 120)
        let counts = counts(of: directions, sectors: sectors)
        let total = counts.reduce(0, +)
        let largest = counts.max() ?? 0
        let centre = size / 2
        let radius = size / 2 - 30
        let height = size + 24
        let sectorWidth = 360 / Double(sectors.rawValue)
        return ChartDocument.svg(
            kind: "roadtrip-rose", width: size, height: height, title: title, titleID: "\(idPrefix)rose-title",
            description: describe(counts: counts, sectors: sectors), descriptionID: "\(idPrefix)rose-desc"
        ) { writer in
            writer.element("g", attributes: [
                ("class", "rose-grid"), ("fill", "none"), ("stroke", "#cccccc"), ("stroke-width", "1"),
            ]) {
                for quarter in 1...4 {
                    writer.element("circle", attributes: [
                        ("cx", SVGPixels.text(centre)), ("cy", SVGPixels.text(centre)),
                        ("r", SVGPixels.text(radius * Double(quarter) / 4)),
                    ])
                }
                let c = SVGPixels.text(centre)
                writer.element("path", attributes: [(
                    "d", "M\(c),\(SVGPixels.text(centre - radius))V\(SVGPixels.text(centre + radius))"
                        + "M\(SVGPixels.text(centre - radius)),\(c)H\(SVGPixels.text(centre + radius))"
                )])
            }
            writer.element("g", attributes: [
                ("class", "rose-sectors"), ("fill", "#1f5fa8"), ("stroke", "#ffffff"), ("stroke-width", "1"),
            ]) {
                for (index, count) in counts.enumerated() where count > 0 {
                    let length = radius * Double(count) / Double(largest)
                    let middle = Double(index) * sectorWidth
                    writer.element("path", attributes: [
                        ("class", "rose-sector"), ("data-sector", String(index)), ("data-count", String(count)),
                        ("d", wedge(centre: centre, radius: length, from: middle - sectorWidth / 2,
                                    to: middle + sectorWidth / 2)),
                    ]) {
                        writer.element("title", text: "\(sectorName(index, sectors: sectors)): \(samples(count))")
                    }
                }
            }
            writer.element("g", attributes: [
                ("class", "rose-labels"), ("fill", "#333333"), ("font-size", "13"), ("font-weight", "bold"),
                ("text-anchor", "middle"),
            ]) {
                let labelRadius = radius + 14
                for (label, degrees) in [("N", 0.0), ("E", 90), ("S", 180), ("W", 270)] {
                    let point = polar(centre: centre, radius: labelRadius, degrees: degrees)
                    writer.element("text", attributes: [
                        ("x", SVGPixels.text(point.x)), ("y", SVGPixels.text(point.y + 5)),
                    ], text: label)
                }
            }
            writer.element("text", attributes: [
                ("class", "rose-caption"), ("x", SVGPixels.text(centre)), ("y", SVGPixels.text(size + 14)),
                ("text-anchor", "middle"), ("fill", "#333333"),
            ], text: total == 0 ? "No directions" : "Outer ring: \(CountText.grouped(largest)) of \(samples(total))")
        }
    }

    /// The sector (0 ..< n, 0 centred on north, counting clockwise) of `degrees`, or `nil` for a
    /// negative or non-finite direction (see the type's documentation for the arithmetic).
    static func sector(of degrees: Double, sectors: Sectors) -> Int? {
        guard degrees.isFinite, degrees >= 0 else { return nil }
        let n = sectors.rawValue
        let width = 360 / Double(n)
        let reduced = degrees.truncatingRemainder(dividingBy: 360)
        return Int(((reduced + width / 2) / width).rounded(.down)) % n
    }

    /// How many of `directions` fall in each sector, indexed by sector.
    static func counts(of directions: some Sequence<Double>, sectors: Sectors) -> [Int] {
        var counts = [Int](repeating: 0, count: sectors.rawValue)
        for direction in directions {
            if let sector = sector(of: direction, sectors: sectors) { counts[sector] += 1 }
        }
        return counts
    }

    /// A sector's name: its compass point for 16 sectors (`"NNE"`), its central direction for 36
    /// (`"90°"`).
    static func sectorName(_ index: Int, sectors: Sectors) -> String {
        switch sectors {
        case .sixteen: return compassPoints[index]
        case .thirtySix: return "\(index * 10)°"
        }
    }

    /// The `<desc>`: "Dominant direction: NE (45°), 412 of 1,204 samples (34%); sectors of 22.5°."
    private static func describe(counts: [Int], sectors: Sectors) -> String {
        let total = counts.reduce(0, +)
        guard total > 0, let largest = counts.max(), let dominant = counts.firstIndex(of: largest) else {
            return "No valid directions."
        }
        let width = 360 / Double(sectors.rawValue)
        let centre = DecimalText.string(Double(dominant) * width, maximumFractionDigits: 2)
        let name = sectors == .sixteen ? "\(compassPoints[dominant]) (\(centre)°)" : "\(centre)°"
        let percent = DecimalText.string(100 * Double(largest) / Double(total), maximumFractionDigits: 0)
        return "Dominant direction: \(name), \(CountText.grouped(largest)) of \(samples(total)) (\(percent)%); "
            + "\(sectors.rawValue) sectors of \(DecimalText.string(width, maximumFractionDigits: 2))°, "
            + "degrees clockwise from north."
    }

    /// "1 sample" / "1,204 samples".
    private static func samples(_ count: Int) -> String {
        CountText.counted(count, "sample")
    }

    /// The point at `radius` pixels from the centre in compass direction `degrees` (north up).
    private static func polar(centre: Double, radius: Double, degrees: Double) -> (x: Double, y: Double) {
        let radians = degrees * .pi / 180
        return (centre + radius * sin(radians), centre - radius * cos(radians))
    }

    /// A wedge from the centre between two compass directions (less than 180° apart), clockwise.
    private static func wedge(centre: Double, radius: Double, from start: Double, to end: Double) -> String {
        let first = polar(centre: centre, radius: radius, degrees: start)
        let last = polar(centre: centre, radius: radius, degrees: end)
        let r = SVGPixels.text(radius)
        // Sweep flag 1: the arc runs in the positive-angle direction, clockwise on screen (SVG 1.1 §8.3.8).
        return "M\(SVGPixels.text(centre)),\(SVGPixels.text(centre))L\(SVGPixels.text(first.x)),\(SVGPixels.text(first.y))"
            + "A\(r),\(r) 0 0 1 \(SVGPixels.text(last.x)),\(SVGPixels.text(last.y))Z"
    }
}
