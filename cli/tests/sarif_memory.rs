//! The memory of `--format sarif`: the log is written as the run goes, so that a run with many
//! results takes no more memory than one with few.

mod common;

use common::{scratch, write};

/// The largest resident set of the children this process has waited for, in bytes.
#[cfg(unix)]
fn children_peak_bytes() -> u64 {
    // SAFETY: `getrusage` writes the usage into the zeroed struct it is given, nothing else.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        assert_eq!(libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage), 0);
        usage
    };
    let peak = u64::try_from(usage.ru_maxrss).unwrap_or_default();
    // Linux counts kilobytes, macOS bytes.
    if cfg!(target_os = "macos") {
        peak
    } else {
        peak * 1024
    }
}

/// A SARIF log of 100,000 results (of as many erroneous lines) takes no more memory than a
/// small run: the results are written as they come, not kept. (Kept, they took about 4 KB
/// each: 434 MB here.) This is the only test of its file, so that the peak of the children
/// this process waited for is this run's (a child forked while another test's thread held
/// memory would count that memory until it ran the command).
#[cfg(unix)]
#[test]
fn sarif_memory_stays_flat_however_many_results() {
    let dir = scratch("sarif-memory");
    let lines = 100_000;
    write(
        &dir,
        "broken.fen",
        "4k3/8/8/8/8/8/8/4K3 x - - 0 1\n".repeat(lines).as_bytes(),
    );
    let status = std::process::Command::new(assert_cmd::cargo::cargo_bin("fenlint"))
        .current_dir(&dir)
        .args(["check", "--format", "sarif", "broken.fen"])
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(1));
    let peak = children_peak_bytes();
    assert!(
        peak < 64 << 20,
        "peak resident set {} MB for {lines} results",
        peak >> 20
    );
}
