#!/usr/bin/env bash
# Runs every test of Rollbook: import cycles, formatting, lints, the Rust tests of the whole
# workspace, the front end's unit tests and types, the end-to-end tests of the real app under
# Xvfb, and the Windows build with its tests under Wine (scripts/windows.sh).
#
# The Windows build and its tests under Wine are the longest step and use Debian's Rust and a
# target directory of their own, so they start first, in the background at the lowest priority:
# the build takes only the CPU the Linux steps leave (links, tests waiting on child processes,
# the end-to-end tests waiting on WebKit), and its tests run as soon as it is done, beside the
# Linux steps still running. The run waits for them at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

# Each step's time, printed at the end (and on a failure): where a run's minutes go.
times=()
step_name=""
step_started=$SECONDS
step() {
  [ -z "$step_name" ] || times+=("$(printf '%5d s  %s' $((SECONDS - step_started)) "$step_name")")
  step_name=$1
  step_started=$SECONDS
  printf '\n== %s\n' "$*"
}
step_times() {
  step "done"
  printf '\n== step times (total %d s)\n' "$SECONDS"
  printf '%s\n' "${times[@]}"
}

windows_log=${CARGO_TARGET_DIR:-target}/windows.log
mkdir -p "$(dirname "$windows_log")"
step "Windows: both binaries cross-built and tested under Wine in the background (log: $windows_log)"
# The build at the lowest priority; its tests at the normal one, as they wait on timeouts of
# their own (a lock held by another process, a child that must exit). setsid: a process group of
# its own, so a failing step stops all of it.
setsid bash -c 'nice -n 19 bash scripts/windows.sh --build-only && bash scripts/windows.sh' >"$windows_log" 2>&1 &
windows=$!
trap 'step_times; kill -- -"$windows" 2>/dev/null || true' EXIT

step "import cycles (a new one between files of a crate or of the window's modules fails)"
bash scripts/check-cycles.sh
step "cargo fmt --check"
cargo fmt --all -- --check
step "cargo clippy -D warnings"
cargo clippy --workspace --all-targets -- -D warnings
step "cargo test (workspace)"
# cargo-nextest runs every test in a process of its own and keeps both cores busy to the end
# (cargo test runs each crate's binaries one after another, threads within each); doc tests are
# cargo test's own.
if cargo nextest --version >/dev/null 2>&1; then
  cargo nextest run --workspace --no-fail-fast
  cargo test --workspace --doc
else
  cargo test --workspace
fi
step "front-end unit tests"
node --test tests/unit/
step "front-end types (tsc --checkJs against the bindings generated from Rust)"
npm run --silent typecheck
step "build the app and the command line for the end-to-end tests"
# With the tests' targets selected, cargo resolves features as it did for the tests: their
# dev-dependencies add features (the rules' and the roster's `ts`, tauri's `test`, each only
# extra code, no change in behaviour), so every library is already built and only the two
# binaries are. `cargo build -p rollbook -p rollbook-cli` alone builds tauri, the rules at
# opt-level 3 and all that depends on them again (3.5 minutes of a 2-core run).
cargo build --workspace --bins --tests
step "end-to-end tests (Xvfb, WebDriver)"
bash scripts/e2e.sh
step "Windows: waiting for the build and the tests under Wine (started first)"
if ! wait "$windows"; then
  cat "$windows_log"
  echo "the Windows build or its tests failed (above)" >&2
  exit 1
fi
trap step_times EXIT
grep -E '^windows: |^test result: |^  [a-z].* s$' "$windows_log"
step "all tests passed"
