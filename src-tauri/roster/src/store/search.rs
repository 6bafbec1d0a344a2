//! Searching characters: what a search looks through is the characters not in the trash (nor in
//! a roster in the trash) whose lower-cased `search_text` holds every word, with their roster.
//! Reading the query, matching by field and ranking are `crate::search`'s.

use super::{corrupt, parse_id, Store};
use crate::error::Result;
use crate::search::{Query, SearchHit, SearchRow};
use rusqlite::params_from_iter;

impl Store {
    /// Characters (not in the trash) matching `query`, best first, at most `limit`.
    /// An empty query lists every character by name.
    pub fn search(&self, query: &str, limit: usize) -> Result<Vec<SearchHit>> {
        let query = Query::parse(query);
        Ok(query.rank(self.search_rows(&query.words())?, limit))
    }

    /// The live characters whose search text contains every one of `words` (lower-cased).
    fn search_rows(&self, words: &[&str]) -> Result<Vec<SearchRow>> {
        let mut sql = String::from(
            "SELECT c.id, c.roster_id, r.name, r.system, c.name, c.player, c.kind, c.tags,
                    c.search_text, r.position, c.position
             FROM characters c JOIN rosters r ON r.id = c.roster_id
             WHERE c.deleted_at IS NULL AND r.deleted_at IS NULL",
        );
        for i in 1..=words.len() {
            sql.push_str(&format!(" AND instr(c.search_text, ?{i}) > 0"));
        }
        let mut stmt = self.conn().prepare_cached(&sql)?;
        let rows = stmt.query_map(params_from_iter(words), |r| {
            let t = |i| r.get::<_, String>(i);
            let texts = [
                t(0)?,
                t(1)?,
                t(2)?,
                t(3)?,
                t(4)?,
                t(5)?,
                t(6)?,
                t(7)?,
                t(8)?,
            ];
            Ok((texts, r.get::<_, i64>(9)?, r.get::<_, i64>(10)?))
        })?;
        let mut found = Vec::new();
        for row in rows {
            let (texts, roster_position, position) = row?;
            let [id, roster_id, roster_name, system, name, player, kind, tags, search_text] = texts;
            found.push(SearchRow {
                hit: SearchHit {
                    id: parse_id(&id)?,
                    roster_id: parse_id(&roster_id)?,
                    roster_name,
                    system: system.parse().map_err(corrupt)?,
                    name,
                    player,
                    kind: kind.parse().map_err(corrupt)?,
                    tags: serde_json::from_str(&tags).unwrap_or_default(),
                    matched: Vec::new(),
                },
                search_text,
                roster_position,
                position,
            });
        }
        Ok(found)
    }
}
