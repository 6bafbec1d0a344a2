#!/usr/bin/env bash
# Every performance figure of the README's Performance section, in one run (issue 15): the odds
# engine against icepool (in-process, and 200 requests through one whole process), dice notation
# against icepool and near its work bound, a bounded fuzzing of the notation (issue 29), the command
# line's start-up and memory, the peak memory of the largest batch and import the limits accept
# (issue 28), judging the luck of 10,000 logged rolls, what a table action keeps in the history,
# the window's start-up, long lists in the window, a 60-declaration sheet form from a file
# (issue 31), the idle window's memory per process, and the installers' sizes.
# Usage: scripts/bench.sh   (about 20-30 minutes on 2 cores; needs what the e2e tests need and
# PyPI for icepool). It builds the release binaries and installers itself.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
release=${CARGO_TARGET_DIR:-target}/release

section() { printf '\n## %s\n' "$*"; }

echo "# Rollbook figures, $(date -u +%Y-%m-%d)"
echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -m), $(. /etc/os-release && echo "$PRETTY_NAME"); load now: $(cut -d' ' -f1-3 /proc/loadavg)"

section "build (release binaries, .deb and .rpm)"
npm run --silent build >/dev/null 2>&1 || npm run build
cargo build --release -q -p rollbook-cli
cargo build --release -q -p rollbook-rules --example time_odds --example notation_cost
bash scripts/measure-bundle.sh

# icepool is a dependency of the bench only, pinned in scripts/bench/requirements.txt.
venv=${ICEPOOL_VENV:-${TMPDIR:-/tmp}/rollbook-icepool-venv}
if ! "$venv/bin/python" -c 'import icepool' 2>/dev/null \
  || ! "$venv/bin/pip" freeze 2>/dev/null | grep -qxFf scripts/bench/requirements.txt; then
  python3 -m venv "$venv" && "$venv/bin/pip" install -q -r scripts/bench/requirements.txt
fi

section "odds engine against icepool, in-process (src-tauri/rules/benches/icepool_compare.py)"
"$venv/bin/python" src-tauri/rules/benches/icepool_compare.py 2>/dev/null | grep -E "^(ratio|max)"

section "dice notation against icepool, and near its work bound (scripts/bench/notation.py)"
"$venv/bin/python" scripts/bench/notation.py "$release/rollbook" "$release/examples/time_odds" \
  "$release/examples/notation_cost" \
  | sed -n '/^expressions:/,$p'

section "dice notation fuzzed: parse, check and odds, each input within a second (scripts/fuzz-notation.sh)"
bash scripts/fuzz-notation.sh "${FUZZ_SECONDS:-300}"

section "the five as files against the built-ins, 50 seeded requests a kind (src-tauri/rules/examples/five_files_cost.rs)"
cargo build --release -q -p rollbook-rules --example five_files_cost
"$release/examples/five_files_cost"

section "the command line (scripts/bench/cli.py)"
"$venv/bin/python" scripts/bench/cli.py "$release/rollbook"

section "how lucky the dice were: rollbook --json log --luck over 10,000 rolls (scripts/bench/luck.py)"
python3 scripts/bench/luck.py "$release/rollbook"

section "the largest inputs the limits accept: peak memory (scripts/measure-limits.sh)"
ROLLBOOK_BIN="$release/rollbook" bash scripts/measure-limits.sh | tail -n +2

section "table history (cargo bench -p rollbook-roster --bench table)"
cargo bench -q -p rollbook-roster --bench table 2>/dev/null | grep -E "universe|genre|undo"

section "the window's start-up (scripts/measure-startup.sh)"
ROLLBOOK_BIN="$release/rollbook" bash scripts/measure-startup.sh 5 | tail -n 2

if [ -f scripts/measure-lists.sh ]; then
  section "10,000 characters in the window (scripts/measure-lists.sh)"
  ROLLBOOK_BIN="$release/rollbook" bash scripts/measure-lists.sh
fi

section "a sheet form of 60 declarations from a file (scripts/measure-sheet-form.sh)"
ROLLBOOK_BIN="$release/rollbook" bash scripts/measure-sheet-form.sh 9 | tail -n +2

section "memory of the idle window, per process (scripts/bench/window_memory.py)"
python3 scripts/bench/window_memory.py "$release/rollbook"
