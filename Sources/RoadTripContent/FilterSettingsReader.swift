import RoadTripCore
import RoadTripFormats

/// Reads trip-log filter settings — a `preset` and filters by name (`FilterSettings.names`) — from a
/// YAML mapping: a trip log's sidecar, or `site.yaml`'s `trips`. The one reader for both, so a
/// filter written in either place means the same and is checked the same way.
///
/// A filter is a number in its unit (metres, seconds, m/s, degrees, Hz, or the factor), or `off`
/// (or null) to switch it off. Problems are errors at the value's line and column (the trips
/// would be filtered differently from what the author asked): an unknown preset, a value
/// `FilterSettings.set(_:to:)` refuses, and filteringFactor given together with cutoffFrequency.
struct FilterSettingsReader {
    private var numbers: [String: (value: Double, node: YAMLNode)] = [:]
    private var switchedOff: [String] = []

    /// Whether `key` is a filter's name (`FilterSettings.names`).
    static func isFilterName(_ key: String) -> Bool { FilterSettings.names.contains(key) }

    /// The preset named by `node` (`preset: default`), or `nil` after an error naming the known
    /// presets; `key` is how the message calls it (`preset`, `trips.preset`).
    static func preset(_ node: YAMLNode, _ key: String, _ reader: ConfigReader) -> (name: String, filters: FilterSettings)? {
        var found: (String, FilterSettings)?
        reader.string(node, key) { name in
            if let preset = FilterSettings.preset(named: name) {
                found = (name, preset)
            } else {
                reader.log.error(reader.location(node), "unknown preset '\(name)' (known: \(FilterSettings.presetNames.joined(separator: ", ")))")
            }
        }
        return found
    }

    /// Takes the value of the filter `name` (a number, or `off`/null).
    mutating func read(_ name: String, _ value: YAMLNode, _ reader: ConfigReader) {
        if value.isNull || value.stringValue == "off" {
            switchedOff.append(name)
        } else if let number = value.doubleValue, number.isFinite {
            numbers[name] = (number, value)
        } else {
            reader.log.error(reader.location(value), "\(name) must be a number or off, not \(ConfigReader.describe(value))")
        }
    }

    /// `filters` with what was read applied: filters switched off first, then the numbers in
    /// `FilterSettings.names` order; each refused value is an error at its line.
    func apply(to filters: inout FilterSettings, _ reader: ConfigReader) {
        for name in switchedOff { _ = filters.clear(name) }
        for name in FilterSettings.names {
            guard let (value, node) = numbers[name] else { continue }
            if let problem = filters.set(name, to: value) { reader.log.error(reader.location(node), problem) }
        }
        if numbers["filteringFactor"] != nil, let node = numbers["cutoffFrequency"]?.node {
            reader.log.error(reader.location(node), "give filteringFactor or cutoffFrequency, not both")
        }
    }
}
