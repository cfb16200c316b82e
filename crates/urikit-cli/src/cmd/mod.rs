//! One module per subcommand.

pub mod check;
pub mod parse;
pub mod relativize;
pub mod resolve;
pub mod scheme_fields;
pub mod urn;
