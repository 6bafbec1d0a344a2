#!/usr/bin/env python3
"""Rollbook's odds engine against icepool: same distributions, time per request, side by side.

Every case below is a roll request of RULES.md ("Roll requests") and a model of the same roll
written with icepool (https://github.com/HighDiceRoller/icepool). One run:

1. runs `cargo run --release --example time_odds -p rollbook-rules`, which times
   `rollbook_rules::odds()` on every request (warm, best of 5 batches) and returns its odds;
2. times every icepool model with `timeit` (best of 3 repeats, each at least ~0.2 s; the model
   builds its dice afresh on every call, so icepool's per-object caches do not carry over);
3. prints  request | icepool µs | rollbook µs | ratio | max |Δp|  where max |Δp| is the largest
   absolute difference over every outcome probability, `success` and any `events`.

Set up (icepool is pure Python; the figures in README.md were taken with the version pinned here):

    python3 -m venv /tmp/icepool-venv && /tmp/icepool-venv/bin/pip install icepool==2.1.3
    /tmp/icepool-venv/bin/python src-tauri/rules/benches/icepool_compare.py

`CARGO_TARGET_DIR` is honoured (the cargo child inherits the environment). Options: `--only
SUBSTRING` runs the matching cases, `--quick` times each side once instead of best-of,
`--tolerance` sets the max |Δp| allowed (default 1e-9; the exit code is 1 if any case is over).

Modelling notes (how faithful the icepool side is):
- Endless re-roll chains (marks roll-agains) are `Again` with a finite `again_depth` chosen so the
  probability of going deeper is below 1e-12 (the same cut-off RULES.md sets for the engine).
- marks pools use `Die.pool(n).highest(keep)` evaluated by a `MultisetEvaluator` that counts the
  kept roll-again dice, plain Marks and 1s, cancels the lowest Marks first, and then adds one
  re-roll chain per uncancelled roll-again die.
- d12 dice are `d12.explode(depth=1)`: a natural 12 rolls once more; a second 12 adds but stops.
- stunt doubles / double_six are absorbing Markov chains: `icepool.map(..., repeat='inf')`;
  marks extended is `icepool.map` applied once per time step (state: Marks so far, or the step
  the task completed on).
Every kind of the catalog can be expressed; none is skipped.
"""
# Pinned: icepool 2.1.3 (PyPI), Python 3.11.

from __future__ import annotations

import argparse
import json
import os
import pathlib
import subprocess
import sys
import timeit
from fractions import Fraction
from typing import Callable

try:
    import icepool
    from icepool import Again
except ImportError:  # pragma: no cover - a setup problem, said plainly
    sys.exit("icepool is not installed: python3 -m venv /tmp/icepool-venv && "
             "/tmp/icepool-venv/bin/pip install icepool==2.1.3, then run this script "
             "with /tmp/icepool-venv/bin/python")

PINNED_ICEPOOL = "2.1.3"
# RULES.md's tail cut-off for endless re-roll chains.
TAIL = 1e-12

# A model answers (outcomes, success, events): probabilities as Fractions or floats.
Answer = tuple[dict[str, Fraction], Fraction, dict[str, Fraction]]


# icepool.d(n) is memoised, and a die keeps the sums made from it (`k @ d6`) in a per-die cache,
# so timing repeated calls with icepool.d(6) would time cache look-ups after the first call.
# The models take their dice from die(), which builds a new die object per call by default: every
# call does the work a new request needs. `--memoised` switches to icepool.d (warm caches).
MEMOISED = False


def die(sides: int) -> icepool.Die:
    """A d`sides`: a new object (cold caches), or icepool's memoised one with --memoised."""
    return icepool.d(sides) if MEMOISED else icepool.Die(range(1, sides + 1))


def probs(dist: icepool.Die, key: Callable = str) -> dict[str, Fraction]:
    """The outcomes of a die as {key: probability}; outcomes with the same key are added."""
    out: dict[str, Fraction] = {}
    den = dist.denominator()
    for outcome, quantity in dist.items():
        k = key(outcome)
        out[k] = out.get(k, Fraction(0)) + Fraction(quantity, den)
    return out


def p_sum(outcomes: dict[str, Fraction], keys) -> Fraction:
    return sum((outcomes.get(k, Fraction(0)) for k in keys), Fraction(0))


def p_numeric_at_least(outcomes: dict[str, Fraction], at_least: int) -> Fraction:
    return sum((p for k, p in outcomes.items() if int(k) >= at_least), Fraction(0))


def again_depth(p_again: float) -> int:
    """The `again_depth` after which the chance of exploding further is below TAIL."""
    depth = 0
    tail = 1.0
    while tail >= TAIL:
        depth += 1
        tail *= p_again
    return depth


# --------------------------------------------------------------------------------------------
# stunt

LEVELS = ["Poor", "Average", "Good", "Skilled", "Talented", "Champion", "Heroic", "Mutant",
          "Cosmic", "Omega"]
CHART = {-4: 3, -3: 4, -2: 6, -1: 8, 0: 12, 1: 15, 2: 18, 3: 20, 4: 24, 5: 30}


def stunt_target(active: str, defending: str) -> int:
    d = LEVELS.index(defending) - LEVELS.index(active)
    return 2 if d <= -5 else 36 if d >= 6 else CHART[d]


def stunt_check(r: dict) -> Answer:
    target = stunt_target(r.get("active", "Skilled"), r.get("defending", "Average"))

    def read(a: int, b: int) -> str:
        if a == b == 1:
            return "fumble"
        if a == b == 6:
            return "critical"
        if a == b or a * b >= target:
            return "success"
        return "failure"

    d6 = die(6)
    outcomes = probs(icepool.map(read, d6, d6))
    return outcomes, p_sum(outcomes, ["success", "critical"]), {}


def stunt_doubles(r: dict) -> Answer:
    needed = r.get("needed", 3)
    # States: 0..needed-1 doubles counted so far; needed = success; -1 = failure (1-1).

    def throw(state: int, a: int, b: int) -> int:
        if state < 0 or state >= needed:
            return state
        if a == b == 1:
            return -1
        if a == b:
            return state + 1
        return state

    d6 = die(6)
    chain = icepool.map(throw, 0, d6, d6, repeat="inf")
    outcomes = probs(chain, lambda s: "success" if s == needed else "failure")
    return outcomes, outcomes.get("success", Fraction(0)), {}


def stunt_double_six(r: dict) -> Answer:
    def throw(state: int, a: int, b: int) -> int:
        if state != 0:
            return state
        return 1 if a == b == 6 else -1 if a == b == 1 else 0

    d6 = die(6)
    chain = icepool.map(throw, 0, d6, d6, repeat="inf")
    outcomes = probs(chain, lambda s: "success" if s == 1 else "failure")
    return outcomes, outcomes.get("success", Fraction(0)), {}


def stunt_damage(r: dict) -> Answer:
    dice, sides, bonus, htk = (r.get("dice", 6), r.get("sides", 6), r.get("bonus", 0),
                               r.get("htk", 0))
    total = (dice @ die(sides) + bonus).map(lambda v: max(v, 0))
    outcomes = probs(total)
    return outcomes, p_numeric_at_least(outcomes, htk), {}


# --------------------------------------------------------------------------------------------
# genre


def genre_action(r: dict) -> Answer:
    dice = r.get("dice", 3) + (1 if r.get("bust_a_nut", False) else 0)
    modifier = r.get("modifier", 0) + r.get("grunt", 0)
    difficulty, difficulty_modifier = r.get("difficulty", 3), r.get("difficulty_modifier", 0)
    glory, opposing_glory = r.get("glory", 0), r.get("opposing_glory", 0)

    def resolve(c: int, o: int) -> int:
        if c > o:
            won, against = c // max(o, 1), 0
        else:
            won, against = 0, o // max(c, 1)
        net = max(won + glory - opposing_glory, 0)
        if net >= 1:
            return net
        return -against if against >= 2 else 0

    d6 = die(6)
    challenger = (dice @ d6 + modifier).map(lambda v: max(v, 0))
    opposing = (difficulty @ d6 + difficulty_modifier).map(lambda v: max(v, 0))
    outcomes = probs(icepool.map(resolve, challenger, opposing))
    return outcomes, p_numeric_at_least(outcomes, 1), {}


# --------------------------------------------------------------------------------------------
# universe


def d20_natural(advantage: bool) -> icepool.Die:
    d20 = die(20)
    return d20.highest(2) if advantage else d20


def two_d6_total(level: int) -> icepool.Die:
    return 2 @ die(6) + level


def pass_fail(verdict: icepool.Die) -> Answer:
    outcomes = probs(verdict, lambda ok: "success" if ok else "failure")
    return outcomes, outcomes.get("success", Fraction(0)), {}


def universe_skill(r: dict) -> Answer:
    skill, difficulty = r.get("skill", 1), r.get("difficulty", 8)
    return pass_fail(two_d6_total(skill).map(lambda t: t >= difficulty))


def universe_attack(r: dict) -> Answer:
    bonus, ac = r.get("bonus", 0), r.get("ac", 10)

    def read(n: int) -> str:
        return ("fumble" if n == 1 else "critical" if n == 20
                else "hit" if n + bonus >= ac else "miss")

    outcomes = probs(d20_natural(r.get("advantage", False)).map(read))
    return outcomes, p_sum(outcomes, ["hit", "critical"]), {}


def universe_save(r: dict) -> Answer:
    dc, bonus = r.get("dc", 10), r.get("bonus", 0)

    def read(n: int) -> str:
        return "fate" if n == 20 else "success" if n + bonus >= dc else "failure"

    outcomes = probs(d20_natural(r.get("advantage", False)).map(read))
    return outcomes, p_sum(outcomes, ["fate", "success"]), {}


def universe_augmented_save(r: dict) -> Answer:
    dc, bonus, before, pool = r.get("dc", 10), r.get("bonus", 0), r.get("before", 0), r.get(
        "pool", 0)
    left = pool - 2 * before

    def read(n: int) -> str:
        if n == 20:
            return "fate"
        shortfall = dc - (n + bonus + before)
        if shortfall <= 0:
            return "success"
        return f"spend_{4 * shortfall}" if 4 * shortfall <= left else "failure"

    outcomes = probs(d20_natural(r.get("advantage", False)).map(read))
    return outcomes, 1 - outcomes.get("failure", Fraction(0)), {}


def universe_group_stealth(r: dict) -> Answer:
    leader, members, difficulty = r.get("leader", 1), r.get("members", [0, 0]), r.get(
        "difficulty", 8)
    failed = icepool.Die([0])
    for level in members:
        failed = failed + two_d6_total(level).map(lambda t: int(t < difficulty))
    leader_ok = two_d6_total(leader).map(lambda t: t >= difficulty)
    covered = max(leader, 0)
    return pass_fail(icepool.map(lambda ok, f: ok and f <= covered, leader_ok, failed))


# --------------------------------------------------------------------------------------------
# marks

# (sides, Mark from, roll again from) for human d6 and super d10 dice.
HUMAN = (6, 5, 6)
SUPER = (10, 5, 9)


class KeptMarks(icepool.MultisetEvaluator):
    """From the kept dice of a sub-pool: (uncancelled roll-again dice, Marks before re-rolls).

    Each kept 1 cancels one Mark, the lowest first (plain Marks before roll-again dice)."""

    def __init__(self, mark_from: int, again_from: int):
        self.mark_from, self.again_from = mark_from, again_from

    def initial_state(self, order, outcomes, *sizes):
        return (0, 0, 0)  # roll-again dice, plain Marks, 1s

    def next_state(self, state, order, outcome, count):
        again, mark, ones = state
        if outcome >= self.again_from:
            again += count
        elif outcome >= self.mark_from:
            mark += count
        elif outcome == 1:
            ones += count
        return (again, mark, ones)

    def final_outcome(self, state, order, outcomes, *sizes):
        again, mark, ones = state
        cancel_mark = min(ones, mark)
        again -= min(ones - cancel_mark, again)
        return (again, again + mark - cancel_mark)


def sub_pool_marks(die_kind: tuple[int, int, int], rolled: int, keep: int) -> icepool.Die:
    sides, mark_from, again_from = die_kind
    keep = min(keep, rolled)
    if keep == 0:
        return icepool.Die([0])
    dn = die(sides)
    kept = KeptMarks(mark_from, again_from).evaluate(dn.pool(rolled).highest(keep))
    # One re-roll: a Mark on mark_from+, and again on again_from+ (1s cancel nothing).
    p_again = (sides - again_from + 1) / sides
    chain = dn.map(lambda f: 1 + Again if f >= again_from else int(f >= mark_from),
                    again_depth=again_depth(p_again))
    return kept.map(lambda again, marks: marks + again @ chain)


def after_penalty(attribute: int, skill: int, super_dice: int, super_skill: int,
                  penalty: int) -> tuple[int, int, int, int]:
    """Dice come off in the ruled order: human skill, human attribute, super skill, super."""
    left = penalty
    out = []
    for dice in (skill, attribute, super_skill, super_dice):
        removed = min(dice, left)
        left -= removed
        out.append(dice - removed)
    skill, attribute, super_skill, super_dice = out
    return attribute, skill, super_dice, super_skill


def pool_marks(r: dict, prefix: str = "", penalty_field: str = "penalty") -> icepool.Die:
    attribute, skill, super_dice, super_skill = after_penalty(
        r.get(prefix + "attribute_dice", 3), r.get(prefix + "skill_dice", 0),
        r.get(prefix + "super_dice", 0), r.get(prefix + "super_skill_dice", 0),
        r.get(penalty_field, 0))
    human = sub_pool_marks(HUMAN, attribute + skill, attribute)
    return human + sub_pool_marks(SUPER, super_dice + super_skill, super_dice)


def marks_pool(r: dict) -> Answer:
    outcomes = probs(pool_marks(r))
    return outcomes, p_numeric_at_least(outcomes, r.get("needed", 1)), {}


def marks_extended(r: dict) -> Answer:
    plateau, min_steps, max_steps = r.get("plateau", 10), r.get("min_steps", 1), r.get(
        "max_steps", 5)
    per_step = pool_marks(r)
    # A state is (0, Marks so far) while short of the plateau, (1, step it completed on) after.
    state = icepool.Die([(0, 0)])
    for step in range(1, max_steps + 1):
        def roll_once(s: tuple[int, int], gain: int, step: int = step) -> tuple[int, int]:
            done, value = s
            if done:
                return s
            if value + gain >= plateau:
                return (1, max(step, min_steps))
            return (0, value + gain)

        state = icepool.map(roll_once, state, per_step, star=False)
    outcomes = probs(state, lambda s: str(s[1]) if s[0] else "failure")
    return outcomes, 1 - outcomes.get("failure", Fraction(0)), {}


def marks_contested(r: dict) -> Answer:
    margin = pool_marks(r) - pool_marks(r, "defender_", "defender_penalty")
    outcomes = probs(margin)
    return outcomes, p_numeric_at_least(outcomes, 1), {}


# --------------------------------------------------------------------------------------------
# d12

ROWS = [3, 6, 12, 18, 24, 30, 36, 42, 48]


def row_of(margin: int) -> int:
    """The Damage Dice a margin reaches: the highest row whose Roll <= margin; 0 below 3."""
    return sum(1 for roll in ROWS if roll <= margin)


def d12_total(dice: int, bonus: int) -> icepool.Die:
    return dice @ die(12).explode(depth=1) + bonus


def d12_dice(ranks: int, extra: int, dazed: bool) -> int:
    return max(1 + ranks + extra - int(dazed), 1)


def d12_straight(r: dict) -> Answer:
    ranks = r.get("ranks", 0)
    total = d12_total(d12_dice(ranks, r.get("extra_dice", 0), r.get("dazed", False)), ranks)
    outcomes = probs(total)
    return outcomes, p_numeric_at_least(outcomes, r.get("difficulty", 6)), {}


def rows_answer(margin: icepool.Die) -> tuple[dict[str, Fraction], Fraction]:
    outcomes = probs(margin.map(row_of))
    return outcomes, 1 - outcomes.get("0", Fraction(0))


def d12_opposed(r: dict) -> Answer:
    a_ranks, d_ranks = r.get("attacker_ranks", 0), r.get("defender_ranks", 0)
    attack = d12_total(d12_dice(a_ranks, r.get("attacker_extra_dice", 0),
                                r.get("attacker_dazed", False)), a_ranks)
    defend = d12_total(d12_dice(d_ranks, r.get("defender_extra_dice", 0),
                                r.get("defender_dazed", False)), d_ranks)
    outcomes, success = rows_answer(attack - defend)
    return outcomes, success, {}


def d12_damage(r: dict) -> Answer:
    attack_dice = 1 + min(r.get("damage_dice", 2), r.get("cap", 2))
    d_ranks = r.get("defender_ranks", 0)
    defence_dice = d12_dice(d_ranks, r.get("defender_extra_dice", 0), False)
    margin = d12_total(attack_dice, 0) - d12_total(defence_dice, d_ranks)
    outcomes, success = rows_answer(margin)
    all_ones = (defence_dice @ die(12).map(lambda f: int(f == 1))).probability(
        defence_dice)
    return outcomes, success, {"all_ones": all_ones}


# --------------------------------------------------------------------------------------------
# The icepool model of every kind of the catalog.

MODELS: dict[tuple[str, str], Callable[[dict], Answer]] = {
    ("stunt", "check"): stunt_check,
    ("stunt", "doubles"): stunt_doubles,
    ("stunt", "double_six"): stunt_double_six,
    ("stunt", "damage"): stunt_damage,
    ("genre", "action"): genre_action,
    ("universe", "skill"): universe_skill,
    ("universe", "attack"): universe_attack,
    ("universe", "save"): universe_save,
    ("universe", "augmented_save"): universe_augmented_save,
    ("universe", "group_stealth"): universe_group_stealth,
    ("marks", "pool"): marks_pool,
    ("marks", "extended"): marks_extended,
    ("marks", "contested"): marks_contested,
    ("d12", "straight"): d12_straight,
    ("d12", "opposed"): d12_opposed,
    ("d12", "damage"): d12_damage,
}


def req(system: str, roll: str, **fields) -> dict:
    return {"system": system, "roll": roll, **fields}


# The cases of benches/odds.rs (same names), less two whose icepool model is too slow to time
# here: marks extended with 1 die, plateau 500 over 1000 steps (minutes), and marks contested
# 60 v 60 keep 60. The slowest kept are ~4 s a call in icepool (60d100, marks pool 60 keep 60).
CASES: list[tuple[str, dict]] = [
    ("stunt check Skilled vs Average", req("stunt", "check", active="Skilled",
                                           defending="Average")),
    ("stunt check Poor vs Omega", req("stunt", "check", active="Poor", defending="Omega")),
    ("stunt doubles needed 3", req("stunt", "doubles", needed=3)),
    ("stunt doubles needed 60", req("stunt", "doubles", needed=60)),
    ("stunt double_six", req("stunt", "double_six")),
    ("stunt damage 6d6", req("stunt", "damage", dice=6, sides=6, htk=20)),
    ("stunt damage 60d6", req("stunt", "damage", dice=60, sides=6, bonus=5, htk=200)),
    ("stunt damage 60d100", req("stunt", "damage", dice=60, sides=100, htk=3000)),
    ("genre action 2v2 (RULES example)", req("genre", "action", dice=2, difficulty=2)),
    ("genre action 3v3", req("genre", "action", dice=3, difficulty=3)),
    ("genre action 30v30", req("genre", "action", dice=30, modifier=2, difficulty=30,
                               difficulty_modifier=-1, glory=1, opposing_glory=1)),
    ("genre action 60v60", req("genre", "action", dice=59, bust_a_nut=True, difficulty=60)),
    ("universe skill +1 vs 8", req("universe", "skill", skill=1, difficulty=8)),
    ("universe skill +40 vs 100", req("universe", "skill", skill=40, difficulty=100)),
    ("universe attack plain", req("universe", "attack", bonus=3, ac=14)),
    ("universe attack advantage", req("universe", "attack", bonus=3, ac=14, advantage=True)),
    ("universe save plain", req("universe", "save", dc=15, bonus=2)),
    ("universe save advantage", req("universe", "save", dc=15, bonus=2, advantage=True)),
    ("universe augmented_save pool 0", req("universe", "augmented_save", dc=16, bonus=1)),
    ("universe augmented_save pool 1000 adv.", req("universe", "augmented_save", dc=100,
                                                   bonus=1, advantage=True, before=10,
                                                   pool=1000)),
    ("universe group_stealth 2 members", req("universe", "group_stealth", leader=1,
                                             members=[0, 0], difficulty=8)),
    ("universe group_stealth 20 members", req("universe", "group_stealth", leader=3,
                                              members=[-1, 0, 1, 2, 3] * 4, difficulty=8)),
    ("universe group_stealth 60 members", req("universe", "group_stealth", leader=10,
                                              members=[0, 1, 2] * 20, difficulty=8)),
    ("marks pool 3 dice", req("marks", "pool", attribute_dice=3)),
    ("marks pool 6 dice (RULES example)", req("marks", "pool", attribute_dice=3, skill_dice=3)),
    ("marks pool 12 dice", req("marks", "pool", attribute_dice=6, skill_dice=6, needed=3)),
    ("marks pool 12d6 + 6d10", req("marks", "pool", attribute_dice=6, skill_dice=6,
                                   super_dice=3, super_skill_dice=3, needed=5)),
    ("marks pool 60 dice keep 30", req("marks", "pool", attribute_dice=30, skill_dice=30,
                                       needed=7)),
    ("marks pool 60 dice keep 60", req("marks", "pool", attribute_dice=60, needed=7)),
    ("marks extended 6 dice, plateau 10", req("marks", "extended", attribute_dice=3,
                                              skill_dice=3, plateau=10, min_steps=2,
                                              max_steps=5)),
    ("marks extended 12 dice, plateau 100", req("marks", "extended", attribute_dice=6,
                                                skill_dice=6, plateau=100, max_steps=50)),
    ("marks contested 6 v 6", req("marks", "contested", attribute_dice=3, skill_dice=3,
                                  defender_attribute_dice=4, defender_skill_dice=2)),
    ("marks contested 60 v 60 keep 30", req("marks", "contested", attribute_dice=30,
                                            skill_dice=30, defender_attribute_dice=30,
                                            defender_skill_dice=30)),
    ("d12 straight 1 rank (RULES example)", req("d12", "straight", ranks=1, difficulty=12)),
    ("d12 straight 4 ranks + 1 extra", req("d12", "straight", ranks=4, extra_dice=1,
                                           difficulty=30)),
    ("d12 straight 59 ranks", req("d12", "straight", ranks=59, difficulty=500)),
    ("d12 opposed 0v0", req("d12", "opposed")),
    ("d12 opposed 4v4", req("d12", "opposed", attacker_ranks=4, defender_ranks=4)),
    ("d12 opposed 59v59", req("d12", "opposed", attacker_ranks=59, defender_ranks=59)),
    ("d12 damage 3 dice vs 1 rank", req("d12", "damage", damage_dice=2, cap=2,
                                        defender_ranks=1)),
    ("d12 damage 10 dice vs 59 ranks", req("d12", "damage", damage_dice=9, cap=20,
                                           defender_ranks=59)),
]


# --------------------------------------------------------------------------------------------
# Running both sides


def repo_root() -> pathlib.Path:
    return pathlib.Path(__file__).resolve().parents[3]


def run_rollbook(requests: list[dict]) -> list[dict]:
    cmd = ["cargo", "run", "--quiet", "--release", "--example", "time_odds", "-p",
           "rollbook-rules"]
    target = os.environ.get("CARGO_TARGET_DIR", "(default target/)")
    print(f"rollbook: {' '.join(cmd)}  [CARGO_TARGET_DIR={target}]", file=sys.stderr)
    done = subprocess.run(cmd, input=json.dumps(requests), capture_output=True, text=True,
                          cwd=repo_root(), env=os.environ.copy())
    if done.returncode != 0:
        sys.exit(f"time_odds failed (exit {done.returncode}):\n{done.stderr}")
    return json.loads(done.stdout)


def time_icepool(model: Callable[[dict], Answer], request: dict, quick: bool) -> float:
    """Seconds per call: best of 3 repeats of a loop that runs at least ~0.2 s."""
    timer = timeit.Timer(lambda: model(request))
    if quick:
        return timer.timeit(number=1)
    number, _ = timer.autorange()
    return min(timer.repeat(repeat=3, number=number)) / number


def max_abs_diff(ours: dict, theirs: Answer) -> float:
    """The largest |Δp| between our odds JSON and an icepool answer (outcomes, success, events)."""
    outcomes, success, events = theirs
    keys = set(ours["outcomes"]) | set(outcomes)
    diffs = [abs(ours["outcomes"].get(k, 0.0) - float(outcomes.get(k, 0))) for k in keys]
    diffs.append(abs(ours["success"] - float(success)))
    for k in set(ours.get("events", {})) | set(events):
        diffs.append(abs(ours.get("events", {}).get(k, 0.0) - float(events.get(k, 0))))
    return max(diffs)


def fmt_us(seconds: float) -> str:
    us = seconds * 1e6
    return f"{us:,.1f}" if us < 1000 else f"{us:,.0f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", help="run only cases whose label contains this")
    parser.add_argument("--quick", action="store_true", help="time icepool once per case")
    parser.add_argument("--tolerance", type=float, default=1e-9)
    parser.add_argument("--memoised", action="store_true",
                        help="use icepool.d (memoised dice whose sums stay cached between calls)")
    args = parser.parse_args()
    global MEMOISED
    MEMOISED = args.memoised

    cases = [(label, r) for label, r in CASES if not args.only or args.only in label]
    if not cases:
        sys.exit(f"no case matches {args.only!r}")
    if icepool.__version__ != PINNED_ICEPOOL:
        print(f"note: icepool {icepool.__version__} (this script was written against "
              f"{PINNED_ICEPOOL})", file=sys.stderr)

    ours = run_rollbook([r for _, r in cases])
    rows = []
    for (label, r), answer in zip(cases, ours):
        model = MODELS[(r["system"], r["roll"])]
        theirs = model(r)
        seconds = time_icepool(model, r, args.quick)
        rows.append((label, seconds, answer["ns_per_request"] * 1e-9,
                     max_abs_diff(answer["odds"], theirs)))
        print(f"  {label}: done", file=sys.stderr)

    header = ("request", "icepool µs", "rollbook µs", "ratio", "max |Δp|")
    table = [header] + [(label, fmt_us(ice), fmt_us(rb), f"{ice / rb:,.0f}x", f"{d:.1e}")
                        for label, ice, rb, d in rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    print(f"icepool {icepool.__version__}, Python {sys.version.split()[0]}, "
          f"{os.cpu_count()} cores")
    for i, row in enumerate(table):
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
        print("| " + " | ".join(cells) + " |")
        if i == 0:
            print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    ratios = sorted(ice / rb for _, ice, rb, _ in rows)
    worst = max(d for *_, d in rows)
    print(f"\nratio icepool/rollbook: min {ratios[0]:,.0f}x, median "
          f"{ratios[len(ratios) // 2]:,.0f}x, max {ratios[-1]:,.0f}x; "
          f"{sum(r >= 100 for r in ratios)} of {len(ratios)} cases at 100x or more")
    print(f"max |Δp| over all cases: {worst:.1e} (tolerance {args.tolerance:g})")
    over = [label for label, *_, d in rows if d > args.tolerance]
    if over:
        print("OVER TOLERANCE: " + ", ".join(over))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
