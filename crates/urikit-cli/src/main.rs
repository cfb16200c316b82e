//! The `urikit` command-line tool: a thin layer that turns arguments into calls
//! of the `urikit` library and formats what it answers.
//!
//! Conventions every subcommand follows, kept in one place each:
//! inputs come from the arguments, or else from stdin one per line, with
//! `--jobs` threads ([`stream`]); `--format text|json` (json: one object per
//! input, in one envelope: [`report`]); exit status 0 when every input was
//! good, 1 when some input was invalid (every one is still processed and
//! reported), 2 for a usage or I/O error. A closed stdout pipe ends the run
//! quietly with the status so far.
//!
//! A subcommand (one module of [`cmd`]) says how to turn one input into a
//! report ([`stream::PerLine`]) and how a report shows as JSON keys and as
//! text ([`report::Report`]); it never looks at the format.

mod args;
mod cmd;
mod highlight;
mod input;
mod jsonl;
mod output;
mod report;
mod stream;

use std::process::ExitCode;

use clap::Parser;

use crate::args::{Args, Command};

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every input was valid.
    Ok,
    /// At least one input was invalid (each was reported).
    SomeInvalid,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let result = match &args.command {
        Command::Parse(a) => cmd::parse::run(a, &args.global),
        Command::Resolve(a) => cmd::resolve::run(a, &args.global),
        Command::Relativize(a) => cmd::relativize::run(a, &args.global),
        Command::Check(a) => cmd::check::run(a, &args.global),
        Command::Urn(a) => cmd::urn::run(a, &args.global),
        Command::UrnEquivalent(a) => cmd::urn::run_equivalent(a, &args.global),
        Command::Extract(a) => cmd::extract::run(a, &args.global),
        Command::Fixup(a) => cmd::fixup::run(a, &args.global),
        Command::Base(a) => cmd::base::run(a, &args.global),
        Command::Normalize(a) => cmd::normalize::run(a, &args.global),
        Command::Equivalent(a) => cmd::equivalent::run(a, &args.global),
        Command::Encode(a) => cmd::pct::run_encode(a, &args.global),
        Command::Decode(a) => cmd::pct::run_decode(a, &args.global),
        Command::Canon(a) => cmd::canon::run_canon(a, &args.global),
        Command::Surt(a) => cmd::canon::run_surt(a, &args.global),
        Command::Domain(a) => cmd::canon::run_domain(a, &args.global),
        Command::Edit(a) => cmd::edit::run_edit(a, &args.global),
        Command::Get(a) => cmd::edit::run_get(a, &args.global),
        Command::Set(a) => cmd::edit::run_set(a, &args.global),
        Command::ToUri(a) => cmd::iri::run_to_uri(a, &args.global),
        Command::ToIri(a) => cmd::iri::run_to_iri(a, &args.global),
        Command::Idna(a) => cmd::iri::run_idna(a, &args.global),
    };
    match result {
        Ok(Status::Ok) => ExitCode::from(0),
        Ok(Status::SomeInvalid) => ExitCode::from(1),
        Err(e) if output::is_broken_pipe(&e) => ExitCode::from(0),
        Err(e) => {
            eprintln!("urikit: {e:#}");
            ExitCode::from(2)
        }
    }
}
