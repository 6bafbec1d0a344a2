//! The command line without a database: odds, roll, kinds, help, argument errors. Every run has
//! no DISPLAY, so these also prove the command line never needs a display.

use crate::common;

use common::Sandbox;

const D12: &str = r#"{"system":"d12","roll":"straight","ranks":2,"difficulty":12}"#;

#[test]
fn odds_answer_one_object_or_an_array() {
    let sandbox = Sandbox::new();
    let one = sandbox.run_bare(&["odds", D12]).ok().json();
    let p = one["success"].as_f64().unwrap();
    assert!(p > 0.0 && p < 1.0, "{one}");
    let many = sandbox
        .run_bare(&["odds", &format!("[{D12},{D12}]")])
        .ok()
        .json();
    assert_eq!(many.as_array().unwrap().len(), 2);
    assert_eq!(many[0], one);
}

#[test]
fn rolls_are_reproducible_and_never_open_a_database() {
    let sandbox = Sandbox::new();
    let first = sandbox.run(&["roll", D12, "--seed", "42"]).ok().json();
    let again = sandbox.run(&["roll", D12, "--seed", "42"]).ok().json();
    assert_eq!(first, again);
    assert_eq!(first["seed"], 42);
    let piped = sandbox
        .run_with_stdin(&["roll", "-", "--seed", "42"], D12)
        .ok()
        .json();
    assert_eq!(piped, first);
    // `--db` given, but a plain roll logs nothing: no file appears.
    assert!(!sandbox.db.exists());
    assert!(!sandbox.path("home").exists());
}

#[test]
fn an_array_of_rolls_seeds_each_element() {
    let sandbox = Sandbox::new();
    let rolls = sandbox
        .run_bare(&["roll", &format!("[{D12},{D12}]"), "--seed", "1"])
        .ok()
        .json();
    assert_eq!(rolls[0]["seed"], 1);
    assert_eq!(rolls[1]["seed"], 2);
}

#[test]
fn kinds_list_every_system() {
    let kinds = Sandbox::new().run_bare(&["kinds"]).ok().json();
    let text = kinds.to_string();
    for system in ["stunt", "genre", "universe", "marks", "d12"] {
        assert!(text.contains(&format!("\"{system}\"")), "{system}");
    }
}

#[test]
fn bad_requests_exit_2_with_one_line_naming_the_problem() {
    let sandbox = Sandbox::new();
    for (args, needle) in [
        (vec!["odds", "{"], "bad request"),
        (vec!["odds", ""], "the request is empty"),
        (vec!["odds", r#"{"system":"dnd","roll":"x"}"#], "dnd"),
        (
            vec!["roll", r#"{"system":"d12","roll":"straight","ranks":99}"#],
            "ranks",
        ),
        (
            vec!["odds", &format!("[{D12},{{\"system\":\"d12\"}}]")],
            "[1]",
        ),
        // A key given twice is refused by name, not taken last.
        (
            vec![
                "odds",
                r#"{"system":"d12","roll":"straight","ranks":2,"ranks":9}"#,
            ],
            "\"ranks\" appears twice",
        ),
        (
            vec![
                "roll",
                r#"{"system":"d12","roll":"straight","ranks":2,"ranks":9}"#,
            ],
            "\"ranks\" appears twice",
        ),
    ] {
        let err = sandbox.run_bare(&args).fails(2);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn argument_mistakes_exit_2_with_one_line_and_the_usage() {
    let sandbox = Sandbox::new();
    let err = sandbox.run_bare(&["export"]).fails(2);
    assert_eq!(
        err,
        "rollbook: the following required arguments were not provided: --out <FILE> (usage: rollbook export --out <FILE>)"
    );
    let err = sandbox
        .run_bare(&["roster", "create", "X", "--system", "dnd"])
        .fails(2);
    assert!(
        err.contains("for '--system <SYSTEM>': \"dnd\" is not a system Rollbook knows; expected one of stunt, genre, universe, marks, d12, or a system from a file:"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
    let err = sandbox
        .run_bare(&["import", "x.json", "--mode", "mix"])
        .fails(2);
    assert!(err.contains("merge, replace, copy"), "{err}");
    let err = sandbox.run_bare(&["roll", D12, "--seed", "-1"]).fails(2);
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn help_lists_examples_for_the_tool_and_each_command() {
    let sandbox = Sandbox::new();
    let top = sandbox.run_bare(&["--help"]).ok();
    for word in [
        "roster",
        "import",
        "export",
        "log",
        "--db",
        "--json",
        "Examples:",
    ] {
        assert!(top.stdout.contains(word), "--help lacks {word}");
    }
    for command in [
        vec!["roster", "--help"],
        vec!["roster", "create", "--help"],
        vec!["character", "show", "--help"],
        vec!["search", "--help"],
        vec!["import", "--help"],
        vec!["export", "--help"],
        vec!["log", "--help"],
        vec!["roll", "--help"],
        vec!["trash", "--help"],
        vec!["undo", "--help"],
    ] {
        let help = sandbox.run_bare(&command).ok();
        assert!(help.stdout.contains("Examples:\n  rollbook"), "{command:?}");
    }
    let version = sandbox.run_bare(&["--version"]).ok();
    assert!(version.stdout.starts_with("rollbook "));
}

#[test]
fn a_batch_is_answered_as_it_is_worked_out_in_the_same_text() {
    // Streamed element by element, the array reads exactly as one made whole.
    let sandbox = Sandbox::new();
    let requests = [
        D12,
        r#"{"system":"stunt","roll":"damage","dice":2,"sides":6}"#,
        r#"{"system":"universe","roll":"save","dc":12}"#,
    ];
    let text = sandbox
        .run_bare(&["odds", &format!("[{}]", requests.join(","))])
        .ok()
        .stdout;
    let answers: Vec<serde_json::Value> = requests
        .iter()
        .map(|r| sandbox.run_bare(&["odds", r]).ok().json())
        .collect();
    assert_eq!(
        text,
        format!("{}\n", serde_json::to_string_pretty(&answers).unwrap())
    );
    assert_eq!(sandbox.run_bare(&["odds", "[]"]).ok().stdout, "[]\n");
    // --vary too, its values one answer each.
    let varied = sandbox
        .run_bare(&["odds", D12, "--vary", "ranks=0,1,2"])
        .ok()
        .stdout;
    let answers: Vec<serde_json::Value> = (0..3)
        .map(|ranks| {
            let mut request: serde_json::Value = serde_json::from_str(D12).unwrap();
            request["ranks"] = ranks.into();
            sandbox
                .run_bare(&["odds", &request.to_string()])
                .ok()
                .json()
        })
        .collect();
    assert_eq!(
        varied,
        format!("{}\n", serde_json::to_string_pretty(&answers).unwrap())
    );
}

#[test]
fn a_batch_over_its_work_is_refused_before_any_answer() {
    let sandbox = Sandbox::new();
    let heavy = r#"{"system":"stunt","roll":"damage","dice":60,"sides":100,"htk":3000}"#;
    let batch = format!("[{}]", vec![heavy; 3000].join(","));
    let run = sandbox.run_with_stdin(&["odds", "-"], &batch);
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "", "nothing is answered");
    assert_eq!(
        run.stderr,
        "rollbook: these 3,000 requests ask for 44,829,000 units of work (about a microsecond each); one call does at most 30,000,000 (the limit batch_work): split them into several calls\n"
    );
    let run = sandbox.run_with_stdin(&["--json", "odds", "-"], &batch);
    let error: serde_json::Value = serde_json::from_str(&run.stderr).unwrap();
    assert_eq!(error["error"]["code"], "too_much_work");
    // The same bound for --vary, whose values are requests too.
    let many = vec!["100"; 3000].join(",");
    let err = sandbox
        .run_bare(&["odds", heavy, "--vary", &format!("sides={many}")])
        .fails(2);
    assert!(
        err.starts_with("rollbook: these 3,000 requests ask for"),
        "{err}"
    );
}

#[test]
fn a_call_over_the_limits_is_refused_at_once_with_the_limit_named() {
    let sandbox = Sandbox::new();
    let one = r#"{"system":"stunt","roll":"double_six"}"#;
    let too_many = format!("[{}]", vec![one; 100_001].join(","));
    for command in ["odds", "roll"] {
        let err = sandbox.run_with_stdin(&[command, "-"], &too_many).fails(2);
        assert_eq!(
            err,
            "rollbook: the array holds more than 100,000 requests; one call takes at most 100,000 (split it into several calls)"
        );
    }
    // More text on stdin than a call takes, however valid: refused without reading it all.
    let padded = format!("{}{one}", " ".repeat(16 * 1024 * 1024));
    let err = sandbox.run_with_stdin(&["roll", "-"], &padded).fails(2);
    assert_eq!(
        err,
        "rollbook: the request text is over the limit of 16 MiB (16,777,216 bytes); send fewer requests at a time"
    );
    // Scripts get the limit's own code.
    for (input, code) in [
        (&too_many, "too_many_requests"),
        (&padded, "request_too_large"),
    ] {
        let run = sandbox.run_with_stdin(&["--json", "odds", "-"], input);
        assert_eq!(run.code, 2, "{}", run.stderr);
        let error: serde_json::Value = serde_json::from_str(&run.stderr).unwrap();
        assert_eq!(error["error"]["code"], code);
    }
    // The limits are served with the catalog.
    let kinds = sandbox.run_bare(&["kinds"]).ok().json();
    assert_eq!(
        kinds["limits"],
        serde_json::json!({"requests": 100_000, "request_bytes": 16_777_216,
            "batch_work": 30_000_000, "rosters": 1_000, "characters": 100_000,
            "record_bytes": 2_097_152, "saved_rolls": 200})
    );
    // So are the ranges of the table's own numbers, a Glory award's among them.
    let glory = kinds["table_ranges"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["system"] == "genre" && r["move"] == "gain_glory")
        .cloned();
    assert_eq!(
        glory,
        Some(
            serde_json::json!({"system": "genre", "move": "gain_glory", "field": "points",
            "label": "Glory Points gained", "min": 0, "max": 9999})
        )
    );
}

#[test]
fn an_error_quotes_a_short_escaped_excerpt_never_the_whole_value() {
    let sandbox = Sandbox::new();
    let huge = "x".repeat(15_000_000);
    let long_key = "k".repeat(1_000_000);
    for (what, request) in [
        (
            "a 15 MB system name",
            format!(r#"{{"system":"{huge}","roll":"check"}}"#),
        ),
        (
            "a 15 MB roll name",
            format!(r#"{{"system":"stunt","roll":"{huge}"}}"#),
        ),
        (
            "a 15 MB string in a number field",
            format!(r#"{{"system":"d12","roll":"straight","ranks":"{huge}"}}"#),
        ),
        (
            "a 1 MB field name",
            format!(r#"{{"system":"d12","roll":"straight","{long_key}":1}}"#),
        ),
        (
            "a 1 MB key given twice",
            format!(r#"{{"system":"d12","roll":"straight","{long_key}":1,"{long_key}":2}}"#),
        ),
    ] {
        for command in ["odds", "roll"] {
            let err = sandbox.run_with_stdin(&[command, "-"], &request).fails(2);
            assert!(err.len() < 1_000, "{what}: {} bytes of error", err.len());
            assert!(err.contains("more characters"), "{what}: {err}");
        }
    }
    // NUL and a right-to-left override are shown, not written raw.
    let err = sandbox
        .run_with_stdin(
            &["odds", "-"],
            "{\"system\":\"d\\u0000x\u{202E}12\",\"roll\":\"straight\"}",
        )
        .fails(2);
    assert!(
        !err.contains('\u{0}') && !err.contains('\u{202E}'),
        "{err:?}"
    );
    assert!(err.contains("d\\u{0000}x\\u{202E}12"), "{err}");
}
