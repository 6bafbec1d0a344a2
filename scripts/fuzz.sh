#!/usr/bin/env bash
# Fuzzes one target of src-tauri/rules/fuzz for a bounded time: no input may panic, and every
# input must be answered or refused within a second (libFuzzer's -timeout=1 reports a slower
# one as a crash, with the input saved under fuzz/artifacts/TARGET).
#   notation     the dice notation: parse, check and odds (seeds: fuzz/seeds, notation.dict)
#   system_file  a system file: read and checked as `rollbook system check` reads it, then each
#                roll kind's odds at its defaults (seeds: systems/**/*.toml and the TOML blocks
#                of docs/system-files.md, gathered at each run; system_file.dict)
# Run by scripts/bench.sh, not by CI. Usage: scripts/fuzz.sh TARGET [SECONDS]  (default 120)
# The corpus grows in fuzz/corpus/TARGET between runs (not committed).
# cargo-fuzz wants nightly: RUSTC_BOOTSTRAP=1 lets the stable toolchain build it. The build has
# no sanitizer (-s none): Rust needs none for memory safety, and the timing then is the release
# build's, which the one-second bound is about.
#
# notation, runs of 2026-11-29 (2 cores, load 9-12 from other builds, nice 10), each stopped by
# a timeout:
#   ~10 min, 75,896 execs, corpus 1,026: 00d220khxkh2xkh (bags made before bounded; fixed)
#   ~8 min, 26,586 execs, corpus 1,280: 3d4r<100rx4r<100rx0 r3 kl50 r3 kl5 (fixed: bags made
#     within the bound); both are tests in rules/src/notation/chained_keeps_tests.rs
#   ~6 min, 21,188 execs, corpus 1,455: 3d2x2Xkh>d4kh0x, open: two explosions of a d2 make
#     multisets 1,681 dice long, and a join is counted as one step whatever its length
# notation, 2026-11-30, 20 s from the seeds (checking this script), 2,275 execs: d6xxx, open:
#   4.3 s alone in the fuzz build, 0.7 s in the release command line (4,727 outcomes)
# system_file, runs of 2026-11-30 (2 cores, load 5-7 from other builds, nice 10), max_len 8192,
# from 36 seeds:
#   10 min, 316,659 execs, corpus 2,668: nothing found
#   twice ~1 min, 2,619 and 2,501 execs: a timeout under load 6.5-7.5, each a mutated marks.toml
#     taking 0.17-0.2 s alone: the load's, not a finding (the script now runs one again alone)
#   10 min after the fixes below, 837,765 execs, corpus 3,008: nothing found
#   by hand, files up to 1 MiB the fuzzer's 8 KiB cannot reach, run through the target (times
#   of the fuzz build, instrumented, unless said):
#     9,000 chained lets: 4 s a request (each let searched every earlier name; fixed)
#     110,000 choices / suggested ratings: 270 s (each compared with all before it; fixed)
#     90,000 `trackers` names of 5,000 trackers: 6.4 s; 9,000 outcomes: 1.7 s (fixed)
#     4,990 unknown from_sheet names: 9 s release, each hinted from 10,000 names (fixed)
#     4,990 refusals at an unknown field: 0.5 GB of messages listing every field (fixed)
#     all regression tests in rules/src/system_file/fuzz_findings_tests.rs
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root/src-tauri/rules/fuzz"
export PATH="$HOME/.cargo/bin:$PATH"
target=${1:?usage: scripts/fuzz.sh notation|system_file [SECONDS]}
seconds=${2:-120}
case "$target" in
  notation) max_len=400 ;;
  system_file) max_len=8192 ;;  # the largest shipped file is 6.9 KB
  *) echo "fuzz.sh: no target $target (notation, system_file)" >&2; exit 2 ;;
esac
command -v cargo-fuzz >/dev/null || cargo install --locked -q cargo-fuzz@0.12.0
rm -rf "artifacts/$target"
corpus="corpus/$target"
mkdir -p "$corpus"
case "$target" in
  notation) cp -n seeds/* "$corpus/" ;;
  system_file)
    for f in "$root"/systems/*.toml "$root"/systems/*/*.toml; do
      cp "$f" "$corpus/seed-$(basename "$(dirname "$f")")-$(basename "$f")"
    done
    awk -v dir="$corpus" '/^```toml$/ {n++; f=1; next} /^```$/ {f=0} f {print > (dir "/seed-doc-" n ".toml")}' \
      "$root/docs/system-files.md" ;;
esac
RUSTC_BOOTSTRAP=1 cargo fuzz run -s none "$target" "$corpus" -- \
  -dict="$target.dict" -max_len="$max_len" -timeout=1 -rss_limit_mb=2048 \
  -max_total_time="$seconds" -print_final_stats=1 2>&1 \
  | grep -E "^(#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+== ERROR|ALARM|SUMMARY|thread .* panicked|.*Test unit written)" || true
# cargo fuzz exits non-zero on a finding; the pipe above hides it, so look for artifacts.
if compgen -G "artifacts/$target/*" >/dev/null; then
  echo "fuzz $target: findings in src-tauri/rules/fuzz/artifacts/$target:" >&2
  ls "artifacts/$target" >&2
  # A timeout on a busy machine may be the load's: each is run again alone, its time told.
  for found in artifacts/"$target"/timeout-*; do
    [ -e "$found" ] || continue
    alone=$("target/x86_64-unknown-linux-gnu/release/$target" "$found" 2>&1 \
      | sed -n 's/^Executed .* in \([0-9]*\) ms$/\1/p')
    echo "  $(basename "$found"): ${alone:-?} ms run again alone (load $(cut -d' ' -f1 /proc/loadavg))" >&2
  done
  exit 1
fi
echo "fuzz $target: ${seconds}s, nothing found"
