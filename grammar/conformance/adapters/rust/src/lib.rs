//! The line protocol every adapter speaks: one JSON request a line on standard input, one JSON
//! answer a line on standard output, flushed after each, so that the driver knows which vector
//! was being read when a process dies.

use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};

/// One vector as the driver sends it.
#[derive(Deserialize)]
pub struct Request {
    pub id: usize,
    /// `fen`, `epd` or `pgn`.
    pub format: String,
    /// `standard`, `chess960`, `crazyhouse` or `threecheck`: the vector's variant, or the one
    /// its text suggests for rows that leave it to the reader.
    pub variant: String,
    pub text: String,
}

/// The implementation's answer.
#[derive(Serialize)]
pub struct Answer {
    pub id: usize,
    /// `accept`, `reject` or `skip` (the implementation has no reader for this format or
    /// variant).
    pub verdict: &'static str,
    /// The position read, written back by the implementation, when it accepted.
    pub fen: Option<String>,
    /// The error, or why the vector was skipped.
    pub detail: String,
}

impl Answer {
    pub fn accept(id: usize, fen: String) -> Answer {
        Answer {
            id,
            verdict: "accept",
            fen: Some(fen),
            detail: String::new(),
        }
    }
    pub fn reject(id: usize, detail: String) -> Answer {
        Answer {
            id,
            verdict: "reject",
            fen: None,
            detail,
        }
    }
    pub fn skip(id: usize, detail: &str) -> Answer {
        Answer {
            id,
            verdict: "skip",
            fen: None,
            detail: detail.to_owned(),
        }
    }
}

/// Answers every request on standard input with `judge`, one line each, flushed at once.
pub fn serve(judge: impl Fn(&Request) -> Answer) {
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line.expect("standard input is UTF-8 lines");
        let request: Request = serde_json::from_str(&line).expect("a request is JSON");
        let answer = judge(&request);
        serde_json::to_writer(&mut stdout, &answer).expect("stdout is open");
        stdout.write_all(b"\n").expect("stdout is open");
        stdout.flush().expect("stdout is open");
    }
}
