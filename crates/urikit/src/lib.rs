//! # urikit
//!
//! Uniform Resource Identifiers as RFC 3986 defines them: parse, validate and
//! take apart URI references without allocating.
//!
//! ```
//! use urikit::{Host, UriRef};
//!
//! let uri = UriRef::parse("http://user@[2001:db8::7]:8080/a/b?q#f")?;
//! assert_eq!(uri.scheme(), Some("http"));
//! assert_eq!(uri.userinfo(), Some("user"));
//! assert!(matches!(uri.host(), Some(Host::Ipv6 { .. })));
//! assert_eq!(uri.port_u16(), Some(8080));
//! assert_eq!(uri.segments().collect::<Vec<_>>(), ["a", "b"]);
//! assert_eq!(uri.to_string(), "http://user@[2001:db8::7]:8080/a/b?q#f");
//!
//! let err = UriRef::parse("http://h/a b").unwrap_err();
//! assert_eq!(err.index(), 10);
//! # Ok::<_, urikit::ParseError>(())
//! ```
//!
//! ## What is here
//!
//! | task | where | specification |
//! |---|---|---|
//! | parse and take apart | [`UriRef`], [`Uri`], [`UriRefBuf`], [`UriBuf`], [`Host`] | RFC 3986 sections 3-4 |
//! | IRIs: parse, convert to and from URIs | [`iri`] | RFC 3987 |
//! | resolve a reference, and the inverse | [`Resolver`], [`UriRef::resolve_against`], [`Uri::join`] (a reference as text), [`relativize`] | RFC 3986 section 5; the 1997 and 2003 drafts as [`Profile`]s |
//! | normalize and compare | [`normalize`], [`equivalence`] | RFC 3986 section 6 |
//! | percent-encode and decode | [`pct`] | RFC 3986 section 2 |
//! | build and edit | [`build`] | RFC 3986 sections 3 and 4.2 |
//! | URNs | [`urn`] | RFC 8141, and its drafts' profiles |
//! | per-scheme syntax and fields | [`scheme`] | RFC 1738 and the scheme RFCs |
//! | find URIs in text, complete abbreviations | `extract` (feature `extract`) | Appendices E and F of the drafts |
//! | internationalized domain names | `idna` (feature `idna`) | UTS #46, UTS #39 |
//! | establish a document's base URI | [`base`] | RFC 3986 section 5.1 |
//! | security findings | [`security`] | RFC 3986 section 7 |
//! | URLs as browsers read them, and the differential with RFC 3986 | [`whatwg`] (URL type: feature `whatwg`) | WHATWG URL Standard |
//! | public suffix, registrable domain | `psl` (feature `psl`) | the Public Suffix List |
//! | crawler canonicalization, SURT keys | `canon` (feature `canon`) | urlcanon, the `surt` package, Google Safe Browsing |
//!
//! ```
//! use urikit::normalize::{Level, Normalizer};
//! use urikit::{Uri, UriRef};
//!
//! let base = Uri::parse("http://a/b/c/d;p?q")?;
//! let target = UriRef::parse("../g?x#y")?.resolve_against(&base)?;
//! assert_eq!(target.as_str(), "http://a/b/g?x#y");
//!
//! const SCHEME: Normalizer = Normalizer::new().level(Level::Scheme);
//! let n = SCHEME.normalize_str("HTTP://Example.COM:80/%7Euser/./a")?;
//! assert_eq!(n.as_str(), "http://example.com/~user/a");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Terminology
//!
//! - A **URI reference** ([`UriRef`]) is either a **URI** ([`Uri`], with a
//!   scheme) or a **relative reference** (RFC 3986 section 4.1).
//! - A component is **absent** (`None`) or **present and empty** (`Some("")`):
//!   `foo:` has no query, `foo:?` an empty one; `//h` has no port, `//h:` an
//!   empty one. The path is always present.
//! - Components are returned **raw**, as written, percent-encoding included.
//!
//! ## Crate features
//!
//! - `std` (default): `std::error::Error` and `std::net::IpAddr` conversions.
//! - `alloc` (implied by `std`): the owned types [`UriRefBuf`] and [`UriBuf`]
//!   (and `iri`'s owned types, conversions, resolution and normalization; the
//!   borrowed IRI types need no allocator).
//! - `serde` (implies `alloc`): (de)serialization of every type as its string.
//! - `psl` (implies `alloc`): the `psl` module, the Public Suffix List: public
//!   suffix, registrable domain, subdomain, the list embedded at build time
//!   (a build script turns `data/public_suffix_list.dat` into a table; no
//!   dependency, no network) or read from a newer copy at run time.
//! - `canon` (implies `whatwg`): the `canon` module, crawler canonicalization
//!   profiles (urlcanon's, the Internet Archive's, Google Safe Browsing's)
//!   and SURT keys; hosts go through the `whatwg` host parser's IDNA.
//! - `extract`: the `extract` module, finding URIs in text (Appendix E of the drafts)
//!   and completing abbreviated ones (Appendix F); adds the `memchr` dependency.
//! - `idna` (implies `alloc`): the `idna` module, UTS #46 ToASCII / ToUnicode and
//!   the display form of hosts; adds the `idna` and `unicode-security` crates.
//! - `whatwg` (implies `idna`): [`whatwg::Url`], the WHATWG URL Standard's parser,
//!   serializer and setters, and the differential with RFC 3986.
//!
//! Minimum Rust: 1.80, for every feature (CI builds each with Rust 1.80:
//! `.ci/msrv`). With `idna` (and `whatwg`, `canon`), the newest releases of
//! the `idna` crate's ICU dependencies need a newer Rust: a lockfile made
//! by cargo's MSRV-aware resolver (cargo 1.84 or newer, with `resolver =
//! "3"` or `CARGO_RESOLVER_INCOMPATIBLE_RUST_VERSIONS=fallback`) picks
//! earlier ones (`idna_adapter` 1.2.0, ICU4X 1.5) that build with 1.80, as
//! `.ci/msrv/Cargo.lock` records; cargo 1.80's own resolver does not.
//!
//! Without `std` the crate is `no_std`; IP addresses use `core::net`.
//!
//! ## Choices where the texts leave room
//!
//! - Hosts: RFC 3986's `IPv4address` only (`127.1` and `01.2.3.4` are
//!   registered names); IPv6 zone identifiers (RFC 6874 `%25eth0`) are not part
//!   of RFC 3986 and are rejected.
//! - A relative reference whose first segment has a `:` (`a:b` would read as a
//!   scheme, `1a:b` cannot) is an error, reported at the byte that spoils it.

#![cfg_attr(not(feature = "std"), no_std)]
#![deny(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

#[cfg(feature = "alloc")]
pub mod base;
#[cfg(feature = "alloc")]
pub mod build;
#[cfg(feature = "canon")]
pub mod canon;
#[cfg(feature = "alloc")]
mod compose;
#[cfg(feature = "alloc")]
pub mod equivalence;
#[cfg(feature = "extract")]
pub mod extract;
mod grammar;
#[cfg(feature = "idna")]
pub mod idna;
pub mod iri;
#[cfg(feature = "alloc")]
pub mod normalize;
mod offsets;
#[cfg(feature = "alloc")]
mod path;
#[cfg(feature = "alloc")]
pub mod pct;
#[cfg(feature = "psl")]
pub mod psl;
#[cfg(feature = "alloc")]
mod relative;
#[cfg(feature = "alloc")]
pub mod resolve;
#[cfg(feature = "alloc")]
pub mod scheme;
#[cfg(feature = "alloc")]
pub mod security;
#[cfg(feature = "serde")]
mod serde;
mod span;
mod uri;
pub mod urn;
#[cfg(feature = "alloc")]
pub mod whatwg;
mod word;

pub use grammar::error::{ParseError, ParseErrorKind};
pub use grammar::table;
// The grammar core's modules keep their crate-wide paths (`crate::parse`, ...).
use grammar::{error, host, parse, scan};

/// Hooks for the fuzz targets (fuzz/): not part of the API, no stability
/// promise.
#[doc(hidden)]
pub mod __fuzz {
    /// Whether the parser's two copies (portable; SSSE3 where the CPU has
    /// it) agree on `s`, read as a URI reference and as an IRI reference.
    pub fn parser_copies_agree(s: &str) -> bool {
        crate::parse::copies_agree(s)
    }
}

/// Longer explanations, compiled from the repository's Markdown files so that
/// their examples are tested.
pub mod _documentation {
    /// How urikit is built and why (`DESIGN.md`).
    #[doc = include_str!("../../../DESIGN.md")]
    pub mod design {}
}
pub use host::Host;
#[cfg(feature = "alloc")]
pub use relative::relativize;
#[cfg(feature = "alloc")]
pub use resolve::{JoinError, Profile, ResolveError, ResolveErrorKind, Resolver};
pub use span::{Part, Spans};
pub use uri::{Authority, Segments, Uri, UriRef};
#[cfg(feature = "alloc")]
pub use uri::{UriBuf, UriRefBuf};
