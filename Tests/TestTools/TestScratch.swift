import Foundation

/// The scratch folders of one test process: all in one folder of the system's temporary folder,
/// `roadtrip-tests-<pid>-<uuid>`, removed when the process exits, so that a test run leaves
/// nothing behind (the trip-log reader tests alone used to leave a folder per test, ~30 a run).
public enum TestScratch {
    /// This process's folder, made on first use; removed at exit (`atexit`).
    public static let root: URL = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("roadtrip-tests-\(getpid())-\(UUID().uuidString)", isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { TestScratch.removeRoot() }
        return url
    }()

    /// A new empty folder in ``root`` whose name starts with `prefix`.
    public static func folder(_ prefix: String) -> URL {
        let url = root.appendingPathComponent(prefix + "-" + UUID().uuidString, isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static func removeRoot() {
        try? FileManager.default.removeItem(at: root)
    }
}
