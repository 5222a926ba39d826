import Foundation

/// A folder of this process for the readers that take a file or a folder rather than bytes (the
/// streaming ones: GPX, NMEA, CSV, a Sensor Logger recording; and the project loaders). It is in
/// memory when it can be: under `ROADTRIP_FUZZ_TMP` when set (`./run fuzz` sets it), else in
/// `/dev/shm`, else in the system's temporary folder; it is removed when the process exits normally.
enum ScratchFolder {
    /// `<base>/roadtrip-fuzz.<pid>`; one per process, because `-fork` and `-jobs` run several.
    static let url: URL = {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["ROADTRIP_FUZZ_TMP"]
            ?? (access("/dev/shm", W_OK) == 0 ? "/dev/shm" : NSTemporaryDirectory())
        let url = URL(fileURLWithPath: base, isDirectory: true)
            .appendingPathComponent("roadtrip-fuzz.\(getpid())", isDirectory: true)
        try? FileManager.default.removeItem(at: url)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            fatalError("roadtrip-fuzz: cannot make the scratch folder \(url.path): \(error)")
        }
        atexit { try? FileManager.default.removeItem(at: ScratchFolder.url) }
        return url
    }()

    /// Writes `data` to `path` (relative, '/'-separated) inside the folder, making its folders,
    /// and returns its URL.
    @discardableResult
    static func write(_ data: Data, to path: String) -> URL {
        let file = url.appendingPathComponent(path)
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file)
        } catch {
            fatalError("roadtrip-fuzz: cannot write \(file.path): \(error)")
        }
        return file
    }

    /// Removes `path` (relative) from the folder, if it is there.
    static func remove(_ path: String) {
        try? FileManager.default.removeItem(at: url.appendingPathComponent(path))
    }
}
