//! Rule selectors: what `--deny`, `--warn`, `--allow`, the same keys of `fenlint.toml`, an
//! editor's `severities` and `explain` accept — a code, a prefix of whole `::` segments, or
//! `all`, in any case.

use fenlint::{Code, Severity};

/// Which codes a setting applies to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Selector {
    /// Every code.
    All,
    /// The codes under a prefix of whole segments, such as `fen::castling` (stored in lower
    /// case, without a trailing `::`).
    Prefix(String),
    /// One code.
    Code(Code),
}

impl Selector {
    /// The selector `name` writes (case does not matter; a trailing `::` may be written), or a
    /// message that says there is no such rule, with the nearest name when one is close.
    pub fn parse(name: &str) -> Result<Selector, String> {
        let lower = name.trim().to_ascii_lowercase();
        let lower = lower.strip_suffix("::").unwrap_or(&lower);
        if lower == "all" {
            return Ok(Selector::All);
        }
        if let Some(code) = Code::ALL.iter().copied().find(|code| code.name() == lower) {
            return Ok(Selector::Code(code));
        }
        if !lower.is_empty() && Code::ALL.iter().any(|code| under(code.name(), lower)) {
            return Ok(Selector::Prefix(lower.to_owned()));
        }
        Err(match suggestion(lower) {
            Some(near) => format!(
                "no rule `{name}`; did you mean `{near}`? (`fenlint explain --list` lists them all)"
            ),
            None => format!("no rule `{name}`; `fenlint explain --list` lists them all"),
        })
    }

    /// Whether this selector applies to `code`.
    pub fn matches(&self, code: Code) -> bool {
        match self {
            Selector::All => true,
            Selector::Prefix(prefix) => under(code.name(), prefix),
            Selector::Code(named) => *named == code,
        }
    }

    /// How specific the selector is: `all` least, then prefixes by their number of segments,
    /// then a named code most.
    pub fn specificity(&self) -> usize {
        match self {
            Selector::All => 0,
            Selector::Prefix(prefix) => prefix.split("::").count(),
            Selector::Code(_) => usize::MAX,
        }
    }
}

/// Severity settings, each a selector and the severity it gives (`None`: not reported).
pub type Selection = Vec<(Selector, Option<Severity>)>;

/// `selection` ordered for applying one after the other: the less specific first, so that a
/// more specific setting wins, and at equal specificity in the order written, so that the later
/// wins.
pub fn in_applying_order(mut selection: Selection) -> Selection {
    selection.sort_by_key(|(selector, _)| selector.specificity());
    selection
}

/// Whether `name` is under `prefix`, whole segments only (`fen::castling` holds
/// `fen::castling::order`, not `fen::castlingx::order`).
fn under(name: &str, prefix: &str) -> bool {
    name.strip_prefix(prefix)
        .is_some_and(|rest| rest.starts_with("::"))
}

/// The selector nearest to `name`: a code or prefix that ends with it as whole segments (a
/// code written without `fen::`), else the closest by edit distance, when close enough.
fn suggestion(name: &str) -> Option<String> {
    if name.is_empty() {
        return None;
    }
    let mut candidates: Vec<String> = vec!["all".to_owned()];
    for code in Code::ALL {
        let segments: Vec<&str> = code.name().split("::").collect();
        for end in 1..=segments.len() {
            let candidate = segments.get(..end).unwrap_or_default().join("::");
            if !candidates.contains(&candidate) {
                candidates.push(candidate);
            }
        }
    }
    let suffix = format!("::{name}");
    if let Some(found) = candidates
        .iter()
        .find(|candidate| candidate.ends_with(&suffix))
    {
        return Some(found.clone());
    }
    candidates
        .into_iter()
        .map(|candidate| {
            let score = strsim::normalized_damerau_levenshtein(name, &candidate);
            (candidate, score)
        })
        .filter(|(_, score)| *score >= 0.7)
        .max_by(|(_, a), (_, b)| a.total_cmp(b))
        .map(|(candidate, _)| candidate)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_prefixes_and_all_in_any_case() {
        assert_eq!(
            Selector::parse("FEN::Castling::Order"),
            Ok(Selector::Code(Code::CastlingOrder))
        );
        assert_eq!(
            Selector::parse("fen::castling"),
            Ok(Selector::Prefix("fen::castling".into()))
        );
        assert_eq!(Selector::parse("EPD::"), Ok(Selector::Prefix("epd".into())));
        assert_eq!(Selector::parse("ALL"), Ok(Selector::All));
        // Whole segments only.
        assert!(Selector::parse("fen::cast").is_err());
        let castling = Selector::parse("fen::castling").unwrap();
        assert!(castling.matches(Code::CastlingOrder));
        assert!(!castling.matches(Code::FieldsMissing));
    }

    #[test]
    fn specificity_orders_all_prefixes_and_codes() {
        let order: Vec<usize> = ["all", "fen", "fen::castling", "fen::castling::order"]
            .iter()
            .map(|name| Selector::parse(name).unwrap().specificity())
            .collect();
        assert!(order.is_sorted_by(|a, b| a < b), "{order:?}");
    }

    #[test]
    fn unknown_names_get_the_nearest() {
        let message = Selector::parse("fen::castling::ordr").unwrap_err();
        assert!(
            message.contains("did you mean `fen::castling::order`?"),
            "{message}"
        );
        let message = Selector::parse("castling::order").unwrap_err();
        assert!(
            message.contains("did you mean `fen::castling::order`?"),
            "{message}"
        );
        let message = Selector::parse("fen::castlin").unwrap_err();
        assert!(
            message.contains("did you mean `fen::castling`?"),
            "{message}"
        );
        let message = Selector::parse("zzzzzz").unwrap_err();
        assert!(!message.contains("did you mean"), "{message}");
    }
}
