//! The bags of a pool worked out by multisets (`multisets.rs`): what one die becomes through
//! each run of per-die modifiers. The check makes them to bound the pool's work, so they are
//! kept with the checked pool and the odds read them instead of making them again (a fifth of
//! a batch's instructions went into making them twice). A leaf, so that the checked pool
//! (`node.rs`) can hold them without importing the engine that makes them.

/// A multiset of kept dice, as sorted indices into the die's distinct faces.
pub(crate) type Kept = Vec<u16>;

/// Multisets with their chances.
pub(crate) type Bag = Vec<(Kept, f64)>;

/// What the check made of one pool, exactly what the odds would make again.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct MadeBags {
    /// For each segment of the pool's modifiers (split at each keep or drop): each face's bag.
    pub segments: Vec<Vec<Bag>>,
    /// One die's multisets through the first segment (every face's bag, by its chance).
    pub first: Bag,
}
