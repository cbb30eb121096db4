//! Rewriting a file without ever leaving it half written, and only a file that may be rewritten.

use std::fs::{File, Metadata, OpenOptions};
use std::io::{self, Seek, Write};
use std::path::{Path, PathBuf};

/// A file that `--fix` and `fmt` may rewrite: a regular file, found through any symbolic link,
/// that its owner may write (or that the user allowed to be rewritten all the same).
pub struct Target {
    /// The file itself: the path with every symbolic link resolved, so that the new contents
    /// replace the link's target and the link stays a link.
    path: PathBuf,
    /// What the file was when it was found: its owner, group, mode and number of links.
    metadata: Metadata,
    /// Whether a read-only file may be rewritten all the same.
    write_read_only: bool,
}

/// The file `path` names, if it is a regular file; else an error of kind
/// [`io::ErrorKind::InvalidInput`] whose message says what it is. Nothing is read or opened, so
/// that a FIFO or a device is never read to be rewritten.
///
/// A read-only file (no write permission for its owner, or none for this user) is refused when
/// it comes to rewriting it (see [`replace_with`]) unless `write_read_only`, as editors and
/// formatters refuse it.
pub fn target(path: &Path, write_read_only: bool) -> io::Result<Target> {
    let metadata = std::fs::metadata(path)?;
    if !metadata.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "not a regular file ({}); only regular files are rewritten",
                file_type(&metadata)
            ),
        ));
    }
    let path = if std::fs::symlink_metadata(path)?.file_type().is_symlink() {
        std::fs::canonicalize(path)?
    } else {
        path.to_owned()
    };
    Ok(Target {
        path,
        metadata,
        write_read_only,
    })
}

/// What a file that is not regular is, for a message.
fn file_type(metadata: &Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = metadata.file_type();
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
    }
    if metadata.is_dir() {
        "a directory"
    } else {
        "not a file"
    }
}

/// Whether the file at `path` is read-only: its owner may not write it, or this user may not.
/// The owner's bit counts even for root, who may write any file: a file made read-only is
/// left alone, whoever runs the command.
#[cfg(unix)]
fn read_only(path: &Path, metadata: &Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    metadata.permissions().mode() & 0o200 == 0
        || rustix::fs::access(path, rustix::fs::Access::WRITE_OK).is_err()
}

#[cfg(not(unix))]
fn read_only(_: &Path, metadata: &Metadata) -> bool {
    metadata.permissions().readonly()
}

/// Replaces the contents of `target` with what `write` writes, crash-safely; `write` returns
/// whether to keep what it wrote (when it returns `false`, nothing changes). Returns whether the
/// file was rewritten.
///
/// The new contents go to a temporary file in the file's own directory (beside the target of
/// a symbolic link), which is flushed and synced. A file with one link then gets the original's
/// owner and group (where the process may give them), its permissions, and is renamed over the
/// original. A file with more than one link (hard links) is written in place instead, so that
/// every name keeps seeing the same file: a copy of the old contents is synced beside it first,
/// and is removed once the new contents are synced (see [`write_in_place`]).
///
/// A read-only file is refused (an error of kind [`io::ErrorKind::PermissionDenied`]) once
/// `write` has asked to keep something, unless the target allows it: a file with nothing to
/// change is not an error.
///
/// On any failure before the rename or the write in place, the original is untouched and the
/// temporary file is removed. An interrupt waits until the file is rewritten or left as it was
/// (see [`crate::interrupt`]).
pub fn replace_with(
    target: &Target,
    write: impl FnOnce(&mut File) -> io::Result<bool>,
) -> io::Result<bool> {
    // Declared first, dropped last: after the temporary file and the copy are gone.
    let _rewriting = crate::interrupt::Rewriting::begin()?;
    let mut temporary = temporary_beside(&target.path, ".tmp", "the new contents")?;
    if !write(temporary.as_file_mut()).map_err(left_as_it_was)? {
        return Ok(false);
    }
    if !target.write_read_only && read_only(&target.path, &target.metadata) {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            "read-only, not rewritten (`--write-read-only` rewrites it, keeping its mode)",
        ));
    }
    temporary.as_file_mut().flush().map_err(left_as_it_was)?;
    temporary.as_file().sync_all().map_err(left_as_it_was)?;
    if changed_since_found(target)? {
        return Err(io::Error::other(
            "changed by another program while it was being rewritten: left as that program wrote it (run fenlint again)",
        ));
    }
    if links(&target.metadata) > 1 {
        write_in_place(target, temporary.as_file_mut())?;
        return Ok(true);
    }
    keep_owner(temporary.as_file(), &target.metadata);
    keep_attributes(temporary.as_file(), &target.path);
    temporary
        .as_file()
        .set_permissions(target.metadata.permissions())?;
    temporary
        .persist(&target.path)
        .map_err(|error| error.error)?;
    // The rename is durable once the directory is synced; not every platform can sync a
    // directory, and the new contents are already complete, so a failure here is not reported.
    if let Ok(directory) = File::open(directory_of(&target.path)) {
        let _ = directory.sync_all();
    }
    Ok(true)
}

/// `error`, of a rewrite that changed nothing, saying so: a full disk or a file-size limit
/// must not leave the user wondering what became of the file.
fn left_as_it_was(error: io::Error) -> io::Error {
    io::Error::new(
        error.kind(),
        format!("not rewritten, left as it was: {error}"),
    )
}

/// Replaces the contents of `target` with `bytes`, crash-safely (see [`replace_with`]).
#[cfg(test)]
pub fn replace(target: &Target, bytes: &[u8]) -> io::Result<bool> {
    replace_with(target, |file| file.write_all(bytes).map(|()| true))
}

/// Whether the file is no longer the one found: another file now has its name, or its length
/// or modification time changed (another program wrote to it while its new contents were
/// made). Its new contents are then made from what it held before, and writing them would lose
/// that program's change. (A change in the moment between this look and the rename is not
/// seen: no file system here can replace a file only if it is unchanged.)
fn changed_since_found(target: &Target) -> io::Result<bool> {
    let now = std::fs::metadata(&target.path)?;
    let (then, now) = (&target.metadata, &now);
    Ok(same_file_key(then) != same_file_key(now)
        || then.len() != now.len()
        || then.modified().ok() != now.modified().ok())
}

/// What tells one file from another: its device and inode.
#[cfg(unix)]
fn same_file_key(metadata: &Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((metadata.dev(), metadata.ino()))
}

#[cfg(not(unix))]
fn same_file_key(_: &Metadata) -> Option<(u64, u64)> {
    None
}

/// A temporary file `.fenlint-*{suffix}` in the directory of `path`, to hold `what` before the
/// file is rewritten. The error names the directory and says why fenlint writes there, since
/// the file itself may well be writable when its directory is not.
fn temporary_beside(path: &Path, suffix: &str, what: &str) -> io::Result<tempfile::NamedTempFile> {
    let directory = directory_of(path);
    tempfile::Builder::new()
        .prefix(".fenlint-")
        .suffix(suffix)
        .tempfile_in(directory)
        .map_err(|error| {
            io::Error::new(
                error.kind(),
                format!(
                    "not rewritten: cannot create a temporary file in {} ({what} are written there first): {}",
                    directory.display(),
                    io::Error::from(error.kind())
                ),
            )
        })
}

/// The directory `path` is in.
fn directory_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

#[cfg(unix)]
fn links(metadata: &Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::nlink(metadata)
}

#[cfg(not(unix))]
fn links(_: &Metadata) -> u64 {
    1
}

/// Gives `file` the owner and group of the original, or its group alone, or neither: only root
/// may give a file away, and a user only a group they are in. What the process may not do is
/// not an error (the file is then the user's, as a file they write is).
#[cfg(unix)]
fn keep_owner(file: &File, original: &Metadata) {
    use std::os::unix::fs::MetadataExt;
    if std::os::unix::fs::fchown(file, Some(original.uid()), Some(original.gid())).is_err() {
        let _ = std::os::unix::fs::fchown(file, None, Some(original.gid()));
    }
}

#[cfg(not(unix))]
fn keep_owner(_: &File, _: &Metadata) {}

/// Gives `file` the extended attributes of the file at `original`: its access control list, its
/// security label, its user attributes. Each one the process may not set (a label only root may
/// give, a file system without them) is left out, as the owner is: not an error.
#[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
fn keep_attributes(file: &File, original: &Path) {
    let Ok(source) = File::open(original) else {
        return;
    };
    let Ok(size) = rustix::fs::flistxattr_query(&source) else {
        return;
    };
    let mut names = vec![0u8; size];
    let Ok(len) = rustix::fs::flistxattr(&source, &mut names[..]) else {
        return;
    };
    // The names, each ended by a NUL.
    for name in names
        .get(..len)
        .unwrap_or_default()
        .split(|&byte| byte == 0)
        .filter(|name| !name.is_empty())
    {
        let Ok(size) = rustix::fs::fgetxattr_query(&source, name) else {
            continue;
        };
        let mut value = vec![0u8; size];
        if let Ok(len) = rustix::fs::fgetxattr(&source, name, &mut value[..]) {
            let value = value.get(..len).unwrap_or_default();
            let _ = rustix::fs::fsetxattr(file, name, value, rustix::fs::XattrFlags::empty());
        }
    }
}

#[cfg(not(any(target_os = "linux", target_os = "android", target_vendor = "apple")))]
fn keep_attributes(_: &File, _: &Path) {}

/// Writes the contents of `new` (a synced temporary file) over `target` in place, keeping its
/// inode and so every hard link to it, its owner and its mode.
///
/// A copy of the old contents is made beside the file and synced first. If the write fails
/// (a full disk, a file-size limit), the old contents are written back from the copy and the
/// error is returned; if even that fails, the copy is kept and the error says where it is. A
/// crash during the write leaves the copy (`.fenlint-*.backup`) beside the file.
fn write_in_place(target: &Target, new: &mut File) -> io::Result<()> {
    let mut backup = temporary_beside(&target.path, ".backup", "a copy of the old contents")?;
    let mut original = File::open(&target.path)?;
    let old_len = io::copy(&mut original, backup.as_file_mut())?;
    backup.as_file().sync_all()?;
    let mut file = OpenOptions::new().write(true).open(&target.path)?;
    new.rewind()?;
    let written = io::copy(new, &mut file).and_then(|new_len| {
        file.set_len(new_len)?;
        file.sync_all()
    });
    let Err(error) = written else {
        return Ok(());
    };
    let restored = backup.as_file_mut().rewind().and_then(|()| {
        file.rewind()?;
        io::copy(backup.as_file_mut(), &mut file)?;
        file.set_len(old_len)?;
        file.sync_all()
    });
    match restored {
        Ok(()) => Err(left_as_it_was(error)),
        Err(_) => {
            let kept = backup.into_temp_path().keep().map_err(|kept| kept.error)?;
            Err(io::Error::new(
                error.kind(),
                format!(
                    "{error}; the file is partly written, its old contents are in {}",
                    crate::source::visible(&kept.display().to_string())
                ),
            ))
        }
    }
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
        let error = replace_with(&target(&path, false).unwrap(), |file| {
            file.write_all(b"8/8/8/4k3/8/8/8/4K3 w - - 0 1\n")?;
            Err(io::Error::new(
                io::ErrorKind::StorageFull,
                "No space left on device",
            ))
        })
        .unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::StorageFull);
        assert_eq!(
            error.to_string(),
            "not rewritten, left as it was: No space left on device"
        );
        assert_eq!(std::fs::read(&path).unwrap(), original);
        // No temporary file is left behind.
        assert_eq!(directory_entries(directory.path()), ["pos.fen"]);
    }

    #[test]
    fn a_directory_without_room_for_the_temporary_file_is_named_in_the_error() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("pos.fen");
        std::fs::write(&path, b"old\n").unwrap();
        let found = target(&path, false).unwrap();
        // The directory goes away after the file was found: no temporary file can be made.
        std::fs::remove_file(&path).unwrap();
        std::fs::remove_dir(directory.path()).unwrap();
        let error =
            replace_with(&found, |file| file.write_all(b"new\n").map(|()| true)).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::NotFound);
        assert_eq!(
            error.to_string(),
            format!(
                "not rewritten: cannot create a temporary file in {} (the new contents are written there first): entity not found",
                directory.path().display()
            )
        );
    }

    #[test]
    fn a_write_that_is_not_kept_changes_nothing() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("pos.fen");
        std::fs::write(&path, b"old\n").unwrap();
        let kept = replace_with(&target(&path, false).unwrap(), |file| {
            file.write_all(b"new\n").map(|()| false)
        })
        .unwrap();
        assert!(!kept);
        assert_eq!(std::fs::read(&path).unwrap(), b"old\n");
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
        replace(&target(&path, false).unwrap(), b"new\n").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new\n");
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
        assert_eq!(directory_entries(directory.path()), ["pos.fen"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_failed_write_in_place_puts_the_old_contents_back() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("pos.fen");
        std::fs::write(&path, b"old contents\n").unwrap();
        std::fs::hard_link(&path, directory.path().join("other.fen")).unwrap();
        let target = target(&path, false).unwrap();
        // A "new" file that cannot be read: the write over the original fails at once.
        let unreadable = directory.path().join("unreadable");
        std::fs::write(&unreadable, b"new").unwrap();
        let mut new = OpenOptions::new().write(true).open(&unreadable).unwrap();
        assert!(write_in_place(&target, &mut new).is_err());
        drop(new);
        std::fs::remove_file(&unreadable).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"old contents\n");
        assert_eq!(
            directory_entries(directory.path()),
            ["other.fen", "pos.fen"]
        );
    }

    #[test]
    fn a_file_changed_while_it_is_rewritten_keeps_the_change() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.fen");
        std::fs::write(&path, "old\n").unwrap();
        let found = target(&path, false).unwrap();
        // Another program writes to the file after it was found and read.
        let error = replace_with(&found, |file| {
            std::fs::write(&path, "edited elsewhere\n").unwrap();
            file.write_all(b"new\n").map(|()| true)
        })
        .unwrap_err();
        assert!(
            error.to_string().contains("changed by another program"),
            "{error}"
        );
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "edited elsewhere\n"
        );
        assert_eq!(directory_entries(dir.path()), ["a.fen"]);
        // Or replaces it with a file of its own.
        std::fs::write(&path, "old\n").unwrap();
        let found = target(&path, false).unwrap();
        let error = replace_with(&found, |file| {
            let other = dir.path().join("other");
            std::fs::write(&other, "old\n").unwrap();
            std::fs::rename(&other, &path).unwrap();
            file.write_all(b"new\n").map(|()| true)
        })
        .unwrap_err();
        assert!(
            error.to_string().contains("changed by another program"),
            "{error}"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old\n");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_rewritten_file_keeps_its_extended_attributes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.fen");
        std::fs::write(&path, "old\n").unwrap();
        let file = File::open(&path).unwrap();
        if let Err(error) = rustix::fs::fsetxattr(
            &file,
            "user.note",
            b"keep-me",
            rustix::fs::XattrFlags::empty(),
        ) {
            eprintln!("skipped: this file system keeps no user attributes ({error})");
            return;
        }
        let found = target(&path, false).unwrap();
        assert!(replace(&found, b"new\n").unwrap());
        let file = File::open(&path).unwrap();
        let mut value = [0u8; 16];
        let len = rustix::fs::fgetxattr(&file, "user.note", &mut value[..]).unwrap();
        assert_eq!(&value[..len], b"keep-me");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new\n");
    }

    #[test]
    fn a_missing_file_is_an_error_and_creates_nothing() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("missing.fen");
        assert!(target(&path, false).is_err());
        assert!(directory_entries(directory.path()).is_empty());
    }
}
