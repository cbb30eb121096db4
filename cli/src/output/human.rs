//! `--format human`: each finding as miette draws it, on an excerpt of its source.

use std::io::{self, Write};

use miette::{GraphicalReportHandler, GraphicalTheme};

use crate::finding::Finding;
use crate::source::{Excerpt, visible};

/// Draws findings as miette's graphical handler does, in colour or not.
pub struct Human {
    handler: GraphicalReportHandler,
}

impl Human {
    pub fn new(color: bool) -> Human {
        let theme = if color {
            GraphicalTheme::unicode()
        } else {
            GraphicalTheme::unicode_nocolor()
        };
        Human {
            handler: GraphicalReportHandler::new_themed(theme).with_links(false),
        }
    }

    /// Writes the report of `finding`, and a blank line after it.
    pub fn write(&self, out: &mut dyn Write, finding: &Finding<'_>) -> io::Result<()> {
        let excerpt = Excerpt::new(finding.place.snippet(), finding.diagnostic);
        let shown = finding
            .diagnostic
            .with_source(&excerpt)
            .with_labels_moved(|offset, up| excerpt.shown_offset(offset, up));
        let mut text = String::new();
        if self.handler.render_report(&mut text, &shown).is_err() {
            text = format!(
                "{}: {}\n",
                finding.diagnostic.code(),
                visible(finding.diagnostic.message())
            );
        }
        writeln!(out, "{text}")
    }
}
