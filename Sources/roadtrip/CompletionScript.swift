import Foundation

/// Shell completion scripts for `roadtrip completion bash|zsh|fish`, generated from the command
/// specs (``CommandTable``), so every command, subcommand, option and option value the parser
/// knows is offered and nothing else.
///
/// - bash: a `complete -F` function (bash 4.0 or later: `mapfile`, `compopt`).
/// - zsh: a `#compdef` function using `_describe` and `_arguments` (zsh's completion system,
///   `compinit`); it works both from a folder on `$fpath` and sourced.
/// - fish: `complete -c roadtrip` lines with `__fish_use_subcommand` and
///   `__fish_seen_subcommand_from` conditions (fish 3).
enum CompletionScript {
    /// A shell roadtrip writes completion for.
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    /// The script for `shell` covering `commands` (UTF-8 text ending in a newline).
    static func script(for shell: Shell, commands: [CommandSpec]) -> String {
        let tree = CommandTree(commands)
        switch shell {
        case .bash: return bash(tree)
        case .zsh: return zsh(tree)
        case .fish: return fish(tree)
        }
    }

    /// The options every position before a command offers.
    private static let globalOptions = [OptionSpec.help.name, OptionSpec.help.shortName!, "--version"]

    /// The commands by first word: a single command, or a group of two-word commands.
    private struct CommandTree {
        struct Entry {
            let word: String
            let summary: String
            /// The commands under `word`; one with no second word for a plain command.
            let commands: [CommandSpec]
            var isGroup: Bool { commands.contains { $0.words.count > 1 } }
        }
        let entries: [Entry]

        init(_ commands: [CommandSpec]) {
            var entries: [Entry] = []
            for spec in commands where !entries.contains(where: { $0.word == spec.words[0] }) {
                let members = commands.filter { $0.words[0] == spec.words[0] }
                let summary = members.count == 1 && members[0].words.count == 1
                    ? members[0].summary
                    : members.map { $0.words.dropFirst().joined(separator: " ") }.joined(separator: ", ")
                entries.append(Entry(word: spec.words[0], summary: summary, commands: members))
            }
            self.entries = entries
        }

        var words: [String] { entries.map(\.word) }
        var subwords: [String] { entries.flatMap { $0.commands.compactMap { $0.words.count > 1 ? $0.words[1] : nil } } }
        var allCommands: [CommandSpec] { entries.flatMap(\.commands) }
    }

    /// One line of help text for a description: the help's lines joined.
    private static func oneLine(_ text: String) -> String {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// `text` in single quotes for bash and zsh (`'` as `'\''`).
    private static func quoted(_ text: String) -> String {
        ShellWord.quoted(text)
    }

    // MARK: - bash

    private static func bash(_ tree: CommandTree) -> String {
        func words(_ list: [String]) -> String { quoted(list.joined(separator: " ")) }
        func reply(_ completion: ValueCompletion) -> String {
            switch completion {
            case .none: return "return 0"
            case .file: return "compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")"
            case .directory: return "compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- \"$cur\")"
            case .choices(let list): return "mapfile -t COMPREPLY < <(compgen -W \(words(list)) -- \"$cur\")"
            }
        }
        /// An option's value: `reply`, each word then given the `--option=` the word typed starts
        /// with when bash did not split it off (`value_prefix`).
        func valueReply(_ completion: ValueCompletion) -> String {
            guard completion != .none else { return reply(completion) }
            return reply(completion) + "; COMPREPLY=(\"${COMPREPLY[@]/#/$value_prefix}\")"
        }
        var lines = [
            "# bash completion for roadtrip, written by `roadtrip completion bash`.",
            "# Load it in ~/.bashrc with: eval \"$(roadtrip completion bash)\"",
            "# or save it as ~/.local/share/bash-completion/completions/roadtrip",
            "_roadtrip() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} value_prefix=''",
            "    local command=${COMP_WORDS[1]} first=2 i",
            "    COMPREPLY=()",
            "    # --option=value: bash splits the line at '=' (it is in COMP_WORDBREAKS), so the words are",
            "    # '--option' '=' 'value' ('=' itself the current word right after typing it); without that",
            "    # split the word is '--option=value', and each reply must start with '--option='.",
            "    if [[ $cur == = ]]; then",
            "        cur=''",
            "    elif [[ $prev == = ]] && ((COMP_CWORD > 2)); then",
            "        prev=${COMP_WORDS[COMP_CWORD-2]}",
            "    elif [[ $cur == --*=* ]]; then",
            "        prev=${cur%%=*} value_prefix=${cur%%=*}= cur=${cur#*=}",
            "    fi",
            "    if ((COMP_CWORD == 1)); then",
            "        mapfile -t COMPREPLY < <(compgen -W \(words(tree.words + globalOptions)) -- \"$cur\")",
            "        return 0",
            "    fi",
            "    case $command in",
        ]
        for entry in tree.entries where entry.isGroup {
            lines += [
                "    \(entry.word))",
                "        if ((COMP_CWORD == 2)); then",
                "            mapfile -t COMPREPLY < <(compgen -W \(words(entry.commands.map { $0.words[1] })) -- \"$cur\")",
                "            return 0",
                "        fi",
                "        command=\"$command ${COMP_WORDS[2]}\" first=3",
                "        ;;",
            ]
        }
        lines += [
            "    esac",
            "    # After --, every word is an argument.",
            "    for ((i = first; i < COMP_CWORD; i++)); do",
            "        [[ ${COMP_WORDS[i]} == -- ]] && { compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\"); return 0; }",
            "    done",
            "    case $command in",
        ]
        for spec in tree.allCommands {
            lines.append("    \(quoted(spec.words.joined(separator: " "))))")
            let valued = spec.options.filter { !$0.isFlag }
            if !valued.isEmpty {
                lines.append("        case $prev in")
                for option in valued {
                    lines.append("            \(option.name)) \(valueReply(option.completion)); return 0 ;;")
                }
                lines.append("        esac")
            }
            let names = spec.options.flatMap { [$0.name] + ($0.shortName.map { [$0] } ?? []) }
            lines += [
                "        if [[ $cur == -* ]]; then",
                "            mapfile -t COMPREPLY < <(compgen -W \(words(names)) -- \"$cur\")",
                "            return 0",
                "        fi",
            ]
            if spec.words == HelpCommand.spec.words {
                lines += [
                    "        case $((COMP_CWORD - first)) in",
                    "            0) mapfile -t COMPREPLY < <(compgen -W \(words(tree.words)) -- \"$cur\") ;;",
                    "            1) case ${COMP_WORDS[first]} in",
                ]
                for entry in tree.entries where entry.isGroup {
                    lines.append(
                        "                   \(entry.word)) mapfile -t COMPREPLY < <(compgen -W \(words(entry.commands.map { $0.words[1] })) -- \"$cur\") ;;")
                }
                lines += ["               esac ;;", "        esac"]
            } else if let argument = spec.arguments.first {
                lines.append("        \(reply(argument.completion))")
            }
            lines.append("        ;;")
        }
        lines += [
            "    esac",
            "    return 0",
            "}",
            "complete -F _roadtrip roadtrip",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - zsh

    /// `text` for the description brackets of an `_arguments` spec: `[` and `]` would end it.
    private static func zshDescription(_ text: String) -> String {
        oneLine(text).replacingOccurrences(of: "[", with: "(").replacingOccurrences(of: "]", with: ")")
    }

    private static func zshAction(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: return " "
        case .file: return "_files"
        case .directory: return "_files -/"
        case .choices(let list): return "(\(list.joined(separator: " ")))"
        }
    }

    /// One `_arguments` spec for `option`: `'(-v --verbose)'{-v,--verbose}'[help]'`,
    /// `'--source=[help]:DIR:_files -/'`.
    private static func zshOption(_ option: OptionSpec) -> String {
        let value = option.valueName.map { ":\($0):\(zshAction(option.completion))" } ?? ""
        let body = quoted("[\(zshDescription(option.help))]\(value)")
        let name = option.isFlag ? option.name : option.name + "="
        guard let short = option.shortName else { return quoted(name) + body }
        let shortName = option.isFlag ? short : short + "+"
        return quoted("(\(short) \(option.name))") + "{\(shortName),\(name)}" + body
    }

    private static func zsh(_ tree: CommandTree) -> String {
        func describeList(_ pairs: [(String, String)]) -> String {
            pairs.map { quoted("\($0.0):\(oneLine($0.1))") }.joined(separator: " ")
        }
        var lines = [
            "#compdef roadtrip",
            "# zsh completion for roadtrip, written by `roadtrip completion zsh`.",
            "# Save it as _roadtrip in a folder on $fpath, or add to ~/.zshrc (after compinit):",
            "#   source <(roadtrip completion zsh)",
            "_roadtrip() {",
            "    local -a commands",
            "    local command",
            "    if ((CURRENT == 2)); then",
            "        if [[ $PREFIX == -* ]]; then",
            "            compadd -- \(globalOptions.joined(separator: " "))",
            "        else",
            "            commands=(\(describeList(tree.entries.map { ($0.word, $0.summary) })))",
            "            _describe -t commands 'roadtrip command' commands",
            "        fi",
            "        return",
            "    fi",
            "    command=${words[2]}",
            "    case $command in",
        ]
        for entry in tree.entries where entry.isGroup {
            lines += [
                "        (\(entry.word))",
                "            if ((CURRENT == 3)); then",
                "                commands=(\(describeList(entry.commands.map { ($0.words[1], $0.summary) })))",
                "                _describe -t commands 'roadtrip \(entry.word) command' commands",
                "                return",
                "            fi",
                "            command=\"$command ${words[3]}\"",
                "            shift words; ((CURRENT--))",
                "            ;;",
            ]
        }
        lines += [
            "    esac",
            "    shift words; ((CURRENT--))",
            "    case $command in",
        ]
        for spec in tree.allCommands {
            var arguments = spec.options.map(zshOption)
            if spec.words == HelpCommand.spec.words {
                arguments.append(quoted(":COMMAND:(\(tree.words.joined(separator: " ")))"))
                arguments.append(quoted("::SUBCOMMAND:(\(tree.subwords.joined(separator: " ")))"))
            } else {
                arguments += spec.arguments.map {
                    quoted(($0.isOptional ? "::" : ":") + "\($0.name):\(zshAction($0.completion))")
                }
            }
            lines.append("        (\(quoted(spec.words.joined(separator: " "))))")
            lines.append("            _arguments -s -S \\")
            lines += arguments.map { "                \($0) \\" }
            lines[lines.count - 1].removeLast(2)
            lines.append("            ;;")
        }
        lines += [
            "    esac",
            "}",
            "if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then",
            "    _roadtrip \"$@\"",
            "else",
            "    compdef _roadtrip roadtrip",
            "fi",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - fish

    /// `text` in fish's single quotes (`\` and `'` escaped).
    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    private static func fishValues(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: return "-f"
        case .file: return "-F"
        case .directory: return "-f -a '(__roadtrip_complete_directories)'"
        case .choices(let list): return "-f -a \(fishQuoted(list.joined(separator: " ")))"
        }
    }

    private static func fish(_ tree: CommandTree) -> String {
        var lines = [
            "# fish completion for roadtrip, written by `roadtrip completion fish`.",
            "# Save it as ~/.config/fish/completions/roadtrip.fish",
            "complete -c roadtrip -f",
            "# Folders for an option's value. In '--source=Dest' only 'Dest' is the folder typed: fish puts",
            "# '--source=' back in front of each reply itself, and __fish_complete_directories, left to",
            "# itself, would complete the whole token and so give '--source=--source=Destinations/'.",
            "function __roadtrip_complete_directories",
            "    set -l typed (commandline -ct | string replace -r -- '^--[^=]*=' '')",
            "    __fish_complete_directories \"$typed\"",
            "end",
            "complete -c roadtrip -n __fish_use_subcommand -s h -l help -d \(fishQuoted(OptionSpec.help.help))",
            "complete -c roadtrip -n __fish_use_subcommand -l version -d 'print the version'",
        ]
        for entry in tree.entries {
            lines.append("complete -c roadtrip -n __fish_use_subcommand -a \(entry.word) -d \(fishQuoted(entry.summary))")
        }
        for entry in tree.entries where entry.isGroup {
            let subwords = entry.commands.map { $0.words[1] }.joined(separator: " ")
            for spec in entry.commands {
                let condition = "__fish_seen_subcommand_from \(entry.word); and not __fish_seen_subcommand_from \(subwords)"
                lines.append(
                    "complete -c roadtrip -n \(fishQuoted(condition)) -a \(spec.words[1]) -d \(fishQuoted(spec.summary))")
            }
        }
        for spec in tree.allCommands {
            let condition = spec.words.map { "__fish_seen_subcommand_from \($0)" }.joined(separator: "; and ")
            let prefix = "complete -c roadtrip -n \(fishQuoted(condition))"
            for option in spec.options {
                var line = prefix
                if let short = option.shortName { line += " -s \(short.dropFirst())" }
                line += " -l \(option.name.dropFirst(2))"
                if !option.isFlag { line += " -r " + fishValues(option.completion) }
                lines.append(line + " -d \(fishQuoted(oneLine(option.help)))")
            }
            if spec.words == HelpCommand.spec.words {
                lines.append(prefix + " -a \(fishQuoted(tree.words.joined(separator: " ")))")
            } else if let argument = spec.arguments.first, argument.completion != .none {
                lines.append(prefix + " " + fishValues(argument.completion))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
