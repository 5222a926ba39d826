import Dispatch
import Synchronization
import RoadTripCore

extension BuildStep {
    /// Writes the rendered files into the output folder (`OutputWriter`: staged, then renamed into
    /// place while the build holds the folder's lock), after checking that no two paths collide
    /// (the same path twice, two differing only in case, or a file where another path needs a
    /// folder); a collision, or any problem that
    /// blocks the build so far, stops it before the output folder is touched. The files render-pages
    /// kept (``BuildState/keptFiles``) are left as they are; once written, the ``StoredBuild`` is
    /// saved (a failure to save is a warning). When the paths are those the last build wrote, with
    /// its manifest untouched (``StoredBuild/outputPathsAreLastBuilds(_:)``), they were checked
    /// then and the manifest is right: neither is done again.
    static let writeOutput = BuildStep("write-output") { state, context throws(BuildStop) in
        let files = state.files, kept = state.keptFiles
        let paths = files.map(\.path) + kept
        var pathsDigest: String?, pathsAreLastBuilds = false
        if let stored = state.storedBuild {
            let digest = OutputPathSet.digest(of: paths)
            (pathsDigest, pathsAreLastBuilds) = (digest, stored.outputPathsAreLastBuilds(digest))
        }
        for (first, second) in pathsAreLastBuilds ? [] : OutputWriter.conflictingPaths(paths) {
            // A pair is the same path twice, two spellings of one path, or a file and a path below
            // a folder of the file's name (`conflictingPaths`: the file first).
            let message =
                first == second ? "the output path '\(first)' would be written twice"
                : second.split(separator: "/").count > first.split(separator: "/").count
                    ? "the output path '\(first)' is a file, but '\(second)' needs a folder there"
                    : "output paths '\(first)' and '\(second)' differ only in case"
            context.log.error(SourceLocation(path: context.options.outputDirectory.lastPathComponent), message)
        }
        // A stop here leaves render-pages' staging folder to the builder, which removes it.
        guard !context.hasBlockingProblems else { throw BuildStop(summary: "stopped before writing: nothing was written") }
        guard let lock = context.lock else { throw BuildStop(summary: "not written: the output folder is not locked") }
        let summary: OutputWriteSummary
        do throws(OutputWriteFailure) {
            summary = try context.writer.write(
                files, keeping: kept, holding: lock, conflictsChecked: true, pathsAsLastWritten: pathsAreLastBuilds,
                staging: state.staging)
        } catch {
            context.log.report(error.diagnostic)
            state.outputChanged = error.outputChanged
            throw BuildStop(
                summary: error.outputChanged
                    ? "stopped by an error after part of the output was replaced: the next build completes it"
                    : "stopped by an error: the output folder was left as it was")
        }
        state.staging = nil
        state.writeSummary = summary
        if let pathsDigest { state.storedBuild?.noteOutputPaths(pathsDigest, paths: paths) }
        // The stored build and the basemap's index are separate files: saved side by side (after
        // a clean 4,000-destination build, each is tens of milliseconds on one core).
        let storedBuild = state.storedBuild, basemapCache = state.basemapCache
        let saveProblem = Mutex<String?>(nil)
        DispatchQueue.concurrentPerform(iterations: 2) { task in
            if task == 0 {
                let problem = storedBuild?.save(knownStamps: summary.stagedStamps)
                saveProblem.withLock { $0 = problem }
            } else if let (cache, index) = basemapCache {
                cache.restampTiles(changedBy: summary, in: index)
            }
        }
        if let problem = saveProblem.withLock({ $0 }) {
            context.log.warning(
                SourceLocation(path: ProjectCacheFolder.name + "/build"),
                "cannot keep what this build rendered: \(problem); the next build reuses only what an earlier build kept, if "
                    + "anything, and renders the rest again")
        }
        context.verbose("apply phase (the renames and removals in the output folder): "
            + DecimalText.fixed(summary.applySeconds * 1000, fractionDigits: 2) + " ms")
        return CountText.counted(files.count + kept.count, "file") + " (" + CountText.grouped(summary.written.count) + " written, "
            + CountText.grouped(summary.unchangedCount) + " unchanged, " + CountText.grouped(summary.removed.count) + " removed)"
    }
}
