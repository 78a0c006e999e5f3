#!/usr/bin/env bash
# bench/transfer-upload.sh [DIR]
#
# Upload speed and memory against one swift-server started here (DIR, default a new
# temporary folder, stopped and removed at the end) with Swift's stock max_file_size,
# so a 200 MB file can go in one PUT. Set OBJSH_SWIFT_*_PORT to free ports first.
# The server runs Swift's stock workers = auto (one proxy and one object-server process
# per core); OBJSH_SWIFT_WORKERS=0 times the tests' one-process server instead.
#   200 MB, one object:  curl -T (the floor) | objsh upload (2 segments of 128 MiB at
#                        once, its default above one segment) | swift upload | curl -T
#                        with md5sum of the file beside it, compared with the ETag
#                        (the floor of a checked upload; objsh checks every byte)
#   1 GiB as an SLO:     objsh upload (its defaults) | swift upload -S SAME_SIZE (its
#                        default threads) | curl PUTs of the same segments, as many in
#                        parallel as objsh, then the manifest (the floor)
# Each byte count is checked once before timing; every timed run starts with its object
# and segments deleted (untimed), so no upload resumes. SWEEP=1 instead times objsh
# over segment sizes (SWEEP_SIZES, MiB) x parallel counts (SWEEP_PARALLEL), each size
# beside `swift upload -S` of the same size (the goal's ratio), to choose the defaults.
# Prints min and median wall seconds of RUNS rounds (default 5, after one warm-up; a
# round runs every tool once, so drift falls on all alike) and
# each objsh run's peak RSS (/usr/bin/time -v, largest over the runs).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
RUNS=${RUNS:-5}
SWIFT=/opt/swift/usr/bin/swift
OWN_DIR=""
if [ $# -ge 1 ]; then DIR=$1; else DIR=$(mktemp -d /tmp/objsh-bench-XXXXXX); OWN_DIR=$DIR; fi
WORK=$(mktemp -d /tmp/objsh-bench-files-XXXXXX)
cleanup() {
  scripts/swift-server stop "$DIR" >/dev/null 2>&1 || true
  [ -n "$OWN_DIR" ] && rm -rf "$OWN_DIR"
  rm -rf "$WORK"
}
trap cleanup EXIT
OBJSH_SWIFT_MAX_FILE_SIZE=5368709122 OBJSH_SWIFT_WORKERS=${OBJSH_SWIFT_WORKERS:-auto} scripts/swift-server start "$DIR" 2>/dev/null
# shellcheck disable=SC1091
. "$DIR/env"
if [ -z "${OBJSH:-}" ]; then   # OBJSH=PATH: an objsh release binary built already
  "$SWIFT" build $(build_flags release) --product objsh >/dev/null
  OBJSH=$("$SWIFT" build $(build_flags release) --show-bin-path)/objsh
fi
# Debian's python3-swiftclient, called so the Swift toolchain's `swift` is never taken for it.
SWIFTCLIENT=(/usr/bin/python3 -m swiftclient.shell -A "$OBJSH_TEST_SWIFT_AUTH" -U "$OBJSH_TEST_SWIFT_USER" -K "$OBJSH_TEST_SWIFT_KEY")
export ST_AUTH=$OBJSH_TEST_SWIFT_AUTH ST_USER=$OBJSH_TEST_SWIFT_USER ST_KEY=$OBJSH_TEST_SWIFT_KEY
export XDG_CONFIG_HOME=$WORK/config XDG_STATE_HOME=$WORK/state XDG_DATA_HOME=$WORK/data

SMALL=$WORK/f200; BIG=$WORK/f1g
head -c 200000000 /dev/urandom > "$SMALL"
head -c 1073741824 /dev/urandom > "$BIG"
SEGMENT=$((128 << 20)) PARALLEL=4   # objsh's defaults (Sources/Transfers/SegmentPlan.swift)
mkdir -p "$WORK/parts" && split -b "$SEGMENT" -d -a 8 "$BIG" "$WORK/parts/"

hdr=$(curl -s -D - -o /dev/null -H "X-Auth-User: $ST_USER" -H "X-Auth-Key: $ST_KEY" "$ST_AUTH" | tr -d '\r')
TOKEN=$(sed -n 's/^[Xx]-[Aa]uth-[Tt]oken: //p' <<<"$hdr"); URL=$(sed -n 's/^[Xx]-[Ss]torage-[Uu]rl: //p' <<<"$hdr")
curl -sf -X PUT -H "X-Auth-Token: $TOKEN" "$URL/bench" -o /dev/null
curl -sf -X PUT -H "X-Auth-Token: $TOKEN" "$URL/bench_segments" -o /dev/null

curl_put() { curl -sf -T "$SMALL" -H "X-Auth-Token: $TOKEN" "$URL/bench/curl200" -o /dev/null; }
objsh_put() { /usr/bin/time -v -a -o "$RSS.objsh_put" "$OBJSH" -q --cluster env -c "cd bench; upload $SMALL objsh200" >/dev/null; }
swift_put() { "${SWIFTCLIENT[@]}" upload bench "$SMALL" --object-name swift200 >/dev/null; }
curl_md5() { # curl -T, the file's MD5 taken at the same time and compared with Swift's ETag
  local etag sum
  md5sum "$SMALL" > "$WORK/md5" &
  etag=$(curl -sf -T "$SMALL" -H "X-Auth-Token: $TOKEN" "$URL/bench/curlmd5" -D - -o /dev/null | tr -d '\r' | sed -n 's/^[Ee][Tt]ag: //p')
  wait
  sum=$(cut -d' ' -f1 "$WORK/md5")
  [ "$etag" = "$sum" ] || { echo "bench: curl_md5: ETag '$etag', MD5 $sum" >&2; exit 1; }
}
curl_slo() { # the segments, PARALLEL at once, then the manifest
  ls "$WORK/parts" | xargs -P "$PARALLEL" -I{} curl -sf -T "$WORK/parts/{}" -H "X-Auth-Token: $TOKEN" "$URL/bench_segments/curl1g/{}" -o /dev/null
  local manifest="[" sep="" part
  for part in $(ls "$WORK/parts"); do
    manifest+="$sep{\"path\":\"/bench_segments/curl1g/$part\",\"size_bytes\":$(stat -c %s "$WORK/parts/$part")}"; sep=","
  done
  curl -sf -X PUT -H "X-Auth-Token: $TOKEN" --data-binary "$manifest]" "$URL/bench/curl1g?multipart-manifest=put" -o /dev/null
}
objsh_slo() { /usr/bin/time -v -a -o "$RSS.objsh_slo" "$OBJSH" -q --cluster env -c "cd bench; upload $BIG objsh1g" >/dev/null; }
swift_slo() { "${SWIFTCLIENT[@]}" upload -S "$SEGMENT" bench "$BIG" --object-name swift1g >/dev/null; }

# Every run starts from nothing: its object and segments are deleted first, untimed.
# Left in place, objsh's next upload of the same file would find its segments stored
# already (same names, same MD5s) and resume, sending only the manifest.
drop() { # object name in the bench container, with its segments if it is an SLO
  curl -s -X DELETE -H "X-Auth-Token: $TOKEN" "$URL/bench/$1?multipart-manifest=delete" -o /dev/null
  curl -s -X DELETE -H "X-Auth-Token: $TOKEN" "$URL/bench/$1" -o /dev/null
}
object_of() { case $1 in curl_put) echo curl200;; objsh_put) echo objsh200;; swift_put) echo swift200;; curl_md5) echo curlmd5;;
  curl_slo) echo curl1g;; objsh_slo) echo objsh1g;; swift_slo) echo swift1g;; esac; }
. bench/lib.sh   # seconds, rounds
RSS=$WORK/rss   # objsh runs append /usr/bin/time -v reports here (peak RSS)
size_of() { curl -sf -I -H "X-Auth-Token: $TOKEN" "$URL/bench/$1" | tr -d '\r' | sed -n 's/^[Cc]ontent-[Ll]ength: //p'; }
check() { # name bytes fn: runs fn once and checks the object's size
  "$3"; local got; got=$(size_of "$1")
  [ "$got" = "$2" ] || { echo "bench: $3 stored $1 with ${got:-no} bytes, not $2" >&2; exit 1; }
}
if [ -n "${SWEEP:-}" ]; then   # SWEEP=1: choose the defaults: 1 GiB, each segment size x parallel count
  sweep_one() { "$OBJSH" -q --cluster env -c "cd bench; upload --segment-size ${SIZE}M --parallel $PAR $BIG sweep1g" >/dev/null; }
  swift_one() { "${SWIFTCLIENT[@]}" upload -S $((SIZE << 20)) bench "$BIG" --object-name swift1g >/dev/null; }
  timed() { # object fn: RUNS runs, each from nothing; prints "min median"
    local times=(); for _ in $(seq "$RUNS"); do drop "$1"; times+=("$(seconds "$2")"); done
    printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END{printf "%s %s\n", a[1], a[int((NR+1)/2)]}'
  }
  echo "== 1 GiB as an SLO: objsh by segment size x parallel, beside swift upload -S SIZE ($RUNS runs each, after one warm-up)"
  for SIZE in ${SWEEP_SIZES:-32 64 128 256}; do
    drop swift1g; swift_one
    read -r smin smed < <(timed swift1g swift_one)
    printf '  %4s MiB  swift upload -S  min %7.3f s  median %7.3f s\n' "$SIZE" "$smin" "$smed"
    for PAR in ${SWEEP_PARALLEL:-2 4 8}; do
      drop sweep1g
      rss=$(/usr/bin/time -f %M "$OBJSH" -q --cluster env -c "cd bench; upload --segment-size ${SIZE}M --parallel $PAR $BIG sweep1g" 2>&1 >/dev/null | tail -1)
      read -r omin omed < <(timed sweep1g sweep_one)
      awk -v s="$SIZE" -v p="$PAR" -v r="$rss" -v a="$omin" -v m="$omed" -v w="$smed" \
        'BEGIN{printf "  %4s MiB x %s  objsh  min %7.3f s  median %7.3f s  x%.2f of swift  peak RSS %.1f MB\n", s, p, a, m, m/w, r/1024}'
    done
  done
  exit 0
fi
check curl200 200000000 curl_put; check objsh200 200000000 objsh_put; check swift200 200000000 swift_put
check curlmd5 200000000 curl_md5
check curl1g 1073741824 curl_slo; check objsh1g 1073741824 objsh_slo; check swift1g 1073741824 swift_slo

drop_for() { drop "$(object_of "$1")"; }
interleaved() { # fn...: one warm-up each, then interleaved rounds (bench/lib.sh); "fn min median" per fn
  local fn
  for fn in "$@"; do drop_for "$fn"; "$fn" >/dev/null; rm -f "$RSS.$fn"; done
  rounds drop_for "$@"
}
report_two() { # lines "label min median"; ratios to the first (the floor) and to the third
  awk '{l[NR]=$1; mn[NR]=$2; md[NR]=$3} END{for(i=1;i<=NR;i++) printf "  %-10s min %7.3f s  median %7.3f s  x%.2f of %s  x%.2f of %s\n", l[i], mn[i], md[i], md[i]/md[1], l[1], md[i]/md[3], l[3]}'
}
peak() { awk '/Maximum resident set size/{if($6>m)m=$6} END{printf "%.1f MB", m/1024}' "$RSS.$1"; }

echo "== 200 MB, one object ($RUNS rounds)"
interleaved curl_put objsh_put swift_put curl_md5 | report_two
echo "== 1 GiB as an SLO, $((SEGMENT >> 20)) MiB segments ($RUNS rounds)"
interleaved curl_slo objsh_slo swift_slo | report_two
echo "== peak RSS of objsh: 200 MB $(peak objsh_put), 1 GiB SLO $(peak objsh_slo)"
