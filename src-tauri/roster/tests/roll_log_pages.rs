//! The roll log read a page at a time (`LogQuery::before`): the pages after one another are the
//! whole log in its order — time, then id — with nothing twice and nothing skipped, also where
//! rolls share a millisecond.

use rollbook_roster::{LogCursor, LogQuery, NewLogEntry, Store};

fn logged(store: &mut Store, count: u64) {
    let request = rollbook_rules::parse_request(r#"{"system":"stunt","roll":"check"}"#).unwrap();
    for seed in 0..count {
        let result = rollbook_rules::roll(&request, seed).unwrap();
        store.log_roll(NewLogEntry::new(&request, &result)).unwrap();
    }
}

#[test]
fn pages_after_the_last_entry_shown_are_the_whole_log_in_order() {
    let mut store = Store::open_in_memory().unwrap();
    logged(&mut store, 53);
    let all = store.roll_log(&LogQuery::default()).unwrap();
    let shared = all.windows(2).filter(|w| w[0].at == w[1].at).count();
    assert!(
        shared > 0,
        "some rolls share a millisecond, so the id must break the tie"
    );

    let mut paged = Vec::new();
    let mut before = None;
    loop {
        let page = store
            .roll_log(&LogQuery {
                limit: Some(10),
                before,
                ..LogQuery::default()
            })
            .unwrap();
        let Some(last) = page.last() else { break };
        before = Some(LogCursor {
            at: last.at,
            id: last.id,
        });
        paged.extend(page);
    }
    let ids =
        |entries: &[rollbook_roster::LogEntry]| entries.iter().map(|e| e.id).collect::<Vec<_>>();
    assert_eq!(ids(&paged), ids(&all));
}
