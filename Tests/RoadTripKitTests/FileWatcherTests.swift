import Foundation
import Synchronization
import Testing
@testable import RoadTripKit
@testable import RoadTripCore
@testable import RoadTripFormats
@testable import RoadTripGeo
@testable import RoadTripContent
@testable import RoadTripCompute
@testable import RoadTripRender
@testable import RoadTripSite
@testable import RoadTripServe

/// A throw-away `<base>/Destinations/rome/index.md` project with no `Themes/` folder, watched by a
/// ``WatchCore`` on a made-up clock: the test changes files, then moves the clock on and steps the
/// core, so nothing waits. (The kernel queues an inotify event as each change is made, and a
/// polling scan lists the files as they are, so a step sees every change made before it.)
/// Deleted by `finish()`.
private final class WatchedProject {
    let base: URL
    let core: WatchCore
    let settings: WatchSettings
    /// The made-up clock's reading.
    private(set) var now = ContinuousClock.now
    /// What the core reported, in order.
    private(set) var callbacks: [[String]] = []

    init(_ mechanism: FileWatcher.Mechanism, debounce: Double = 0.1, maximumDelay: Double = 1) throws {
        base = FileManager.default.temporaryDirectory
            .appendingPathComponent("roadtrip-watcher-tests-\(UUID().uuidString)", isDirectory: true)
        let destinations = base.appendingPathComponent("Destinations", isDirectory: true)
        try FileManager.default.createDirectory(
            at: destinations.appendingPathComponent("rome"), withIntermediateDirectories: true)
        try Data("# Rome\n".utf8).write(to: destinations.appendingPathComponent("rome/index.md"))
        settings = WatchSettings(
            roots: [destinations.path, base.appendingPathComponent("Themes").path], debounce: debounce,
            maximumDelay: maximumDelay, pollInterval: 0.05, forcePolling: mechanism == .polling,
            mechanism: MechanismState(mechanism))
        core = WatchCore(settings: settings, now: now)
    }

    var mechanism: FileWatcher.Mechanism { settings.mechanism.value.withLock { $0 } }

    /// The absolute path of `relative` below the base folder (as the watcher reports it).
    func path(_ relative: String) -> String {
        base.path + "/" + relative
    }

    /// Writes `text` at `relative`, creating folders (not atomically: the file itself is rewritten).
    func write(_ text: String, at relative: String) throws {
        let url = base.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: false, encoding: .utf8)
    }

    /// Moves the clock on by `milliseconds` and steps the core, recording what it reports.
    func advance(milliseconds: Int) {
        advance(by: .milliseconds(milliseconds))
    }

    /// Moves the clock on by `duration` and steps the core, recording what it reports.
    func advance(by duration: Duration) {
        now += duration
        if let paths = core.step(now: now, inotifyReadable: true) { callbacks.append(paths) }
    }

    /// Steps the core every 10 ms of the made-up clock for `seconds` (default 1: ten times the
    /// debounce and twenty scans) and returns the reports made meanwhile.
    @discardableResult
    func settle(seconds: Double = 1) -> [[String]] {
        let before = callbacks.count
        for _ in 0..<Int(seconds * 100) { advance(milliseconds: 10) }
        return Array(callbacks.dropFirst(before))
    }

    /// Expects that the new folder `folder` is reported with the folders on the way to `file` and
    /// `file` itself (all relative), and nothing else; then that an edit of `file` is reported too,
    /// which proves the new folders are watched.
    func expectNewFolderWatched(
        _ folder: String, containing file: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let filePath = path(file)
        var expected: Set = [filePath]
        var ancestor = (file as NSString).deletingLastPathComponent
        while ancestor.hasPrefix(folder) {
            expected.insert(path(ancestor))
            ancestor = (ancestor as NSString).deletingLastPathComponent
        }
        #expect(Set(settle().joined()) == expected, sourceLocation: sourceLocation)
        try write("edited\n", at: file)
        #expect(settle() == [[filePath]], sourceLocation: sourceLocation)
    }

    func finish() {
        core.close()
        try? FileManager.default.removeItem(at: base)
    }
}

@Suite("File watcher")
struct FileWatcherTests {
    static let mechanisms: [FileWatcher.Mechanism] = [.inotify, .polling]

    @Test("The mechanism asked for is the one used (inotify works on this Linux machine)", arguments: mechanisms)
    func mechanismInUse(mechanism: FileWatcher.Mechanism) throws {
        let project = try WatchedProject(mechanism)
        defer { project.finish() }
        #expect(project.mechanism == mechanism)
    }

    @Test("A modified file is reported, alone, once the debounce has passed", arguments: mechanisms)
    func modifiedFile(mechanism: FileWatcher.Mechanism) throws {
        let project = try WatchedProject(mechanism)
        defer { project.finish() }
        try project.write("# Rome, the eternal city\n", at: "Destinations/rome/index.md")
        // inotify: seen at the first step (10 ms), due 100 ms later. Polling: seen at the first scan
        // (50 ms), due 100 ms later. Nothing is reported before.
        let firstReport = mechanism == .inotify ? 110 : 150
        for _ in 0..<(firstReport / 10 - 1) { project.advance(milliseconds: 10) }
        #expect(project.callbacks.isEmpty)
        project.advance(milliseconds: 10)
        #expect(project.callbacks == [[project.path("Destinations/rome/index.md")]])
        #expect(project.settle().isEmpty)
    }

    @Test("A new folder and the files in it are reported, and later edits in it too", arguments: mechanisms)
    func newFolder(mechanism: FileWatcher.Mechanism) throws {
        let project = try WatchedProject(mechanism)
        defer { project.finish() }
        // Folder and file at once: the file exists before the folder's watch is added.
        try project.write("# Paris\n", at: "Destinations/paris/photos/notes.md")
        try project.expectNewFolderWatched("Destinations/paris", containing: "Destinations/paris/photos/notes.md")
        try project.write("# Louvre\n", at: "Destinations/paris/louvre.md")
        #expect(project.settle() == [[project.path("Destinations/paris/louvre.md")]])
    }

    @Test("A folder moved in is reported with everything in it, and later edits in it too", arguments: mechanisms)
    func folderMovedIn(mechanism: FileWatcher.Mechanism) throws {
        let project = try WatchedProject(mechanism)
        defer { project.finish() }
        // The files exist before the folder's watch can be added: only listing it finds them.
        try project.write("# Lima\n", at: "incoming/lima/days/day-1.md")
        try FileManager.default.moveItem(atPath: project.path("incoming/lima"), toPath: project.path("Destinations/lima"))
        try project.expectNewFolderWatched("Destinations/lima", containing: "Destinations/lima/days/day-1.md")
    }

    @Test("A deleted file is reported, alone", arguments: mechanisms)
    func deletedFile(mechanism: FileWatcher.Mechanism) throws {
        let project = try WatchedProject(mechanism)
        defer { project.finish() }
        try FileManager.default.removeItem(atPath: project.path("Destinations/rome/index.md"))
        #expect(project.settle() == [[project.path("Destinations/rome/index.md")]])
    }

    @Test("A deleted folder is reported with the files in it", arguments: mechanisms)
    func deletedFolder(mechanism: FileWatcher.Mechanism) throws {
        let project = try WatchedProject(mechanism)
        defer { project.finish() }
        let rome = project.path("Destinations/rome")
        try FileManager.default.removeItem(atPath: rome)
        #expect(Set(project.settle().joined()) == [rome, rome + "/index.md"])
    }

    @Test("A renamed folder reports both names, and later edits under the new name", arguments: mechanisms)
    func renamedFolder(mechanism: FileWatcher.Mechanism) throws {
        let project = try WatchedProject(mechanism)
        defer { project.finish() }
        try FileManager.default.moveItem(atPath: project.path("Destinations/rome"), toPath: project.path("Destinations/roma"))
        let old = project.path("Destinations/rome"), new = project.path("Destinations/roma")
        // inotify reports the folder's two names; polling sees the file vanish under one and appear under the other.
        let reported = Set(project.settle().joined())
        #expect(Set([old, new]).isSubset(of: reported))
        #expect(reported.isSubset(of: [old, new, old + "/index.md", new + "/index.md"]))
        try project.write("# Roma\n", at: "Destinations/roma/index.md")
        #expect(project.settle() == [[new + "/index.md"]])
    }

    @Test("Renaming index.md.tmp to index.md reports index.md only", arguments: mechanisms)
    func renamedTemporaryFile(mechanism: FileWatcher.Mechanism) throws {
        let project = try WatchedProject(mechanism)
        defer { project.finish() }
        try project.write("# Oslo\n", at: "Destinations/oslo.tmp")
        try FileManager.default.moveItem(
            atPath: project.path("Destinations/oslo.tmp"), toPath: project.path("Destinations/index.md"))
        #expect(project.settle() == [[project.path("Destinations/index.md")]])
    }

    @Test("A burst of 20 writes 2.5 ms apart causes exactly one report, a debounce after the last", arguments: mechanisms)
    func burstIsDebounced(mechanism: FileWatcher.Mechanism) throws {
        // A 0.4 s debounce is far longer than the 2.5 ms between writes; maximumDelay is out of the way.
        let project = try WatchedProject(mechanism, debounce: 0.4, maximumDelay: 5)
        defer { project.finish() }
        for step in 1...20 {
            try project.write(String(repeating: "x", count: step), at: "Destinations/rome/index.md")
            project.advance(by: .microseconds(2_500))
        }
        #expect(project.callbacks.isEmpty)
        #expect(project.settle(seconds: 2) == [[project.path("Destinations/rome/index.md")]])
    }

    @Test("A continuous writer still causes a report every maximumDelay", arguments: mechanisms)
    func continuousWriterIsReportedOnTime(mechanism: FileWatcher.Mechanism) throws {
        // A write every 20 ms never leaves the 0.5 s debounce quiet, so only maximumDelay (0.3 s)
        // causes reports. inotify: the first write is seen at 20 ms and reported at 320 ms, then
        // every 320 ms (seen one step after the report): 6 reports in 2 s. Polling sees a change
        // only at a scan, 50 ms after the last report: a report every 360 ms, 5 in 2 s.
        let project = try WatchedProject(mechanism, debounce: 0.5, maximumDelay: 0.3)
        defer { project.finish() }
        var reportTimes: [Duration] = []
        let start = project.now
        for step in 1...100 {
            try project.write("step \(step)\n", at: "Destinations/rome/index.md")
            let before = project.callbacks.count
            project.advance(milliseconds: 20)
            if project.callbacks.count > before { reportTimes.append(project.now - start) }
        }
        let expected: [Duration] = mechanism == .inotify
            ? [320, 640, 960, 1280, 1600, 1920].map { .milliseconds($0) }
            : [360, 720, 1080, 1440, 1800].map { .milliseconds($0) }
        #expect(reportTimes == expected)
    }

    @Test("Editor swap, backup and probe files cause no report", arguments: mechanisms)
    func editorNoiseIsIgnored(mechanism: FileWatcher.Mechanism) throws {
        let project = try WatchedProject(mechanism)
        defer { project.finish() }
        let noise = [".index.md.swp", ".index.md.swx", "index.md~", "4913", ".#index.md", "#index.md#", "draft.tmp"]
        for name in noise {
            try project.write("noise", at: "Destinations/rome/\(name)")
        }
        try project.write("hidden", at: "Destinations/.git/objects/ab")
        for name in noise {
            try FileManager.default.removeItem(atPath: project.path("Destinations/rome/\(name)"))
        }
        #expect(project.settle().isEmpty)
        // The watcher is alive: a real file is reported, without the noise.
        try project.write("# Rome\n\nNew text.\n", at: "Destinations/rome/index.md")
        #expect(project.settle() == [[project.path("Destinations/rome/index.md")]])
    }

    @Test("A missing root that appears later is watched", arguments: mechanisms)
    func missingRootAppears(mechanism: FileWatcher.Mechanism) throws {
        let project = try WatchedProject(mechanism)
        defer { project.finish() }
        try project.write("body {}\n", at: "Themes/default/style.css")
        try project.expectNewFolderWatched("Themes", containing: "Themes/default/style.css")
    }

    @Test("A root deleted and created again is reported both times", arguments: mechanisms)
    func rootRecreated(mechanism: FileWatcher.Mechanism) throws {
        let project = try WatchedProject(mechanism)
        defer { project.finish() }
        let destinations = project.path("Destinations")
        try FileManager.default.removeItem(atPath: destinations)
        #expect(project.settle().joined().contains(destinations))
        try project.write("# Lima\n", at: "Destinations/lima/index.md")
        #expect(project.settle().joined().contains(project.path("Destinations/lima/index.md")))
    }

    // The watcher's own thread, end to end: each wait is for an event (a callback), never a sleep.

    /// A folder holding `a.md`, watched by a started `FileWatcher` whose callbacks signal `calls`.
    private static func startedWatcher(
        _ mechanism: FileWatcher.Mechanism, in folder: URL, onChange: @escaping @Sendable ([String]) -> Void
    ) throws -> FileWatcher {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("a".utf8).write(to: folder.appendingPathComponent("a.md"))
        let watcher = FileWatcher(
            roots: [folder], debounce: 0.05, pollInterval: 0.05, forcePolling: mechanism == .polling, onChange: onChange)
        try watcher.start()
        return watcher
    }

    private static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("roadtrip-watcher-tests-\(UUID().uuidString)", isDirectory: true)
    }

    @Test("The watcher's thread reports a modified file; stop() is prompt, idempotent and final", arguments: mechanisms)
    func threadReportsAndStops(mechanism: FileWatcher.Mechanism) throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reports = Mutex<[[String]]>([])
        let reported = DispatchSemaphore(value: 0)
        let watcher = try Self.startedWatcher(mechanism, in: folder) { paths in
            reports.withLock { $0.append(paths) }
            reported.signal()
        }
        #expect(watcher.mechanism == mechanism)
        try Data("changed".utf8).write(to: folder.appendingPathComponent("a.md"))
        #expect(reported.wait(timeout: .now() + 10) == .success)
        #expect(reports.withLock { $0 } == [[folder.path + "/a.md"]])

        // A change waiting in the debounce when stop() is called is never reported: stop() returns
        // once the thread has finished, and only that thread calls back.
        try Data("changed again".utf8).write(to: folder.appendingPathComponent("a.md"))
        let started = ContinuousClock.now
        watcher.stop()
        #expect(ContinuousClock.now - started < .seconds(1))
        watcher.stop()
        let atStop = reports.withLock { $0.count }
        // A second watcher of the same folder sees the next change; the stopped one does not.
        let second = DispatchSemaphore(value: 0)
        let other = try Self.startedWatcher(mechanism, in: folder) { _ in second.signal() }
        defer { other.stop() }
        try Data("changed a third time".utf8).write(to: folder.appendingPathComponent("a.md"))
        #expect(second.wait(timeout: .now() + 10) == .success)
        #expect(reports.withLock { $0.count } == atStop)
    }

    @Test("stop() from inside the callback does not deadlock", arguments: mechanisms)
    func stopFromCallback(mechanism: FileWatcher.Mechanism) throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let calls = Mutex(0)
        let stopped = DispatchSemaphore(value: 0)
        let watcher = Mutex<FileWatcher?>(nil)
        let created = try Self.startedWatcher(mechanism, in: folder) { _ in
            calls.withLock { $0 += 1 }
            watcher.withLock { $0 }?.stop()
            stopped.signal()
        }
        watcher.withLock { $0 = created }
        defer { watcher.withLock { $0 = nil } }
        try Data("b".utf8).write(to: folder.appendingPathComponent("a.md"))
        #expect(stopped.wait(timeout: .now() + 10) == .success)
        // stop() returned inside the callback; calling it again from here returns at once too.
        created.stop()
        #expect(calls.withLock { $0 } == 1)
    }

    @Test("Editor noise names", arguments: [
        (".index.md.swp", true), (".#index.md", true), ("#index.md#", true), ("index.md~", true),
        ("index.swx", true), ("index.md.tmp", true), ("4913", true), (".DS_Store", true),
        ("index.md", false), ("#1.md", false), ("4913.md", false), ("tmp", false), ("#", false),
    ])
    func editorNoise(name: String, isNoise: Bool) {
        #expect(FileWatcher.isEditorNoise(name) == isNoise)
    }
}
