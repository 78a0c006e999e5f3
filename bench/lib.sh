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

summary() { # label: wall seconds on stdin → "label min median" (of an even count, the
  # mean of the middle two)
  sort -n | awk -v l="$1" '{a[NR]=$1} END{printf "%s %s %.3f\n", l, a[1], (a[int((NR+1)/2)] + a[int(NR/2)+1]) / 2}'
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

load_avg() { # the machine's load averages (1, 5, 15 min), printed beside each figure
  uptime | sed 's/.*load average: /load /'
}

swift_login() { # auth user key [curl options...]: sets TOKEN and URL (auth v1)
  local auth=$1 user=$2 key=$3 hdr; shift 3
  hdr=$(curl -s "$@" -D - -o /dev/null -H "X-Auth-User: $user" -H "X-Auth-Key: $key" "$auth" | tr -d '\r')
  TOKEN=$(sed -n 's/^[Xx]-[Aa]uth-[Tt]oken: //p' <<<"$hdr"); URL=$(sed -n 's/^[Xx]-[Ss]torage-[Uu]rl: //p' <<<"$hdr")
  [ -n "$TOKEN" ] && [ -n "$URL" ] || { echo "bench: no login at $auth" >&2; return 1; }
}

release_objsh() { # OBJSH unless set: the release build of this checkout (scripts/lib.sh's flags)
  if [ -n "${OBJSH:-}" ]; then echo "objsh: $OBJSH (given)"; return 0; fi
  "$SWIFT" build $(build_flags release) --product objsh >/dev/null
  OBJSH=$("$SWIFT" build $(build_flags release) --show-bin-path)/objsh
  echo "objsh: $OBJSH, release build of $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources Package.swift || echo ' with changes')"
}

# bench_swift_server [DIR] [SUB]: one swift-server with Swift's stock max_file_size and
# workers = auto (OBJSH_SWIFT_WORKERS=0 for the tests' one process) in DIR/SUB (DIR
# default a new temporary folder, removed at the end), its env sourced; WORK, a new
# temporary folder. At exit, `bench_stop_more` (if the script defines it) runs first,
# then the server stops and both folders go.
bench_swift_server() {
  OWN_DIR=""
  if [ -n "${1:-}" ]; then DIR=$1; else DIR=$(mktemp -d /tmp/objsh-bench-XXXXXX); OWN_DIR=$DIR; fi
  SERVER_DIR=$DIR${2:+/$2}
  WORK=$(mktemp -d /tmp/objsh-bench-files-XXXXXX)
  trap bench_cleanup EXIT
  OBJSH_SWIFT_MAX_FILE_SIZE=5368709122 OBJSH_SWIFT_WORKERS=${OBJSH_SWIFT_WORKERS:-auto} \
    scripts/swift-server start "$SERVER_DIR" 2>/dev/null
  # shellcheck disable=SC1091
  . "$SERVER_DIR/env"
}
bench_cleanup() {
  if declare -F bench_stop_more >/dev/null; then bench_stop_more || true; fi
  scripts/swift-server stop "$SERVER_DIR" >/dev/null 2>&1 || true
  if [ -n "$OWN_DIR" ]; then rm -rf "$OWN_DIR"; fi
  rm -rf "$WORK"
}

# bench_peers_env: the peers' settings for the swift-server's tempauth account and its
# s3api, from its env: python-swiftclient's ST_*, the AWS CLI's (plain HTTP, no
# aws-chunked uploads, which s3api refuses) and rclone's remotes sw: and s3:, with an
# empty config file so that none of the user's remotes is read.
bench_peers_env() {
  export ST_AUTH=$OBJSH_TEST_SWIFT_AUTH ST_USER=$OBJSH_TEST_SWIFT_USER ST_KEY=$OBJSH_TEST_SWIFT_KEY
  export AWS_ACCESS_KEY_ID=$OBJSH_TEST_S3_ACCESS_KEY AWS_SECRET_ACCESS_KEY=$OBJSH_TEST_S3_SECRET_KEY
  export AWS_ENDPOINT_URL=$OBJSH_TEST_S3_ENDPOINT AWS_REGION=us-east-1 AWS_DEFAULT_REGION=us-east-1
  unset AWS_CA_BUNDLE AWS_PROFILE
  export AWS_REQUEST_CHECKSUM_CALCULATION=when_required
  export RCLONE_CONFIG_SW_TYPE=swift RCLONE_CONFIG_SW_AUTH=$ST_AUTH RCLONE_CONFIG_SW_USER=$ST_USER RCLONE_CONFIG_SW_KEY=$ST_KEY
  export RCLONE_CONFIG_S3_TYPE=s3 RCLONE_CONFIG_S3_PROVIDER=Other RCLONE_CONFIG_S3_ENDPOINT=$AWS_ENDPOINT_URL
  export RCLONE_CONFIG_S3_ACCESS_KEY_ID=$AWS_ACCESS_KEY_ID RCLONE_CONFIG_S3_SECRET_ACCESS_KEY=$AWS_SECRET_ACCESS_KEY
  export RCLONE_CONFIG=$WORK/rclone.conf
  : > "$RCLONE_CONFIG"
}
