//! The plans a universe roll offers (the catalog's `plans` of its kinds), in words.

use crate::plan::{PlanId, PlanNeed, PlanSpec};

const FATE_RULING: &str = "Kept for AC, the card is played later on this character's AC against \
     one attack by the target of this attack, before that attack is rolled (its combat skill and \
     attack bonus, no advantage). The better choice is the one whose hit made or hit saved is \
     likelier: a hit either way counts the same.";
const AUGMENTATION_RULING: &str = "Before and after are compared at the same bonus: +N bought \
     before the roll (2 points per +1, always spent) against up to +N bought after it, only \
     when the roll misses by N or less (4 points per +1). The better choice is the likelier \
     success, then the fewer points spent on average.";

/// The plan a universe attack offers: the fate card on it or kept for AC.
pub(crate) fn fate_card_spec() -> PlanSpec {
    PlanSpec {
        id: PlanId::FateCard,
        label: "Fate card: this attack or AC".into(),
        help: "Playing the card on this attack (what the attack gains) against keeping it \
                   for AC (what the opponent's attack on this character loses)."
            .into(),
        ruling: FATE_RULING.into(),
        needs: vec![PlanNeed::Later, PlanNeed::Card],
    }
}

/// The plan an augmented save offers: augmentation bought before or after the roll.
pub(crate) fn augmentation_spec() -> PlanSpec {
    PlanSpec {
        id: PlanId::Augmentation,
        label: "Augmentation: before or after".into(),
        help: "+N bought before the roll, 2 points each and always spent, against up to +N \
                   bought after it, 4 points each and only when the roll needs them."
            .into(),
        ruling: AUGMENTATION_RULING.into(),
        needs: Vec::new(),
    }
}
