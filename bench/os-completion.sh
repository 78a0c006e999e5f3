#!/usr/bin/env bash
# bench/os-completion.sh [DIR]
#
# TAB latency of `objsh [CLUSTER:]PATH` in bash (issue 13's figure): the committed
# completions/objsh.bash is sourced and its entry function called as bash's
# `complete -F` would, timed with EPOCHREALTIME around the call, so the figure holds
# objsh's process start, sign-in and listing but not bash's own start. The folder is
# "big-flat" (100,000 objects, seeded once by scripts/swift-seed) on one running
# swift-server (DIR, default /tmp/objsh-swift; started if it is not running).
#   first:  the completion cache is removed before every TAB (a new name each time)
#   cached: the same TAB again within the cache's 30 s
# Each row: RUNS TABs (default 50), p50 and p99 in milliseconds, next to the goal.
# CONFIGURATION=debug times the debug build instead of a release build.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
DIR=${1:-/tmp/objsh-swift}
RUNS=${RUNS:-50}
CONFIGURATION=${CONFIGURATION:-release}

scripts/swift-server status "$DIR" >/dev/null 2>&1 || scripts/swift-server start "$DIR"
# shellcheck disable=SC1091
. "$DIR/env"
SEED_LAYOUT=flat scripts/swift-seed "$DIR" big-flat 100000
"$(swift_toolchain)" build -c "$CONFIGURATION" --product objsh >/dev/null
BIN=$(mktemp -d)
XDG_CACHE_HOME=$(mktemp -d)
XDG_CONFIG_HOME=$(mktemp -d)   # no user config in the way
trap 'rm -rf "$BIN" "$XDG_CACHE_HOME" "$XDG_CONFIG_HOME"' EXIT
ln -s "$PWD/.build/$CONFIGURATION/objsh" "$BIN/objsh"
export PATH="$BIN:$PATH" XDG_CACHE_HOME XDG_CONFIG_HOME
export ST_AUTH=$OBJSH_TEST_SWIFT_AUTH ST_USER=$OBJSH_TEST_SWIFT_USER ST_KEY=$OBJSH_TEST_SWIFT_KEY

# shellcheck disable=SC1091
source completions/objsh.bash
compopt() { :; }   # only bash's own completion may call it; here the call is timed by hand

tab() { # LINE: one completion as bash runs it; prints milliseconds, checks an answer came
  local t0 t1
  COMP_LINE=$1 COMP_POINT=${#1}
  read -r -a COMP_WORDS <<< "$1"
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  t0=$EPOCHREALTIME
  _objsh objsh "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
  t1=$EPOCHREALTIME
  [ "${#COMPREPLY[@]}" -gt 0 ] || { echo "bench: no completion for '$1'" >&2; exit 1; }
  awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.1f\n", (b - a) * 1000}'
}
percentiles() { # label goal: reads milliseconds, prints p50 and p99
  sort -n | awk -v l="$1" -v g="$2" '{a[NR]=$1} END{
    p99 = a[int(NR * 0.99 + 0.999)]; printf "  %-34s p50 %6.1f ms  p99 %6.1f ms  (goal %s)\n", l, a[int((NR+1)/2)], p99, g}'
}

[ "$(tab 'objsh env:/big-flat/o09999' | wc -l)" -eq 1 ]
echo "== bash TAB after objsh in a 100,000-object Swift container ($CONFIGURATION build, $RUNS TABs each)"
for i in $(seq "$RUNS"); do
  rm -rf "${XDG_CACHE_HOME:?}/objsh"
  tab "objsh env:/big-flat/o$(printf '%04d' $((i * 37 % 1000)))"
done | percentiles "first (10-100 names, no cache)" "<= 150 ms"
tab 'objsh env:/big-flat/o0999' >/dev/null
for _ in $(seq "$RUNS"); do tab 'objsh env:/big-flat/o09995'; done | percentiles "cached (a longer prefix)" "<= 30 ms"
for _ in $(seq "$RUNS"); do tab 'objsh env:/big-flat/'; done | percentiles "whole folder (1,000 of 100,000)" "no cache: more may match"
for _ in $(seq "$RUNS"); do tab 'objsh sample:/pho'; done | percentiles "file store (sample:/pho)" "<= 30 ms"
