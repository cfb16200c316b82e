//! One module per subcommand.

pub mod parse;
pub mod relativize;
pub mod resolve;
pub mod urn;
