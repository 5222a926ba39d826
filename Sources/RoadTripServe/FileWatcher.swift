import Foundation
import Glibc
import Synchronization
import RoadTripCore

/// Watches folder trees (for `roadtrip serve`: `<source>/Destinations/` and `<source>/Themes/`) and
/// reports changed files, debounced, so that a burst of saves causes one rebuild.
///
/// Linux inotify (inotify(7)) is used where it works: one watch per folder, added recursively, and
/// for folders created later too (their contents are listed at once, since files may have been
/// created before the watch was added). Where inotify is unavailable — `inotify_init1` fails, or a
/// watch cannot be added because `/proc/sys/fs/inotify/max_user_watches` is used up (`ENOSPC`) — the
/// watcher polls instead: a snapshot of path → (modification and change time, size, inode) every
/// `pollInterval` seconds. Polling sees a file by its timestamps and size, so a rewrite with the same
/// size within one kernel clock tick (a few milliseconds) of the previous scan can go unnoticed.
///
/// A root that does not exist yet is not an error: its nearest existing ancestor is watched (or the
/// polling scan looks for it), and when it appears it is reported with everything inside it. A root
/// that is deleted or moved away is reported and waited for in the same way.
///
/// Editor noise is never reported (see `isEditorNoise(_:)`), and folders with such names are not
/// watched; a rename of `index.md.tmp` to `index.md` reports `index.md`.
public final class FileWatcher: Sendable {
    /// How changes are noticed.
    public enum Mechanism: Sendable, Equatable {
        /// Linux inotify(7): the kernel reports each change as it happens.
        case inotify
        /// A scan of the folder trees every `pollInterval` seconds.
        case polling
    }

    /// `start()` could not start the watcher at all (neither mechanism can work).
    public struct StartError: Error, CustomStringConvertible {
        /// What failed, with the system's reason.
        public let description: String
    }

    /// The watched folders: absolute, standardized paths without a trailing slash.
    public let roots: [String]
    /// Seconds without a new change after which the collected changes are reported.
    public let debounce: Double
    /// Seconds after the first collected change after which the changes are reported even while
    /// changes keep coming (so a continuous writer still causes rebuilds).
    public let maximumDelay: Double
    /// Seconds between two scans when polling (at least 0.01).
    public let pollInterval: Double
    /// Whether polling is used even where inotify works.
    public let forcePolling: Bool

    private let onChange: @Sendable ([String]) -> Void
    private let currentRun = Mutex<WatchRun?>(nil)
    private let currentMechanism: MechanismState

    /// Creates a watcher; nothing is watched before `start()`.
    /// - Parameters:
    ///   - roots: absolute folder URLs, each watched recursively; a folder need not exist yet.
    ///   - debounce: seconds without a new change before the changes are reported (default 0.1).
    ///   - maximumDelay: seconds after the first change at which changes are reported even if more
    ///     keep coming (default 1).
    ///   - pollInterval: seconds between scans when polling (default 0.5; at least 0.01).
    ///   - forcePolling: `true` to poll even where inotify works (for tests).
    ///   - onChange: called on the watcher's own thread with the absolute paths of the files and
    ///     folders created, modified, deleted or moved since the last call — deduplicated, sorted,
    ///     never empty. A root's own path means anything under it may have changed (the root
    ///     appeared or disappeared, the inotify queue overflowed, or the watcher fell back to polling).
    ///     The next changes are collected while it runs.
    public init(
        roots: [URL], debounce: Double = 0.1, maximumDelay: Double = 1, pollInterval: Double = 0.5,
        forcePolling: Bool = false, onChange: @escaping @Sendable ([String]) -> Void
    ) {
        self.roots = roots.map { FileWatcher.normalizedPath($0.standardizedFileURL.path) }
        self.debounce = max(0, debounce)
        self.maximumDelay = max(0, maximumDelay)
        self.pollInterval = max(0.01, pollInterval)
        self.forcePolling = forcePolling
        self.onChange = onChange
        currentMechanism = MechanismState(forcePolling ? .polling : .inotify)
    }

    deinit {
        stop()
    }

    /// The mechanism in use (or, before `start()`, the one that will be tried first). It changes to
    /// `.polling` when inotify runs out of watches while running.
    public var mechanism: Mechanism {
        currentMechanism.value.withLock { $0 }
    }

    /// Starts watching on a thread of its own; returns once the initial watches or the first
    /// snapshot are in place, so later changes are seen. Does nothing while already started.
    /// - Throws: `StartError` only when neither mechanism can work: the wake-up pipe for `stop()`
    ///   cannot be created (for example `EMFILE`, too many open files).
    public func start() throws {
        try currentRun.withLock { current in
            guard current == nil else { return }
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else {
                throw StartError(description: "cannot watch for changes: cannot create a pipe: \(FileWatcher.systemError())")
            }
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            }
            let run = WatchRun(wakeRead: ends[0], wakeWrite: ends[1])
            // The thread holds the settings, not the watcher, so that dropping the watcher stops it.
            let settings = WatchSettings(
                roots: roots, debounce: debounce, maximumDelay: maximumDelay, pollInterval: pollInterval,
                forcePolling: forcePolling, mechanism: currentMechanism)
            let onChange = onChange
            let thread = Thread {
                run.worker.withLock { $0 = pthread_self() }
                let core = WatchCore(settings: settings, now: .now)
                run.ready.signal()
                Self.watch(core, run: run, reporting: onChange)
                run.finished.signal()
            }
            thread.name = "roadtrip-watcher"
            thread.start()
            run.ready.wait()
            current = run
        }
    }

    /// Stops watching: wakes the watcher's thread, waits until it has finished and closes its file
    /// descriptors. No callback starts after `stop()` returns (one running on another thread is
    /// waited for). Does nothing when not started; may be called from `onChange` itself.
    public func stop() {
        guard let run = currentRun.withLock({ current -> WatchRun? in
            defer { current = nil }
            return current
        }) else { return }
        run.stopRequested.store(true, ordering: .sequentiallyConsistent)
        var byte: UInt8 = 1
        _ = write(run.wakeWrite, &byte, 1)
        let isWorker = run.worker.withLock { worker in worker.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
        if !isWorker { run.finished.wait() }
        close(run.wakeWrite)
    }

    /// The watcher's thread: sleeps in poll(2) until the wake-up pipe (stop), an inotify event or
    /// the core's next deadline, then lets the core take the clock's reading and report what is due.
    /// The only place that reads the clock: the core is given the time.
    private static func watch(_ core: WatchCore, run: WatchRun, reporting onChange: @Sendable ([String]) -> Void) {
        defer {
            core.close()
            close(run.wakeRead)
        }
        while true {
            var descriptors = [pollfd(fd: run.wakeRead, events: Int16(POLLIN), revents: 0)]
            if let inotify = core.inotifyDescriptor {
                descriptors.append(pollfd(fd: inotify, events: Int16(POLLIN), revents: 0))
            }
            let result = poll(&descriptors, nfds_t(descriptors.count), timeoutInMilliseconds(until: core.deadline))
            if result < 0 && errno != EINTR {
                // Only EFAULT, EINVAL or ENOMEM (poll(2)); wait a moment rather than spin.
                usleep(10_000)
            }
            if descriptors[0].revents != 0 || run.stopRequested.load(ordering: .sequentiallyConsistent) { return }
            let paths = core.step(now: .now, inotifyReadable: descriptors.count > 1 && descriptors[1].revents != 0)
            if let paths, !run.stopRequested.load(ordering: .sequentiallyConsistent) { onChange(paths) }
        }
    }

    /// Milliseconds from now until `deadline` (rounded up, at least 0), or -1 without one (poll(2)
    /// then waits for an event).
    private static func timeoutInMilliseconds(until deadline: ContinuousClock.Instant?) -> Int32 {
        guard let deadline else { return -1 }
        let remaining = (deadline - .now).components
        let milliseconds = remaining.seconds * 1000 + (remaining.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(0, milliseconds))
    }

    /// Whether a file or folder name is editor or system noise that never triggers a rebuild: hidden
    /// names (`.index.md.swp`, Emacs's lock `.#index.md`, `.DS_Store`), backups ending in `~`, Vim's
    /// swap files (`.swp`, `.swx`) and its write probe `4913` (Vim's `:help 'backupcopy'`), Emacs's
    /// auto-save files `#name#`, and temporary files ending in `.tmp`.
    static func isEditorNoise(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swx")
            || name.hasSuffix(".tmp") || name == "4913" || (name.count > 1 && name.hasPrefix("#") && name.hasSuffix("#"))
    }

    /// `path` without trailing slashes (`/` stays `/`).
    fileprivate static func normalizedPath(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// The text of the current `errno`, e.g. "No space left on device".
    fileprivate static func systemError(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}

/// The mechanism in use, shared by the watcher and its thread.
final class MechanismState: Sendable {
    let value: Mutex<FileWatcher.Mechanism>

    init(_ mechanism: FileWatcher.Mechanism) {
        value = Mutex(mechanism)
    }
}

/// A watcher's settings, as its thread sees them.
struct WatchSettings: Sendable {
    let roots: [String]
    let debounce: Double
    let maximumDelay: Double
    let pollInterval: Double
    let forcePolling: Bool
    let mechanism: MechanismState
}

/// What `start()` and `stop()` share with one run of the watcher's thread.
private final class WatchRun: Sendable {
    /// The read end of the wake-up pipe: readable once `stop()` wrote to it; closed by the thread.
    let wakeRead: Int32
    /// The write end of the wake-up pipe; closed by `stop()`.
    let wakeWrite: Int32
    let stopRequested = Atomic<Bool>(false)
    /// The watcher's thread, to recognize a `stop()` called from `onChange`.
    let worker = Mutex<pthread_t?>(nil)
    let ready = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)

    init(wakeRead: Int32, wakeWrite: Int32) {
        self.wakeRead = wakeRead
        self.wakeWrite = wakeWrite
    }
}

/// What a watcher does between two wake-ups of its thread, given the time rather than reading it:
/// reads the queued inotify events or, when polling and a scan is due, compares a new snapshot with
/// the last, and collects the changes in a ``ChangeBatch`` that says when they are due. The thread
/// calls ``step(now:inotifyReadable:)`` with the clock's reading; tests call it with made-up
/// instants after changing files (the kernel queues inotify events as each change is made), so the
/// debounce, the maximum delay and the polling schedule are tested without sleeping.
final class WatchCore {
    private let settings: WatchSettings
    private var inotify: InotifyTree?
    private var snapshot: [String: PolledEntry] = [:]
    private var nextScan: ContinuousClock.Instant
    private var batch: ChangeBatch

    /// Sets up inotify watches of the roots (or, when polling is forced or inotify cannot be used,
    /// the first snapshot, with the first scan `pollInterval` after `now`).
    init(settings: WatchSettings, now: ContinuousClock.Instant) {
        self.settings = settings
        batch = ChangeBatch(debounce: settings.debounce, maximumDelay: settings.maximumDelay)
        nextScan = now
        if !settings.forcePolling {
            inotify = try? InotifyTree(roots: settings.roots)
        }
        if inotify == nil {
            snapshot = PolledEntry.snapshot(of: settings.roots)
            nextScan = now + .seconds(settings.pollInterval)
        }
        settings.mechanism.value.withLock { $0 = inotify == nil ? .polling : .inotify }
    }

    /// The inotify descriptor to wait on, `nil` when polling.
    var inotifyDescriptor: Int32? { inotify?.descriptor }

    /// When the core must be stepped again without an event: the next scan when polling, or when
    /// the collected changes are due; `nil` when it can wait for an inotify event.
    var deadline: ContinuousClock.Instant? {
        [inotify == nil ? nextScan : nil, batch.deadline].compactMap { $0 }.min()
    }

    /// The changes seen up to `now` (queued inotify events when `inotifyReadable`; a scan when
    /// polling and one is due), and the paths to report when the batch is due at `now` (sorted,
    /// never empty), else `nil`.
    func step(now: ContinuousClock.Instant, inotifyReadable: Bool) -> [String]? {
        var changes = Set<String>()
        if let inotify, inotifyReadable {
            do {
                try inotify.readEvents(into: &changes)
            } catch {
                fallBackToPolling(changes: &changes, now: now)
            }
        }
        if inotify == nil && now >= nextScan {
            scan(into: &changes, now: now)
        }
        batch.collect(changes, at: now)
        guard let paths = batch.takeDue(at: now) else { return nil }
        if inotify == nil { nextScan = now + .seconds(settings.pollInterval) }
        return paths
    }

    /// Closes the inotify descriptor.
    func close() {
        inotify?.close()
        inotify = nil
    }

    /// Compares a new snapshot with the last one. While changes are waiting to be reported the
    /// next scan comes after `debounce` seconds, so that the quiet period is checked.
    private func scan(into changes: inout Set<String>, now: ContinuousClock.Instant) {
        let newSnapshot = PolledEntry.snapshot(of: settings.roots)
        for (path, entry) in newSnapshot where snapshot[path].map({ !$0.isSame(as: entry) }) ?? true {
            changes.insert(path)
        }
        for path in snapshot.keys where newSnapshot[path] == nil {
            changes.insert(path)
        }
        snapshot = newSnapshot
        let waiting = !changes.isEmpty || !batch.pending.isEmpty
        nextScan = now + .seconds(waiting ? min(settings.debounce, settings.pollInterval) : settings.pollInterval)
    }

    /// inotify ran out of watches (or failed): poll from now on, reporting every root since changes
    /// may have been missed.
    private func fallBackToPolling(changes: inout Set<String>, now: ContinuousClock.Instant) {
        close()
        snapshot = PolledEntry.snapshot(of: settings.roots)
        nextScan = now + .seconds(settings.pollInterval)
        changes.formUnion(settings.roots)
        settings.mechanism.value.withLock { $0 = .polling }
    }
}

/// inotify cannot be used (any more): `inotify_init1` failed, or a watch could not be added for
/// lack of watches or kernel memory (`ENOSPC`, `ENOMEM`; inotify(7) "/proc interfaces").
private struct InotifyUnavailable: Error {
    let reason: String
}

/// The inotify watches of the folder trees, and of the nearest existing ancestor of each missing root.
fileprivate final class InotifyTree {
    /// The events asked for on every watched folder (inotify(7) "inotify events").
    private static let events = UInt32(
        IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
            | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
    /// The read buffer: room for many events of at most `NAME_MAX` (255) bytes each (inotify(7)
    /// "Reading events from an inotify file descriptor").
    private static let bufferSize = 64 * 1024

    let descriptor: Int32
    private let roots: [String]
    /// Watch descriptor → path of a folder inside a root's tree (roots included).
    private var folders: [Int32: String] = [:]
    /// Watch descriptor → path of the nearest existing ancestor of a missing root.
    private var anchors: [Int32: String] = [:]
    private var missingRoots = Set<String>()
    private let buffer: UnsafeMutableRawPointer

    init(roots: [String]) throws(InotifyUnavailable) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw InotifyUnavailable(reason: FileWatcher.systemError()) }
        self.roots = roots
        buffer = UnsafeMutableRawPointer.allocate(
            byteCount: Self.bufferSize, alignment: MemoryLayout<inotify_event>.alignment)
        missingRoots = Set(roots)
        do {
            var ignored = Set<String>()
            try watchMissingRoots(reporting: &ignored)
        } catch {
            close()
            throw error
        }
    }

    deinit {
        buffer.deallocate()
    }

    func close() {
        _ = Glibc.close(descriptor)
    }

    /// Reads every queued event and adds the changed paths to `changes`.
    func readEvents(into changes: inout Set<String>) throws(InotifyUnavailable) {
        var rootsMayHaveAppeared = false
        while true {
            let count = read(descriptor, buffer, Self.bufferSize)
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { break }
                throw InotifyUnavailable(reason: FileWatcher.systemError())
            }
            if count == 0 { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let name = event.len > 0
                    ? String(cString: (buffer + nameStart).assumingMemoryBound(to: CChar.self)) : ""
                offset = nameStart + Int(event.len)
                if try handle(event, name: name, changes: &changes) { rootsMayHaveAppeared = true }
            }
        }
        if rootsMayHaveAppeared { try watchMissingRoots(reporting: &changes) }
    }

    /// Handles one event; returns whether a missing root may have appeared.
    private func handle(_ event: inotify_event, name: String, changes: inout Set<String>) throws(InotifyUnavailable) -> Bool {
        let mask = event.mask
        func has(_ flag: Int32) -> Bool { mask & UInt32(flag) != 0 }
        if has(IN_Q_OVERFLOW) {
            // Events were lost: start again from scratch and report everything.
            for watch in Set(folders.keys).union(anchors.keys) { inotify_rm_watch(descriptor, watch) }
            folders.removeAll()
            anchors.removeAll()
            missingRoots = Set(roots)
            changes.formUnion(roots)
            return true
        }
        var mayHaveAppeared = false
        if anchors[event.wd] != nil {
            if has(IN_IGNORED) || has(IN_DELETE_SELF) || has(IN_MOVE_SELF) || has(IN_UNMOUNT) {
                anchors[event.wd] = nil
                mayHaveAppeared = true
            } else if has(IN_ISDIR) && (has(IN_CREATE) || has(IN_MOVED_TO)) {
                mayHaveAppeared = true
            }
        }
        guard let folder = folders[event.wd] else { return mayHaveAppeared }
        if has(IN_IGNORED) || has(IN_DELETE_SELF) || has(IN_MOVE_SELF) || has(IN_UNMOUNT) {
            // A folder below a root is reported by its parent's event; a root is reported here.
            if roots.contains(folder) {
                forgetTree(at: folder)
                missingRoots.insert(folder)
                changes.insert(folder)
                return true
            }
            if has(IN_IGNORED) { folders[event.wd] = nil }
            return mayHaveAppeared
        }
        guard !name.isEmpty, !FileWatcher.isEditorNoise(name) else { return mayHaveAppeared }
        let path = folder + "/" + name
        if has(IN_ISDIR) {
            if has(IN_CREATE) || has(IN_MOVED_TO) {
                changes.insert(path)
                try watchTree(at: path, reporting: &changes)
            } else if has(IN_DELETE) || has(IN_MOVED_FROM) {
                changes.insert(path)
                forgetTree(at: path)
            } else if has(IN_ATTRIB) {
                // Its permissions changed: a rebuild says whether it can still be read (chmod 600
                // fails it). One that is not watched could not be read when it was found (chmod
                // 000); it may be now: watched from here on, and reported with all it holds.
                changes.insert(path)
                if !folders.values.contains(path) { try watchTree(at: path, reporting: &changes) }
            }
        } else {
            changes.insert(path)
        }
        return mayHaveAppeared
    }

    /// Watches `path` and every folder below it; adds everything inside to `changes`.
    private func watchTree(at path: String, reporting changes: inout Set<String>) throws(InotifyUnavailable) {
        guard let watch = try addWatch(path, followingLinks: roots.contains(path)) else { return }
        folders[watch] = path
        // Listed after the watch was added, so nothing created in between is missed.
        for entry in WatchedFolder.entries(of: path) where !FileWatcher.isEditorNoise(entry.name) {
            changes.insert(entry.path)
            if entry.isFolder { try watchTree(at: entry.path, reporting: &changes) }
        }
    }

    /// Removes the watches of `path` and of the folders below it (a folder deleted or moved away).
    private func forgetTree(at path: String) {
        let prefix = path + "/"
        for (watch, folder) in folders where folder == path || folder.hasPrefix(prefix) {
            folders[watch] = nil
            if anchors[watch] == nil { inotify_rm_watch(descriptor, watch) }
        }
    }

    /// Watches each missing root that exists by now (reporting it and its contents), and the nearest
    /// existing ancestor of each other one, so that its appearance is noticed.
    private func watchMissingRoots(reporting changes: inout Set<String>) throws(InotifyUnavailable) {
        for root in missingRoots.sorted() {
            // Repeated until the ancestor watched is still the nearest, so that a folder created
            // between looking and watching is not missed.
            var anchored: String?
            while true {
                if WatchedFolder.isFolder(root) {
                    missingRoots.remove(root)
                    changes.insert(root)
                    try watchTree(at: root, reporting: &changes)
                    break
                }
                let ancestor = WatchedFolder.nearestExistingAncestor(of: root)
                if ancestor == anchored { break }
                if let watch = try addWatch(ancestor, followingLinks: true) { anchors[watch] = ancestor }
                anchored = ancestor
            }
        }
    }

    /// Adds a watch on the folder `path`; `nil` when it is gone, not a folder or not readable.
    private func addWatch(_ path: String, followingLinks: Bool) throws(InotifyUnavailable) -> Int32? {
        let mask = Self.events | (followingLinks ? 0 : UInt32(IN_DONT_FOLLOW))
        let watch = inotify_add_watch(descriptor, path, mask)
        if watch >= 0 { return watch }
        let code = errno
        if code == ENOSPC || code == ENOMEM {
            throw InotifyUnavailable(reason: "\(path): \(FileWatcher.systemError(code))")
        }
        return nil
    }
}

/// One entry of a polling snapshot: what tells that a file changed (stat(2)).
private struct PolledEntry {
    let isFolder: Bool
    let inode: UInt64
    let size: Int64
    let modified: timespec
    let changed: timespec

    /// A folder is unchanged while it is the same folder (entries added or removed inside it are
    /// reported by themselves); a file while its inode, size and times are.
    func isSame(as other: PolledEntry) -> Bool {
        guard isFolder == other.isFolder, inode == other.inode else { return false }
        if isFolder { return true }
        return size == other.size && modified.tv_sec == other.modified.tv_sec
            && modified.tv_nsec == other.modified.tv_nsec && changed.tv_sec == other.changed.tv_sec
            && changed.tv_nsec == other.changed.tv_nsec
    }

    init(_ info: stat) {
        isFolder = (info.st_mode & S_IFMT) == S_IFDIR
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = info.st_mtim
        changed = info.st_ctim
    }

    /// Path → entry for every existing root and everything below it but editor noise.
    static func snapshot(of roots: [String]) -> [String: PolledEntry] {
        var entries: [String: PolledEntry] = [:]
        func add(_ folder: String) {
            for entry in WatchedFolder.entries(of: folder) where !FileWatcher.isEditorNoise(entry.name) {
                entries[entry.path] = PolledEntry(entry.info)
                if entry.isFolder { add(entry.path) }
            }
        }
        for root in roots {
            var info = stat()
            guard stat(root, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { continue }
            entries[root] = PolledEntry(info)
            add(root)
        }
        return entries
    }
}

/// Folder listings with lstat(2) information, shared by both mechanisms.
private enum WatchedFolder {
    struct Entry {
        let name: String
        let path: String
        let info: stat
        /// A real folder, not a symbolic link to one (links are not followed below a root).
        var isFolder: Bool { (info.st_mode & S_IFMT) == S_IFDIR }
    }

    /// The entries of `folder` (empty when it cannot be read, e.g. deleted meanwhile).
    static func entries(of folder: String) -> [Entry] {
        guard let names = FolderListing.names(atPath: folder) else { return [] }
        return names.compactMap { name in
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            return Entry(name: name, path: path, info: info)
        }
    }

    /// Whether `path` is a folder (or a link to one).
    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The nearest ancestor folder of `path` that exists (`/` at worst).
    static func nearestExistingAncestor(of path: String) -> String {
        var ancestor = path
        repeat {
            ancestor = (ancestor as NSString).deletingLastPathComponent
        } while ancestor.count > 1 && !isFolder(ancestor)
        return ancestor.isEmpty ? "/" : ancestor
    }
}
