import Foundation
import Testing

/// Two builds of one output folder at once (issue 12 items 3 and 6): the output folder's lock makes
/// the second wait (or, with `--no-wait`, exit 1 naming the first), for `build` and `serve` alike.
/// The race is made deterministic with the build's test hook `ROADTRIP_TEST_PAUSE_BEFORE_APPLY`,
/// which stops the first build after staging, holding the lock, until the test lets it go on.
@Suite(.serialized) struct ConcurrentBuildTests {
    /// A pause point in `folder`: the environment that pauses a build there, and its two files.
    struct PausePoint {
        let path: String
        init(in folder: URL, name: String) { path = folder.appendingPathComponent(name).path }
        var environment: [String: String] { ["ROADTRIP_TEST_PAUSE_BEFORE_APPLY": path] }
        /// Waits (up to 120 s) until a build paused here; the pid it wrote, or `nil`.
        func waitUntilPaused() -> Int32? {
            guard RunningCommand.poll(120, { FileManager.default.fileExists(atPath: path + ".paused") }),
                  let text = try? String(contentsOfFile: path + ".paused", encoding: .utf8)
            else { return nil }
            return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        func resume() { _ = FileManager.default.createFile(atPath: path + ".resume", contents: nil) }
    }

    /// A clean build of `project` with `options` into a new folder: the reference a shared output
    /// folder must equal.
    static func reference(_ project: TemporaryProject, _ options: [String]) throws -> FolderSnapshot {
        let folder = project.root.appendingPathComponent("reference-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try project.build(["--output", folder.path, "--quiet"] + options)
        #expect(result.status == 0, "reference build: \(result.standardError)")
        return try FolderSnapshot(folder)
    }

    /// Build A (`/a/` links) is paused after staging, holding the lock. Build B (`/b/`) waits and
    /// says for whom; a third with `--no-wait` exits 1 naming A's pid and changes nothing. When A
    /// goes on, B runs after it: B's first stage starts only after its waiting line, and the folder
    /// ends as exactly B's output — no file of A's left — with no lock file or staging folder
    /// left beside it.
    @Test func twoBuildsIntoOneOutputFolderNeverInterleave() throws {
        let project = try TemporaryProject.synthetic(destinations: 12)
        defer { project.remove() }
        let expected = try Self.reference(project, ["--base-url", "/b/"])
        let pause = PausePoint(in: project.root, name: "pause")

        let first = try RunningCommand(["build", "--source", project.root.path, "--base-url", "/a/", "--drafts"],
                                       environment: pause.environment)
        let pausedPID = try #require(pause.waitUntilPaused(), "build A never paused: \(first.errors)")
        #expect(pausedPID == first.processIdentifier)
        #expect(roadtripWorkEntries(in: project.root) == [".roadtrip-lock-Output", ".roadtrip-staging-Output-\(pausedPID)"])
        #expect(try String(contentsOf: project.root.appendingPathComponent(".roadtrip-lock-Output"), encoding: .utf8)
            == "\(pausedPID)\n")

        let second = try RunningCommand(["build", "--source", project.root.path, "--base-url", "/b/"])
        let waiting = "waiting for another build of \(project.output.path) (pid \(pausedPID)) to finish…"
        #expect(second.waitForOutput { $0.contains(waiting) }, "B's output: \(second.output)")

        let refused = try project.build(["--no-wait", "--base-url", "/c/"])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains(
            "\(project.output.path): error: another build of this folder is running (process \(pausedPID) holds "
                + "\(project.root.path)/.roadtrip-lock-Output); wait for it to finish, or leave out --no-wait to wait for it"),
            "\(refused.standardError)")
        #expect(refused.standardError.contains("nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: project.output.path), "the paused build A has not applied yet")
        #expect(!second.output.contains("[1/12]"), "B must not read its sources while A holds the lock")

        pause.resume()
        #expect(first.wait() == 0, "A: \(first.errors)")
        #expect(second.wait() == 0, "B: \(second.errors)")
        let order = second.output
        let waitedAt = try #require(order.range(of: waiting)?.lowerBound)
        let loadedAt = try #require(order.range(of: "[1/12] load-config")?.lowerBound)
        #expect(waitedAt < loadedAt)
        let result = try FolderSnapshot(project.output)
        #expect(result == expected, "differs at \(result.differences(from: expected).prefix(5))")
        #expect(roadtripWorkEntries(in: project.root).isEmpty)
    }

    /// `serve` takes the same lock for its builds. Its first build paused holding the lock: `build
    /// --no-wait` into the folder it serves exits 1 naming serve's pid, and `build` waits, then
    /// writes its own output after serve's. Then the other way round: a paused `build` holds the
    /// lock when an edit triggers serve's rebuild, which waits for it, says so, and then writes
    /// the preview (relative links) over the build's `/a/` pages.
    @Test func serveAndBuildShareTheLock() throws {
        let project = try TemporaryProject.synthetic(destinations: 6)
        defer { project.remove() }
        let preview = project.root.appendingPathComponent("Preview")
        let expected = try Self.reference(project, ["--base-url", "/w/"])
        let pause = PausePoint(in: project.root, name: "serve-pause")

        let server = try RunningCommand(
            ["serve", "--source", project.root.path, "--output", preview.path, "--port", "0"],
            environment: pause.environment)
        let serverPID = try #require(pause.waitUntilPaused(), "serve never paused: \(server.errors)")
        #expect(serverPID == server.processIdentifier)

        let refused = try project.build(["--output", preview.path, "--no-wait"])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("another build of this folder is running (process \(serverPID) holds"),
                "\(refused.standardError)")
        let waiter = try RunningCommand(["build", "--source", project.root.path, "--output", preview.path, "--base-url", "/w/"])
        #expect(waiter.waitForOutput { $0.contains("waiting for another build of \(preview.path) (pid \(serverPID)) to finish…") },
                "build's output: \(waiter.output)")
        pause.resume()
        let port = try #require(ServerProcess.port(of: server, within: 120), "serve: \(server.errors)")
        #expect(port > 0)
        #expect(waiter.wait() == 0, "\(waiter.errors)")
        let afterBuild = try FolderSnapshot(preview)
        #expect(afterBuild == expected, "differs at \(afterBuild.differences(from: expected).prefix(5))")

        // The other way round: build holds the lock, serve's rebuild waits.
        let buildPause = PausePoint(in: project.root, name: "build-pause")
        let holder = try RunningCommand(
            ["build", "--source", project.root.path, "--output", preview.path, "--base-url", "/a/"],
            environment: buildPause.environment)
        let holderPID = try #require(buildPause.waitUntilPaused(), "build never paused: \(holder.errors)")
        try project.write("Destinations/place-001/index.md", """
            ---
            title: Place 1, edited while a build held the lock
            latitude: 60.1
            longitude: 10
            ---
            """)
        #expect(server.waitForOutput { $0.contains("waiting for another build of \(preview.path) (pid \(holderPID)) to finish…") },
                "serve's output: \(server.output)")
        buildPause.resume()
        #expect(holder.wait() == 0, "\(holder.errors)")
        #expect(server.waitForOutput { $0.components(separatedBy: "Built in ").count == 3 }, "serve's output: \(server.output)")
        let page = try project.read("Preview/place-001/index.html")
        #expect(page.contains("Place 1, edited while a build held the lock"))
        let home = try project.read("Preview/index.html")
        #expect(!home.contains("href=\"/a/"), "serve's rebuild replaced the build's /a/ links with relative ones")
        server.send(SIGINT)
        #expect(server.wait(20) == 0)
        #expect(roadtripWorkEntries(in: project.root).isEmpty)
    }

    /// A link at the lock file's name (planted in a shared folder such as `/tmp`, where the output
    /// folder `/tmp/x` has its lock file `/tmp/.roadtrip-lock-x`) once had the build write its pid
    /// into the file it points to (found by a fresh-clone tester). Now a symbolic link or a hard
    /// link there is refused: exit 1, an error naming the lock file, nothing written, the linked
    /// file unchanged and the link left where it was.
    @Test(arguments: ["symbolic", "hard", "folder"])
    func lockFileIsNeverWrittenThroughALink(kind: String) throws {
        let project = try TemporaryProject.synthetic(destinations: 2)
        defer { project.remove() }
        let precious = project.root.appendingPathComponent("precious.txt")
        try Data("precious\n".utf8).write(to: precious)
        let lock = project.root.appendingPathComponent(".roadtrip-lock-Output")
        switch kind {
        case "symbolic": try FileManager.default.createSymbolicLink(at: lock, withDestinationURL: precious)
        case "hard": try FileManager.default.linkItem(at: precious, to: lock)
        // A folder at the name said only "Is a directory" (found by a fresh-clone tester).
        default: try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: false)
        }
        let result = try project.build(["--quiet"])
        #expect(result.status == 1)
        let reason = switch kind {
        case "symbolic": "it is a symbolic link, not roadtrip's lock file; remove it if no build is running"
        case "hard": "it has another name (a hard link), so it is not roadtrip's lock file; remove it if no build is running"
        default: "it is a folder, not roadtrip's lock file; remove it (roadtrip makes the file itself)"
        }
        #expect(result.standardError.contains(
            "\(project.output.path): error: cannot lock the output folder with \(lock.path): \(reason)"),
            "\(result.standardError)")
        #expect(try String(contentsOf: precious, encoding: .utf8) == "precious\n")
        #expect(FileManager.default.fileExists(atPath: lock.path))
        #expect(!FileManager.default.fileExists(atPath: project.output.path))
    }
}

