//! `fenlint lsp`: a language server for `.fen`, `.epd` and `.pgn` files, over standard input
//! and output.
//!
//! `server.rs` is the main loop: the handshake, the open documents, and every request answered
//! at once; `worker.rs` lints on a thread of its own so that a long document never blocks the
//! editor; `features.rs` turns the library's diagnostics, fixes, formatter and readers into
//! LSP answers; `document.rs` keeps each document's text, version and line index, and converts
//! positions in the encoding the client negotiated; `settings.rs` merges the client's settings
//! with `fenlint.toml`.

mod document;
mod features;
mod server;
mod settings;
#[cfg(test)]
mod tests;
mod worker;

pub use server::serve;

/// Serves on standard input and output until the client says `exit`; the exit status.
pub fn run() -> u8 {
    let (connection, io_threads) = lsp_server::Connection::stdio();
    let served = serve(connection);
    let joined = io_threads.join();
    match (served, joined) {
        (Ok(()), Ok(())) => 0,
        (Err(error), _) => {
            eprintln!("fenlint lsp: {error}");
            2
        }
        (Ok(()), Err(error)) => {
            eprintln!("fenlint lsp: {error}");
            2
        }
    }
}
