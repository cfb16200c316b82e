//! `urikit fixup`: complete abbreviated URIs (Appendix F of the 2003 draft).

use serde_json::json;
use urikit::extract::complete;

use crate::args::{Format, Global};
use crate::input::{self, Input};
use crate::output::{self, Output};
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
    let mut out = Output::new(global.format);
    let mut status = Status::Ok;
    input::for_each(&args.inputs, |inp| {
        let text = match inp {
            Input::Text(s) => s,
            Input::NotUtf8 { lossy, index } => {
                status = Status::SomeInvalid;
                return output::report_not_utf8(&mut out, &lossy, index);
            }
        };
        let trimmed = text.trim();
        let lead = text.len() - text.trim_start().len();
        match complete(trimmed) {
            Ok(c) => match out.format {
                Format::Text => out.text(&format!("{}\n", c.as_str())),
                Format::Json => out.json(&json!({
                    "input": text, "uri": c.as_str(), "rule": c.rule().name(),
                })),
            },
            Err(e) => {
                status = Status::SomeInvalid;
                let index = lead + e.index();
                let message = format!(
                    "cannot complete: at byte {index}: expected {}",
                    e.kind().expected()
                );
                match out.format {
                    Format::Text => {
                        output::report_invalid_text(text, index, &message);
                        Ok(())
                    }
                    Format::Json => out.json(&json!({
                        "input": text, "uri": null,
                        "error": output::error_json(e.kind().name(), index, &message),
                    })),
                }
            }
        }
    })?;
    out.flush()?;
    Ok(status)
}
