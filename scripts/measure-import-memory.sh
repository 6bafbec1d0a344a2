#!/usr/bin/env bash
# Peak memory (maximum resident set size) and time of `rollbook import FILE --dry-run` and of a
# real import into a fresh database, for a valid roster file of about 31.5 MiB
# (scripts/make-big-roster.py), with the ratio to the file's size (the largest inputs the limits
# accept: scripts/measure-limits.sh). The goal
# (issue 19): an import peaks at no more than 4 times the file's size plus a constant, the
# constant being what the binary takes doing nothing (`rollbook kinds`, printed first).
# Usage: scripts/measure-import-memory.sh [FILE.json]   (build first: cargo build --release -p
#        rollbook; ROLLBOOK_BIN picks another binary, SIZE_MIB another size for the made file)
# Needs GNU time (/usr/bin/time) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${ROLLBOOK_BIN:-${CARGO_TARGET_DIR:-target}/release/rollbook}
case "$bin" in /*) ;; *) bin="$PWD/$bin" ;; esac
[ -x "$bin" ] || { echo "measure-import-memory: no binary at $bin (cargo build --release -p rollbook-cli)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "measure-import-memory: GNU time is missing (apt-get install time)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
file=${1:-}
if [ -z "$file" ]; then
  file=$work/big.json
  python3 scripts/make-big-roster.py "$file" "${SIZE_MIB:-31.5}"
fi
bytes=$(stat -c %s "$file")

# "peak KB" and "seconds" of one run; the command's own output is dropped.
measure() {
  /usr/bin/time -f '%M %e' -o "$work/time" "$@" >/dev/null 2>"$work/stderr" || {
    echo "measure-import-memory: $* failed:" >&2; cat "$work/stderr" >&2; exit 1; }
  cat "$work/time"
}

report() { # label, peak KB, seconds
  awk -v label="$1" -v kb="$2" -v s="$3" -v bytes="$bytes" -v idle="$idle_kb" 'BEGIN {
    printf "%-22s peak %6.1f MiB  (%4.1fx the file; %4.1fx above the idle binary)  %6.2f s\n",
      label, kb / 1024, kb * 1024 / bytes, (kb - idle) * 1024 / bytes, s }'
}

echo "machine: $(nproc) cores, $(uname -m); binary: $bin"
printf 'file: %s, %.1f MiB\n' "$file" "$(awk -v b="$bytes" 'BEGIN { print b / 1048576 }')"
read -r idle_kb idle_s < <(measure "$bin" kinds)
printf '%-22s peak %6.1f MiB\n' "idle (rollbook kinds)" "$(awk -v kb="$idle_kb" 'BEGIN { print kb / 1024 }')"
read -r kb s < <(measure "$bin" --db "$work/dry.sqlite3" import "$file" --dry-run)
report "import --dry-run" "$kb" "$s"
read -r kb s < <(measure "$bin" --db "$work/real.sqlite3" import "$file")
report "import" "$kb" "$s"
