#!/usr/bin/env bash
# Hunts flaky tests: runs the end-to-end suite and the timing-sensitive Rust tests N times and
# lists every test that failed at least once, with its failure. Not part of CI; run it before
# you stop when you touched the window, a page object or a timing test.
#
# Usage: scripts/flakes.sh N [--busy] [--only e2e|rust] [node --test files…]
#   N         how many runs of each (default 3)
#   --busy    keep one core busy meanwhile (a loaded 2-core CI machine)
#   --only    run only the end-to-end suite or only the Rust timing tests
#   files     end-to-end files to run instead of the whole suite (tests/e2e/ by default)
# Build first (cargo build -p rollbook -p rollbook-cli), as for scripts/e2e.sh.
# Every run's whole output is kept in target/flakes/RUN-WHAT.log; the summary ends the output.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=3 busy=0 only="" files=()
while [ $# -gt 0 ]; do
  case "$1" in
    --busy) busy=1 ;;
    --only) only=$2; shift ;;
    [0-9]*) runs=$1 ;;
    *) files+=("$1") ;;
  esac
  shift
done
case "$only" in ""|e2e|rust) ;; *) echo "flakes: --only takes e2e or rust" >&2; exit 2 ;; esac

out=${CARGO_TARGET_DIR:-target}/flakes
rm -rf "$out"
mkdir -p "$out"
failures="$out/failures.txt"
: >"$failures"

busy_pid=""
stop_busy() { [ -n "$busy_pid" ] && kill "$busy_pid" 2>/dev/null || true; }
trap stop_busy EXIT
if [ "$busy" = 1 ]; then
  # One core spinning for the whole hunt: the other tests share what is left.
  (while :; do :; done) &
  busy_pid=$!
  echo "flakes: one core kept busy (pid $busy_pid)"
fi

# The Rust tests that kill, time or race a real process or socket (crate, module of its one
# integration-test binary, tests/integration.rs).
rust_timing=(
  "rollbook-roster crash"
  "rollbook-roster backups"
  "rollbook-roster concurrent_open"
  "rollbook-cli cli_backup"
  "rollbook-cli cli_players"
  "rollbook-share bounds"
  "rollbook-share crowding"
)

# Appends the failed tests of one log to $failures, one line each: run, what, test, failure.
# An end-to-end log is node's JUnit report; a Rust log is cargo test's output.
record_failures() { # LOG RUN WHAT
  python3 - "$@" >>"$failures" <<'PY'
import re, sys, xml.etree.ElementTree as ET
log, run, what = sys.argv[1:4]
found = []
if log.endswith('.xml'):
    try:
        root = ET.parse(log).getroot()
    except (ET.ParseError, OSError) as e:
        found.append(('(the report)', f'unreadable: {e}'))
        root = None
    def walk(node, suites):
        for child in node:
            if child.tag == 'testsuite':
                walk(child, suites + [child.get('name', '')])
            elif child.tag == 'testcase':
                failure = child.find('failure')
                if failure is not None and child.find('testcase') is None:
                    message = (failure.get('message') or failure.text or '').strip().splitlines()
                    found.append((' > '.join(suites + [child.get('name', '')]), message[0] if message else ''))
                walk(child, suites + [child.get('name', '')])
    if root is not None:
        walk(root, [])
else:
    text = open(log, encoding='utf-8', errors='replace').read()
    for name, body in re.findall(r'^---- (\S+) stdout ----\n(.*?)(?=^---- |^failures:|\Z)', text, re.S | re.M):
        panic = re.search(r"panicked at [^\n]*\n(.*)", body)
        found.append((name, panic.group(1).strip() if panic else body.strip().splitlines()[-1:]))
    if not found:
        found.append(('(the run)', 'failed before any test: see ' + log))
for name, message in found:
    print(f'{run}\t{what}\t{name}\t{str(message)[:300]}')
PY
}

# The kill tests run the roster crate's examples, built apart from the tests.
[ "$only" = e2e ] || cargo build -q -p rollbook-roster --examples

for run in $(seq 1 "$runs"); do
  if [ "$only" != rust ]; then
    log="$out/$run-e2e.xml"
    echo "flakes: run $run/$runs, end-to-end suite"
    if bash scripts/e2e.sh --test-reporter=junit --test-reporter-destination="$log" \
         --test-reporter=dot --test-reporter-destination=stdout "${files[@]:-tests/e2e/}" >"$out/$run-e2e.log" 2>&1; then
      echo "flakes: run $run e2e passed"
    else
      echo "flakes: run $run e2e FAILED (output: $out/$run-e2e.log)"
      record_failures "$log" "$run" e2e
    fi
  fi
  if [ "$only" != e2e ]; then
    for entry in "${rust_timing[@]}"; do
      read -r crate module <<<"$entry"
      log="$out/$run-$crate-$module.log"
      if cargo test -q -p "$crate" --test integration "$module::" >"$log" 2>&1; then
        echo "flakes: run $run $crate/$module passed"
      else
        echo "flakes: run $run $crate/$module FAILED (log: $log)"
        record_failures "$log" "$run" "$crate/$module"
      fi
    done
  fi
done

echo
if [ -s "$failures" ]; then
  echo "flakes: tests that failed at least once in $runs runs (busy core: $busy):"
  # One line a test: how many runs it failed in, where, and its first failure.
  awk -F'\t' '{ key = $2 " > " $3; if (!(key in first)) { first[key] = $4; order[++n] = key } runs[key] = runs[key] " " $1 }
    END { for (i = 1; i <= n; i++) { k = order[i]; printf "  %s (runs%s)\n      %s\n", k, runs[k], first[k] } }' "$failures"
  echo "flakes: every failure with its run (run, what, test, failure): $failures"
  exit 1
fi
echo "flakes: no test failed in $runs runs (busy core: $busy)"
