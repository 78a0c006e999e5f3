#!/usr/bin/env bash
# bench/cross-cluster.sh [DIR]
#
# Issue 26's copy across clusters: a 1 GiB object from a Swift cluster to an S3
# cluster, `objsh -c 'cp swiftA:/big/file.bin s3B:/bucket/file.bin'` beside
# `rclone copyto sw:big/file.bin s3:bucket/file.bin` (two remotes, so rclone streams
# it through itself, as objsh does). One swift-server (stock max_file_size, workers =
# auto) started here under DIR (default a new temporary folder) and stopped at the
# end serves both sides: swiftA is its Swift API, s3B its s3api, each a cluster of
# its own in objsh's config file (and a remote of its own in rclone's), so every
# byte comes down to the client and goes up again.
# The source is one plain object of random bytes (curl -T). Before every run
# (untimed) the destination is deleted with its parts; each tool's copy is read
# back once through S3 (the AWS CLI) and its MD5 compared with the source's.
# RUNS rounds (default 5), each running both tools once (bench/lib.sh); prints min
# and median wall seconds, the ratio of rclone's median to objsh's (goal: objsh at
# most 0.8x rclone), objsh's peak RSS over all its runs (goal: at most 64 MB) and
# the load average. Set the ports first; OBJSH=PATH takes a release binary; ONLY=rclone
# times rclone alone (on a build without cross-cluster cp).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
. bench/lib.sh
RUNS=${RUNS:-5}
SWIFT=$(swift_toolchain)
bench_swift_server "${1:-}"
release_objsh
export XDG_CONFIG_HOME=$WORK/config XDG_STATE_HOME=$WORK/state XDG_DATA_HOME=$WORK/data
mkdir -p "$XDG_CONFIG_HOME/objsh"
cat > "$XDG_CONFIG_HOME/objsh/config" <<EOF
[cluster swiftA]
type = swift
auth_url = $OBJSH_TEST_SWIFT_AUTH
user = $OBJSH_TEST_SWIFT_USER
key = $OBJSH_TEST_SWIFT_KEY

[cluster s3B]
type = s3
endpoint = $OBJSH_TEST_S3_ENDPOINT
region = us-east-1
access_key = $OBJSH_TEST_S3_ACCESS_KEY
secret_key = $OBJSH_TEST_S3_SECRET_KEY
EOF
chmod 600 "$XDG_CONFIG_HOME/objsh/config"
unset ST_AUTH ST_USER ST_KEY OS_AUTH_URL AWS_PROFILE AWS_CA_BUNDLE
export AWS_REQUEST_CHECKSUM_CALCULATION=when_required   # botocore >= 1.36's aws-chunked uploads: s3api refuses them
export AWS_ACCESS_KEY_ID=$OBJSH_TEST_S3_ACCESS_KEY AWS_SECRET_ACCESS_KEY=$OBJSH_TEST_S3_SECRET_KEY
export AWS_DEFAULT_REGION=us-east-1
export RCLONE_CONFIG_SW_TYPE=swift RCLONE_CONFIG_SW_AUTH=$OBJSH_TEST_SWIFT_AUTH
export RCLONE_CONFIG_SW_USER=$OBJSH_TEST_SWIFT_USER RCLONE_CONFIG_SW_KEY=$OBJSH_TEST_SWIFT_KEY
export RCLONE_CONFIG_S3_TYPE=s3 RCLONE_CONFIG_S3_PROVIDER=Other RCLONE_CONFIG_S3_ENDPOINT=$OBJSH_TEST_S3_ENDPOINT
export RCLONE_CONFIG_S3_ACCESS_KEY_ID=$AWS_ACCESS_KEY_ID RCLONE_CONFIG_S3_SECRET_ACCESS_KEY=$AWS_SECRET_ACCESS_KEY
export RCLONE_CONFIG=$WORK/rclone.conf   # empty: the remotes above only
: > "$RCLONE_CONFIG"
AWS=(aws --endpoint-url "$OBJSH_TEST_S3_ENDPOINT")
echo "rclone: $(rclone version | head -n 1); AWS CLI (read-back only): $(command -v aws), $(aws --version 2>&1 | cut -d' ' -f1)"

swift_login "$OBJSH_TEST_SWIFT_AUTH" "$OBJSH_TEST_SWIFT_USER" "$OBJSH_TEST_SWIFT_KEY"
head -c $((1 << 30)) /dev/urandom > "$WORK/1g.bin"
MD5=$(md5sum < "$WORK/1g.bin" | cut -d' ' -f1)
curl -sf -X PUT -H "X-Auth-Token: $TOKEN" "$URL/big" -o /dev/null
curl -sf -T "$WORK/1g.bin" -H "X-Auth-Token: $TOKEN" "$URL/big/file.bin" -o /dev/null
rm -f "$WORK/1g.bin"   # the disk: only its MD5 is needed from here on
"${AWS[@]}" s3 mb s3://bucket >/dev/null

RSS=$WORK/rss
objsh_cp() { /usr/bin/time -a -o "$RSS" -f %M "$OBJSH" -q --cluster swiftA -c 'cp swiftA:/big/file.bin s3B:/bucket/file.bin'; }
rclone_copyto() { rclone copyto sw:big/file.bin s3:bucket/file.bin; }
drop() { # (untimed) the copy, with the segments s3api keeps a multipart object in
  curl -s -X DELETE -H "X-Auth-Token: $TOKEN" "$URL/bucket/file.bin?multipart-manifest=delete" -o /dev/null
  curl -s -X DELETE -H "X-Auth-Token: $TOKEN" "$URL/bucket/file.bin" -o /dev/null
}
check() { # tool: one untimed run; the copy read back through S3 has the source's MD5
  drop
  "$1" >/dev/null 2>"$WORK/err" || { echo "bench: $1 failed: $(head -c 600 "$WORK/err")" >&2; exit 1; }
  [ "$("${AWS[@]}" s3 cp --quiet s3://bucket/file.bin - | md5sum | cut -d' ' -f1)" = "$MD5" ] \
    || { echo "bench: $1's copy has other bytes" >&2; exit 1; }
}
tools=(objsh_cp rclone_copyto)
[ "${ONLY:-}" = rclone ] && tools=(rclone_copyto)   # the peer alone, on a build without cross-cluster cp
for tool in "${tools[@]}"; do check "$tool"; done
: > "$RSS"
prep() { drop; }
echo "== cp of a 1 GiB object, Swift (swiftA) to S3 (s3B) ($RUNS rounds; $(load_avg))"
rounds prep "${tools[@]}" | report
echo "   after: $(load_avg)"
[ -s "$RSS" ] && echo "   objsh peak RSS, largest of $RUNS runs: $(sort -n "$RSS" | tail -n 1 | awk '{printf "%.1f MB", $1 / 1024}')"
exit 0
