#!/usr/bin/env bash
# Key-to-screen latency of TAB through a pty (see tab-latency.py): builds objsh, then measures.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
"$(swift_toolchain)" build --product objsh >/dev/null
exec python3 bench/tab-latency.py .build/debug/objsh "${1:-100}"
