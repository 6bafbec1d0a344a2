//! Searching characters by name, player and tag across every roster.
//!
//! A query is words, all of which must match (case-insensitive, anywhere in the text). A word may
//! be limited to one field: `name:vex`, `player:sam`, `tag:party`; `"two words"` keeps a phrase
//! together. Each character keeps a lower-cased copy of its name, player and tags
//! (`search_text`), so a search is one pass of `instr` over a narrow column — a few
//! milliseconds for ten thousand characters (see the bench) — with no second index to keep in
//! step. Names that start with the query come first.

use serde::Serialize;
use uuid::Uuid;

use crate::model::{CharacterKind, System};

/// One character found, with its roster (no sheet: hits are for lists and pickers).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SearchHit {
    pub id: Uuid,
    pub roster_id: Uuid,
    pub roster_name: String,
    pub system: System,
    pub name: String,
    pub player: String,
    pub kind: CharacterKind,
    pub tags: Vec<String>,
    /// Which fields matched: `name`, `player`, `tag`.
    pub matched: Vec<&'static str>,
}

/// One character a search may find: the hit (nothing `matched` yet), what it is matched against
/// and where it stands.
pub(crate) struct SearchRow {
    pub hit: SearchHit,
    /// Name, player and tags lower-cased, separated by U+001F.
    pub search_text: String,
    pub roster_position: i64,
    pub position: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Any,
    Name,
    Player,
    Tag,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Term {
    field: Field,
    text: String,
}

fn parse_query(query: &str) -> Vec<Term> {
    let mut terms = Vec::new();
    let mut rest = query.trim();
    while !rest.is_empty() {
        let (field, after) = match rest.split_once(':') {
            Some((f, after)) if !f.contains(char::is_whitespace) && !f.contains('"') => {
                match f.to_lowercase().as_str() {
                    "name" => (Field::Name, after),
                    "player" => (Field::Player, after),
                    "tag" | "tags" => (Field::Tag, after),
                    _ => (Field::Any, rest),
                }
            }
            _ => (Field::Any, rest),
        };
        let (word, tail) = if let Some(quoted) = after.strip_prefix('"') {
            match quoted.find('"') {
                Some(end) => (&quoted[..end], &quoted[end + 1..]),
                None => (quoted, ""),
            }
        } else {
            match after.find(char::is_whitespace) {
                Some(end) => (&after[..end], &after[end..]),
                None => (after, ""),
            }
        };
        let text = word.trim().to_lowercase();
        if !text.is_empty() {
            terms.push(Term { field, text });
        }
        rest = tail.trim_start();
    }
    terms
}

/// A query read into its terms: what the store looks for, then how its rows match and rank.
pub(crate) struct Query {
    terms: Vec<Term>,
}

impl Query {
    pub(crate) fn parse(query: &str) -> Query {
        Query {
            terms: parse_query(query),
        }
    }

    /// The words every row must hold somewhere in its search text (lower-cased).
    pub(crate) fn words(&self) -> Vec<&str> {
        self.terms.iter().map(|t| t.text.as_str()).collect()
    }

    /// The rows that match every term in its field, best first, at most `limit`, each saying
    /// which fields matched.
    pub(crate) fn rank(&self, rows: Vec<SearchRow>, limit: usize) -> Vec<SearchHit> {
        let terms = &self.terms;
        let first = terms
            .iter()
            .find(|t| t.field != Field::Tag && t.field != Field::Player);
        let mut hits = Vec::new();
        for row in rows {
            let mut parts = row.search_text.split('\u{1f}');
            let lname = parts.next().unwrap_or_default();
            let lplayer = parts.next().unwrap_or_default();
            let ltags: Vec<&str> = parts.collect();
            let mut matched = Vec::new();
            let all = terms.iter().all(|t| {
                let in_name =
                    matches!(t.field, Field::Any | Field::Name) && lname.contains(&t.text);
                let in_player =
                    matches!(t.field, Field::Any | Field::Player) && lplayer.contains(&t.text);
                let in_tag = matches!(t.field, Field::Any | Field::Tag)
                    && ltags.iter().any(|tag| tag.contains(&t.text));
                for (hit, label) in [(in_name, "name"), (in_player, "player"), (in_tag, "tag")] {
                    if hit && !matched.contains(&label) {
                        matched.push(label);
                    }
                }
                in_name || in_player || in_tag
            });
            if !all {
                continue;
            }
            let rank = match first {
                Some(t) if lname == t.text => 0,
                Some(t) if lname.starts_with(&t.text) => 1,
                Some(t) if lname.contains(&t.text) => 2,
                _ => 3,
            };
            let hit = SearchHit { matched, ..row.hit };
            hits.push((
                rank,
                lname.to_string(),
                row.roster_position,
                row.position,
                hit,
            ));
        }
        hits.sort_by(|a, b| (a.0, &a.1, a.2, a.3).cmp(&(b.0, &b.1, b.2, b.3)));
        hits.into_iter().take(limit).map(|h| h.4).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_split_into_field_terms_and_phrases() {
        let terms = parse_query(r#" Vex tag:Party player:"Sam B" unknown:x "#);
        assert_eq!(
            terms,
            [
                Term {
                    field: Field::Any,
                    text: "vex".into()
                },
                Term {
                    field: Field::Tag,
                    text: "party".into()
                },
                Term {
                    field: Field::Player,
                    text: "sam b".into()
                },
                Term {
                    field: Field::Any,
                    text: "unknown:x".into()
                },
            ]
        );
        assert!(parse_query("   ").is_empty());
    }
}
