//! `urikit fixup`: complete abbreviated URIs (Appendix F of the 2003 draft).

use serde_json::json;
use urikit::extract::complete;

use crate::args::{Format, Global};
use crate::output;
use crate::stream;
use crate::Status;

/// `urikit fixup [TEXT]...`
#[derive(Debug, clap::Args)]
pub struct FixupArgs {
    /// Abbreviated URIs (www.w3.org/Addressing/, user@example.com,
    /// localhost:8080/x); without any, read them from stdin, one per line.
    /// Surrounding whitespace is ignored.
    #[arg(value_name = "TEXT")]
    pub inputs: Vec<String>,
}

pub fn run(args: &FixupArgs, global: &Global) -> anyhow::Result<Status> {
    let format = global.format;
    Ok(stream::each(&args.inputs, format, |text, sink| {
        let trimmed = text.trim();
        let lead = text.len() - text.trim_start().len();
        match complete(trimmed) {
            Ok(c) => {
                match format {
                    Format::Text => sink.text(&format!("{}\n", c.as_str())),
                    Format::Json => sink.json(&json!({
                        "input": text, "uri": c.as_str(), "rule": c.rule().name(),
                    })),
                }
                true
            }
            Err(e) => {
                let index = lead + e.index();
                let message = format!(
                    "cannot complete: at byte {index}: expected {}",
                    e.kind().expected()
                );
                match format {
                    Format::Text => sink.invalid_text(text, index, &message),
                    Format::Json => sink.json(&json!({
                        "input": text, "uri": null,
                        "error": output::error_json(e.kind().name(), index, &message),
                    })),
                }
                false
            }
        }
    })?)
}
