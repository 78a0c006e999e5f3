# bench/lib.sh: timing helpers every bench/*.sh sources (after scripts/lib.sh).
# RUNS (set by the caller) is how many times `measure` runs a command.

seconds() { # cmd...: runs it once, output discarded; prints wall seconds
  local t0 t1; t0=$(date +%s.%N); "$@" >/dev/null 2>&1; t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.3f\n", b-a}'
}

expect_lines() { # n cmd...: fails unless cmd succeeds and prints n lines
  local want=$1; shift; local got
  got=$("$@" | wc -l) || { echo "bench: $* failed" >&2; exit 1; }
  [ "$got" -eq "$want" ] || { echo "bench: $* printed $got lines, not $want" >&2; exit 1; }
}

summary() { # label: wall seconds on stdin → "label min median"
  sort -n | awk -v l="$1" '{a[NR]=$1} END{printf "%s %s %s\n", l, a[1], a[int((NR+1)/2)]}'
}

measure() { # label cmd...: "label min median" of RUNS runs
  local label=$1; shift
  for _ in $(seq "$RUNS"); do seconds "$@"; done | summary "$label"
}

rounds() { # prep tool...: RUNS rounds, each running every tool once after `prep TOOL`
  # (untimed), so the drift of a shared machine falls on every tool alike; prints
  # "tool min median" per tool
  local prep=$1 tool times; shift
  times=$(mktemp -d)
  for _ in $(seq "$RUNS"); do
    for tool in "$@"; do "$prep" "$tool"; seconds "$tool" >> "$times/$tool"; done
  done
  for tool in "$@"; do summary "$tool" < "$times/$tool"; done
  rm -rf "$times"
}

report() { # lines "label min median" → a table; each median as a ratio of the first line's
  awk 'NR==1{f=$3; first=$1} {printf "  %-24s min %7.3f s  median %7.3f s  ×%.2f of %s\n", $1, $2, $3, $3/f, first}'
}

peak_kb() { # cmd...: its peak RSS in kB (GNU time)
  /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1
}
