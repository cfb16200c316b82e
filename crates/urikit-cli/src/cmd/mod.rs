//! One module per subcommand.

pub mod parse;
