//! Build script: with the `psl` feature, turns the vendored public suffix
//! list (`data/public_suffix_list.dat`) into the hash table that
//! `urikit::psl::List::embedded` reads (`$OUT_DIR/psl_table.rs`). The table
//! code is the library's own (`src/psl/table.rs`, `src/psl/punycode.rs`), so
//! a list loaded at run time is built the same way. No network access.

extern crate alloc;

#[path = "src/psl/punycode.rs"]
#[allow(dead_code)]
mod punycode;
#[path = "src/psl/table.rs"]
#[allow(dead_code)]
mod table;

use std::fmt::Write as _;

fn main() {
    for path in [
        "build.rs",
        "data/public_suffix_list.dat",
        "src/psl/table.rs",
        "src/psl/punycode.rs",
    ] {
        println!("cargo:rerun-if-changed={path}");
    }
    if std::env::var_os("CARGO_FEATURE_PSL").is_none() {
        return;
    }
    let list = std::fs::read_to_string("data/public_suffix_list.dat")
        .expect("data/public_suffix_list.dat");
    let built = table::build(&list).unwrap_or_else(|e| panic!("public_suffix_list.dat: {e:?}"));
    let mut out = String::with_capacity(built.slots.len() * 20 + built.text.len() + 200);
    writeln!(
        out,
        "/// Slots of the embedded list's table (`2^BITS` of them)."
    )
    .unwrap();
    writeln!(out, "pub(super) const BITS: u32 = {};", built.bits).unwrap();
    writeln!(out, "/// The embedded list's slots.").unwrap();
    write!(
        out,
        "pub(super) static SLOTS: [u64; {}] = [",
        built.slots.len()
    )
    .unwrap();
    for s in &built.slots {
        write!(out, "{s},").unwrap();
    }
    writeln!(out, "];").unwrap();
    writeln!(out, "/// The embedded list's labels.").unwrap();
    writeln!(out, "pub(super) static TEXT: &str = {:?};", built.text).unwrap();
    let dest =
        std::path::Path::new(&std::env::var_os("OUT_DIR").expect("OUT_DIR")).join("psl_table.rs");
    std::fs::write(dest, out).expect("write psl_table.rs");
}
