#!/usr/bin/env python3
"""Memory of the idle window, per process (proportional set size, /proc/PID/smaps_rollup), on an
empty database and on one holding a 10,000-character roster.

Usage: python3 scripts/bench/window_memory.py [ROLLBOOK]   (default target/release/rollbook;
needs xvfb-run). Each case starts `rollbook --db FILE` (which execs rollbook-app) under its own
Xvfb with a fresh HOME, waits until the processes' memory has settled (idle: two readings 2 s
apart within 1 MiB, at least 8 s after start), prints each process and the total, and stops it.
The cases: an empty database and a 10,000-character roster as the app runs (without WebKit's
accelerated compositing, src-tauri/src/desktop/rendering.rs), the empty one with compositing
turned back on, and what WebKit takes of its own: its MiniBrowser (shipped in
libwebkit2gtk-4.1-0) on an empty page, under the same Xvfb, with and without compositing.
PSS counts a shared page in part: other WebKit programs running at the same time lower it, so
each case waits (up to 2 minutes) until none runs, and prints how many still ran and each
process's resident set (RSS, which counts shared pages whole and does not depend on them).
"""
from __future__ import annotations

import importlib.util
import json
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid

ROOT = pathlib.Path(__file__).resolve().parents[2]


def children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = pathlib.Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        tree.setdefault(ppid, []).append(int(entry))
    return tree


def descendants(root: int) -> list[int]:
    tree, found, todo = children(), [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(tree.get(pid, []))
    return found


def rollup_kib(pid: int, fields: tuple[str, ...]) -> int:
    total = 0
    try:
        for line in pathlib.Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.split(":")[0] in fields:
                total += int(line.split()[1])
    except OSError:
        pass
    return total


def pss_kib(pid: int) -> int:
    return rollup_kib(pid, ("Pss",))


def rss_kib(pid: int) -> int:
    """Every page resident, shared or not: unlike PSS, it does not fall when other programs map
    the same libraries (other WebKit windows on a shared machine)."""
    return rollup_kib(pid, ("Rss",))


def name(pid: int) -> str:
    try:
        return pathlib.Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return "?"


def alive(pid: int) -> bool:
    try:
        stat = pathlib.Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


def others_webkit(mine: list[int]) -> int:
    """Live WebKit processes not ours: they share libraries with ours and so lower our PSS."""
    return sum(1 for p in descendants(1)
               if p not in mine and name(p).startswith("WebKit") and alive(p))


def ours(root: int) -> list[int]:
    """The app and the WebKit processes it started (not Xvfb or the shell around them)."""
    skip = {"Xvfb", "xvfb-run", "sh", "bash", "xauth"}
    return [p for p in descendants(root) if name(p) not in skip]


def wait_for_quiet(limit_s: float = 120) -> None:
    """Waits (a while) until no other WebKit program runs: sharing our libraries, it lowers PSS."""
    start = time.time()
    while others_webkit([]) and time.time() - start < limit_s:
        time.sleep(1)


MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
# WebKit's own switch (any value but 0 turns compositing off); the app sets it to 1 when unset.
COMPOSITING_ON = {"WEBKIT_DISABLE_COMPOSITING_MODE": "0"}
COMPOSITING_OFF = {"WEBKIT_DISABLE_COMPOSITING_MODE": "1"}


def measure(command: list[str], label: str, extra_env: dict[str, str] | None = None) -> None:
    wait_for_quiet()
    home = pathlib.Path(tempfile.mkdtemp(prefix="rollbook-mem-"))
    env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"),
           "XDG_CONFIG_HOME": str(home / "config"), "XDG_CACHE_HOME": str(home / "cache")}
    env.pop("WEBKIT_DISABLE_COMPOSITING_MODE", None)
    env.update(extra_env or {})
    proc = subprocess.Popen(["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", *command],
                            env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        start, last = time.time(), -1
        while True:
            time.sleep(2)
            total = sum(pss_kib(p) for p in ours(proc.pid))
            settled = abs(total - last) < 1024 and time.time() - start >= 8
            if settled or time.time() - start > 90:
                break
            last = total
        pids = ours(proc.pid)
        rows = sorted(((name(p), pss_kib(p), rss_kib(p)) for p in pids), key=lambda r: -r[1])
        total = sum(k for _, k, _ in rows)
        parts = ", ".join(f"{n} {k / 1024:.0f}" for n, k, _ in rows if k > 1024)
        resident = ", ".join(f"{n} {r / 1024:.0f}" for n, k, r in rows if k > 1024)
        print(f"idle, {label}: {total / 1024:.0f} MiB PSS in all ({parts} MiB); "
              f"resident (RSS) {sum(r for _, _, r in rows) / 1024:.0f} MiB ({resident} MiB); "
              f"other WebKit processes running: {others_webkit(pids)}")
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=20)
        shutil.rmtree(home, ignore_errors=True)


def write_roster(out: pathlib.Path, count: int) -> None:
    """One d12 roster of `count` characters with the sheets of scripts/make-big-roster.py."""
    spec = importlib.util.spec_from_file_location("big", ROOT / "scripts/make-big-roster.py")
    big = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(big)
    characters = [{"id": str(uuid.UUID(int=i + 1, version=4)), "name": f"Character {i:05}",
                   "player": "", "kind": "pc", "tags": [], "notes": "",
                   "sheet": big.sheet("d12", i)} for i in range(count)]
    roster = {"id": str(uuid.UUID(int=count + 1, version=4)), "name": "Ten thousand",
              "system": "d12", "notes": "", "house_rules": {}, "characters": characters}
    out.write_text(json.dumps({"format": "rollbook-roster", "version": 1,
                               "exported_at": "2026-11-25T00:00:00Z", "rosters": [roster]}))


def main() -> None:
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "target/release/rollbook")
    if not os.access(binary, os.X_OK):
        sys.exit(f"no command line at {binary} (cargo build --release -p rollbook -p rollbook-cli)")
    work = pathlib.Path(tempfile.mkdtemp(prefix="rollbook-mem-db-"))
    try:
        measure([binary, "--db", str(work / "empty.sqlite3")], "the window, empty database")
        big = work / "big.json"
        write_roster(big, 10_000)
        db = work / "big.sqlite3"
        subprocess.run([binary, "--db", str(db), "import", str(big)], check=True,
                       capture_output=True)
        measure([binary, "--db", str(db)], "the window, a 10,000-character roster")
        measure([binary, "--db", str(work / "empty.sqlite3")],
                "the window, empty database, WebKit's compositing on", COMPOSITING_ON)
        if os.access(MINIBROWSER, os.X_OK):
            measure([MINIBROWSER, "about:blank"], "WebKit's MiniBrowser, an empty page",
                    COMPOSITING_OFF)
            measure([MINIBROWSER, "about:blank"],
                    "WebKit's MiniBrowser, an empty page, compositing on", COMPOSITING_ON)
        else:
            print(f"WebKit's own: no {MINIBROWSER} to measure")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
