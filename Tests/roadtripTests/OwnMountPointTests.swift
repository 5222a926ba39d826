import Foundation
import Testing
import TestTools

/// An output folder that is a mount point of its own (issue 12 item 4: a Docker volume, a
/// partition): staging beside it would be on another mount, where `rename(2)` fails with "Invalid
/// cross-device link", so the build stages inside it. Run in a private mount namespace (util-linux
/// `unshare`), so that the test mounts nothing the machine sees; skipped, with its reason, where
/// no such namespace may be made (a container without CAP_SYS_ADMIN or user namespaces), also
/// under CI, since that is the machine's rule and not a missing tool.
@Suite(.serialized) struct OwnMountPointTests {
    /// The command that runs a program in a private mount namespace where it may mount: `unshare
    /// --mount --map-root-user` (an unprivileged user namespace mapping this user to root) or, as
    /// root, `unshare --mount`; `nil` when neither can mount a tmpfs.
    static let namespace: [String]? = {
        guard let unshare = TestTool.unshare.location else { return nil }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-unshare-probe-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: probe) }
        for options in [["--mount", "--map-root-user"], ["--mount"]] {
            let result = try? CommandRunner.run(
                program: URL(fileURLWithPath: unshare), options + ["sh", "-c", "mount -t tmpfs roadtrip-probe \"$0\"", probe.path])
            if result?.status == 0 { return [unshare] + options }
        }
        return nil
    }()

    /// The script run in the namespace: for a tmpfs (with a `lost+found/`, as a partition's root
    /// has) and for a bind mount of a folder of the same file system as the project (same device,
    /// another mount: rename(2) fails there too), a first build with `/a/` links and drafts,
    /// paused before its apply phase to list the output folder while it is staged, then a second
    /// build with `/b/` links and no drafts; each folder is copied out before the namespace ends.
    static let script = #"""
        set -eu
        roadtrip=$1; project=$2; work=$3
        mount -t tmpfs roadtrip-test "$work/tmpfs"
        mkdir "$work/tmpfs/lost+found"
        mount --bind "$work/bind-source" "$work/bind"
        for output in tmpfs bind; do
            mountpoint -q "$work/$output"
            ROADTRIP_TEST_PAUSE_BEFORE_APPLY="$work/$output-pause" "$roadtrip" build --source "$project" \
                --output "$work/$output" --drafts --base-url /a/ > "$work/$output-first.log" 2>&1 &
            build=$!
            tries=0
            while [ ! -e "$work/$output-pause.paused" ] && [ $tries -lt 2400 ]; do sleep 0.05; tries=$((tries + 1)); done
            ls -A "$work/$output" > "$work/$output-while-staged.txt"
            touch "$work/$output-pause.resume"
            wait $build || { echo "first build into $output failed:"; cat "$work/$output-first.log"; exit 1; }
            "$roadtrip" build --source "$project" --output "$work/$output" --base-url /b/ > "$work/$output-second.log" 2>&1 \
                || { echo "second build into $output failed:"; cat "$work/$output-second.log"; exit 1; }
            mkdir "$work/$output-copy"
            cp -a "$work/$output/." "$work/$output-copy/"
        done
        """#

    @Test(.requires(.unshare, .mount), .enabled(
        if: namespace != nil,
        "a private mount namespace is not permitted here (unshare --mount fails: no CAP_SYS_ADMIN and no unprivileged user namespaces)"))
    func buildIntoAFolderThatIsItsOwnMountPoint() throws {
        let namespace = try #require(Self.namespace)
        let project = try TemporaryProject.synthetic(destinations: 8)
        defer { project.remove() }
        let work = project.root.appendingPathComponent("work")
        for folder in ["tmpfs", "bind", "bind-source"] {
            try FileManager.default.createDirectory(at: work.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let first = try ConcurrentBuildTests.reference(project, ["--drafts", "--base-url", "/a/"])
        let expected = try ConcurrentBuildTests.reference(project, ["--base-url", "/b/"])

        let run = try CommandRunner.run(
            program: URL(fileURLWithPath: namespace[0]),
            Array(namespace.dropFirst()) + ["sh", "-c", Self.script, "sh", CommandRunner.executable.path, project.root.path, work.path])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")

        for output in ["tmpfs", "bind"] {
            // While staged, the lock file and the staging folder were inside the output folder.
            let staged = try String(contentsOf: work.appendingPathComponent("\(output)-while-staged.txt"), encoding: .utf8)
                .split(separator: "\n").map(String.init)
            #expect(staged.contains(".roadtrip-lock-\(output)"), "\(output): \(staged)")
            #expect(staged.contains { $0.hasPrefix(".roadtrip-staging-\(output)-") }, "\(output): \(staged)")
            // The second build removed the drafts' files: every file of the first build that the
            // second does not produce.
            let removed = first.files.subtracting(expected.files).count
            #expect(removed > 0)
            let log = try String(contentsOf: work.appendingPathComponent("\(output)-second.log"), encoding: .utf8)
            #expect(log.contains(" \(removed) removed)"), "\(output): \(log)")
            // The folder holds exactly the second build, with lost+found kept, and nothing else.
            var copy = try FolderSnapshot(work.appendingPathComponent("\(output)-copy"))
            if output == "tmpfs" {
                #expect(copy.entries["lost+found"] == .folder)
                copy = copy.removing(["lost+found"])
            }
            #expect(copy == expected, "\(output) differs at \(copy.differences(from: expected).prefix(5))")
        }
        #expect(roadtripWorkEntries(in: work).isEmpty, "nothing was staged beside the mount points")
    }
}
