import Foundation

/// Locates the test fixtures copied into the test bundle (`resources: [.copy("Fixtures")]`).
enum FixtureFiles {
    /// The URL of `Fixtures/<relativePath>`; fails the calling test's expectation by crashing only
    /// if the package was built without its resources, which is a build error, not a test result.
    static func url(_ relativePath: String) -> URL {
        guard let url = Bundle.module.url(forResource: "Fixtures/" + relativePath, withExtension: nil) else {
            preconditionFailure("fixture Fixtures/\(relativePath) is missing from the test bundle")
        }
        return url
    }
}
