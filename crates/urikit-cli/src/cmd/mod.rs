//! One module per subcommand.

pub mod check;
pub mod parse;
pub mod scheme_fields;
pub mod urn;
