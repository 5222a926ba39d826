/// One named step of a build, as Publish's publishing steps are (`.addMarkdownFiles()`,
/// `.generateHTML()`): it reads what the steps before it left in the ``BuildState``, adds its own
/// result, and returns the words of its progress line. ``SiteBuilder/steps`` lists them in order;
/// a new step is one file declaring it and one line in that list.
///
/// The builder prints each step as `[i/n] name: what it did … time` (`[8/9] render-pages: 9
/// destinations (40 files) … 31 ms`) and counts the errors and warnings each step reports, so a
/// failed build says in which steps its problems arose.
struct BuildStep: Sendable {
    /// The step's name in kebab case (`load-destinations`), as progress lines and failures show it.
    let name: String
    /// Whether the build stops after this step when it has a problem that blocks it (an error, or
    /// a warning under `--strict`), from this step or an earlier one: a checkpoint after which
    /// nothing would be worth doing. Loading steps are not, so that one build reports every
    /// problem of the sources and the theme.
    let stopsOnProblems: Bool
    /// Runs the step. Returns what it did, for the progress line ("9 destinations (40 files)").
    /// Throws ``BuildStop`` when the build cannot go on (its reason already logged).
    let run: @Sendable (inout BuildState, BuildContext) throws(BuildStop) -> String

    init(
        _ name: String, stopsOnProblems: Bool = false,
        run: @escaping @Sendable (inout BuildState, BuildContext) throws(BuildStop) -> String
    ) {
        self.name = name
        self.stopsOnProblems = stopsOnProblems
        self.run = run
    }
}

/// Ends a build from inside a step; what went wrong is already in the build's log.
struct BuildStop: Error {
    /// The words of the step's progress line ("stopped by errors").
    var summary: String
}
