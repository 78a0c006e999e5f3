#!/usr/bin/env bash
# bench/share.sh [DIR]
#
# Issue 28's start-up to a printed share link, batch mode, release build: one
# swift-server (stock limits, workers = auto) started here under DIR (default a new
# temporary folder) and its s3api, with
#   Swift: objsh -c 'share /bench-share/obj.bin' beside `swift tempurl GET 3600
#          /v1/AUTH_test/bench-share/obj.bin KEY` (python-swiftclient, the key given
#          by hand, as it needs: it asks the server nothing);
#   S3:    objsh on the s3api cluster beside `aws s3 presign s3://bench-share/obj.bin`.
# Each tool's link is fetched once by curl and checked byte for byte before any is
# timed; then RUNS rounds (default 7), every tool once a round, min and median, and
# each median as a ratio of objsh's (goal: objsh at most 0.3x of either).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
. bench/lib.sh
RUNS=${RUNS:-7}
SWIFT=$(swift_toolchain)
AWS=${AWS:-$(command -v aws || echo /root/.pyenv/shims/aws)}
[ -x "$AWS" ] || { echo "bench: no aws command (set AWS=...)" >&2; exit 1; }
bench_swift_server "${1:-}"
release_objsh
echo "$("$AWS" --version 2>&1 | head -n 1); $(/usr/bin/python3 -m swiftclient.shell --version 2>&1 | head -n 1)"

export ST_AUTH=$OBJSH_TEST_SWIFT_AUTH ST_USER=$OBJSH_TEST_SWIFT_USER ST_KEY=$OBJSH_TEST_SWIFT_KEY
export AWS_ACCESS_KEY_ID=$OBJSH_TEST_S3_ACCESS_KEY AWS_SECRET_ACCESS_KEY=$OBJSH_TEST_S3_SECRET_KEY
export AWS_ENDPOINT_URL=$OBJSH_TEST_S3_ENDPOINT AWS_REGION=us-east-1 AWS_DEFAULT_REGION=us-east-1
unset AWS_CA_BUNDLE AWS_PROFILE
export XDG_CONFIG_HOME=$WORK/config XDG_STATE_HOME=$WORK/state XDG_DATA_HOME=$WORK/data HOME=$WORK
mkdir -p "$XDG_CONFIG_HOME/objsh"
cat > "$XDG_CONFIG_HOME/objsh/config" <<CONF
[cluster s3]
type = s3
endpoint = $OBJSH_TEST_S3_ENDPOINT
access_key = $OBJSH_TEST_S3_ACCESS_KEY
secret_key = $OBJSH_TEST_S3_SECRET_KEY
CONF
chmod 600 "$XDG_CONFIG_HOME/objsh/config"

head -c $((1 << 20)) /dev/urandom > "$WORK/obj.bin"
"$OBJSH" -q --cluster env -c "mkdir bench-share; cd /bench-share; upload $WORK/obj.bin obj.bin; share --set-key" >/dev/null
swift_login "$ST_AUTH" "$ST_USER" "$ST_KEY"
KEY=$(curl -sf -I -H "X-Auth-Token: $TOKEN" "$URL" | tr -d '\r' | sed -n 's/^[Xx]-[Aa]ccount-[Mm]eta-[Tt]emp-[Uu]rl-[Kk]ey: //p')
ACCOUNT_PATH=/${URL#*://*/}

objsh_swift() { "$OBJSH" -q --cluster env -c 'share /bench-share/obj.bin'; }
swift_tempurl() { /usr/bin/python3 -m swiftclient.shell tempurl GET 3600 "$ACCOUNT_PATH/bench-share/obj.bin" "$KEY" | sed "s|^/|${URL%%/v1/*}/|"; }
objsh_s3() { "$OBJSH" -q --cluster s3 -c 'share /bench-share/obj.bin'; }
aws_presign() { "$AWS" s3 presign s3://bench-share/obj.bin --expires-in 3600; }
for tool in objsh_swift swift_tempurl objsh_s3 aws_presign; do
  link=$("$tool")
  curl -sf -o "$WORK/got" "$link" || { echo "bench: the link of $tool does not work: $link" >&2; exit 1; }
  cmp -s "$WORK/got" "$WORK/obj.bin" || { echo "bench: the link of $tool gives other bytes" >&2; exit 1; }
done
nothing() { :; }
echo "== start-up to a printed TempURL on Swift ($RUNS rounds; $(load_avg))"
rounds nothing objsh_swift swift_tempurl | report
echo "== start-up to a printed presigned URL on S3 ($RUNS rounds; $(load_avg))"
rounds nothing objsh_s3 aws_presign | report
"$OBJSH" -q --cluster env -c 'rm -r -f /bench-share' >/dev/null
