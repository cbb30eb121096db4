//! The files to lint: the paths given, with directories walked as ripgrep walks them.

use std::path::{Path, PathBuf};

use fenlint::files::FileKind;

/// What the walk found: the files to lint, and what it skipped or could not read.
#[derive(Default)]
pub struct Expansion {
    pub files: Vec<PathBuf>,
    /// Things worth a warning that do not stop the run (a FIFO in a walked directory, a
    /// symbolic link loop).
    pub warnings: Vec<String>,
    /// Paths that could not be read.
    pub errors: Vec<String>,
}

/// Whether a walked file is one of ours by its extension alone, in any case: `.fen`, `.epd`
/// or `.pgn`. [`expand`] also takes the files that `also` accepts (those the settings'
/// `[extensions]` name).
pub fn is_position_file(path: &Path) -> bool {
    FileKind::of_extension(path).is_some()
}

/// What tells a regular file from every other: its device and inode, through any symbolic link;
/// `None` for anything else, or where the platform does not say.
fn file_identity(path: &Path) -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let metadata = std::fs::metadata(path).ok()?;
        metadata.is_file().then(|| (metadata.dev(), metadata.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// The files to lint: the paths given (any kind of file named on the command line is read,
/// a FIFO included), with directories walked as ripgrep walks them. Walked directories give
/// their `.fen`, `.epd` and `.pgn` regular files and those `also` accepts, sorted by name; hidden files and directories
/// and what `.gitignore`, `.ignore` and `.fenlintignore` files exclude are skipped unless
/// `no_ignore` (which overrides all three); symbolic links are followed only with `follow` (a
/// loop is reported and skipped); FIFOs, sockets and devices found by the walk are skipped with
/// a warning. A file named twice, or named and also found by a walk, is read once, where it
/// first comes (paths compare as git names them: `./a.fen` is `a.fen`), and so is a regular file
/// reached under two names (a link to it).
pub fn expand(
    paths: &[PathBuf],
    no_ignore: bool,
    follow: bool,
    also: &mut dyn FnMut(&Path) -> bool,
) -> Expansion {
    let mut expansion = Expansion::default();
    let cwd = std::env::current_dir().ok();
    let mut seen = std::collections::HashSet::new();
    let mut seen_files = std::collections::HashSet::new();
    let mut add = |files: &mut Vec<PathBuf>, path: PathBuf| {
        // The same regular file under another name (a symbolic or a hard link to it) is the
        // same file too: fixed once, and one diff for it, which applies.
        let same_file = file_identity(&path).is_some_and(|identity| !seen_files.insert(identity));
        if seen.insert(crate::paths::normalized(&path, cwd.as_deref())) && !same_file {
            files.push(path);
        }
    };
    for path in paths {
        if path.as_os_str() == "-" || !path.is_dir() {
            add(&mut expansion.files, path.clone());
            continue;
        }
        let mut walk = ignore::WalkBuilder::new(path);
        walk.standard_filters(!no_ignore)
            .require_git(false)
            .follow_links(follow)
            .sort_by_file_name(|a, b| a.cmp(b));
        if !no_ignore {
            walk.add_custom_ignore_filename(".fenlintignore");
        }
        let walk = walk.build();
        for entry in walk {
            match entry {
                Ok(entry) => {
                    let Some(file_type) = entry.file_type() else {
                        continue; // Standard input; never yielded by a directory walk.
                    };
                    if file_type.is_dir() || !(is_position_file(entry.path()) || also(entry.path()))
                    {
                        continue;
                    }
                    if file_type.is_file() {
                        add(&mut expansion.files, entry.into_path());
                    } else if !file_type.is_symlink() {
                        expansion.warnings.push(format!(
                            "{}: skipped: not a regular file (a FIFO, socket or device)",
                            entry.path().display()
                        ));
                    }
                }
                Err(error) if error.is_io() || error.io_error().is_some() => {
                    expansion.errors.push(error.to_string());
                }
                Err(error) => expansion.warnings.push(format!("skipped: {error}")),
            }
        }
    }
    expansion
}
