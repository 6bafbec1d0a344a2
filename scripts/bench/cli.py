#!/usr/bin/env python3
"""The command line's start-up, memory and libraries, and 200 odds requests through one
`rollbook odds` process against icepool computing the same 200 in-process.

Usage: python3 scripts/bench/cli.py [ROLLBOOK]   (default target/release/rollbook)
With icepool importable (scripts/bench.sh makes a venv with the pinned version) the comparison
runs too; without it, only the start-up figures print.

- Start-up: `rollbook odds` on one trivial request, 50 runs, wall time per process (median and
  best), peak resident memory (the largest of the runs), and the shared libraries it loads (ldd).
- 200 requests: the everyday cases of src-tauri/rules/benches/icepool_compare.py (those icepool
  answers in under 50 ms each; the seconds-long ones would only flatter us) repeated to 200, as
  one JSON array: the whole `rollbook odds` process (start-up included, best of 5) against
  icepool's in-process time for the same 200 (each case timed best of 3, times its count).
"""
from __future__ import annotations

import json
import os
import pathlib
import resource
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
TRIVIAL = {"system": "stunt", "roll": "check", "active": "Skilled", "defending": "Average"}


def wall(cmd: list[str], stdin: str | None = None) -> float:
    start = time.perf_counter()
    done = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    took = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd[:2])} failed: {done.stderr}")
    return took


def start_up(binary: str) -> None:
    cmd = [binary, "odds", json.dumps(TRIVIAL)]
    wall(cmd)  # warm the page cache
    runs = [wall(cmd) * 1000 for _ in range(50)]
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    libraries = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
    count = sum(1 for line in libraries.splitlines() if line.strip())
    gui = [w for w in ("gtk", "webkit", "javascriptcore") if w in libraries.lower()]
    print(f"command line start-up (`rollbook odds` on one trivial request, 50 runs): "
          f"median {statistics.median(runs):.1f} ms, best {min(runs):.1f} ms; "
          f"peak resident {peak_kib / 1024:.1f} MiB; {count} shared objects "
          f"({'GUI: ' + ', '.join(gui) if gui else 'no GUI library'})")


def against_icepool(binary: str) -> None:
    try:
        sys.path.insert(0, str(ROOT / "src-tauri/rules/benches"))
        import icepool_compare as ic  # noqa: E402  (needs icepool)
    except ImportError as error:
        print(f"200 requests against icepool: skipped ({error}; scripts/bench.sh sets it up)")
        return
    everyday = []
    for label, request in ic.CASES:
        model = ic.MODELS[(request["system"], request["roll"])]
        start = time.perf_counter()
        model(request)
        if time.perf_counter() - start < 0.05:
            everyday.append((label, request, model))
    requests = [everyday[i % len(everyday)] for i in range(200)]
    per_case = {label: ic.time_icepool(model, request, quick=False)
                for label, request, model in everyday}
    icepool_s = sum(per_case[label] for label, _, _ in requests)
    array = json.dumps([request for _, request, _ in requests])
    ours_s = min(wall([binary, "odds", "-"], stdin=array) for _ in range(5))
    print(f"200 odds requests ({len(everyday)} everyday cases of icepool_compare.py, repeated): "
          f"icepool {ic.icepool.__version__} in-process {icepool_s * 1000:.1f} ms; one whole "
          f"`rollbook odds` process {ours_s * 1000:.1f} ms; {icepool_s / ours_s:,.0f}x")


def main() -> None:
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "target/release/rollbook")
    if not os.access(binary, os.X_OK):
        sys.exit(f"no command line at {binary} (cargo build --release -p rollbook-cli)")
    start_up(binary)
    against_icepool(binary)


if __name__ == "__main__":
    main()
