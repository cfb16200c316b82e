//! One module per subcommand.

pub mod base;
pub mod check;
pub mod equivalent;
pub mod extract;
pub mod fixup;
pub mod normalize;
pub mod parse;
pub mod parse_whatwg;
pub mod pct;
pub mod relativize;
pub mod resolve;
pub mod scheme_fields;
pub mod urn;
