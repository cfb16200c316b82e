//! Property tests: the properties of `common/props.rs` (the same ones the fuzz
//! targets check) over inputs built from the RFC 3986 grammar (`common/gen.rs`),
//! near misses and random bytes. Case counts are modest to keep CI fast;
//! `PROPTEST_CASES` raises them.

mod common;

use std::net::{Ipv4Addr, Ipv6Addr};

use common::{gen, props, props_normalize, props_resolve, props_urn};
use proptest::prelude::*;
use urikit::{Host, UriRef};

fn config(cases: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(cases);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A reference assembled from generated components, with the components it
/// was assembled from (RFC 3986 section 5.3).
#[derive(Debug, Clone)]
struct Built {
    scheme: Option<String>,
    auth: Option<(Option<String>, String, Option<String>)>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

impl Built {
    fn text(&self) -> String {
        let mut s = String::new();
        if let Some(x) = &self.scheme {
            s += x;
            s += ":";
        }
        if let Some((u, h, p)) = &self.auth {
            s += "//";
            if let Some(u) = u {
                s += u;
                s += "@";
            }
            s += h;
            if let Some(p) = p {
                s += ":";
                s += p;
            }
        }
        s += &self.path;
        if let Some(q) = &self.query {
            s += "?";
            s += q;
        }
        if let Some(f) = &self.fragment {
            s += "#";
            s += f;
        }
        s
    }
}

/// Components that fit together: the path form follows from whether there is
/// a scheme and an authority (RFC 3986 section 3.3).
fn built() -> impl Strategy<Value = Built> {
    let auth = (
        prop::option::of(gen::userinfo()),
        gen::host(),
        prop::option::of(gen::port()),
    );
    (
        prop::option::of(gen::scheme()),
        prop::option::of(auth),
        prop::option::of(gen::query()),
        prop::option::of(gen::fragment()),
    )
        .prop_flat_map(|(scheme, auth, query, fragment)| {
            let path = match (&scheme, &auth) {
                (_, Some(_)) => gen::path_abempty(),
                (Some(_), None) => prop_oneof![
                    gen::path_absolute(),
                    gen::path_rootless(),
                    Just(String::new())
                ]
                .boxed(),
                (None, None) => prop_oneof![
                    gen::path_absolute(),
                    gen::path_noscheme(),
                    Just(String::new())
                ]
                .boxed(),
            };
            path.prop_map(move |path| Built {
                scheme: scheme.clone(),
                auth: auth.clone(),
                path,
                query: query.clone(),
                fragment: fragment.clone(),
            })
        })
}

/// URN-like strings: `urn:` NID `:` NSS with optional r-, q-, f-components,
/// from a small alphabet so that equivalent pairs come up.
fn urn() -> impl Strategy<Value = String> {
    let nid =
        prop::sample::select(&["isbn", "ISBN", "example", "uuid", "x", "a-b", "-x", "urn"][..]);
    let nss = prop::collection::vec(
        prop::sample::select(
            &[
                "a", "A", "%2c", "%2C", "/", "?", ":", "1", "-", "%00", "~", "&", "=",
            ][..],
        ),
        0..8,
    )
    .prop_map(|v| v.concat());
    let tail = prop::sample::select(
        &[
            "", "?+r", "?=q", "?+r?=q", "#f", "?s=1&c=2", "?c=2&s=1", "#",
        ][..],
    );
    (
        prop::sample::select(&["urn", "URN", "uRn"][..]),
        nid,
        nss,
        tail,
    )
        .prop_map(|(u, n, s, t)| format!("{u}:{n}:{s}{t}"))
}

proptest! {
    #![proptest_config(config(512))]

    /// Grammar-built references are valid and satisfy every parse property.
    #[test]
    fn grammar_references_parse_and_round_trip(s in gen::uri_reference()) {
        let r = UriRef::parse(&s);
        prop_assert!(r.is_ok(), "{s:?}: {:?}", r.err());
        props::check_parse(&s);
    }

    /// The parser finds exactly the components the reference was built from.
    #[test]
    fn parser_finds_the_built_components(b in built()) {
        let s = b.text();
        let r = UriRef::parse(&s).map_err(|e| TestCaseError::fail(format!("{s:?}: {e}")))?;
        prop_assert_eq!(r.scheme(), b.scheme.as_deref());
        let (u, h, p) = match &b.auth {
            Some((u, h, p)) => (u.as_deref(), Some(h.as_str()), p.as_deref()),
            None => (None, None, None),
        };
        prop_assert_eq!(r.has_authority(), b.auth.is_some());
        prop_assert_eq!(r.userinfo(), u);
        prop_assert_eq!(r.host_str(), h);
        prop_assert_eq!(r.port(), p);
        prop_assert_eq!(r.path(), b.path.as_str());
        prop_assert_eq!(r.query(), b.query.as_deref());
        prop_assert_eq!(r.fragment(), b.fragment.as_deref());
        props::check_parse(&s);
    }

    /// `absolute-URI` and `URI` parse as absolute; `relative-ref` as relative.
    #[test]
    fn grammar_rules_have_their_kind(a in gen::absolute_uri(), u in gen::uri(), r in gen::relative_ref()) {
        let pa = UriRef::parse(&a).map_err(|e| TestCaseError::fail(format!("{a:?}: {e}")))?;
        prop_assert!(pa.is_absolute() && pa.fragment().is_none());
        prop_assert!(urikit::Uri::parse(&u).is_ok(), "{u:?}");
        let pr = UriRef::parse(&r).map_err(|e| TestCaseError::fail(format!("{r:?}: {e}")))?;
        prop_assert!(pr.is_relative());
    }

    /// Each host form is typed as such, with the address `std` reads.
    #[test]
    fn hosts_are_typed(v4 in gen::ipv4address(), v6 in gen::ipv6address(),
                       fut in gen::ipvfuture(), name in gen::reg_name()) {
        let s = format!("//{v4}");
        let want = v4.parse::<Ipv4Addr>().map_err(|e| TestCaseError::fail(format!("{v4}: {e}")))?;
        prop_assert_eq!(UriRef::parse(&s).ok().and_then(|r| r.host()), Some(Host::Ipv4(want)));

        let s = format!("//[{v6}]");
        let want = v6.parse::<Ipv6Addr>().map_err(|e| TestCaseError::fail(format!("{v6}: {e}")))?;
        let got = UriRef::parse(&s).ok().and_then(|r| r.host());
        prop_assert_eq!(got, Some(Host::Ipv6 { addr: want, literal: v6.as_str() }));

        let s = format!("//[{fut}]");
        prop_assert_eq!(UriRef::parse(&s).ok().and_then(|r| r.host()), Some(Host::IpvFuture(fut.as_str())));

        let s = format!("//{name}");
        let got = UriRef::parse(&s).ok().and_then(|r| r.host());
        prop_assert_eq!(got, Some(Host::RegName(name.as_str())));
    }

    /// One edit away from valid: never panics, errors point inside the input.
    #[test]
    fn near_misses_never_panic(s in gen::near_miss()) {
        props::check_parse(&s);
    }

    /// Random bytes: never panics, errors point inside the input.
    #[test]
    fn random_bytes_never_panic(s in gen::bytes()) {
        props::check_parse(&s);
    }

    /// URN equivalence is an equivalence relation on canonical forms; case
    /// respellings are equivalent.
    #[test]
    fn urn_equivalence(a in urn(), b in urn(), c in urn(), pick in 0usize..3) {
        // Make some of the three equivalent by construction.
        let b2 = if pick == 0 { props_urn::respell(&a) } else { b };
        props_urn::check_urn(&a, &b2, &c);
    }

    /// Resolution agrees with the RFC 5.2 transcription; relativization
    /// round-trips, for grammar-built bases and references (deep dot paths).
    #[test]
    fn resolution_and_relativization(base in gen::absolute_uri(), r in gen::uri_reference()) {
        props_resolve::check_resolve(&base, &r);
        props_resolve::check_relativize(&base, &r);
    }

    /// Normalization: idempotent, keeps structure and equivalence; equivalent
    /// respellings normalize alike.
    #[test]
    fn normalization_properties(s in gen::uri_reference()) {
        props_normalize::check_normalize(&s);
    }

    /// Percent-encoding round trip for arbitrary bytes, with every table.
    #[test]
    fn pct_round_trip(data in prop::collection::vec(any::<u8>(), 0..300)) {
        props::check_pct(&data);
    }
}

/// Extraction (feature `extract`): spans, lines and columns are right in any
/// text, and a grammar-built URI marked `<URL:...>` is found whole.
#[cfg(feature = "extract")]
mod extract {
    use super::common::{gen, props_extract};
    use super::config;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(config(256))]

        #[test]
        fn marked_uris_are_found_whole(uri in gen::uri(), before in gen::bytes(), after in gen::bytes()) {
            // The text around must not open a bracket of its own.
            let before = before.replace(['<', '>', '"'], " ");
            // The finder's documented rules: something after the `:`, and a
            // host for schemes that need an authority (http: it checks all).
            let u = urikit::UriRef::parse(&uri).unwrap();
            prop_assume!(!uri.ends_with(':') && u.host_str() != Some(""));
            props_extract::check_extract_marked(&uri, &before, &after);
        }

        #[test]
        fn spans_are_right_in_any_text(s in gen::bytes(), uri in gen::uri_reference()) {
            props_extract::check_extract(&s);
            props_extract::check_extract(&format!("{s} {uri}\n{s}"));
        }
    }
}
