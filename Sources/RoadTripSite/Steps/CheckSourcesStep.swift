import RoadTripCore

extension BuildStep {
    /// What can only be judged once everything is loaded, the checkpoint before computing: one
    /// warning when `site.yaml` publishes personal fields of contacts, and an error when the
    /// photos' copies cannot be kept in the project's cache folder. The build stops here on any
    /// error (or warning under `--strict`) of the steps so far.
    static let checkSources = BuildStep("check-sources", stopsOnProblems: true) { state, context throws(BuildStop) in
        guard let content = state.content, state.theme != nil else { throw BuildStop(summary: "stopped by errors") }
        let log = context.log
        if let warning = content.config.contactPrivacy.publishingWarning(for: content.destinations.flatMap(\.contacts)) {
            log.report(warning)
        }
        let projectRoot = context.options.projectRoot
        if content.destinations.contains(where: { !$0.photos.isEmpty }) {
            let photoCache = ProjectCacheFolder.photos(projectRoot: projectRoot)
            if let problem = ProjectCacheFolder.problem(with: photoCache, projectRoot: projectRoot) {
                log.error(
                    SourceLocation(path: ProjectCacheFolder.name),
                    "cannot keep the photos' copies in \(ProjectCacheFolder.name)/photos/: \(problem)")
            }
        }
        let errors = log.errorCount, warnings = log.warningCount
        return errors + warnings == 0 ? "no problems"
            : CountText.counted(errors, "error") + ", " + CountText.counted(warnings, "warning") + " so far"
    }
}
