#!/usr/bin/env bash
# Figures of the foundation issue, measured in one run with the release build:
#  1. wall time of `objsh -q -c 'cd CONTAINER; ls' > /dev/null` on the sample store
#     (min and median of RUNS runs);
#  2. peak RSS and wall time of `ls` streaming a 100,000-object container of the
#     file store to /dev/null, beside `find DIR -type f | sort > /dev/null`.
# Usage: bench/foundation.sh [RUNS]   (BENCH_DIR keeps the 100,000 files between runs;
# OBJSH=PATH times a release binary built already; OBJSH_BEFORE=PATH times another
# build too, an older commit's, its runs interleaved with OBJSH's)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
apt_install time
SWIFT=$(swift_toolchain)
RUNS=${1:-20}
if [ -z "${OBJSH:-}" ]; then   # OBJSH=PATH: an objsh release binary built already
  "$SWIFT" build $(build_flags release) --product objsh >&2
  OBJSH=$(pwd)/.build/release/objsh
fi

WORK=${BENCH_DIR:-/tmp/objsh-bench}
export XDG_DATA_HOME=$WORK/xdg
mkdir -p "$WORK"
"$OBJSH" --cluster sample -q -c 'pwd' >/dev/null   # makes the sample store once

BIG=$WORK/store/big
if [ "$(find "$BIG" -maxdepth 1 -type f 2>/dev/null | wc -l)" -ne 100000 ]; then
  echo "creating 100,000 objects in $BIG" >&2
  rm -rf "$BIG"; mkdir -p "$BIG"
  python3 - "$BIG" <<'PY'
import os, sys
root = sys.argv[1]
for i in range(100000):
    # names spread over the byte range, sizes vary: like a log/archive bucket
    with open(os.path.join(root, "obj-%06d-%s.dat" % (i, "abcdefgh"[i % 8])), "wb") as f:
        f.write(b"x" * (i % 97))
PY
fi

# seconds of wall time of a command, from bash's clock
elapsed() { local t0 t1; t0=$(date +%s.%N); "$@" >/dev/null 2>&1; t1=$(date +%s.%N); awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.4f\n", b-a}'; }
stats() { sort -n | awk '{v[NR]=$1} END{m=(NR%2)?v[(NR+1)/2]:(v[NR/2]+v[NR/2+1])/2; printf "min %.1f ms  median %.1f ms  (n=%d)", v[1]*1000, m*1000, NR}'; }
median() { sort -n | awk '{v[NR]=$1} END{print (NR%2)?v[(NR+1)/2]:(v[NR/2]+v[NR/2+1])/2}'; }

# The builds timed, by name; with OBJSH_BEFORE each run times every build once in turn.
BINS=("$OBJSH"); NAMES=(objsh)
if [ -n "${OBJSH_BEFORE:-}" ]; then BINS=("$OBJSH_BEFORE" "$OBJSH"); NAMES=(before objsh); fi
echo "== 1. objsh -q -c 'cd CONTAINER; ls' > /dev/null on the sample store, $RUNS runs each"
for container in photos backups; do
  for name in "${NAMES[@]}"; do : > "$WORK/t1-$container-$name"; done
  for _ in $(seq "$RUNS"); do
    for i in "${!BINS[@]}"; do
      elapsed "${BINS[$i]}" --cluster sample -q -c "cd $container; ls" >> "$WORK/t1-$container-${NAMES[$i]}"
    done
  done
  for name in "${NAMES[@]}"; do
    printf '  %-8s %-6s %s\n' "$container" "$name" "$(stats < "$WORK/t1-$container-$name")"
  done
done

echo "== 2. streaming a 100,000-object container to /dev/null, 5 runs each"
for name in "${NAMES[@]}"; do : > "$WORK/t2-$name"; : > "$WORK/rss-$name"; done
for _ in 1 2 3 4 5; do
  for i in "${!BINS[@]}"; do elapsed "${BINS[$i]}" --cluster "$WORK/store" -q -c 'ls big' >> "$WORK/t2-${NAMES[$i]}"; done
done
for _ in 1 2 3 4 5; do elapsed bash -c "find '$BIG' -type f | sort"; done > "$WORK/t2-find"
for _ in 1 2 3 4 5; do
  for i in "${!BINS[@]}"; do
    /usr/bin/time -f '%M' "${BINS[$i]}" --cluster "$WORK/store" -q -c 'ls big' 2>&1 >/dev/null | tail -1 >> "$WORK/rss-${NAMES[$i]}"
  done
done
for _ in 1 2 3 4 5; do /usr/bin/time -f '%M' sort <(find "$BIG" -type f) 2>&1 >/dev/null | tail -1; done > "$WORK/rss-sort"
lines=$("$OBJSH" --cluster "$WORK/store" -q -c 'ls big' | wc -l)
for name in "${NAMES[@]}"; do
  printf '  %-6s ls big      %s   peak RSS median %s KiB  (%s lines)\n' "$name" "$(stats < "$WORK/t2-$name")" "$(median < "$WORK/rss-$name")" "$lines"
done
printf '  find | sort        %s   peak RSS of sort median %s KiB\n' "$(stats < "$WORK/t2-find")" "$(median < "$WORK/rss-sort")"
awk -v a="$(median < "$WORK/t2-objsh")" -v b="$(median < "$WORK/t2-find")" 'BEGIN{printf "  ratio objsh/find|sort (median wall): %.2f  (goal of issue 11: at most 1.50)\n", a/b}'
