import Foundation
import Testing

/// Builds killed with SIGKILL at random moments (issue 12 items 4 and 6). Whatever the moment, the
/// output folder holds the previous build, the new one, or a mix of whole files of both that the
/// manifest names in full and that the apply phase's order allows (a page is new only once what
/// it links to is) — never a truncated file, never a file of the user's removed — and the
/// next build repairs it to exactly the new build, leaving no lock file or staging folder behind.
@Suite(.serialized) struct KilledBuildTests {
    /// The two builds that take turns: A with drafts and `/a/` links, B without drafts (12 fewer
    /// destination folders) and with `/b/` links (every page differs).
    static let options = [["--drafts", "--base-url", "/a/"], ["--base-url", "/b/"]]

    /// Files of the user's in the output folder: two that a publishing folder holds before its
    /// first build, and, added after it, one in a folder of its own, one in the folder of a
    /// destination every build writes (`place-001`), one in the folder of a draft (`place-000`).
    static let beforeFirstBuild = ["CNAME": "trips.example.org\n", ".git/HEAD": "ref: refs/heads/gh-pages\n"]
    static let afterFirstBuild = [
        "notes/mine.txt": "my notes\n", "place-001/my-notes.txt": "about place 1\n", "place-000/mine.txt": "a draft's notes\n",
    ]

    /// `reference` with the user's files (and their folders) added: what the output folder holds.
    static func withUserFiles(_ reference: FolderSnapshot, _ userFiles: [String: String]) -> FolderSnapshot {
        var result = reference
        for (path, text) in userFiles {
            result.entries[path] = .file(Data(text.utf8))
            var folder = (path as NSString).deletingLastPathComponent
            while !folder.isEmpty {
                result.entries[folder] = .folder
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
        return result
    }

    /// The paths the manifest in `snapshot` lists.
    static func manifestPaths(_ snapshot: FolderSnapshot) -> Set<String> {
        let text = String(decoding: snapshot[file: ".roadtrip-manifest"] ?? Data(), as: UTF8.self)
        return Set(text.split(separator: "\n").map(String.init))
    }

    /// What is wrong with `killed`, a folder caught while the apply phase changed it from `old` to
    /// `new` (roadtrip's files only: no manifest, no user files), as far as the phase's order
    /// (``OutputSwap``) allows any state to be seen: `nil` when nothing is. The order is new folders
    /// (whole), other changed files, changed pages deepest first, then stale files unlinked. So:
    /// - a changed page already new means every other changed or added file is already in place;
    /// - a changed page already new means every changed page deeper than it is new too;
    /// - a stale file already gone means every file of `new` is in place.
    static func applyOrderProblem(_ killed: FolderSnapshot, old: FolderSnapshot, new: FolderSnapshot) -> String? {
        func depth(_ path: String) -> Int { path.split(separator: "/").count }
        let changedPages = new.files.filter { $0.hasSuffix(".html") && old.files.contains($0) && old[file: $0] != new[file: $0] }
        let otherChanges = new.files.filter { !changedPages.contains($0) && old[file: $0] != new[file: $0] }
        let newPages = changedPages.filter { killed[file: $0] == new[file: $0] }
        if let page = newPages.min(by: { depth($0) < depth($1) }) {
            if let missing = otherChanges.first(where: { killed[file: $0] != new[file: $0] }) {
                return "\(page) is new but \(missing), moved before it, is not"
            }
            if let deeper = changedPages.first(where: { depth($0) > depth(page) && killed[file: $0] != new[file: $0] }) {
                return "\(page) is new but the deeper page \(deeper) is not"
            }
        }
        let stale = old.files.subtracting(new.files)
        if let gone = stale.first(where: { killed[file: $0] == nil }),
           let missing = new.files.first(where: { killed[file: $0] != new[file: $0] }) {
            return "the stale \(gone) is gone but \(missing) is not in place yet"
        }
        return nil
    }

    /// When a kill is sent.
    enum Moment: CaseIterable, CustomStringConvertible {
        /// While the build is paused just before its apply phase, everything staged: the output
        /// folder must be exactly as before.
        case beforeApply
        /// After the build resumes from that pause, at a random delay of up to the apply phase's
        /// duration (measured once: a switch from A to B) plus 10 ms (the hook's polling
        /// interval), so that many kills land inside the window.
        case inApplyWindow
        /// At a random delay of up to a whole build from its start (loading, rendering, staging,
        /// applying or done).
        case fromTheStart

        var description: String {
            switch self {
            case .beforeApply: "paused before the apply phase"
            case .inApplyWindow: "in the apply window"
            case .fromTheStart: "from the start"
            }
        }
    }

    /// 24 kills, taking turns between the three ``Moment``s, each checked against the invariants
    /// above and ``applyOrderProblem(_:old:new:)``, and each repaired by the next build.
    @Test func killedBuildsLeaveOldNewOrRepairableMixes() throws {
        let project = try TemporaryProject.synthetic(destinations: 60)
        defer { project.remove() }
        let references = try Self.options.map { try ConcurrentBuildTests.reference(project, $0) }
        for (path, text) in Self.beforeFirstBuild { try project.write("Output/" + path, text) }
        let started = Date()
        let firstBuild = try project.build(Self.options[0])
        let buildSeconds = Date().timeIntervalSince(started)
        #expect(firstBuild.status == 0, "\(firstBuild.standardError)")
        for (path, text) in Self.afterFirstBuild { try project.write("Output/" + path, text) }
        let userFiles = Self.beforeFirstBuild.merging(Self.afterFirstBuild) { first, _ in first }
        let states = references.map { Self.withUserFiles($0, userFiles) }
        #expect(try FolderSnapshot(project.output) == states[0])
        // How long a switch from A to B applies, from B's --verbose line; then back to A.
        let measured = try project.build(Self.options[1] + ["--verbose"])
        let line = try #require(measured.standardOutput.range(of: #"apply phase \([^)]*\): [0-9.]+ ms"#, options: .regularExpression))
        let applySeconds = try #require(Double(measured.standardOutput[line].split(separator: " ").dropLast().last ?? "")) / 1000
        #expect(try project.build(Self.options[0]).status == 0)

        var current = 0
        var outcomes: [String: Int] = [:]
        for kill in 0..<24 {
            let target = 1 - current
            let pause = ConcurrentBuildTests.PausePoint(in: project.root, name: "kill-\(kill)")
            let moment = Moment.allCases[kill % Moment.allCases.count]
            let build = try RunningCommand(
                ["build", "--source", project.root.path] + Self.options[target],
                environment: moment == .fromTheStart ? [:] : pause.environment)
            var delay = 0.0
            switch moment {
            case .beforeApply:
                _ = try #require(pause.waitUntilPaused(), "kill \(kill): the build never paused: \(build.errors)")
            case .inApplyWindow:
                _ = try #require(pause.waitUntilPaused(), "kill \(kill): the build never paused: \(build.errors)")
                pause.resume()
                delay = Double.random(in: 0...(applySeconds + 0.010))
            case .fromTheStart:
                delay = Double.random(in: 0...buildSeconds)
            }
            Thread.sleep(forTimeInterval: delay)
            build.send(SIGKILL)
            _ = build.wait()
            let what = "kill \(kill) (\(moment), after \(Int(delay * 1000)) ms)"

            // Every file is whole: the user's as they were, roadtrip's as one of the two builds wrote it.
            let killed = try FolderSnapshot(project.output)
            for (path, text) in userFiles { #expect(killed[file: path] == Data(text.utf8), "\(what): \(path)") }
            let listed = Self.manifestPaths(killed)
            let paths = [Self.manifestPaths(references[current]), Self.manifestPaths(references[target])]
            #expect([paths[0], paths[1], paths[0].union(paths[1])].contains(listed), "\(what): the manifest lists \(listed.count) paths")
            for path in killed.files.subtracting(userFiles.keys).subtracting([".roadtrip-manifest"]) {
                let bytes = killed[file: path]
                #expect(bytes == references[current][file: path] || bytes == references[target][file: path],
                        "\(what): \(path) is neither build's file")
                #expect(listed.contains(path), "\(what): \(path) is not in the manifest, so no build could remove it")
            }
            let manifest: Set<String> = [".roadtrip-manifest"]  // widened first or narrowed last: checked above
            let problem = Self.applyOrderProblem(
                killed.removing(Set(userFiles.keys).union(manifest)),
                old: references[current].removing(manifest), new: references[target].removing(manifest))
            #expect(problem == nil, "\(what): \(problem ?? "")")
            let outcome = killed == states[current] ? "old" : (killed == states[target] ? "new" : "mix")
            if moment == .beforeApply {
                #expect(killed == states[current], "\(what): a build killed before its apply phase changed \(killed.differences(from: states[current]).prefix(5))")
            }
            outcomes[outcome, default: 0] += 1

            // The next build repairs it.
            let repair = try project.build(Self.options[target])
            #expect(repair.status == 0, "\(what): the next build failed: \(repair.standardError)")
            let repaired = try FolderSnapshot(project.output)
            #expect(repaired == states[target], "\(what): after the next build, differs at \(repaired.differences(from: states[target]).prefix(5))")
            #expect(roadtripWorkEntries(in: project.root).isEmpty, "\(what): \(roadtripWorkEntries(in: project.root))")
            current = target
        }
        // What the kills met, for the log: the invariants above hold for each.
        print("KilledBuildTests: \(outcomes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "))")
    }
}
