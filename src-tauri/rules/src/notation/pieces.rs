//! Pieces of the notation read alone, for a system file's pool read several ways at once
//! (`system_file::odds`): one die as written (`d6`, `dF`, `d{0,1,1,2}`) and a comparison as a
//! modifier writes it (`>=5`, `=1`, `6`).

use std::collections::BTreeMap;

use super::ast::Ast;
use super::node::{Cmp, Die, Node};
use super::problem::Problem;
use super::roll::read_die;
use super::{check, parse};
use crate::tray::Tray;

/// One die of a kind: its faces in the order a die by hand is typed.
#[derive(Debug, Clone, PartialEq)]
pub struct SingleDie {
    die: Die,
}

/// Reads `text` as one die with neither a count nor modifiers (`d6`, `d%`, `dF`, `d{0,1,1,2}`).
pub fn single_die(text: &str) -> Result<SingleDie, Problem> {
    let only = "write one die with neither a count nor modifiers: d6, dF or d{0,1,1,2}";
    let ast = parse::parse_bounded(text)?;
    let Ast::Pool(pool) = &ast else {
        return Err(Problem::at(ast.col(), only));
    };
    if pool.count.is_some() || !pool.mods.is_empty() {
        return Err(Problem::at(pool.col, only));
    }
    let checked =
        check::check(&ast, &BTreeMap::new()).map_err(|mut problems| problems.remove(0))?;
    match checked.root {
        Node::Pool(spec) => Ok(SingleDie { die: spec.die }),
        _ => Err(Problem::at(1, only)),
    }
}

impl SingleDie {
    /// `d6`, `dF`, `d{0,1,1,2}`.
    pub fn name(&self) -> &str {
        &self.die.name
    }

    /// Its faces as listed (repeats weigh): a die by hand is typed as a face's place here.
    pub fn faces(&self) -> &[i64] {
        &self.die.faces
    }

    /// Its distinct faces, ascending, each with its chance.
    pub fn chances(&self) -> impl Iterator<Item = (i64, f64)> + '_ {
        self.die
            .values
            .iter()
            .copied()
            .zip(self.die.probs.iter().copied())
    }

    /// Rolls it (or reads it by hand, asked for as `label`): its face and the place typed.
    pub(crate) fn roll(&self, tray: &mut Tray, label: String) -> (u32, i64) {
        read_die(tray, &self.die, label, false)
    }
}

/// A comparison with its value worked out: which faces meet it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Comparison {
    cmp: Cmp,
}

/// Reads `text` as a comparison (`>=5`, `<=-1`, `=@n`, a bare `6`) with `values` for its names.
pub fn comparison(text: &str, values: &BTreeMap<String, i64>) -> Result<Comparison, Vec<Problem>> {
    let ast = parse::parse_cmp(text).map_err(|p| vec![p])?;
    check::check_cmp(&ast, values).map(|cmp| Comparison { cmp })
}

impl Comparison {
    pub fn meets(self, face: i64) -> bool {
        self.cmp.meets(face)
    }
}
