import Foundation
import RoadTripCore
import RoadTripFormats
import RoadTripCompute

/// A line chart of one or more series over elapsed time, as inline SVG (a trip page's speed,
/// elevation and acceleration charts).
///
/// Output (SVG 1.1, well-formed, no script; pixels with at most 2 decimals):
/// ```
/// <svg xmlns=… version="1.1" width=W height=H viewBox="0 0 W H" class="roadtrip-chart roadtrip-time-series"
///      role="img" font-family="sans-serif" font-size="11"
///      data-time-start=… data-time-end=… data-plot-left=… data-plot-right=… data-plot-top=… data-plot-bottom=…>
///   <title id="{p}chart-title">…</title> <desc id="{p}chart-desc">…</desc>
///   <rect class="chart-background" …/>                    white, so contrast holds on any page
///   <g class="chart-panel"> …one per panel, stacked top to bottom…
///     <g class="chart-legend"> <g class="chart-legend-item"> <path …sample line…/> <text>name</text> </g> … </g>
///     <g class="chart-grid"> <path …/> </g>
///     <g class="chart-axis chart-axis-y"> <path/> <text class="chart-tick-label">…</text>… <text class="chart-axis-label">Speed (km/h)</text> </g>
///     <g class="chart-axis chart-axis-time"> <path/> <text class="chart-tick-label">0:00</text>… <text class="chart-axis-label">Time since start (h:mm)</text> </g>
///     <path class="chart-series chart-series-0" data-series="Speed" d="M…L…"/> …
///   </g>
/// </svg>
/// ```
/// Layout of a panel of `width` × `height` pixels whose top is at `top`: the plot area spans
/// x from `marginLeft` (64) to `width − marginRight` (16) and y from `top + marginTop` (32, the
/// legend row) to `top + height − marginBottom` (40, the time labels and caption). A time t maps
/// to `x = 64 + (t − start) / (end − start) · plotWidth`, where start…end is the span of every
/// drawn time (shared by stacked panels); a value v maps to
/// `y = plotBottom − (v − lower) / (upper − lower) · plotHeight`, lower…upper being the panel's
/// `NiceScale` (Heckbert's nice numbers: ticks of 1, 2 or 5 × 10ⁿ).
///
/// - Gaps: a `nil` value (or a non-finite time or value) ends the line; the next value starts a
///   new subpath (`M`). A run of a single point draws as a dot (a zero-length subpath with round
///   caps).
/// - Size: each series is decimated to at most two vertices per pixel column per unbroken run
///   (`ColumnDecimation`: min and max of the column, in time order), so a million samples draw as
///   ~1,500 vertices and the global extremes survive.
/// - Accessibility: `role="img"` with `<title>` and `<desc>` first (SVG 1.1 §5.4; no
///   `aria-labelledby`, which SVG 1.1 does not allow and the Nu validator rejects); the `<desc>`
///   gives the time span and each series' minimum and maximum with their times. Series differ by
///   dash pattern and legend text, not colour alone (WCAG 2.1 SC 1.4.1), and the default colours
///   have ≥ 4.5:1 contrast on the white background (SC 1.4.11 asks 3:1).
/// - Times are seconds since the start of the recording; values are drawn in the order given
///   (sort them by time first).
public struct TimeSeriesChart {
    /// One line of the chart.
    public struct Series: Sendable {
        /// The legend text, e.g. `"Speed"`.
        public var name: String
        /// The samples: `time` in seconds since the start, `value` in the chart's unit (see its
        /// `yLabel`); `nil` marks a gap (the line breaks there).
        public var values: [(time: Double, value: Double?)]
        /// The stroke colour, a CSS/SVG colour such as `"#1f5fa8"`; pick one with ≥ 3:1 contrast
        /// on white.
        public var colour: String
        /// An SVG `stroke-dasharray` such as `"8 4"`, or `nil` for a solid line; give each series
        /// of a chart a different one so they differ by more than colour.
        public var dash: String?

        /// Creates a series; see the properties for units.
        public init(name: String, values: [(time: Double, value: Double?)], colour: String, dash: String? = nil) {
            self.name = name
            self.values = values
            self.colour = colour
            self.dash = dash
        }
    }

    /// One of several charts stacked on a shared time axis (`stackedSVG`).
    public struct Panel: Sendable {
        /// The value axis caption with its unit, e.g. `"Elevation (m)"`.
        public var yLabel: String
        /// The lines drawn in this panel.
        public var series: [Series]
        /// `true` stretches the value axis to 0 when the data stay on one side of it (speeds,
        /// magnitudes: a bar-like baseline), `false` fits the axis to the data (elevation).
        public var includesZero: Bool

        /// Creates a panel.
        public init(yLabel: String, series: [Series], includesZero: Bool = false) {
            self.yLabel = yLabel
            self.series = series
            self.includesZero = includesZero
        }
    }

    /// Left margin in pixels: y tick labels and the rotated y caption.
    static let marginLeft = 64.0
    /// Right margin in pixels.
    static let marginRight = 16.0
    /// Top margin of each panel in pixels: the legend row.
    static let marginTop = 32.0
    /// Bottom margin of each panel in pixels: time tick labels and the time caption.
    static let marginBottom = 40.0
    /// About one time tick per this many pixels.
    static let pixelsPerTimeTick = 80.0

    /// The SVG text (no XML declaration, for inlining in HTML) of one chart.
    ///
    /// - Parameters:
    ///   - title: the text alternative's name (`<title>`), e.g. `"Acceleration"`.
    ///   - yLabel: the value axis caption with its unit, e.g. `"Speed (km/h)"`.
    ///   - series: the lines; their values share the value axis.
    ///   - width: the chart's width in CSS pixels.
    ///   - height: the chart's height in CSS pixels.
    ///   - includesZero: `true` stretches the value axis to include 0 (see `Panel.includesZero`).
    ///   - idPrefix: prepended to every `id` (letters, digits, `-`, `_`) so several charts can sit
    ///     on one page.
    public static func svg(
        title: String, yLabel: String, series: [Series], width: Double = 800, height: Double = 240,
        includesZero: Bool = false, idPrefix: String = ""
    ) -> String {
        stackedSVG(title: title, panels: [Panel(yLabel: yLabel, series: series, includesZero: includesZero)],
                   width: width, panelHeight: height, idPrefix: idPrefix)
    }

    /// The SVG text of several panels stacked top to bottom, each with its own value axis and
    /// legend, all on one time axis (the span of every panel's times): for quantities with
    /// different units over the same drive, such as speed and elevation. The SVG is
    /// `width` × `panelHeight · panels.count` pixels; other parameters as in `svg`.
    public static func stackedSVG(
        title: String, panels: [Panel], width: Double = 800, panelHeight: Double = 240, idPrefix: String = ""
    ) -> String {
        let width = max(width, marginLeft + marginRight + 1)
        let panelHeight = max(panelHeight, marginTop + marginBottom + 1)
        let summaries = panels.map { $0.series.map(SeriesSummary.init) }
        let allSummaries = summaries.flatMap { $0 }
        let start = allSummaries.compactMap(\.firstTime).min() ?? 0
        let end = allSummaries.compactMap(\.lastTime).max() ?? 0
        let plotWidth = width - marginLeft - marginRight
        let axis = TimeAxis(start: start, end: end, maximumTickCount: Int(plotWidth / pixelsPerTimeTick))
        let scales = zip(panels, summaries).map { panel, panelSummaries -> NiceScale in
            guard let minimum = panelSummaries.compactMap({ $0.minimum?.value }).min(),
                  let maximum = panelSummaries.compactMap({ $0.maximum?.value }).max() else {
                return NiceScale(minimum: 0, maximum: 1)
            }
            return panel.includesZero
                ? NiceScale(minimum: min(minimum, 0), maximum: max(maximum, 0))
                : NiceScale(minimum: minimum, maximum: maximum)
        }
        let totalHeight = panelHeight * Double(max(panels.count, 1))
        let description = describe(panels: panels, summaries: summaries, scales: scales, axis: axis)
        // Where the plots are and which times their edges stand for, for a script that links the
        // chart to a map (the trip page's cursor): pixels and seconds.
        let plotArea = [
            ("data-time-start", SVGPixels.text(axis.start)), ("data-time-end", SVGPixels.text(axis.end)),
            ("data-plot-left", SVGPixels.text(marginLeft)), ("data-plot-right", SVGPixels.text(width - marginRight)),
            ("data-plot-top", SVGPixels.text(marginTop)), ("data-plot-bottom", SVGPixels.text(totalHeight - marginBottom)),
        ]
        return ChartDocument.svg(
            kind: "roadtrip-time-series", width: width, height: totalHeight, title: title, titleID: "\(idPrefix)chart-title",
            description: description, descriptionID: "\(idPrefix)chart-desc", dataAttributes: plotArea
        ) { writer in
            for (index, panel) in panels.enumerated() {
                let frame = PlotFrame(
                    left: marginLeft, right: width - marginRight,
                    top: Double(index) * panelHeight + marginTop,
                    bottom: Double(index + 1) * panelHeight - marginBottom)
                writePanel(panel, frame: frame, scale: scales[index], axis: axis,
                           hasData: summaries[index].contains { $0.count > 0 }, to: writer)
            }
        }
    }

    // MARK: - Trip charts

    /// The trip page's speed and elevation chart: two panels stacked on one time axis (simpler to
    /// read than one panel with two value axes, whose scales invite false comparisons), speed on
    /// top in km/h (converted from m/s: × 3.6) on an axis from 0, elevation below in metres on an
    /// axis fitted to the data.
    ///
    /// - Parameters:
    ///   - speeds: ground speed in m/s against seconds since the start (`TrackProfile.speeds`);
    ///     `nil` or negative (Core Location's "invalid") is a gap.
    ///   - altitudes: elevation in metres against seconds since the start; `nil` is a gap (0 m is a
    ///     real value).
    ///   - width: the chart's width in CSS pixels.
    ///   - panelHeight: each panel's height in CSS pixels.
    ///   - idPrefix: as in `svg`.
    public static func speedAndElevationChart(
        speeds: [(time: Double, value: Double?)], altitudes: [(time: Double, value: Double?)], width: Double = 800,
        panelHeight: Double = 200, idPrefix: String = ""
    ) -> String {
        let speedValues = speeds.map { sample -> (time: Double, value: Double?) in
            (sample.time, sample.value.flatMap { $0 >= 0 ? $0 * 3.6 : nil })
        }
        return stackedSVG(
            title: "Speed and elevation",
            panels: [
                Panel(yLabel: "Speed (km/h)", series: [Series(name: "Speed", values: speedValues, colour: "#1f5fa8")],
                      includesZero: true),
                Panel(yLabel: "Elevation (m)", series: [Series(name: "Elevation", values: altitudes, colour: "#2e7d32")]),
            ],
            width: width, panelHeight: panelHeight, idPrefix: idPrefix)
    }

    /// The trip page's acceleration chart: three magnitudes in g over time — the raw reading
    /// (solid grey), the low-pass gravity estimate (blue, long dashes) and the high-pass motion
    /// (orange, short dashes) that `AccelerationFilter` computes (the low-pass filter's gravity), on an axis from 0.
    ///
    /// - Parameters:
    ///   - times: seconds since the start, one per sample.
    ///   - raw: |(x, y, z)| of the raw samples, in g; `nil` is a gap.
    ///   - gravity: |low-pass output|, in g; `nil` is a gap.
    ///   - motion: |high-pass output|, in g; `nil` is a gap.
    ///   - width, height, idPrefix: as in `svg`.
    ///   Values beyond the length of `times` are ignored.
    public static func accelerationChart(
        times: [Double], raw: [Double?], gravity: [Double?], motion: [Double?], width: Double = 800,
        height: Double = 240, idPrefix: String = ""
    ) -> String {
        func values(_ magnitudes: [Double?]) -> [(time: Double, value: Double?)] {
            zip(times, magnitudes).map { (time: $0, value: $1) }
        }
        return svg(
            title: "Acceleration", yLabel: "Acceleration (g)",
            series: [
                Series(name: "Raw", values: values(raw), colour: "#595959"),
                Series(name: "Gravity (low-pass)", values: values(gravity), colour: "#1f5fa8", dash: "8 4"),
                Series(name: "Motion (high-pass)", values: values(motion), colour: "#b2461e", dash: "2 3"),
            ],
            width: width, height: height, includesZero: true, idPrefix: idPrefix)
    }

    // MARK: - Drawing

    /// The plot area of one panel, in pixels.
    struct PlotFrame {
        let left: Double, right: Double, top: Double, bottom: Double
    }

    /// The pixel x of `time` in `frame` (see the type's documentation).
    static func x(_ time: Double, axis: TimeAxis, frame: PlotFrame) -> Double {
        frame.left + (time - axis.start) / (axis.end - axis.start) * (frame.right - frame.left)
    }

    /// The pixel y of `value` in `frame`.
    static func y(_ value: Double, scale: NiceScale, frame: PlotFrame) -> Double {
        frame.bottom - (value - scale.lower) / (scale.upper - scale.lower) * (frame.bottom - frame.top)
    }

    private static func writePanel(
        _ panel: Panel, frame: PlotFrame, scale: NiceScale, axis: TimeAxis, hasData: Bool,
        to writer: XMLDocumentWriter
    ) {
        writer.element("g", attributes: [("class", "chart-panel")]) {
            writeLegend(panel.series, frame: frame, to: writer)
            var grid = ""
            for tick in scale.ticks {
                let y = SVGPixels.text(y(tick, scale: scale, frame: frame))
                grid += "M\(SVGPixels.text(frame.left)),\(y)H\(SVGPixels.text(frame.right))"
            }
            for tick in axis.ticks {
                grid += "M\(SVGPixels.text(x(tick, axis: axis, frame: frame))),\(SVGPixels.text(frame.top))V\(SVGPixels.text(frame.bottom))"
            }
            writer.element("g", attributes: [("class", "chart-grid")]) {
                writer.element("path", attributes: [
                    ("d", grid), ("fill", "none"), ("stroke", "#dddddd"), ("stroke-width", "1"),
                ])
            }
            let middleY = (frame.top + frame.bottom) / 2
            writer.element("g", attributes: [("class", "chart-axis chart-axis-y"), ("fill", "#333333")]) {
                writer.element("path", attributes: [
                    ("d", "M\(SVGPixels.text(frame.left)),\(SVGPixels.text(frame.top))V\(SVGPixels.text(frame.bottom))"),
                    ("stroke", "#595959"), ("stroke-width", "1"),
                ])
                for tick in scale.ticks {
                    writer.element("text", attributes: [
                        ("class", "chart-tick-label"), ("x", SVGPixels.text(frame.left - 6)),
                        ("y", SVGPixels.text(y(tick, scale: scale, frame: frame) + 4)), ("text-anchor", "end"),
                        ("data-value", DecimalText.string(tick, maximumFractionDigits: 12)),
                    ], text: scale.label(tick))
                }
                writer.element("text", attributes: [
                    ("class", "chart-axis-label"), ("transform", "translate(14,\(SVGPixels.text(middleY))) rotate(-90)"),
                    ("text-anchor", "middle"),
                ], text: panel.yLabel)
            }
            writer.element("g", attributes: [("class", "chart-axis chart-axis-time"), ("fill", "#333333")]) {
                writer.element("path", attributes: [
                    ("d", "M\(SVGPixels.text(frame.left)),\(SVGPixels.text(frame.bottom))H\(SVGPixels.text(frame.right))"),
                    ("stroke", "#595959"), ("stroke-width", "1"),
                ])
                for tick in axis.ticks {
                    writer.element("text", attributes: [
                        ("class", "chart-tick-label"), ("x", SVGPixels.text(x(tick, axis: axis, frame: frame))),
                        ("y", SVGPixels.text(frame.bottom + 16)), ("text-anchor", "middle"),
                        ("data-seconds", DecimalText.string(tick, maximumFractionDigits: 3)),
                    ], text: axis.label(tick))
                }
                writer.element("text", attributes: [
                    ("class", "chart-axis-label"), ("x", SVGPixels.text((frame.left + frame.right) / 2)),
                    ("y", SVGPixels.text(frame.bottom + 32)), ("text-anchor", "middle"),
                ], text: "Time since start (\(axis.format.name))")
            }
            if !hasData {
                writer.element("text", attributes: [
                    ("class", "chart-no-data"), ("x", SVGPixels.text((frame.left + frame.right) / 2)),
                    ("y", SVGPixels.text(middleY)), ("text-anchor", "middle"), ("fill", "#333333"),
                ], text: "No data")
            }
            for (index, series) in panel.series.enumerated() {
                let d = pathData(series, scale: scale, axis: axis, frame: frame)
                guard !d.isEmpty else { continue }
                var attributes: [(String, String)] = [
                    ("class", "chart-series chart-series-\(index)"), ("data-series", series.name), ("d", d),
                    ("fill", "none"), ("stroke", series.colour), ("stroke-width", "1.5"),
                    ("stroke-linejoin", "round"), ("stroke-linecap", "round"),
                ]
                if let dash = series.dash { attributes.append(("stroke-dasharray", dash)) }
                writer.element("path", attributes: attributes)
            }
        }
    }

    /// One legend item per series along the top of the panel: a 24-pixel sample of the line
    /// (colour and dash) and the name as text.
    private static func writeLegend(_ series: [Series], frame: PlotFrame, to writer: XMLDocumentWriter) {
        writer.element("g", attributes: [("class", "chart-legend"), ("fill", "#333333")]) {
            var x = frame.left
            let lineY = frame.top - 18
            for item in series {
                writer.element("g", attributes: [("class", "chart-legend-item")]) {
                    var attributes: [(String, String)] = [
                        ("d", "M\(SVGPixels.text(x)),\(SVGPixels.text(lineY))h24"), ("fill", "none"),
                        ("stroke", item.colour), ("stroke-width", "2"),
                    ]
                    if let dash = item.dash { attributes.append(("stroke-dasharray", dash)) }
                    writer.element("path", attributes: attributes)
                    writer.element("text", attributes: [("x", SVGPixels.text(x + 30)), ("y", SVGPixels.text(lineY + 4))], text: item.name)
                }
                // About 6.5 px per character at 11 px sans-serif, then a 20 px gap.
                x += 30 + 6.5 * Double(item.name.count) + 20
            }
        }
    }

    /// The series' `d`: one `M` per unbroken run, `L` to each further vertex, decimated per column.
    static func pathData(_ series: Series, scale: NiceScale, axis: TimeAxis, frame: PlotFrame) -> String {
        var decimation = ColumnDecimation()
        for sample in series.values {
            guard let value = sample.value, value.isFinite, sample.time.isFinite else {
                decimation.breakLine()
                continue
            }
            decimation.add(x: x(sample.time, axis: axis, frame: frame), y: y(value, scale: scale, frame: frame))
        }
        var d = ""
        for run in decimation.finish() {
            for (index, vertex) in run.enumerated() {
                d += index == 0 ? "M" : "L"
                d += SVGPixels.text(vertex.x)
                d += ","
                d += SVGPixels.text(vertex.y)
            }
            if run.count == 1 { d += "h0" }  // a lone sample: a dot from the round caps
        }
        return d
    }

    // MARK: - Text alternative

    /// Minimum, maximum and time span of one series' drawable values.
    struct SeriesSummary {
        var count = 0
        var minimum: (value: Double, time: Double)?
        var maximum: (value: Double, time: Double)?
        var firstTime: Double?
        var lastTime: Double?

        init(_ series: Series) {
            for sample in series.values {
                guard let value = sample.value, value.isFinite, sample.time.isFinite else { continue }
                count += 1
                if minimum == nil || value < minimum!.value { minimum = (value, sample.time) }
                if maximum == nil || value > maximum!.value { maximum = (value, sample.time) }
                if firstTime == nil || sample.time < firstTime! { firstTime = sample.time }
                if lastTime == nil || sample.time > lastTime! { lastTime = sample.time }
            }
        }
    }

    /// The `<desc>`: "Time since start from 0:00 to 1:23:45. Speed (km/h): Speed minimum 0 at
    /// 0:00:05, maximum 112.4 at 0:47:10. …" — values with one decimal more than the tick labels,
    /// times to the second (`h:mm:ss` when the span reaches an hour, `m:ss` otherwise).
    private static func describe(
        panels: [Panel], summaries: [[SeriesSummary]], scales: [NiceScale], axis: TimeAxis
    ) -> String {
        guard summaries.joined().contains(where: { $0.count > 0 }) else { return "No data." }
        let timeFormat: TimeAxis.Format = axis.format == .minutesSeconds ? .minutesSeconds : .hoursMinutesSeconds
        func time(_ seconds: Double) -> String { TimeAxis.label(seconds, format: timeFormat) }
        var sentences = ["Time since start from \(time(axis.start)) to \(time(axis.end))."]
        for (index, panel) in panels.enumerated() {
            let digits = scales[index].fractionDigits + 1
            func value(_ value: Double) -> String { DecimalText.string(value, maximumFractionDigits: digits) }
            let parts = zip(panel.series, summaries[index]).map { series, summary -> String in
                guard let minimum = summary.minimum, let maximum = summary.maximum else { return "\(series.name) no data" }
                return "\(series.name) minimum \(value(minimum.value)) at \(time(minimum.time)), "
                    + "maximum \(value(maximum.value)) at \(time(maximum.time))"
            }
            sentences.append("\(panel.yLabel): \(parts.joined(separator: "; ")).")
        }
        return sentences.joined(separator: " ")
    }
}
