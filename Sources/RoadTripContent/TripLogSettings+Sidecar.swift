import Foundation
import RoadTripCore
import RoadTripFormats

/// Reading a trip log's sidecar (`trips/<slug>.yaml`, or `trip.yaml` inside a recording folder)
/// into its `TripLogSettings`, on top of the site's `trips` filters.
extension TripLogSettings {
    /// The sidecar of the trip log at `url`: `<slug>.yaml` beside a file, `trip.yaml` inside a
    /// recording folder.
    public static func sidecarURL(forLogAt url: URL, isFolder: Bool) -> URL {
        URL(fileURLWithPath: sidecarPath(forLogAt: url.path, isFolder: isFolder))
    }

    /// The sidecar's path for the trip log at `path`, spelt as `path` is (relative stays relative),
    /// for messages: `trips/day1.yaml` for `trips/day1.gpx`, `trips/drive/trip.yaml` for a folder.
    public static func sidecarPath(forLogAt path: String, isFolder: Bool) -> String {
        isFolder ? (path as NSString).appendingPathComponent("trip.yaml") : (path as NSString).deletingPathExtension + ".yaml"
    }

    /// Reads the sidecar at `url` (if it exists) over the site's filters `siteFilters`
    /// (`site.yaml`'s `trips`: its preset and filters). Problems are reported to `log` at their
    /// line: an unknown preset or filter name or a bad value is an error (the trip would be
    /// filtered differently from what the author asked; `FilterSettingsReader`), an unknown key a
    /// warning. Returns `nil` when the sidecar cannot be used.
    /// The sidecar's `preset` replaces the site's filters with that preset's; `overridingPreset`
    /// (the command line's `--preset`) replaces both. A filter given as `off` or null in the
    /// sidecar is switched off. `from:`/`to:` (`SidecarDateRange`) read a date alone, or a date
    /// and time without an offset, in `timeZone` (the site's, or `--time-zone`).
    public static func load(
        sidecar url: URL, path: String, siteFilters: FilterSettings, overridingPreset: String? = nil,
        timeZone: TimeZone = .gmt, log: DiagnosticLog
    ) -> TripLogSettings? {
        let base = overridingPreset.flatMap(FilterSettings.preset(named:)) ?? siteFilters
        guard FileBytes.isPresent(url) else { return TripLogSettings(filters: base) }
        guard case .success(let root) = YAMLFile.read(url, path: path, log: log) else { return nil }
        var settings = TripLogSettings(filters: base)
        guard let root else { return settings }
        var reader = ConfigReader(path: path, log: log)
        reader.severity = .error
        let errorsBefore = log.errorCount
        guard let pairs = reader.mapping(root, name: "trip sidecar") else { return nil }
        if let presetNode = root["preset"], overridingPreset == nil,
            let preset = FilterSettingsReader.preset(presetNode, "preset", reader)
        {
            settings.filters = preset.filters
        }
        var filters = FilterSettingsReader()
        var dateRange = SidecarDateRange()
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
            case "from", "to": dateRange.read(key, pair.value, reader)
            case _ where FilterSettingsReader.isFilterName(key):
                filters.read(key, pair.value, reader)
            default:
                reader.unknown(pair.key, key, known: ["preset", "title", "columns", "from", "to"] + FilterSettings.names)
            }
        }
        settings.dateRange = dateRange.range(in: timeZone, reader)
        filters.apply(to: &settings.filters, reader)
        return log.errorCount == errorsBefore ? settings : nil
    }
}
