# Drives zsh's completion for real: an interactive zsh in a pseudo-terminal (zpty)
# loads the completion functions of COMPLETIONS_DIR with compinit, gets LINE and a
# TAB, and writes every match it offers to OUTPUT_FILE, one a line.
# Usage: zsh -f zsh-complete.zsh COMPLETIONS_DIR OUTPUT_FILE LINE
zmodload zsh/zpty || { print -u2 "zsh has no zsh/zpty module"; exit 3 }
completions=$1 output=$2 line=$3
: > $output
setup=$(mktemp)
# compadd is wrapped to record what completion adds; calls that only filter or
# query (-O, -A, -D) go straight through. comppostfuncs marks the end.
cat > $setup <<SETUP
PROMPT=''
fpath=(${(q)completions} \$fpath)
autoload -Uz compinit && compinit -u -D
compadd() {
  if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "\$@"; return; fi
  local -a __matches
  builtin compadd -A __matches "\$@"
  (( \$#__matches )) && print -rl -- \$__matches >> ${(q)output}
  builtin compadd "\$@"
}
__record_end() { print -r -- '<end>' >> ${(q)output} }
comppostfuncs=(__record_end)
bindkey '^I' complete-word
SETUP
zpty completion zsh -f -i
zpty -w completion "source ${(q)setup}"
zpty -w -n completion "$line"$'\t'
for attempt in {1..200}; do
  grep -qx '<end>' $output && break
  sleep 0.1
done
zpty -d completion
rm -f $setup
grep -qx '<end>' $output || { print -u2 "zsh offered no completion for '$line' within 20 s"; exit 4 }
sed -i '/^<end>$/d' $output
