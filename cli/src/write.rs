//! Rewriting a file without ever leaving it half written.

use std::fs::File;
use std::io::{self, Write};
use std::path::Path;

/// Replaces the contents of `path` with what `write` writes, crash-safely: the new contents go to
/// a temporary file in the same directory, which is flushed, synced to disk, given the original's
/// permissions and then renamed over the original. On any failure the original is untouched and
/// the temporary file is removed.
pub fn replace_with(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let permissions = std::fs::metadata(path)?.permissions();
    let mut temporary = tempfile::Builder::new()
        .prefix(".fenlint-")
        .suffix(".tmp")
        .tempfile_in(directory)?;
    write(temporary.as_file_mut())?;
    temporary.as_file_mut().flush()?;
    temporary.as_file().sync_all()?;
    temporary.as_file().set_permissions(permissions)?;
    temporary.persist(path).map_err(|error| error.error)?;
    // The rename is durable once the directory is synced; not every platform can sync a
    // directory, and the new contents are already complete, so a failure here is not reported.
    if let Ok(directory) = File::open(directory) {
        let _ = directory.sync_all();
    }
    Ok(())
}

/// Replaces the contents of `path` with `bytes`, crash-safely (see [`replace_with`]).
pub fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    replace_with(path, |file| file.write_all(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn directory_entries(directory: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(directory)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_failed_write_leaves_the_original_untouched() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("pos.fen");
        let original = b"8/8/8/4k3/8/8/8/4K3 w - e3 0 1\n".repeat(1000);
        std::fs::write(&path, &original).unwrap();
        let error = replace_with(&path, |file| {
            file.write_all(b"8/8/8/4k3/8/8/8/4K3 w - - 0 1\n")?;
            Err(io::Error::new(
                io::ErrorKind::StorageFull,
                "No space left on device",
            ))
        })
        .unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::StorageFull);
        assert_eq!(std::fs::read(&path).unwrap(), original);
        // No temporary file is left behind.
        assert_eq!(directory_entries(directory.path()), ["pos.fen"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_successful_write_keeps_the_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("pos.fen");
        std::fs::write(&path, b"old\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        replace(&path, b"new\n").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new\n");
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
        assert_eq!(directory_entries(directory.path()), ["pos.fen"]);
    }

    #[test]
    fn a_missing_file_is_an_error_and_creates_nothing() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("missing.fen");
        assert!(replace(&path, b"x").is_err());
        assert!(directory_entries(directory.path()).is_empty());
    }
}
