//! The library on hostile input: no overflow, no quadratic time, bounded reports.

use std::time::Duration;

use fenlint::Validator;

/// Runs `work` on another thread and fails if it has not finished after `seconds`, a deadline
/// that only a hang or a quadratic algorithm reaches (the linear one takes well under a second).
fn within<T: Send + 'static>(seconds: u64, work: impl FnOnce() -> T + Send + 'static) -> T {
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(work());
    });
    receiver
        .recv_timeout(Duration::from_secs(seconds))
        .expect("did not finish in time: quadratic, or a hang")
}

#[test]
fn a_counter_of_u32_max_does_not_wrap_into_agreement() {
    // 4294967295 is the largest `u32`: an unchecked sum with it would panic in a debug build
    // and wrap in a release build, losing `forms_disagree`.
    let lint = fenlint::lint("4k3/8/8/8/8/8/8/4K3 w - - 4294967295+0 0 1 +1+0");
    let codes: Vec<&str> = lint.diagnostics().iter().map(|d| d.code().name()).collect();
    assert!(codes.contains(&"fen::checks::forms_disagree"), "{codes:?}");
}

#[test]
fn a_fullmove_number_near_u64_max_does_not_overflow() {
    // The plies behind the fullmove number (2 × (n − 1) + 1) overflow a `u64`; the counter
    // rules compare them with the halfmove clock without overflowing.
    for fullmove in [
        "18446744073709551615",
        "9223372036854775809",
        "9223372036854775808",
    ] {
        let fen = format!("4k3/8/8/8/8/8/8/4K3 b - - 100 {fullmove}");
        let lint = fenlint::lint(&fen);
        let codes: Vec<&str> = lint.diagnostics().iter().map(|d| d.code().name()).collect();
        assert!(
            codes.contains(&"fen::halfmove_clock::fifty_moves"),
            "{codes:?}"
        );
        assert!(
            !codes.contains(&"fen::halfmove_clock::exceeds_plies"),
            "{codes:?}"
        );
    }
}

#[test]
fn a_rank_of_thousands_of_squares_names_only_eight() {
    let rank = "p".repeat(3000);
    let input = format!("{rank}/8/8/8/8/8/8/8 w - - 0 1");
    let parse = fenlint::parse(&input);
    let squares = parse.tree().placement().unwrap().squares();
    assert_eq!(squares.len(), 64);
    let _ = fenlint::lint(&input);
}

#[test]
fn an_epd_record_with_100000_opcodes_is_checked_in_linear_time() {
    let mut record = String::from("4k3/8/8/8/8/8/8/4K3 w - -");
    for index in 0..100_000 {
        record.push_str(&format!(" op{index} x;"));
    }
    for _ in 0..1_000 {
        record.push_str(" dup 1;");
    }
    let diagnostics = within(60, move || {
        fenlint::epd::lint_epd(&record, 0, &Validator::new())
            .into_iter()
            .map(|d| d.code().name())
            .collect::<Vec<_>>()
    });
    // 999 duplicates and the long record, capped at 64 reports plus the count of the rest.
    assert_eq!(diagnostics.len(), 65, "{diagnostics:?}");
    assert!(diagnostics.contains(&"epd::opcode::duplicate"));
    assert_eq!(diagnostics.last(), Some(&"fen::input::too_many_problems"));
}

#[test]
fn a_game_with_80000_tag_pairs_is_checked_in_linear_time() {
    let mut text = String::new();
    for index in 0..80_000 {
        text.push_str(&format!("[T{} \"v\"]\n", index % 40_000));
    }
    let diagnostics = within(60, move || {
        fenlint::pgn::lint_pgn(&text, 0, &Validator::new())
            .into_iter()
            .map(|d| d.code().name())
            .collect::<Vec<_>>()
    });
    assert_eq!(diagnostics.len(), 65);
    assert_eq!(diagnostics[0], "pgn::tag::duplicate");
    assert_eq!(diagnostics.last(), Some(&"fen::input::too_many_problems"));
}

#[test]
fn a_line_of_80000_tag_pairs_is_read_in_linear_time() {
    let text = "[A \"b\"]".repeat(40_000) + &"[]".repeat(40_000);
    let diagnostics = within(60, move || {
        fenlint::pgn::lint_pgn(&text, 0, &Validator::new())
    });
    assert!(diagnostics.len() <= 65 + 65);
}
