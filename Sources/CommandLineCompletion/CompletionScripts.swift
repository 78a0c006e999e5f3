import ArgumentParser

/// The completion scripts in completions/: swift-argument-parser's, which know every
/// option from the one command model, with objsh's own entry function in front that
/// completes the `[CLUSTER:]PATH` word through `objsh --complete` (`OSShellCompletion`).
///
/// The parser's own custom completion is not used for remote names: its bash script
/// passes answers through `compgen -W`, which expands `$(...)` inside a name, and its
/// zsh script reads a `:` in a name as the start of a description.
public enum CompletionScripts {
    enum Failure: Error, CustomStringConvertible {
        case unexpected(shell: String, missing: String)
        var description: String {
            switch self {
            case .unexpected(let shell, let missing):
                "swift-argument-parser's \(shell) script has changed (no \(missing.debugDescription)): update CompletionScripts"
            }
        }
    }

    /// The script for `shell` (bash, zsh or fish), from `command`'s generated one.
    public static func script(for shell: String, of command: any ParsableCommand.Type) throws -> String {
        switch shell {
        case "bash":
            let generated = command.completionScript(for: .bash)
            return try renamingEntry(of: generated, shell: shell, definition: "\n_objsh() {\n")
                .inserting(bashEntry, before: "\ncomplete -o filenames -F _objsh objsh", shell: shell)
        case "zsh":
            let generated = command.completionScript(for: .zsh)
            return try renamingEntry(of: generated, shell: shell, definition: "\n_objsh() {\n")
                .inserting(zshEntry, before: "\nif [[ \"${funcstack[1]}\" = _objsh ]]; then", shell: shell)
        case "fish":
            return command.completionScript(for: .fish) + fishEntry
        default:
            throw ValidationError("no completion script for \(shell): give bash, zsh or fish")
        }
    }

    /// The parser's entry function becomes `__objsh_options`; objsh's takes its name.
    static func renamingEntry(of script: String, shell: String, definition: String) throws -> String {
        guard let range = script.range(of: definition) else { throw Failure.unexpected(shell: shell, missing: definition) }
        return script.replacingCharacters(in: range, with: "\n__objsh_options() {\n")
    }

    static let bashEntry = #"""

        # objsh's own entry: objsh reads the line itself (bash splits dal05:/a into three
        # words) and answers for [CLUSTER:]PATH with names quoted for the line; readline
        # must not quote them again, nor mark local directories (-o filenames) in them.
        # Anything else goes to the options above.
        _objsh() {
            local answer value
            if answer=$("${COMP_WORDS[0]}" --complete bash -- "${COMP_LINE:0:COMP_POINT}" "${COMP_WORDBREAKS}" 2>/dev/null); then
                compopt +o filenames
                COMPREPLY=()
                while IFS= read -r value; do
                    [[ -n "${value}" ]] && COMPREPLY+=("${value}")
                done <<< "${answer}"
                # A folder or a cluster name goes on: no space after it.
                if [[ "${#COMPREPLY[@]}" -eq 1 && "${COMPREPLY[0]}" == *[/:] ]]; then
                    compopt -o nospace
                fi
                return
            fi
            # A cluster name is no file: a local folder of that name must not gain a /.
            [[ "${3}" == --cluster ]] && compopt +o filenames
            __objsh_options "${@}"
        }

        """#

    static let zshEntry = #"""

        # objsh's own entry: [CLUSTER:]PATH is answered by objsh with whole values that
        # compadd quotes; anything else goes to the options above.
        _objsh() {
            local answer
            if answer="$("${words[1]}" --complete zsh -- "${(@Q)words[2,CURRENT-1]}" "${(Q)PREFIX}" 2>/dev/null)"; then
                local -a values goes_on
                values=("${(@f)answer}")
                values=(${values:#})
                # A folder or a cluster name goes on: no space after it.
                goes_on=(${(M)values:#*[/:]})
                values=(${values:#*[/:]})
                compadd -S '' -- "${goes_on[@]}"
                compadd -- "${values[@]}"
                return
            fi
            __objsh_options "${@}"
        }

        """#

    static let fishEntry = #"""

        # objsh's own completion of [CLUSTER:]PATH: objsh answers with whole values and
        # fish quotes them; for anything else it prints nothing.
        function __objsh_places
            set -l words (commandline -opc)
            set -l current (commandline -ct | string unescape)
            command $words[1] --complete fish -- $words[2..] "$current" 2>/dev/null
        end
        complete -c 'objsh' -fka '(__objsh_places)'

        """#
}

extension String {
    fileprivate func inserting(_ text: String, before marker: String, shell: String) throws -> String {
        guard let range = range(of: marker) else { throw CompletionScripts.Failure.unexpected(shell: shell, missing: marker) }
        return replacingCharacters(in: range.lowerBound..<range.lowerBound, with: text)
    }
}
