#!/usr/bin/env bash
# bench/tls.sh [DIR]
#
# Issue 25's HTTPS figures, against one swift-server (Swift's stock max_file_size and
# workers = auto) behind scripts/tls-server (haproxy with a throwaway CA), both
# started here under DIR (default a new temporary folder) and stopped at the end.
# Every client trusts the CA by its own setting (curl --cacert, OS_CACERT for objsh's
# env cluster, AWS_CA_BUNDLE for its aws cluster, swift --os-cacert, aws --ca-bundle).
#   1. get of a 200 MB object over HTTPS: curl (the floor), curl | md5sum (the
#      floor of a verified download), objsh get, python-swiftclient's swift download,
#      objsh get over plain HTTP (what TLS costs objsh), and through s3api over HTTPS
#      objsh get and aws s3 cp; every result's MD5 checked once first;
#   2. upload of the same 200 MB file over HTTPS: curl -T, objsh upload (Swift),
#      swift upload, objsh upload (S3), aws s3 cp; each object deleted before every
#      run (untimed), so nothing resumes; each stored size checked once first;
#   3. start-up to the first pane over HTTPS: objsh -c ls (the account's containers,
#      Swift and S3) beside swift stat and aws s3 ls.
# RUNS rounds (default 5), each running every tool once (bench/lib.sh), after one
# warm-up run each; prints min and median wall seconds, the ratio of each median to
# the first line's, and the load average before and after each part.
# Set the ports first (OBJSH_SWIFT_*_PORT, OBJSH_TLS_PORT); OBJSH=PATH takes a
# release binary built already; ONLY="get up start" runs only the parts named. The
# AWS CLI is whichever `aws` is first on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
. bench/lib.sh
RUNS=${RUNS:-5}
SWIFT=$(swift_toolchain)
bench_stop_more() { scripts/tls-server stop "$DIR/tls" >/dev/null 2>&1; }
bench_swift_server "${1:-}" swift
scripts/tls-server start "$DIR/tls" 2>/dev/null
# shellcheck disable=SC1091
. "$DIR/tls/env"
release_objsh
CA=$OBJSH_TEST_TLS_CA
PLAIN_AUTH=$OBJSH_TEST_SWIFT_AUTH
export ST_AUTH=$OBJSH_TEST_TLS_SWIFT_AUTH ST_USER=$OBJSH_TEST_SWIFT_USER ST_KEY=$OBJSH_TEST_SWIFT_KEY OS_CACERT=$CA
export AWS_ACCESS_KEY_ID=$OBJSH_TEST_S3_ACCESS_KEY AWS_SECRET_ACCESS_KEY=$OBJSH_TEST_S3_SECRET_KEY
export AWS_ENDPOINT_URL=$OBJSH_TEST_TLS_S3_ENDPOINT AWS_REGION=us-east-1 AWS_DEFAULT_REGION=us-east-1 AWS_CA_BUNDLE=$CA
unset AWS_PROFILE
# botocore >= 1.36 sends an upload's parts over HTTPS as aws-chunked with a trailing
# checksum, which s3api refuses (NotImplemented); ask for checksums only when required.
export AWS_REQUEST_CHECKSUM_CALCULATION=when_required
export XDG_CONFIG_HOME=$WORK/config XDG_STATE_HOME=$WORK/state XDG_DATA_HOME=$WORK/data   # no user config in the way
SWIFTCLIENT=(/usr/bin/python3 -m swiftclient.shell --os-cacert "$CA")
AWS=(aws --endpoint-url "$AWS_ENDPOINT_URL" --ca-bundle "$CA")
echo "AWS CLI: $(command -v aws), $(aws --version 2>&1 | cut -d' ' -f1,2); $(/usr/bin/python3 -m swiftclient.shell --version 2>&1 | head -n 1); $(curl --version | head -n 1 | cut -d' ' -f1-2)"

swift_login "$ST_AUTH" "$ST_USER" "$ST_KEY" --cacert "$CA"
SOURCE=$WORK/200mb.bin
head -c 200000000 /dev/urandom > "$SOURCE"
MD5=$(md5sum < "$SOURCE" | cut -d' ' -f1)
CURL=(curl -sf --cacert "$CA" -H "X-Auth-Token: $TOKEN")
"${CURL[@]}" -X PUT "$URL/bench-tls" -o /dev/null
"${CURL[@]}" -T "$SOURCE" "$URL/bench-tls/200mb.bin" -o /dev/null
"${CURL[@]}" -X PUT "$URL/bench-tls-up" -o /dev/null
OUT=$WORK/out
wanted() { [ -z "${ONLY:-}" ] || [[ " $ONLY " == *" $1 "* ]]; }   # ONLY="get up start" picks parts
fresh() { rm -rf "$OUT" && mkdir -p "$OUT"; }
get_curl() { fresh; "${CURL[@]}" -o "$OUT/200mb.bin" "$URL/bench-tls/200mb.bin"; }
get_curl_md5() { fresh; "${CURL[@]}" "$URL/bench-tls/200mb.bin" | tee "$OUT/200mb.bin" | md5sum; }
get_objsh() { fresh; "$OBJSH" -q --cluster env -c "lcd $OUT; get /bench-tls/200mb.bin"; }
get_swift() { fresh; (cd "$OUT" && "${SWIFTCLIENT[@]}" download bench-tls 200mb.bin); }
get_objsh_http() { fresh; ST_AUTH=$PLAIN_AUTH "$OBJSH" -q --cluster env -c "lcd $OUT; get /bench-tls/200mb.bin"; }
get_objsh_s3() { fresh; "$OBJSH" -q --cluster aws -c "lcd $OUT; get /bench-tls/200mb.bin"; }
get_aws() { fresh; "${AWS[@]}" s3 cp --only-show-errors s3://bench-tls/200mb.bin "$OUT/200mb.bin"; }
check_get() { "$1" >/dev/null 2>&1; [ "$(md5sum < "$OUT/200mb.bin" | cut -d' ' -f1)" = "$MD5" ] || { echo "bench: $1 gave other bytes" >&2; exit 1; }; }
get_tools=(get_curl get_curl_md5 get_objsh get_swift get_objsh_http get_objsh_s3 get_aws)
nothing() { :; }
if wanted get; then
  for tool in "${get_tools[@]}"; do check_get "$tool"; done
  echo "== get of a 200 MB object over HTTPS ($RUNS rounds; $(load_avg))"
  rounds nothing "${get_tools[@]}" | sed 's/^get_//' | report
  echo "   after: $(load_avg)"
fi

up_curl() { "${CURL[@]}" -T "$SOURCE" "$URL/bench-tls-up/curl.bin" -o /dev/null; }
up_objsh() { "$OBJSH" -q --cluster env -c "cd /bench-tls-up; upload $SOURCE objsh.bin"; }
up_swift() { "${SWIFTCLIENT[@]}" upload bench-tls-up "$SOURCE" --object-name swift.bin; }
up_objsh_s3() { "$OBJSH" -q --cluster aws -c "cd /bench-tls-up; upload $SOURCE objsh-s3.bin"; }
up_aws() { "${AWS[@]}" s3 cp --only-show-errors "$SOURCE" s3://bench-tls-up/aws.bin; }
object_of() { case $1 in up_curl) echo curl.bin;; up_objsh) echo objsh.bin;; up_swift) echo swift.bin;; up_objsh_s3) echo objsh-s3.bin;; up_aws) echo aws.bin;; esac; }
drop() { # (untimed) the tool's object, with its segments if it is a large object
  local name; name=$(object_of "$1")
  "${CURL[@]}" -X DELETE "$URL/bench-tls-up/$name?multipart-manifest=delete" -o /dev/null || true
  "${CURL[@]}" -X DELETE "$URL/bench-tls-up/$name" -o /dev/null 2>/dev/null || true
}
size_of() { "${CURL[@]}" -I "$URL/bench-tls-up/$1" | tr -d '\r' | sed -n 's/^[Cc]ontent-[Ll]ength: //p'; }
up_tools=(up_curl up_objsh up_swift up_objsh_s3 up_aws)
if wanted up; then
  for tool in "${up_tools[@]}"; do
    drop "$tool"
    "$tool" >/dev/null 2>"$WORK/err" || { echo "bench: $tool failed: $(head -c 600 "$WORK/err")" >&2; exit 1; }
    [ "$(size_of "$(object_of "$tool")")" = 200000000 ] || { echo "bench: $tool stored another size" >&2; exit 1; }
  done
  echo "== upload of a 200 MB file over HTTPS ($RUNS rounds; $(load_avg))"
  rounds drop "${up_tools[@]}" | sed 's/^up_//' | report
  echo "   after: $(load_avg)"
fi

first_objsh() { "$OBJSH" --cluster env -c ls; }
first_swift() { "${SWIFTCLIENT[@]}" stat; }
first_objsh_s3() { "$OBJSH" --cluster aws -c ls; }
first_aws() { "${AWS[@]}" s3 ls; }
wanted start || exit 0
for tool in first_objsh first_swift first_objsh_s3 first_aws; do
  "$tool" >/dev/null 2>"$WORK/err" || { echo "bench: $tool failed: $(head -c 600 "$WORK/err")" >&2; exit 1; }
done
echo "== start-up to the first pane over HTTPS ($RUNS rounds; $(load_avg))"
rounds nothing first_objsh first_swift first_objsh_s3 first_aws | sed 's/^first_//' | report
echo "   after: $(load_avg)"
