//! URN properties, shared like `props.rs` by the `urn` fuzz target, the
//! property tests and the fuzz regression tests: parsing never panics and
//! accepts only URIs; lexical equivalence (RFC 8141 section 3, the drafts'
//! section 5) is an equivalence relation whose classes are exactly those of
//! the canonical strings, and a canonical string is a URN of its own class
//! and a fixed point.

use urikit::urn::{Comparator, Namespaces, Objective, Urn, UrnProfile};
use urikit::Uri;

const PROFILES: [UrnProfile; 3] = [
    UrnProfile::Rfc8141,
    UrnProfile::Draft03,
    UrnProfile::Draft04,
];

/// `s` respelled in ways RFC 8141 section 3.1 says do not matter: the `urn`
/// prefix and the NID in the other case, percent-encoding hex digits in the
/// other case. Under every profile the result is equivalent to `s`.
pub fn respell(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut after_pct = 0u8;
    let nss_start = s.match_indices(':').nth(1).map_or(s.len(), |(k, _)| k);
    for (k, c) in s.char_indices() {
        let flip = |c: char| {
            if c.is_ascii_lowercase() {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            }
        };
        if k < nss_start || after_pct > 0 {
            out.push(flip(c));
        } else {
            out.push(c);
        }
        after_pct = if c == '%' && k >= nss_start {
            2
        } else {
            after_pct.saturating_sub(1)
        };
    }
    out
}

/// Checks the URN properties on three inputs, under every profile, objective
/// and with or without the standard namespace rules.
pub fn check_urn(a: &str, b: &str, c: &str) {
    let standard = Namespaces::standard();
    for profile in PROFILES {
        let parsed: Vec<Urn<'_>> = [a, b, c]
            .into_iter()
            .filter_map(|s| {
                let u = Urn::parse_with(s, profile);
                if let Err(e) = &u {
                    assert!(e.index() <= s.len(), "URN error index past the end");
                } else {
                    assert!(Uri::parse(s).is_ok(), "URN {s:?} is not a URI");
                }
                u.ok()
            })
            .collect();
        let respelled: Vec<String> = parsed.iter().map(|u| respell(u.as_str())).collect();
        for cmp in [
            Comparator::new(),
            Comparator::new().objective(Objective::Caching),
            Comparator::new().namespaces(&standard),
        ] {
            for (u, r) in parsed.iter().zip(&respelled) {
                let v = Urn::parse_with(r, profile)
                    .unwrap_or_else(|e| panic!("respelled {r:?} of {u} fails: {e}"));
                assert!(cmp.equivalent(u, &v), "{u} and {v} differ only in case");
                let canon = cmp.canonical(u);
                let p = Urn::parse_with(&canon, profile)
                    .unwrap_or_else(|e| panic!("canonical {canon:?} of {u} fails: {e}"));
                assert!(
                    cmp.equivalent(u, &p),
                    "canonical {canon} not equivalent to {u}"
                );
                assert_eq!(cmp.canonical(&p), canon, "canonical is not a fixed point");
            }
            for x in &parsed {
                assert!(cmp.equivalent(x, x));
                for y in &parsed {
                    let xy = cmp.equivalent(x, y);
                    assert_eq!(xy, cmp.equivalent(y, x), "not symmetric: {x} {y}");
                    assert_eq!(xy, cmp.key(x) == cmp.key(y));
                    assert_eq!(xy, cmp.canonical(x) == cmp.canonical(y));
                    for z in &parsed {
                        if xy && cmp.equivalent(y, z) {
                            assert!(cmp.equivalent(x, z), "not transitive: {x} {y} {z}");
                        }
                    }
                }
            }
            // Namespace rules only add equivalences.
            for x in &parsed {
                for y in &parsed {
                    if Comparator::new().equivalent(x, y) {
                        assert!(Comparator::new().namespaces(&standard).equivalent(x, y));
                    }
                }
            }
        }
    }
}
