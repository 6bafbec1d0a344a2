//! Which characters a printout covers: the one rule behind the print operation
//! (`operations::print`) of the window's print preview and `rollbook sheet`.

use uuid::Uuid;

use crate::error::{Result, RosterError};
use crate::{Character, Roster, Store};

/// The characters a printout of `roster` covers: every one of the roster in its order when
/// `wanted` is empty, else each one `wanted` names, in the order given — by id, or by name
/// within the roster. A character in the trash is refused; one of another roster is kept for
/// [`super::render`] to refuse by name. An empty roster gives an empty list.
pub(crate) fn print_selection(
    store: &Store,
    roster: &Roster,
    wanted: &[impl AsRef<str>],
) -> Result<Vec<Character>> {
    if wanted.is_empty() {
        return store.characters(roster.id);
    }
    let mut characters = Vec::with_capacity(wanted.len());
    for wanted in wanted {
        let wanted = wanted.as_ref();
        let character = match Uuid::parse_str(wanted.trim()) {
            Ok(id) => store.character(id)?,
            Err(_) => store.find_character(Some(roster.id), wanted)?,
        };
        if character.deleted_at.is_some() {
            return Err(RosterError::InTrash {
                what: "character",
                name: character.name,
            });
        }
        characters.push(character);
    }
    Ok(characters)
}

#[cfg(test)]
mod tests {
    use super::print_selection;
    use crate::{NewCharacter, NewRoster, Store, System};

    #[test]
    fn a_print_covers_the_roster_or_the_characters_named_in_their_order() {
        let mut store = Store::open_in_memory().unwrap();
        let heroes = store
            .create_roster(NewRoster::new("Heroes", System::D12))
            .unwrap();
        let others = store
            .create_roster(NewRoster::new("Others", System::D12))
            .unwrap();
        let mut ids = Vec::new();
        for name in ["Vex", "Juno", "Brick"] {
            let c = store
                .create_character(heroes.id, NewCharacter::named(name))
                .unwrap();
            ids.push(c.id);
        }
        let glitch = store
            .create_character(others.id, NewCharacter::named("Glitch"))
            .unwrap();
        let names = |wanted: &[String]| -> Vec<String> {
            let covered = print_selection(&store, &heroes, wanted).unwrap();
            covered.into_iter().map(|c| c.name).collect()
        };
        assert_eq!(names(&[]), ["Vex", "Juno", "Brick"]);
        assert_eq!(
            names(&["brick".into(), ids[0].to_string()]),
            ["Brick", "Vex"]
        );
        // By id a character of another roster is found (render names it as not in the roster);
        // by name only the roster's own are.
        assert_eq!(names(&[glitch.id.to_string()]), ["Glitch"]);
        let by_name = print_selection(&store, &heroes, &["Glitch"]).unwrap_err();
        assert_eq!(by_name.code(), "character_not_found");
        store.delete_character(ids[1]).unwrap();
        let trashed = print_selection(&store, &heroes, &[ids[1].to_string()]).unwrap_err();
        assert_eq!(trashed.code(), "in_trash");
        let empty = store
            .create_roster(NewRoster::new("Empty", System::D12))
            .unwrap();
        let none: &[&str] = &[];
        assert!(print_selection(&store, &empty, none).unwrap().is_empty());
    }
}
