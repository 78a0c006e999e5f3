#!/usr/bin/env bash
# bench/tail.sh [DIR]
#
# Issue 26's `tail -c 1000` of a 1 GiB object: the bytes the server sent and the time.
# One swift-server (stock max_file_size, workers = auto) started here under DIR
# (default a new temporary folder), with a logging haproxy in front of its proxy
# (plain HTTP on OBJSH_BENCH_LOG_PORT, default the Swift proxy's port + 40) that
# writes, for every request, its method and URI, the Range asked, the status, the
# Content-Length answered and the bytes it passed from the server to the client
# (haproxy's %B: headers and body). Every client goes through it, so the bytes are
# counted outside the client. Two 1 GiB objects of the same random bytes:
#   big/plain.bin  one plain object (curl -T)
#   big/slo.bin    a static large object (objsh upload, its 128 MiB segments)
# Tools: objsh tail -c 1000, rclone cat --tail 1000 (a swift remote), swift download
# -o - -H 'Range: bytes=-1000' (python-swiftclient), curl -r -1000 (the floor); each
# output checked once against the file's last 1,000 bytes, in that run the requests
# and bytes are counted from the log; then RUNS rounds (default 5) timed.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
. bench/lib.sh
RUNS=${RUNS:-5}
SWIFT=$(swift_toolchain)
LOG_PORT=${OBJSH_BENCH_LOG_PORT:-$((${OBJSH_SWIFT_PROXY_PORT:-8080} + 40))}
HAPROXY_PID=""
bench_stop_more() { if [ -n "$HAPROXY_PID" ]; then kill "$HAPROXY_PID" 2>/dev/null; wait "$HAPROXY_PID" 2>/dev/null; fi; }
bench_swift_server "${1:-}"
release_objsh

if (exec 3<>"/dev/tcp/127.0.0.1/$LOG_PORT") 2>/dev/null; then echo "bench: 127.0.0.1:$LOG_PORT is in use (set OBJSH_BENCH_LOG_PORT)" >&2; exit 1; fi
cat > "$WORK/haproxy.cfg" <<EOF
global
  log stdout format raw local0
defaults
  mode http
  log global
  timeout connect 5s
  timeout client 300s
  timeout server 300s
  log-format "%HM %HU range=%hr status=%ST length=%hs bytes=%B"
frontend counted
  bind 127.0.0.1:$LOG_PORT
  http-request capture req.hdr(Range) len 64
  declare capture response len 20
  http-response capture res.hdr(Content-Length) id 0
  default_backend swift
backend swift
  server swift 127.0.0.1:${OBJSH_SWIFT_PROXY_PORT:-8080}
EOF
LOG=$WORK/haproxy.log
haproxy -db -f "$WORK/haproxy.cfg" < /dev/null > "$LOG" 2>&1 &
HAPROXY_PID=$!
AUTH=http://127.0.0.1:$LOG_PORT/auth/v1.0
until curl -s -o /dev/null "http://127.0.0.1:$LOG_PORT/healthcheck"; do kill -0 "$HAPROXY_PID" || { cat "$LOG" >&2; exit 1; }; sleep 0.1; done

export ST_AUTH=$AUTH ST_USER=$OBJSH_TEST_SWIFT_USER ST_KEY=$OBJSH_TEST_SWIFT_KEY
export RCLONE_CONFIG_SW_TYPE=swift RCLONE_CONFIG_SW_AUTH=$ST_AUTH RCLONE_CONFIG_SW_USER=$ST_USER RCLONE_CONFIG_SW_KEY=$ST_KEY
export RCLONE_CONFIG=$WORK/rclone.conf
: > "$RCLONE_CONFIG"
export XDG_CONFIG_HOME=$WORK/config XDG_STATE_HOME=$WORK/state XDG_DATA_HOME=$WORK/data
SWIFTCLIENT=(/usr/bin/python3 -m swiftclient.shell)
swift_login "$ST_AUTH" "$ST_USER" "$ST_KEY"
case $URL in "http://127.0.0.1:$LOG_PORT/"*) ;; *) echo "bench: the storage URL $URL bypasses the logging proxy" >&2; exit 1 ;; esac
echo "rclone: $(rclone version | head -n 1); $(/usr/bin/python3 -m swiftclient.shell --version 2>&1 | head -n 1)"

BIG=$WORK/1g.bin
head -c $((1 << 30)) /dev/urandom > "$BIG"
tail -c 1000 "$BIG" > "$WORK/want"
curl -sf -X PUT -H "X-Auth-Token: $TOKEN" "$URL/big" -o /dev/null
curl -sf -T "$BIG" -H "X-Auth-Token: $TOKEN" "$URL/big/plain.bin" -o /dev/null
"$OBJSH" -q --cluster env -c "cd /big; upload $BIG slo.bin" >/dev/null
rm -f "$BIG"   # the disk: only its last 1,000 bytes are needed from here on

objsh_tail() { "$OBJSH" -q --cluster env -c "tail -c 1000 /big/$OBJECT"; }
rclone_tail() { rclone cat --tail 1000 "sw:big/$OBJECT"; }
swift_tail() { "${SWIFTCLIENT[@]}" download big "$OBJECT" -o - -H 'Range: bytes=-1000'; }
curl_tail() { curl -sf -r -1000 -H "X-Auth-Token: $TOKEN" "$URL/big/$OBJECT"; }
counted() { # tool: one run, its output checked; prints its requests and their bytes from the log
  local before; before=$(wc -l < "$LOG")
  "$1" > "$WORK/got" 2>"$WORK/err" || { echo "bench: $1 failed: $(head -c 600 "$WORK/err")" >&2; exit 1; }
  cmp -s "$WORK/got" "$WORK/want" || { echo "bench: $1 printed other bytes than the last 1,000" >&2; exit 1; }
  sleep 0.2   # haproxy writes a request's line once the answer is done; let it land
  tail -n +"$((before + 1))" "$LOG" > "$WORK/lines"
  awk -v t="$1" '{ split($NF, b, "="); sum += b[2]; if ($1 == "GET" && $2 ~ /\/big\//) { gets++; got += b[2] } }
    END { printf "  %-12s %d requests, %d bytes from the server in all; %d GETs of the object: %d bytes\n", t, NR, sum, gets, got }' "$WORK/lines"
  sed 's/^/      /' "$WORK/lines"
}
nothing() { :; }
for OBJECT in plain.bin slo.bin; do
  echo "== tail -c 1000 of the 1 GiB $OBJECT: requests through the logging proxy"
  for tool in objsh_tail rclone_tail swift_tail curl_tail; do counted "$tool"; done
  echo "== tail -c 1000 of the 1 GiB $OBJECT: time ($RUNS rounds; $(load_avg))"
  rounds nothing objsh_tail rclone_tail swift_tail curl_tail | report
  echo "   after: $(load_avg)"
done
