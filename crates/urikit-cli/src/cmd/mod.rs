//! One module per subcommand.

pub mod equivalent;
pub mod normalize;
pub mod parse;
pub mod pct;
pub mod urn;
