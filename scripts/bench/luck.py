#!/usr/bin/env python3
"""How long `rollbook --json log --luck` takes over a roll log of 10,000 rolls (the README's
"How lucky the dice were").

Usage: python3 scripts/bench/luck.py [ROLLBOOK] [RUNS]   (default target/release/rollbook, 3 runs)

In a temporary database: the example rosters (one per system), then 1,000 rolls of each of ten
kinds, two per system, with random fields (seeded, so every run logs the same rolls), each
kind rolled as one batch in its system's roster. Then `rollbook --json log --luck` judges the
whole log RUNS times: wall time (median, min-max), the largest peak resident memory of those
processes, and the size of the JSON answer.
"""
from __future__ import annotations

import json
import os
import pathlib
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "src-tauri/roster/tests/fixtures/all-systems.json"
PER_KIND = 1_000
LEVELS = ["Poor", "Average", "Good", "Skilled", "Talented", "Champion"]

# roster of all-systems.json -> its two kinds, each a function of a random source to a request.
KINDS = {
    "The Uncanny Stunt Squad": [
        lambda r: {"system": "stunt", "roll": "check", "active": r.choice(LEVELS),
                   "defending": r.choice(LEVELS)},
        lambda r: {"system": "stunt", "roll": "damage", "dice": r.randint(1, 8),
                   "sides": r.choice([6, 10]), "htk": r.randint(0, 30)},
    ],
    "Neon Genre Nights": [
        lambda r: {"system": "genre", "roll": "action", "dice": r.randint(1, 6),
                   "difficulty": r.randint(1, 6), "glory": r.randint(0, 3)},
        lambda r: {"system": "genre", "roll": "action", "dice": r.randint(2, 8),
                   "difficulty": r.randint(2, 8), "grunt": r.randint(0, 3)},
    ],
    "Black Meridian Crew": [
        lambda r: {"system": "universe", "roll": "attack", "bonus": r.randint(0, 8),
                   "ac": r.randint(10, 20), "advantage": r.random() < 0.3},
        lambda r: {"system": "universe", "roll": "save", "dc": r.randint(8, 20),
                   "bonus": r.randint(0, 6)},
    ],
    "Pixel Vanguard": [
        lambda r: {"system": "marks", "roll": "pool", "attribute_dice": r.randint(1, 6),
                   "skill_dice": r.randint(0, 4), "needed": r.randint(1, 3)},
        lambda r: {"system": "marks", "roll": "contested", "attribute_dice": r.randint(1, 6),
                   "defender_attribute_dice": r.randint(1, 6)},
    ],
    "Friday Night Heroes": [
        lambda r: {"system": "d12", "roll": "straight", "ranks": r.randint(0, 4),
                   "difficulty": r.randint(4, 14)},
        lambda r: {"system": "d12", "roll": "opposed", "attacker_ranks": r.randint(0, 4),
                   "defender_ranks": r.randint(0, 4)},
    ],
}


def run(binary: str, db: pathlib.Path, *args: str, stdin: str | None = None) -> str:
    done = subprocess.run([binary, "--db", str(db), *args], input=stdin, capture_output=True,
                          text=True)
    if done.returncode != 0:
        sys.exit(f"rollbook {' '.join(args[:3])} failed: {done.stderr}")
    return done.stdout


def judged(binary: str, db: pathlib.Path) -> tuple[float, int, int]:
    """One `log --luck`: seconds, peak resident KiB, bytes of JSON."""
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        proc = subprocess.Popen([binary, "--db", str(db), "--json", "log", "--luck"],
                                stdout=out, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        took = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            sys.exit(f"rollbook log --luck failed ({proc.returncode})")
        return took, usage.ru_maxrss, out.tell()


def main() -> None:
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "target/release/rollbook")
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    if not os.access(binary, os.X_OK):
        sys.exit(f"no command line at {binary} (cargo build --release -p rollbook-cli)")
    rand = random.Random(15)
    with tempfile.TemporaryDirectory(prefix="rollbook-luck-") as work:
        db = pathlib.Path(work) / "luck.sqlite3"
        run(binary, db, "import", str(EXAMPLES))
        rolls = 0
        for roster, kinds in KINDS.items():
            for kind in kinds:
                batch = [kind(rand) for _ in range(PER_KIND)]
                run(binary, db, "roll", "-", "--seed", str(rolls + 1), "--roster", roster,
                    stdin=json.dumps(batch))
                rolls += len(batch)
        report = json.loads(run(binary, db, "--json", "log", "--luck"))
        times, peak, size = [], 0, 0
        for _ in range(runs):
            took, kib, size = judged(binary, db)
            times.append(took)
            peak = max(peak, kib)
        print(f"rollbook --json log --luck over {rolls:,} rolls of ten kinds in five systems "
              f"({report['overall']['rolls']:,} judged, {report['unjudged']} unjudged): "
              f"{statistics.median(times):.2f} s median of {runs} ({min(times):.2f}-"
              f"{max(times):.2f} s), {peak / 1024:.0f} MiB peak resident, "
              f"{size / 1e6:.1f} MB of JSON")


if __name__ == "__main__":
    main()
