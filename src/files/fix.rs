//! Fixes applied to whole files: one pass of non-overlapping fixes ([`apply_fixes`]), and the
//! passes until a file's fixes settle ([`fix_file`]).

use std::hash::{Hash, Hasher};

use super::lint::lint_every_in_batches;
use crate::file_kind::FileKind;
use crate::{Diagnostic, Fix, Validator};

/// Text with fixes applied, and how many.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Fixed {
    /// The text with the fixes applied; every other byte as it was.
    pub text: Vec<u8>,
    /// How many fixes were applied.
    pub applied: usize,
    /// Whether the fixes settled: linting `text` again gives no fix that changes it. `false`
    /// when fixes kept undoing one another (a text came back) or were still changing the text
    /// after the last pass; `text` is then what the passes before that gave. Always `false`
    /// from [`apply_fixes`], which makes one pass and does not lint again.
    pub converged: bool,
}
/// Applies the fixes that do not overlap one another to `bytes`, in order of their spans;
/// every byte outside their spans is kept. A fix that overlaps one applied before it, whose
/// span is not inside `bytes`, or that would split a UTF-8 character is skipped.
///
/// ```
/// let text = "8/8/8/8/8/8/8/8 w QK - 0 1";
/// let diagnostics = fenlint::lint(text).into_diagnostics();
/// let fixed = fenlint::files::apply_fixes(text.as_bytes(), diagnostics.iter().filter_map(|d| d.fix()));
/// assert_eq!(fixed.text, b"8/8/8/8/8/8/8/8 w KQ - 0 1");
/// assert_eq!(fixed.applied, 1);
/// ```
pub fn apply_fixes<'f>(bytes: &[u8], fixes: impl IntoIterator<Item = &'f Fix>) -> Fixed {
    let mut applier = Applier::new(bytes);
    applier.apply(fixes);
    applier.finish()
}

/// Applies fixes to a text batch by batch, in the order of the text: each batch's fixes that
/// do not overlap one applied before, in order of their spans, as [`apply_fixes`] does.
struct Applier<'b> {
    bytes: &'b [u8],
    /// The text so far: `bytes` up to `at`, with the fixes applied.
    text: Vec<u8>,
    at: usize,
    applied: usize,
}

impl<'b> Applier<'b> {
    fn new(bytes: &'b [u8]) -> Applier<'b> {
        Applier {
            bytes,
            text: Vec::with_capacity(bytes.len()),
            at: 0,
            applied: 0,
        }
    }

    /// Applies `fixes`; one before the end of the last fix applied is skipped.
    fn apply<'f>(&mut self, fixes: impl IntoIterator<Item = &'f Fix>) {
        let mut fixes: Vec<&Fix> = fixes.into_iter().collect();
        fixes.sort_by_key(|fix| (fix.span().start, fix.span().end));
        let bytes = self.bytes;
        let splits_a_character = |offset: usize| inside_a_character(bytes, offset);
        for fix in fixes {
            let span = fix.span();
            if span.start < self.at
                || span.end > bytes.len()
                || splits_a_character(span.start)
                || splits_a_character(span.end)
            {
                continue; // A later pass, on the text this one leaves, sees it again.
            }
            self.text
                .extend_from_slice(bytes.get(self.at..span.start).unwrap_or_default());
            self.text.extend_from_slice(fix.replacement().as_bytes());
            self.at = span.end;
            self.applied = self.applied.saturating_add(1);
        }
    }

    /// The text with every fix applied, the rest of `bytes` as it was.
    fn finish(mut self) -> Fixed {
        self.text
            .extend_from_slice(self.bytes.get(self.at..).unwrap_or_default());
        Fixed {
            text: self.text,
            applied: self.applied,
            converged: false,
        }
    }
}

/// Whether `offset` falls after the first byte of a UTF-8 character of `bytes`, so that a fix
/// starting or ending there would cut it. A byte 0x80–0xBF that no lead byte before it starts a
/// valid character with is not UTF-8 at all (a Latin-1 letter, say): a fix may end just before
/// it, as a castling letter's fix does in `QKkq\x8Bq\xB4`.
pub(super) fn inside_a_character(bytes: &[u8], offset: usize) -> bool {
    if !bytes
        .get(offset)
        .is_some_and(|&byte| (0x80..0xC0).contains(&byte))
    {
        return false;
    }
    // The character's first byte is one to three bytes before `offset`.
    (1..=3usize).any(|back| {
        let Some(start) = offset.checked_sub(back) else {
            return false;
        };
        let len = match bytes.get(start) {
            Some(0xC2..=0xDF) => 2,
            Some(0xE0..=0xEF) => 3,
            Some(0xF0..=0xF4) => 4,
            _ => return false,
        };
        len > back
            && start
                .checked_add(len)
                .and_then(|end| bytes.get(start..end))
                .is_some_and(|character| std::str::from_utf8(character).is_ok())
    })
}

/// How many times [`fix_file`] lints and fixes at most: overlapping fixes need a second pass,
/// and a fix that uncovers another a third; a set of fixes that undo each other stops here.
pub(super) const FIX_PASSES: usize = 8;

/// A whole file with every machine-applicable fix applied, keeping every other byte: the
/// fixes of every occurrence of a code [reported once per file](crate::Code::once_per_file)
/// too, not only of the one [`lint_file`](crate::files::lint_file) reports.
///
/// Fixes that overlap are applied in later passes, on the text the earlier ones left. A pass
/// that would give back a text already seen (fixes that undo one another) is not applied, and
/// the result says it did not converge, as it does when the fixes still change the text after
/// the last pass. Lines that are not UTF-8 are left as they are.
pub fn fix_file(kind: FileKind, bytes: &[u8], validator: &Validator) -> Fixed {
    fix_with(bytes, |text| fix_pass(kind, text, validator))
}

/// One pass of [`fix_file`]: the fixes of `bytes`, applied as each line's diagnostics come, so
/// that memory holds the text and one line's diagnostics, not every diagnostic of the file.
fn fix_pass(kind: FileKind, bytes: &[u8], validator: &Validator) -> Fixed {
    let mut applier = Applier::new(bytes);
    lint_every_in_batches(kind, bytes, validator, |batch| {
        applier.apply(batch.iter().filter_map(Diagnostic::fix));
    });
    applier.finish()
}

/// [`fix_file`] with each pass made by `pass`: the passes until the text settles. Only a hash
/// of each earlier text is kept, to see the fixes go round in a circle; a hash that matches by
/// chance only ends the passes early.
pub(super) fn fix_with(bytes: &[u8], mut pass: impl FnMut(&[u8]) -> Fixed) -> Fixed {
    let mut seen: Vec<u64> = Vec::new();
    let mut current = Fixed {
        text: bytes.to_vec(),
        applied: 0,
        converged: false,
    };
    for _ in 0..=FIX_PASSES {
        let pass = pass(&current.text);
        if pass.applied == 0 || pass.text == current.text {
            current.converged = true;
            break;
        }
        // A text seen before: the fixes go round in a circle. So does a last pass that would
        // still change the text.
        if seen.len() == FIX_PASSES || seen.contains(&hash_of(&pass.text)) {
            break;
        }
        seen.push(hash_of(&current.text));
        current.text = pass.text;
        current.applied = current.applied.saturating_add(pass.applied);
    }
    current
}

fn hash_of(text: &[u8]) -> u64 {
    let mut hasher = std::hash::DefaultHasher::new();
    text.hash(&mut hasher);
    hasher.finish()
}
