#!/usr/bin/env bash
# Runs every test of Rollbook: import cycles, formatting, lints, the Rust tests of the whole
# workspace, the front end's unit tests and types, the end-to-end tests of the real app under
# Xvfb, and the Windows build with its tests under Wine (scripts/windows.sh).
#
# The Windows build is the longest step and uses Debian's Rust and a target directory of its own,
# so it starts first, in the background at the lowest priority: it takes only the CPU the Linux
# steps leave (links, tests waiting on child processes, the end-to-end tests waiting on WebKit).
# Its tests under Wine run at the end, when it has finished.
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

windows_log=${CARGO_TARGET_DIR:-target}/windows-build.log
mkdir -p "$(dirname "$windows_log")"
step "Windows: both binaries cross-built in the background (log: $windows_log)"
# setsid: the build is a process group of its own, so a failing step stops all of it.
setsid nice -n 19 bash scripts/windows.sh --build-only >"$windows_log" 2>&1 &
windows_build=$!
trap 'step_times; kill -- -"$windows_build" 2>/dev/null || true' EXIT

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
cargo build -p rollbook -p rollbook-cli
step "end-to-end tests (Xvfb, WebDriver)"
bash scripts/e2e.sh
step "Windows: the roster and command-line tests and a smoke test under Wine"
if ! wait "$windows_build"; then
  cat "$windows_log"
  echo "the Windows build failed (above)" >&2
  exit 1
fi
trap step_times EXIT
sed -n '/phase times/,$p' "$windows_log"
bash scripts/windows.sh
step "all tests passed"
