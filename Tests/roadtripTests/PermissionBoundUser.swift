import Foundation

/// Runs `roadtrip` as a user whom file permissions bind, for the tests of folders and files that
/// cannot be read (`chmod 000`). Permissions do not bind root, so as root `roadtrip` runs as
/// `nobody` (uid 65534) through util-linux's `setpriv`, with the project given to `nobody`
/// first; as any other user it runs as that user.
struct PermissionBoundUser {
    /// util-linux's `setpriv`, which runs a program with other user and group ids.
    static let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
    /// `setpriv`'s arguments that make the program run as `nobody`.
    static let setprivArguments = ["--reuid=65534", "--regid=65534", "--clear-groups"]
    /// The environment without a home folder `nobody` could write.
    static let environment = ["HOME": "/nonexistent"]

    /// Whether this process runs as root (then `roadtrip` runs through `setpriv`).
    let asRoot = geteuid() == 0

    /// The user for `project`, handing it (and everything in it) to `nobody` when running as
    /// root; `nil`, after printing why the test is skipped, when root has no `setpriv`.
    init?(owning project: TemporaryProject) throws {
        guard !asRoot || FileManager.default.isExecutableFile(atPath: Self.setpriv.path) else {
            print("skipped: running as root without /usr/bin/setpriv to drop the permission to read")
            return nil
        }
        guard asRoot else { return }
        try FileManager.default.setAttributes([.ownerAccountID: 65534], ofItemAtPath: project.root.path)
        let enumerator = FileManager.default.enumerator(atPath: project.root.path)
        while let relative = enumerator?.nextObject() as? String {
            try FileManager.default.setAttributes(
                [.ownerAccountID: 65534], ofItemAtPath: project.root.appendingPathComponent(relative).path)
        }
    }

    /// How ``ServerProcess`` launches `roadtrip` as this user: `setpriv` and its arguments as root.
    var launcher: (program: URL, arguments: [String])? {
        asRoot ? (Self.setpriv, Self.setprivArguments) : nil
    }

    /// `roadtrip build` of `project` into its `Output/`, as this user.
    func build(_ project: TemporaryProject) throws -> CommandRunner.Output {
        let arguments = ["build", "--source", project.root.path, "--output", project.output.path]
        guard asRoot else { return try CommandRunner.run(arguments) }
        return try CommandRunner.run(
            program: Self.setpriv, Self.setprivArguments + [CommandRunner.executable.path] + arguments,
            environment: Self.environment)
    }

    /// ``build(_:)`` with the permission bits of `path` set to `mode` (`chmod`) for the build, and
    /// to `restored` after it.
    func build(
        _ project: TemporaryProject, with path: URL, at mode: mode_t, restoring restored: mode_t = 0o755
    ) throws -> CommandRunner.Output {
        chmod(path.path, mode)
        defer { chmod(path.path, restored) }
        return try build(project)
    }
}
