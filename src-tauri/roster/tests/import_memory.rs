//! An import's memory stays within 4 times the file's size plus a constant (issue 19: a valid
//! 32 MiB file once peaked at 658 MB), and does not grow with the file at all but for a few bytes
//! per character (issue 28: it reads one record at a time). Counted with a global allocator that keeps the peak of the
//! bytes held, so the figure is exact and does not depend on the machine's speed. SQLite's own
//! page cache is not Rust's heap and is bounded by its `cache_size`; `scripts/measure-import-
//! memory.sh` measures the whole process on a 32 MiB file.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use common::fixture;
use rollbook_roster::{Import, ImportMode, Store};
use serde_json::Value;

struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let held = HELD.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(held, Ordering::Relaxed);
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() {
            let held = HELD.fetch_add(new_size - layout.size(), Ordering::Relaxed)
                + (new_size - layout.size());
            PEAK.fetch_max(held, Ordering::Relaxed);
        } else {
            HELD.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
        }
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The tests of this file take turns: the counts are of the whole process.
static ALONE: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The most bytes held at once while `f` ran, above what was held when it started.
fn peak_of<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = HELD.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let value = f();
    (value, PEAK.load(Ordering::Relaxed) - base)
}

/// A valid roster file of about `bytes`: the characters of `all-systems.json` again and again.
fn big_file(bytes: usize) -> Vec<u8> {
    let mut file: Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("all-systems.json")).unwrap())
            .unwrap();
    let base_size = serde_json::to_vec(&file).unwrap().len();
    let rosters = file["rosters"].as_array_mut().unwrap();
    let per_copy: usize = rosters
        .iter()
        .map(|r| serde_json::to_vec(&r["characters"]).unwrap().len())
        .sum();
    let copies = bytes.saturating_sub(base_size) / per_copy + 1;
    for roster in rosters.iter_mut() {
        let originals = roster["characters"].as_array().unwrap().clone();
        let mut all = Vec::new();
        for copy in 0..copies {
            for c in &originals {
                let mut c = c.clone();
                c["id"] = uuid::Uuid::new_v4().to_string().into();
                c["name"] = format!("{} {copy}", c["name"].as_str().unwrap()).into();
                all.push(c);
            }
        }
        roster["characters"] = all.into();
    }
    serde_json::to_vec(&file).unwrap()
}

#[test]
fn an_import_holds_at_most_four_times_the_file_plus_a_constant() {
    let _alone = ALONE.lock().unwrap_or_else(|e| e.into_inner());
    const CONSTANT: usize = 4 * 1024 * 1024;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.json");
    let bytes = big_file(4 * 1024 * 1024);
    let size = bytes.len();
    std::fs::write(&path, &bytes).unwrap();
    drop(bytes);
    let limit = 4 * size + CONSTANT;
    let mib = |n: usize| n as f64 / 1048576.0;

    // The preview: read, check, plan.
    let store = Store::open(dir.path().join("rollbook.sqlite3")).unwrap();
    let (plan, preview) = peak_of(|| {
        let import = Import::from_path(&path).unwrap();
        store.plan_import(&import, ImportMode::Merge).unwrap()
    });
    assert!(plan.character_counts.added > 2000, "{}", plan.summary());
    println!(
        "preview of {:.1} MiB: {:.1} MiB at the peak",
        mib(size),
        mib(preview)
    );
    assert!(
        preview <= limit,
        "the preview of a {:.1} MiB file held {:.1} MiB at its peak (limit {:.1} MiB)",
        mib(size),
        mib(preview),
        mib(limit)
    );

    // The import itself: read, check, plan again and write in one transaction.
    let mut store = store;
    let (plan, import) = peak_of(|| {
        store
            .import_file(&path, ImportMode::Merge, |_, _| {})
            .unwrap()
    });
    assert_eq!(plan.character_counts.added, plan.characters.len());
    println!(
        "import of {:.1} MiB: {:.1} MiB at the peak",
        mib(size),
        mib(import)
    );
    assert!(
        import <= limit,
        "importing a {:.1} MiB file held {:.1} MiB at its peak (limit {:.1} MiB)",
        mib(size),
        mib(import),
        mib(limit)
    );
}

/// A valid roster file of `characters` characters, each with notes of 20,000 characters (the
/// most a character takes): about 20 KB of file per character.
fn fat_file(characters: usize) -> Vec<u8> {
    let notes = "A long night of notes. ".repeat(20_000 / 23);
    let list: Vec<Value> = (0..characters)
        .map(|i| serde_json::json!({"name": format!("Hero {i}"), "notes": notes}))
        .collect();
    serde_json::to_vec(&serde_json::json!({
        "format": "rollbook-roster", "version": 1,
        "rosters": [{"name": "Many", "system": "d12", "characters": list}],
    }))
    .unwrap()
}

#[test]
fn an_import_holds_one_record_at_a_time() {
    let _alone = ALONE.lock().unwrap_or_else(|e| e.into_inner());
    // What the import keeps of each character (its id, its entry in the plan), at most; the
    // record being read and the rest are a constant.
    const PER_CHARACTER: usize = 400;
    const CONSTANT: usize = 1024 * 1024;
    let dir = tempfile::tempdir().unwrap();
    let mib = |n: usize| n as f64 / 1048576.0;
    for characters in [100, 400] {
        let path = dir.path().join(format!("fat-{characters}.json"));
        let bytes = fat_file(characters);
        let size = bytes.len();
        std::fs::write(&path, &bytes).unwrap();
        drop(bytes);
        let mut store = Store::open(dir.path().join(format!("{characters}.sqlite3"))).unwrap();
        let (plan, peak) = peak_of(|| {
            store
                .import_file(&path, ImportMode::Merge, |_, _| {})
                .unwrap()
        });
        assert_eq!(plan.character_counts.added, characters);
        println!(
            "import of {:.1} MiB ({characters} characters): {:.2} MiB at the peak",
            mib(size),
            mib(peak)
        );
        let limit = CONSTANT + PER_CHARACTER * characters;
        assert!(
            peak <= limit,
            "importing {characters} characters ({:.1} MiB) held {:.2} MiB at its peak (limit {:.2} MiB)",
            mib(size),
            mib(peak),
            mib(limit)
        );
    }
}
