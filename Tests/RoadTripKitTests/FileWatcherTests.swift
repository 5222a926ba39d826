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

/// The paths of each callback, in order.
private final class CallbackLog: Sendable {
    let batches = Mutex<[[String]]>([])
}

/// A throw-away `<base>/Destinations/rome/index.md` project with no `Themes/` folder, watched by a
/// `FileWatcher` that records every callback. Deleted by `finish()`.
private final class WatchedProject: Sendable {
    let base: URL
    let destinations: URL
    let themes: URL
    let watcher: FileWatcher
    private let log = CallbackLog()

    init(_ mechanism: FileWatcher.Mechanism, debounce: Double = 0.1, maximumDelay: Double = 1) throws {
        base = FileManager.default.temporaryDirectory
            .appendingPathComponent("roadtrip-watcher-tests-\(UUID().uuidString)", isDirectory: true)
        destinations = base.appendingPathComponent("Destinations", isDirectory: true)
        themes = base.appendingPathComponent("Themes", isDirectory: true)
        try FileManager.default.createDirectory(
            at: destinations.appendingPathComponent("rome"), withIntermediateDirectories: true)
        try Data("# Rome\n".utf8).write(to: destinations.appendingPathComponent("rome/index.md"))
        let log = log
        watcher = FileWatcher(
            roots: [destinations, themes], debounce: debounce, maximumDelay: maximumDelay, pollInterval: 0.05,
            forcePolling: mechanism == .polling
        ) { paths in
            log.batches.withLock { $0.append(paths) }
        }
        try watcher.start()
    }

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

    var callbacks: [[String]] {
        log.batches.withLock { $0 }
    }

    /// Waits until `condition` holds for the callbacks so far (checked every 10 ms, for at most
    /// 10 s); returns whether it did.
    func waitUntil(_ condition: ([[String]]) -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if condition(callbacks) { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return condition(callbacks)
    }

    /// Waits until some callback after the first `previous` ones reported `path`.
    func waitForReport(of path: String, after previous: Int = 0) async throws -> Bool {
        try await waitUntil { $0.dropFirst(previous).contains { $0.contains(path) } }
    }

    /// Expects that the new folder `folder` is reported with the folders on the way to `file` and
    /// `file` itself (all relative), and nothing else; then that an edit of `file` is reported too,
    /// which proves the new folders are watched.
    func expectNewFolderWatched(
        _ folder: String, containing file: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws {
        let filePath = path(file)
        #expect(try await waitForReport(of: filePath), sourceLocation: sourceLocation)
        var expected: Set = [filePath]
        var ancestor = (file as NSString).deletingLastPathComponent
        while ancestor.hasPrefix(folder) {
            expected.insert(path(ancestor))
            ancestor = (ancestor as NSString).deletingLastPathComponent
        }
        #expect(Set(callbacks.joined()) == expected, sourceLocation: sourceLocation)

        let seen = callbacks.count
        try write("edited\n", at: file)
        #expect(try await waitForReport(of: filePath, after: seen), sourceLocation: sourceLocation)
    }

    func finish() {
        watcher.stop()
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
        #expect(project.watcher.mechanism == mechanism)
    }

    @Test("A modified file is reported, alone", arguments: mechanisms)
    func modifiedFile(mechanism: FileWatcher.Mechanism) async throws {
        let project = try WatchedProject(mechanism)
        defer { project.finish() }
        try project.write("# Rome, the eternal city\n", at: "Destinations/rome/index.md")
        #expect(try await project.waitUntil { !$0.isEmpty })
        #expect(Set(project.callbacks.joined()) == [project.path("Destinations/rome/index.md")])
    }

    @Test("A new folder and the files in it are reported, and later edits in it too", arguments: mechanisms)
    func newFolder(mechanism: FileWatcher.Mechanism) async throws {
        let project = try WatchedProject(mechanism)
        defer { project.finish() }
        // Folder and file at once: the file may exist before the folder's watch is added.
        try project.write("# Paris\n", at: "Destinations/paris/photos/notes.md")
        try await project.expectNewFolderWatched("Destinations/paris", containing: "Destinations/paris/photos/notes.md")
        try project.write("# Louvre\n", at: "Destinations/paris/louvre.md")
        #expect(try await project.waitForReport(of: project.path("Destinations/paris/louvre.md")))
    }

    @Test("A folder moved in is reported with everything in it, and later edits in it too", arguments: mechanisms)
    func folderMovedIn(mechanism: FileWatcher.Mechanism) async throws {
        let project = try WatchedProject(mechanism)
        defer { project.finish() }
        // The files exist before the folder's watch can be added: only listing it finds them.
        try project.write("# Lima\n", at: "incoming/lima/days/day-1.md")
        try FileManager.default.moveItem(atPath: project.path("incoming/lima"), toPath: project.path("Destinations/lima"))
        try await project.expectNewFolderWatched("Destinations/lima", containing: "Destinations/lima/days/day-1.md")
    }

    @Test("A deleted file is reported, alone", arguments: mechanisms)
    func deletedFile(mechanism: FileWatcher.Mechanism) async throws {
        let project = try WatchedProject(mechanism)
        defer { project.finish() }
        try FileManager.default.removeItem(atPath: project.path("Destinations/rome/index.md"))
        #expect(try await project.waitUntil { !$0.isEmpty })
        #expect(Set(project.callbacks.joined()) == [project.path("Destinations/rome/index.md")])
    }

    @Test("A deleted folder is reported with the files in it", arguments: mechanisms)
    func deletedFolder(mechanism: FileWatcher.Mechanism) async throws {
        let project = try WatchedProject(mechanism)
        defer { project.finish() }
        let rome = project.path("Destinations/rome")
        try FileManager.default.removeItem(atPath: rome)
        #expect(try await project.waitUntil { Set($0.joined()) == [rome, rome + "/index.md"] })
    }

    @Test("A renamed folder reports both names, and later edits under the new name", arguments: mechanisms)
    func renamedFolder(mechanism: FileWatcher.Mechanism) async throws {
        let project = try WatchedProject(mechanism)
        defer { project.finish() }
        try FileManager.default.moveItem(atPath: project.path("Destinations/rome"), toPath: project.path("Destinations/roma"))
        let old = project.path("Destinations/rome"), new = project.path("Destinations/roma")
        // inotify reports the folder's two names; polling sees the file vanish under one and appear under the other.
        #expect(try await project.waitUntil { Set([old, new]).isSubset(of: $0.joined()) })
        #expect(Set(project.callbacks.joined()).isSubset(of: [old, new, old + "/index.md", new + "/index.md"]))

        let seen = project.callbacks.count
        try project.write("# Roma\n", at: "Destinations/roma/index.md")
        #expect(try await project.waitForReport(of: new + "/index.md", after: seen))
    }

    @Test("Renaming index.md.tmp to index.md reports index.md only", arguments: mechanisms)
    func renamedTemporaryFile(mechanism: FileWatcher.Mechanism) async throws {
        let project = try WatchedProject(mechanism)
        defer { project.finish() }
        try project.write("# Oslo\n", at: "Destinations/oslo.tmp")
        try FileManager.default.moveItem(
            atPath: project.path("Destinations/oslo.tmp"), toPath: project.path("Destinations/index.md"))
        #expect(try await project.waitUntil { !$0.isEmpty })
        #expect(Set(project.callbacks.joined()) == [project.path("Destinations/index.md")])
    }

    @Test("A burst of 20 writes within about 50 ms causes exactly one callback", arguments: mechanisms)
    func burstIsDebounced(mechanism: FileWatcher.Mechanism) async throws {
        // A 0.4 s debounce is far longer than the 2.5 ms between writes; maximumDelay is out of the way.
        let debounce = 0.4
        let project = try WatchedProject(mechanism, debounce: debounce, maximumDelay: 5)
        defer { project.finish() }
        var longestPause = Duration.zero
        var previous = ContinuousClock.now
        for step in 1...20 {
            try project.write(String(repeating: "x", count: step), at: "Destinations/rome/index.md")
            usleep(2_500)
            longestPause = max(longestPause, ContinuousClock.now - previous)
            previous = .now
        }
        #expect(try await project.waitUntil { !$0.isEmpty })
        // No second callback: wait past the debounce plus a few scans.
        try await Task.sleep(for: .milliseconds(600))
        let index = project.path("Destinations/rome/index.md")
        // Only a machine so loaded that it paused the writer for the whole debounce may split the burst.
        #expect(project.callbacks == [[index]] || longestPause >= .seconds(debounce))
        #expect(Set(project.callbacks.joined()) == [index])
    }

    @Test("A continuous writer still causes a callback every maximumDelay", arguments: mechanisms)
    func continuousWriterIsReportedOnTime(mechanism: FileWatcher.Mechanism) async throws {
        // Writes every 20 ms never leave the 0.5 s debounce quiet, so only maximumDelay (0.3 s) can
        // cause callbacks: one after about 0.3 s and another after about 0.6 s of writing.
        let project = try WatchedProject(mechanism, debounce: 0.5, maximumDelay: 0.3)
        defer { project.finish() }
        // The writer runs on a thread of its own: on a loaded 2-core machine the test's own task
        // may not be resumed every 20 ms (blocking tests can hold both cooperative threads), and a
        // writer that pauses longer than the debounce would prove nothing.
        let stop = Atomic(false)
        let writer = Thread {
            var step = 0
            while !stop.load(ordering: .relaxed) {
                step += 1
                try? project.write("step \(step)\n", at: "Destinations/rome/index.md")
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
        writer.start()
        defer { stop.store(true, ordering: .relaxed) }
        let deadline = ContinuousClock.now + .seconds(10)
        while project.callbacks.count < 2 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(project.callbacks.count >= 2)
    }

    @Test("Editor swap, backup and probe files cause no callback", arguments: mechanisms)
    func editorNoiseIsIgnored(mechanism: FileWatcher.Mechanism) async throws {
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
        // Past the 0.1 s debounce and a few 0.05 s scans: nothing.
        try await Task.sleep(for: .milliseconds(400))
        #expect(project.callbacks.isEmpty)
        // The watcher is alive: a real file is reported, without the noise.
        try project.write("# Rome\n\nNew text.\n", at: "Destinations/rome/index.md")
        #expect(try await project.waitUntil { !$0.isEmpty })
        #expect(Set(project.callbacks.joined()) == [project.path("Destinations/rome/index.md")])
    }

    @Test("stop() returns within 1 s, is idempotent, and no callback comes afterwards", arguments: mechanisms)
    func stopIsPromptAndFinal(mechanism: FileWatcher.Mechanism) async throws {
        let project = try WatchedProject(mechanism, debounce: 0.2)
        defer { project.finish() }
        // A change waiting in the debounce when stop() is called is never reported.
        try project.write("# Rome, changed\n", at: "Destinations/rome/index.md")
        let started = ContinuousClock.now
        project.watcher.stop()
        let elapsed = ContinuousClock.now - started
        #expect(elapsed < .seconds(1))
        project.watcher.stop()
        let reportedAtStop = project.callbacks.count
        try project.write("# Rome, changed again\n", at: "Destinations/rome/index.md")
        try await Task.sleep(for: .milliseconds(400))
        #expect(project.callbacks.count == reportedAtStop)
    }

    @Test("stop() from inside the callback does not deadlock", arguments: mechanisms)
    func stopFromCallback(mechanism: FileWatcher.Mechanism) async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("roadtrip-watcher-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let calls = Mutex(0)
        let watcher = Mutex<FileWatcher?>(nil)
        let created = FileWatcher(roots: [folder], pollInterval: 0.05, forcePolling: mechanism == .polling) { _ in
            calls.withLock { $0 += 1 }
            watcher.withLock { $0 }?.stop()
        }
        watcher.withLock { $0 = created }
        defer { watcher.withLock { $0 = nil } }
        try created.start()
        try Data("a".utf8).write(to: folder.appendingPathComponent("a.md"))
        let deadline = ContinuousClock.now + .seconds(10)
        while calls.withLock({ $0 }) == 0 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        try Data("b".utf8).write(to: folder.appendingPathComponent("b.md"))
        try await Task.sleep(for: .milliseconds(300))
        #expect(calls.withLock { $0 } == 1)
        created.stop()
    }

    @Test("A missing root that appears later is watched", arguments: mechanisms)
    func missingRootAppears(mechanism: FileWatcher.Mechanism) async throws {
        let project = try WatchedProject(mechanism)
        defer { project.finish() }
        try project.write("body {}\n", at: "Themes/default/style.css")
        try await project.expectNewFolderWatched("Themes", containing: "Themes/default/style.css")
    }

    @Test("A root deleted and created again is reported both times", arguments: mechanisms)
    func rootRecreated(mechanism: FileWatcher.Mechanism) async throws {
        let project = try WatchedProject(mechanism)
        defer { project.finish() }
        let destinations = project.path("Destinations")
        try FileManager.default.removeItem(atPath: destinations)
        #expect(try await project.waitForReport(of: destinations))

        let seen = project.callbacks.count
        try project.write("# Lima\n", at: "Destinations/lima/index.md")
        #expect(try await project.waitForReport(of: project.path("Destinations/lima/index.md"), after: seen))
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
