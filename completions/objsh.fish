function __objsh_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __objsh_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __objsh_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __objsh_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __objsh_parse_tokens -S
    set -l unparsed_tokens (__objsh_tokens -pc)
    switch $unparsed_tokens[1]
    case 'objsh'
        __objsh_parse_subcommand 1 'cluster=' 'c=' 'f=' 'q' 'json' 'on-error=' 'color=' 'trace' 'cache-limit=' 'debug' 'insecure' 'progress' 'rc' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'help'
            __objsh_parse_subcommand -r 1 'version'
        end
    end
end

function __objsh_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __objsh_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __objsh_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __objsh_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__objsh_tokens -p)
    if test -z "$(__objsh_tokens -t)"
        set -l index (count (__objsh_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'objsh' -f
complete -c 'objsh' -n '__objsh_should_offer_completions_for_flags_or_options "objsh" cluster' -l 'cluster' -d 'The cluster to open: a name from `cluster`, or a directory path (default: local).' -rfka '(__objsh_custom_completion ---completion -- --cluster (count (__objsh_tokens -pc)) (__objsh_tokens -tC))'
complete -c 'objsh' -n '__objsh_should_offer_completions_for_flags_or_options "objsh" c' -s 'c' -d 'Run these commands (separated by ; or newlines) and exit.' -rfka ''
complete -c 'objsh' -n '__objsh_should_offer_completions_for_flags_or_options "objsh" f' -s 'f' -d 'Run the commands in this file and exit.' -rF
complete -c 'objsh' -n '__objsh_should_offer_completions_for_flags_or_options "objsh" q' -s 'q' -d 'Print no panes (command output and errors only).'
complete -c 'objsh' -n '__objsh_should_offer_completions_for_flags_or_options "objsh" json' -l 'json' -d 'Print JSON Lines for every command that prints entries (ls, info, search, cluster, pwd), and no panes.'
complete -c 'objsh' -n '__objsh_should_offer_completions_for_flags_or_options "objsh" on-error' -l 'on-error' -d 'In a script, stop at the first failing command or continue.' -rfka 'stop continue'
complete -c 'objsh' -n '__objsh_should_offer_completions_for_flags_or_options "objsh" color' -l 'color' -d 'Paint folders and errors: auto (an interactive session at a terminal, without NO_COLOR), always or never.' -rfka 'auto always never'
complete -c 'objsh' -n '__objsh_should_offer_completions_for_flags_or_options "objsh" trace' -l 'trace' -d 'Print every pane lifecycle event to standard error.'
complete -c 'objsh' -n '__objsh_should_offer_completions_for_flags_or_options "objsh" cache-limit' -l 'cache-limit' -d 'How many hidden panes keep their content.' -rfka ''
complete -c 'objsh' -n '__objsh_should_offer_completions_for_flags_or_options "objsh" debug' -l 'debug' -d 'Print one line per HTTP request to standard error (credentials redacted).'
complete -c 'objsh' -n '__objsh_should_offer_completions_for_flags_or_options "objsh" insecure' -l 'insecure' -d 'Do not verify TLS certificates of Swift and S3 clusters (prints a warning).'
complete -c 'objsh' -n '__objsh_should_offer_completions_for_flags_or_options "objsh" progress' -l 'progress' -d 'Show a progress line for transfers on standard error, also in scripts (the default at a terminal).'
complete -c 'objsh' -n '__objsh_should_offer_completions_for_flags_or_options "objsh" rc' -l 'rc' -d 'Run the rc file ($XDG_CONFIG_HOME/objsh/rc) before -c or -f commands too (an interactive session always runs it).'
complete -c 'objsh' -n '__objsh_should_offer_completions_for_flags_or_options "objsh" version' -l 'version' -d 'Show the version.'
complete -c 'objsh' -n '__objsh_should_offer_completions_for_flags_or_options "objsh" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'objsh' -n '__objsh_should_offer_completions_for_positional "objsh" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'objsh' -n '__objsh_should_offer_completions_for_flags_or_options "objsh help" version' -l 'version' -d 'Show the version.'
# objsh's own completion of [CLUSTER:]PATH: objsh answers with whole values and
# fish quotes them; for anything else it prints nothing.
function __objsh_places
    set -l words (commandline -opc)
    set -l current (commandline -ct | string unescape)
    command $words[1] --complete fish -- $words[2..] "$current" 2>/dev/null
end
complete -c 'objsh' -fka '(__objsh_places)'
