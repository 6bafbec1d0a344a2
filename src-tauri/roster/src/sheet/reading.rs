//! Readings of names where RULES.md leaves the mapping to the GM: which attribute a skill goes
//! with, and which d12 abilities attack. A name is split into words and each word is compared
//! with word stems ("Guns" → `gun`, "Intimidation" → `intimid`); the reading is always named in
//! the roll's note, so the GM sees it and can change the dice.

/// What a skill is mostly about, by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Domain {
    /// Dealing with people: persuading, deceiving, leading, frightening.
    Social,
    /// Knowing and working things out.
    Mental,
    /// Raw force: lifting, climbing, hitting.
    Might,
    /// Keeping going: running, enduring, surviving.
    Endurance,
    /// Speed and precision: acrobatics, stealth, shooting, driving.
    Agility,
}

const SOCIAL: &[&str] = &[
    "intimid",
    "persua",
    "charm",
    "lead",
    "decei",
    "decept",
    "bluff",
    "diploma",
    "negoti",
    "perform",
    "seduc",
    "command",
    "etiquet",
    "empath",
    "insight",
    "streetwise",
    "barter",
    "haggl",
    "interrog",
    "convers",
    "inspir",
];
const MENTAL: &[&str] = &[
    "hack",
    "comput",
    "scien",
    "medic",
    "tech",
    "investig",
    "know",
    "lore",
    "engineer",
    "research",
    "electr",
    "math",
    "tactic",
    "strateg",
    "occult",
    "law",
    "histor",
    "analy",
    "program",
    "chem",
    "physic",
    "biolog",
    "repair",
    "mechanic",
    "navigat",
    "aid",
    "metallurg",
    "forens",
    "cryptog",
    "languag",
    "academ",
    "psych",
    "surg",
    "track",
];
const MIGHT: &[&str] = &[
    "athlet", "climb", "swim", "lift", "brawl", "melee", "fight", "wrestl", "grappl", "martial",
    "punch", "sword", "strength", "smash", "club", "axe", "hammer",
];
const ENDURANCE: &[&str] = &[
    "endur", "run", "pursuit", "surviv", "march", "resist", "stamina", "toler", "forag",
];
const AGILITY: &[&str] = &[
    "acrobat",
    "stealth",
    "sneak",
    "hide",
    "dodge",
    "drive",
    "pilot",
    "ride",
    "riding",
    "shoot",
    "gun",
    "sleight",
    "thie",
    "lock",
    "pickpocket",
    "balanc",
    "archer",
    "bow",
    "marksman",
    "escape",
    "reflex",
    "throw",
    "knife",
    "fenc",
    "jump",
    "tumbl",
    "pick",
];

/// Weapons and fighting: a d12 ability named like this is rolled as an attack (opposed).
const PHYSICAL_ATTACK: &[&str] = &[
    "gun",
    "pistol",
    "rifle",
    "blaster",
    "laser",
    "shoot",
    "marksman",
    "archer",
    "bow",
    "sword",
    "blade",
    "knife",
    "melee",
    "fight",
    "brawl",
    "unarmed",
    "martial",
    "combat",
    "attack",
    "strength",
    "throw",
    "grenade",
    "explosive",
    "weapon",
    "firearm",
    "fenc",
    "punch",
    "club",
    "axe",
];
/// Mental attacks (rolled against Mind): commanding, dominating, psychic powers.
const MENTAL_ATTACK: &[&str] = &[
    "command", "dominat", "psi", "psychic", "telepath", "hypno", "mental",
];

/// The lower-cased words of a name.
fn words(name: &str) -> impl Iterator<Item = String> + '_ {
    name.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
}

fn any_word_starts_with(name: &str, stems: &[&str]) -> bool {
    words(name).any(|w| stems.iter().any(|stem| w.starts_with(stem)))
}

/// The domain a skill's name reads as, or `None` when no word of it is known.
pub(crate) fn domain(skill: &str) -> Option<Domain> {
    [
        (Domain::Social, SOCIAL),
        (Domain::Mental, MENTAL),
        (Domain::Might, MIGHT),
        (Domain::Endurance, ENDURANCE),
        (Domain::Agility, AGILITY),
    ]
    .into_iter()
    .find(|(_, stems)| any_word_starts_with(skill, stems))
    .map(|(domain, _)| domain)
}

/// How a d12 ability attacks, by its name: `Some(false)` physical (against Dodge), `Some(true)`
/// mental (against Mind), `None` when the name does not read as an attack.
pub(crate) fn attack(ability: &str) -> Option<bool> {
    if any_word_starts_with(ability, MENTAL_ATTACK) {
        Some(true)
    } else if any_word_starts_with(ability, PHYSICAL_ATTACK) {
        Some(false)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skills_read_as_the_domain_a_gm_expects() {
        let cases = [
            ("Intimidation", Some(Domain::Social)),
            ("Deception", Some(Domain::Social)),
            ("Science", Some(Domain::Mental)),
            ("Hacking", Some(Domain::Mental)),
            ("First Aid", Some(Domain::Mental)),
            ("Brawling", Some(Domain::Might)),
            ("Athletics", Some(Domain::Might)),
            ("Pursuit", Some(Domain::Endurance)),
            ("Acrobatics", Some(Domain::Agility)),
            ("Stealth", Some(Domain::Agility)),
            ("Lock-picking", Some(Domain::Agility)),
            ("Basket Weaving", None),
        ];
        for (skill, expected) in cases {
            assert_eq!(domain(skill), expected, "{skill}");
        }
    }

    #[test]
    fn attacks_are_read_from_weapon_and_fighting_words_only() {
        assert_eq!(attack("Guns"), Some(false));
        assert_eq!(attack("Heavy Weapons"), Some(false));
        assert_eq!(attack("Strength"), Some(false));
        assert_eq!(attack("Command"), Some(true));
        assert_eq!(attack("Psionics"), Some(true));
        assert_eq!(attack("Piloting"), None);
        assert_eq!(attack("Charm"), None);
        // Whole words only: "Elbow Grease" is not a bow.
        assert_eq!(attack("Elbow Grease"), None);
    }
}
