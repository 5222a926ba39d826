/// `roadtrip completion bash|zsh|fish`: prints a shell completion script (``CompletionScript``).
enum CompletionCommand: Command {
    static let spec = CommandSpec(
        words: ["completion"],
        summary: "Print a completion script for bash, zsh or fish",
        arguments: [
            ArgumentSpec(
                name: "SHELL", help: CompletionScript.Shell.allCases.map(\.rawValue).joined(separator: ", "),
                completion: .choices(CompletionScript.Shell.allCases.map(\.rawValue)))
        ],
        details: """
            bash:  eval "$(roadtrip completion bash)" in ~/.bashrc, or save it as
                   ~/.local/share/bash-completion/completions/roadtrip
            zsh:   roadtrip completion zsh > "${fpath[1]}/_roadtrip" (a folder on your $fpath),
                   or source <(roadtrip completion zsh) in ~/.zshrc after compinit
            fish:  roadtrip completion fish > ~/.config/fish/completions/roadtrip.fish
            """)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let name = arguments.argument(0)!
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            throw UsageError(
                message: "unknown shell '\(name)' (known: "
                    + CompletionScript.Shell.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        print(CompletionScript.script(for: shell, commands: CommandTable.specs), terminator: "")
        return 0
    }
}
