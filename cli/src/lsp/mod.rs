//! `fenlint lsp`: a language server for `.fen`, `.epd` and `.pgn` files, over standard input
//! and output.
//!
//! `server.rs` is the main loop: the handshake, the open documents, and every request answered
//! at once; `worker.rs` lints on a thread of its own so that a long document never blocks the
//! editor; `features.rs` turns the library's diagnostics, fixes, formatter and readers into
//! LSP answers; `document.rs` keeps each document's text, version and line index, and converts
//! positions in the encoding the client negotiated; `settings.rs` merges the client's settings
//! with `fenlint.toml`; `transport.rs` reads and writes the protocol's frames on standard input
//! and output.

mod document;
mod features;
mod server;
mod settings;
#[cfg(test)]
mod tests;
mod transport;
mod worker;

pub use server::serve;

/// Serves on standard input and output until the client says `exit` or goes away; the exit
/// status: 0 after `shutdown`, 1 without it (as the protocol says), 2 if standard output
/// could not be written.
pub fn run() -> u8 {
    let (connection, writer) = transport::stdio();
    let status = serve(connection).status();
    match writer.join() {
        Ok(Ok(())) => status,
        // The client closed its end: it is gone, which is not the server's failure.
        Ok(Err(error)) if error.kind() == std::io::ErrorKind::BrokenPipe => status,
        Ok(Err(error)) => {
            crate::closed::say!("fenlint lsp: writing standard output: {error}");
            2
        }
        Err(_) => 2,
    }
}
