import Foundation

/// YAML text written by roadtrip (new destinations, a new site's `site.yaml`): scalars that read
/// back as exactly the value written.
package enum YAMLText {
    /// `text` as a YAML double-quoted scalar (YAML 1.2 §7.3.1): backslash and quote escaped,
    /// control characters as `\u` and four hexadecimal digits.
    package static func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": quoted += "\\\\"
            case "\"": quoted += "\\\""
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                quoted += String(format: "\\u%04X", scalar.value)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// `value` as a YAML 1.2 core-schema number that reads back as the same `Double`: a whole
    /// number without a fraction (`40`), anything else in Swift's shortest round-trip form
    /// (`0.05`, `1e-07`). Non-finite values are not written by roadtrip.
    package static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    /// `true` or `false`, the only booleans of the YAML 1.2 core schema.
    package static func bool(_ value: Bool) -> String {
        value ? "true" : "false"
    }
}
