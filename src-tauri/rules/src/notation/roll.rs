//! One roll of a checked expression, with the tray's dice: each pool rolls its dice, then its
//! modifiers act left to right exactly as the odds assume (the same chains, cut at the same
//! length), so a seeded roll's faces typed back by hand give the same roll.
//!
//! A die is read as the place of its face in the die's list, which for `dN` is the face
//! itself; a Fate or listed die is asked for with its key ("type 1 for -1, 2 for 0, 3 for 1").
//! Only the branch `if` takes is rolled, and its dice are asked for once the condition's are in.

use crate::answer::{DiceGroup, DieState};
use crate::tray::Tray;

use super::node::{Die, Mod, Node, PoolSpec};
use super::odds::apply;

/// What a roll came to: its value, its dice by pool, and each pool in words.
pub(crate) struct Made {
    pub value: i64,
    pub groups: Vec<DiceGroup>,
    pub pools: Vec<String>,
}

pub(crate) fn roll(root: &Node, tray: &mut Tray) -> Made {
    roll_as(root, tray, None)
}

/// [`roll`], its dice asked for by what they are (`what`: a system file's `nat` asks for
/// "nat (d20) die #1", and "nat pool 2 (d6) die #1" when it writes several pools), or, with
/// none, by their pool's place ("Pool 1 (d20) die #1").
pub(crate) fn roll_as(root: &Node, tray: &mut Tray, what: Option<&str>) -> Made {
    let single = pools_in(root) == 1;
    let mut rolling = Rolling {
        tray,
        what: what.map(|w| (w.to_string(), single)),
        groups: Vec::new(),
        pools: Vec::new(),
    };
    let value = rolling.eval(root, false);
    Made {
        value,
        groups: rolling.groups,
        pools: rolling.pools,
    }
}

/// How many pools an expression writes.
fn pools_in(node: &Node) -> usize {
    match node {
        Node::Const(_) => 0,
        Node::Pool(_) => 1,
        Node::Neg(inner) | Node::Abs(inner) | Node::Not(inner) => pools_in(inner),
        Node::Bin(_, left, right) => pools_in(left) + pools_in(right),
        Node::Min(args) | Node::Max(args) => args.iter().map(pools_in).sum(),
        Node::If(cond, then, other) => pools_in(cond) + pools_in(then) + pools_in(other),
    }
}

/// Rolls (or reads by hand, asked for as `label` with the die's key) one die: the place typed
/// and its face.
pub(crate) fn read_die(tray: &mut Tray, die: &Die, label: String, earned: bool) -> (u32, i64) {
    let typed = tray.roll_named(
        die.faces.len() as u32,
        format!("{label}{}", key(die)),
        earned,
    );
    (typed, die.faces[typed as usize - 1])
}

struct Rolling<'t> {
    tray: &'t mut Tray,
    /// What the dice are asked for as, and whether the expression writes one pool only.
    what: Option<(String, bool)>,
    groups: Vec<DiceGroup>,
    pools: Vec<String>,
}

/// One die of a pool as it is rolled.
struct Rolled {
    typed: u32,
    value: i64,
    kept: bool,
    state: DieState,
}

impl Rolling<'_> {
    fn eval(&mut self, node: &Node, earned: bool) -> i64 {
        match node {
            Node::Const(v) => *v,
            Node::Pool(pool) => self.pool(pool, earned),
            Node::Neg(inner) => -self.eval(inner, earned),
            Node::Abs(inner) => self.eval(inner, earned).abs(),
            Node::Not(inner) => i64::from(self.eval(inner, earned) == 0),
            Node::Bin(op, left, right) => {
                let a = self.eval(left, earned);
                let b = self.eval(right, earned);
                apply(*op, a, b)
            }
            Node::Min(args) => self.each(args, earned).into_iter().min().unwrap_or(0),
            Node::Max(args) => self.each(args, earned).into_iter().max().unwrap_or(0),
            Node::If(cond, then, other) => {
                if self.eval(cond, earned) != 0 {
                    self.eval(then, true)
                } else {
                    self.eval(other, true)
                }
            }
        }
    }

    fn each(&mut self, args: &[Node], earned: bool) -> Vec<i64> {
        args.iter().map(|a| self.eval(a, earned)).collect()
    }

    fn read(&mut self, die: &Die, label: String, earned: bool) -> (u32, i64) {
        read_die(self.tray, die, label, earned)
    }

    fn pool(&mut self, pool: &PoolSpec, earned: bool) -> i64 {
        let name = match &self.what {
            None => format!("Pool {} ({})", pool.number, pool.text),
            Some((what, true)) => format!("{what} ({})", pool.text),
            Some((what, false)) => format!("{what} pool {} ({})", pool.number, pool.text),
        };
        let mut dice: Vec<Rolled> = Vec::new();
        for i in 0..pool.count {
            let (typed, value) = self.read(&pool.die, format!("{name} die #{}", i + 1), earned);
            dice.push(kept(typed, value, DieState::Kept));
        }
        for op in &pool.mods {
            match *op {
                Mod::Keep { .. } | Mod::Drop { .. } => select(&mut dice, *op),
                Mod::Reroll { cmp, cap } => {
                    for j in 0..dice.len() {
                        let mut at = j;
                        let mut made = 0;
                        while dice[at].kept && cmp.meets(dice[at].value) && made < cap {
                            made += 1;
                            dice[at].kept = false;
                            dice[at].state = DieState::Dropped;
                            let label = format!(
                                "{name}: die #{} shows {}, reroll it",
                                at + 1,
                                dice[at].value
                            );
                            let (typed, value) = self.read(&pool.die, label, true);
                            dice.push(kept(typed, value, DieState::Kept));
                            at = dice.len() - 1;
                        }
                    }
                }
                Mod::Explode { cmp, cap } => {
                    // How many dice before each one in its chain of explosions (0: was there).
                    let mut depth = vec![0u32; dice.len()];
                    let mut j = 0;
                    while j < dice.len() {
                        if dice[j].kept && depth[j] < cap && cmp.meets(dice[j].value) {
                            dice[j].state = DieState::Exploded;
                            let label = format!(
                                "{name}: die #{} shows {} and explodes, roll one more",
                                j + 1,
                                dice[j].value
                            );
                            let (typed, value) = self.read(&pool.die, label, true);
                            dice.push(kept(typed, value, DieState::Bonus));
                            depth.push(depth[j] + 1);
                        }
                        j += 1;
                    }
                }
                Mod::Count { .. } => {}
            }
        }
        let value: i64 = dice
            .iter()
            .filter(|d| d.kept)
            .map(|d| pool.worth(d.value))
            .sum();
        let sides = pool.die.faces.len() as u32;
        let mut group = DiceGroup::new(pool.text.clone());
        for d in &dice {
            group.push(d.typed, sides, d.state);
        }
        self.groups.push(group);
        let shown: Vec<String> = dice
            .iter()
            .map(|d| {
                if d.kept {
                    d.value.to_string()
                } else {
                    format!("({})", d.value)
                }
            })
            .collect();
        let what = if pool.counting().is_some() {
            "counts"
        } else {
            "="
        };
        self.pools
            .push(format!("{}: {} {what} {value}", pool.text, shown.join(" ")));
        value
    }
}

fn kept(typed: u32, value: i64, state: DieState) -> Rolled {
    Rolled {
        typed,
        value,
        kept: true,
        state,
    }
}

/// Marks the dice a keep or drop leaves out (of equal faces, the earlier ones go first).
fn select(dice: &mut [Rolled], selection: Mod) {
    let mut order: Vec<usize> = (0..dice.len()).filter(|&i| dice[i].kept).collect();
    order.sort_by_key(|&i| dice[i].value);
    let len = order.len();
    let (highest, n) = match selection {
        Mod::Keep { highest, n } => (highest, (n as usize).min(len)),
        Mod::Drop { highest, n } => (!highest, len.saturating_sub(n as usize)),
        _ => return,
    };
    let dropped = if highest {
        &order[..len - n]
    } else {
        &order[n..]
    };
    for &i in dropped {
        dice[i].kept = false;
        dice[i].state = DieState::Dropped;
    }
}

/// How a die whose faces are not 1..=N is typed: the place of its face in the list.
fn key(die: &Die) -> String {
    if die.is_numbered() {
        return String::new();
    }
    if die.faces.len() > 10 {
        return format!(
            " (type the place of its face in {}: 1 to {})",
            die.name,
            die.faces.len()
        );
    }
    let places: Vec<String> = die
        .faces
        .iter()
        .enumerate()
        .map(|(i, f)| format!("{} for {f}", i + 1))
        .collect();
    format!(" (type {})", places.join(", "))
}
