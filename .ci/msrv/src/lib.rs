//! Empty: the crate only makes `cargo check` build urikit with Rust 1.80
//! and the features asked for (see Cargo.toml).
#![no_std]
