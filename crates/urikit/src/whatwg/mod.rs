//! URLs as browsers read them: the [WHATWG URL Standard](https://url.spec.whatwg.org/),
//! kept apart from the strict RFC 3986 core.
//!
//! The URL Standard repairs what RFC 3986 rejects: it strips leading and
//! trailing spaces and controls, drops tabs and newlines anywhere, reads `\`
//! as `/` in special URLs, percent-encodes what may not stay raw, reads
//! `0x7f.1` as `127.0.0.1`, applies IDNA to hosts, removes default ports and
//! has rules of its own for `file:`. This module implements that reading.
//!
//! ```
//! # #[cfg(feature = "whatwg")] {
//! use urikit::whatwg::Url;
//!
//! let base = Url::parse("https://example.org/dir/page", None)?;
//! let url = Url::parse("  ..\\a b/./c?q#f\t", Some(&base))?;
//! assert_eq!(url.href(), "https://example.org/a%20b/c?q#f");
//! assert_eq!((url.pathname(), url.search(), url.origin()), ("/a%20b/c", "?q", "https://example.org".to_string()));
//!
//! // The two readings of one input, and where they differ.
//! let r = urikit::whatwg::readings("http://0x7f.1/");
//! assert_eq!(r.differences[0].whatwg.as_deref(), Some("127.0.0.1"));
//! # }
//! # Ok::<_, urikit::whatwg::ValidationError>(())
//! ```
//!
//! With the `whatwg` feature: [`Url`] (parse, serialize, getters, setters,
//! validation errors), [`rfc3986`] ([`Url::to_rfc3986`],
//! [`Url::from_rfc3986`]) and the differential ([`readings`], [`compare`]).
//!
//! What needs only `alloc`, for any code that must read hosts and encode
//! components as browsers do:
//!
//! - [`EncodeSet`]: the standard's percent-encode sets (C0 control,
//!   fragment, query, special-query, path, userinfo, component, form).
//! - [`host`]: the IPv4 parser (every number form), the IPv6 parser and
//!   serializer, opaque hosts, and with the `idna` feature the whole host
//!   parser ([`host::parse_host`]: percent-decoding, domain to ASCII,
//!   forbidden code points).
//! - [`code_point`]: forbidden host and domain code points, URL code points.
//! - [`ValidationError`]: the standard's validation errors, with a byte index.

pub mod code_point;
#[cfg(feature = "whatwg")]
pub mod differential;
mod encode_set;
mod error;
#[cfg(feature = "whatwg")]
mod fast;
pub mod host;
#[cfg(feature = "whatwg")]
mod parser;
#[cfg(feature = "whatwg")]
pub mod rfc3986;
#[cfg(feature = "whatwg")]
mod setters;
#[cfg(feature = "whatwg")]
mod url;

#[cfg(feature = "whatwg")]
pub use differential::{compare, readings, Difference, Readings};
pub use encode_set::EncodeSet;
pub use error::{ValidationError, ValidationErrorKind};
#[cfg(feature = "whatwg")]
pub use url::Url;
