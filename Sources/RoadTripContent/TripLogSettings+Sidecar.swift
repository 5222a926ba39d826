import Foundation
import RoadTripCore
import RoadTripFormats

/// Reading a trip log's sidecar (`trips/<slug>.yaml`, or `trip.yaml` inside a recording folder)
/// into its `TripLogSettings`, on top of the site's `trips.preset`.
extension TripLogSettings {
    /// The sidecar of the trip log at `url`: `<slug>.yaml` beside a file, `trip.yaml` inside a
    /// recording folder (DESIGN §2.5).
    public static func sidecarURL(forLogAt url: URL, isFolder: Bool) -> URL {
        isFolder ? url.appendingPathComponent("trip.yaml")
            : url.deletingLastPathComponent().appendingPathComponent(url.deletingPathExtension().lastPathComponent + ".yaml")
    }

    /// Reads the sidecar at `url` (if it exists) over the preset `sitePreset`. Problems are
    /// reported to `log` at their line: an unknown preset or filter name or a bad value is an error
    /// (the trip would be filtered differently from what the author asked), an unknown key a warning.
    /// Returns `nil` when the sidecar cannot be used.
    /// `overridingPreset` (the command line's `--preset`) replaces the sidecar's own `preset`.
    /// A filter given as `off` or null in the sidecar is switched off.
    public static func load(
        sidecar url: URL, path: String, sitePreset: String, overridingPreset: String? = nil, log: DiagnosticLog
    ) -> TripLogSettings? {
        let base = FilterSettings.preset(named: overridingPreset ?? sitePreset) ?? .roadTrip
        guard FileBytes.isPresent(url) else { return TripLogSettings(filters: base) }
        guard case .success(let root) = YAMLFile.read(url, path: path, log: log) else { return nil }
        var settings = TripLogSettings(filters: base)
        guard let root else { return settings }
        var reader = ConfigReader(path: path, log: log)
        reader.severity = .error
        let errorsBefore = log.errorCount
        guard let pairs = reader.mapping(root, name: "trip sidecar") else { return nil }
        if let presetNode = root["preset"], overridingPreset == nil {
            reader.string(presetNode, "preset") { name in
                if let preset = FilterSettings.preset(named: name) {
                    settings.filters = preset
                } else {
                    reader.fail(presetNode, "unknown preset '\(name)' (known: \(FilterSettings.presetNames.joined(separator: ", ")))")
                }
            }
        }
        var overrides: [String: (Double, YAMLNode)] = [:]
        var switchedOff: [(String, YAMLNode)] = []
        for pair in pairs {
            let key = pair.key.stringValue ?? ""
            switch key {
            case "preset": break
            case "title": reader.string(pair.value, key) { settings.title = $0 }
            case "columns":
                var columns: [String: String] = [:]
                reader.forEachKey(pair.value, "columns", known: Set(GenericCSVReader.fields + GenericCSVReader.options)) { field, value in
                    reader.string(value, "columns.\(field)") { columns[field] = $0 }
                }
                settings.columns = columns
            case _ where FilterSettings.names.contains(key):
                if pair.value.isNull || pair.value.stringValue == "off" {
                    switchedOff.append((key, pair.value))
                } else {
                    reader.number(pair.value, key) { overrides[key] = ($0, pair.value) }
                }
            default:
                reader.unknown(pair.key, key, known: ["preset", "title", "columns"] + FilterSettings.names)
            }
        }
        for (name, _) in switchedOff { _ = settings.filters.clear(name) }
        for name in FilterSettings.names {
            guard let (value, node) = overrides[name] else { continue }
            if let problem = settings.filters.set(name, to: value) { reader.fail(node, problem) }
        }
        if overrides["filteringFactor"] != nil, let node = overrides["cutoffFrequency"]?.1 {
            reader.fail(node, "give filteringFactor or cutoffFrequency, not both")
        }
        return log.errorCount == errorsBefore ? settings : nil
    }
}
