//! Property tests for URNs: lexical equivalence is an equivalence relation,
//! canonical forms and keys agree with it, and names survive the round trip
//! through a URN.

use proptest::prelude::*;
use urikit::urn::{Comparator, Namespaces, Objective, Urn, UrnProfile};
use urikit::Uri;

/// The assigned name a URN is a spelling of: a lowercase NID and NSS tokens.
type Base = (&'static str, Vec<&'static str>);

fn base() -> impl Strategy<Value = Base> {
    let nid = prop::sample::select(vec!["ex", "uuid", "isbn", "ietf"]);
    let token = prop::sample::select(vec!["a", "A", "%2c", ",", "0", "-", ":", "rfc:1"]);
    (nid, prop::collection::vec(token, 1..3))
}

/// One spelling of `base` for `profile`: case variants of "urn", the NID and
/// hex digits, and optional parts that equivalence ignores (or, under draft-03
/// caching, reorders).
fn spelling(base: Base, profile: UrnProfile) -> BoxedStrategy<String> {
    let scheme = prop::sample::select(vec!["urn", "URN", "Urn"]);
    let upper = prop::collection::vec(any::<bool>(), 8);
    let slash = prop::option::of(prop::sample::select(vec!["/x", "/X"]));
    // `?+` is a plain character in both components, `?=` in a q-component
    // (RFC 8141 section 2: both are `pchar *( pchar / "/" / "?" )`).
    let r = prop::option::weighted(
        0.3,
        prop::sample::select(vec!["r", "R", "%2f", "+?+", "r?+s", "=?"]),
    );
    let q = prop::option::weighted(
        0.3,
        prop::sample::select(vec!["q", "Q", "%2f", "=?=", "q?+s?=t", "+?"]),
    );
    let directives =
        prop::sample::subsequence(vec!["s=I2L", "c=ToC", "x=%2a"], 0..3).prop_shuffle();
    let fragment = prop::option::weighted(0.3, prop::sample::select(vec!["", "f", "%2F"]));
    (
        scheme,
        upper.clone(),
        upper,
        slash,
        r,
        q,
        directives,
        fragment,
    )
        .prop_map(
            move |(scheme, nid_upper, hex_upper, slash, r, q, directives, fragment)| {
                let (nid, tokens) = &base;
                let nid: String = nid
                    .chars()
                    .zip(nid_upper)
                    .map(|(c, up)| if up { c.to_ascii_uppercase() } else { c })
                    .collect();
                let nss: String = tokens
                    .iter()
                    .zip(hex_upper.iter().cycle())
                    .map(|(t, &up)| {
                        if t.starts_with('%') && up {
                            t.to_ascii_uppercase()
                        } else {
                            t.to_string()
                        }
                    })
                    .collect();
                let mut s = format!("{scheme}:{nid}:{nss}");
                match profile {
                    UrnProfile::Draft04 => return s,
                    UrnProfile::Draft03 => {
                        if !directives.is_empty() {
                            s.push('?');
                            s.push_str(&directives.join("&"));
                        }
                    }
                    _ => {
                        s.push_str(slash.unwrap_or(""));
                        if let Some(r) = r {
                            s.push_str("?+");
                            s.push_str(r);
                        }
                        if let Some(q) = q {
                            s.push_str("?=");
                            s.push_str(q);
                        }
                    }
                }
                if let Some(f) = fragment {
                    s.push('#');
                    s.push_str(f);
                }
                s
            },
        )
        .boxed()
}

/// A spelling of one of two bases, so that equivalent pairs are frequent.
fn urn_string_of(bases: (Base, Base), profile: UrnProfile) -> BoxedStrategy<String> {
    prop_oneof![spelling(bases.0, profile), spelling(bases.1, profile)].boxed()
}

fn profiles() -> impl Strategy<Value = UrnProfile> {
    prop::sample::select(vec![
        UrnProfile::Rfc8141,
        UrnProfile::Draft03,
        UrnProfile::Draft04,
    ])
}

fn three(profile: UrnProfile) -> BoxedStrategy<(UrnProfile, String, String, String)> {
    (base(), base())
        .prop_flat_map(move |bases| {
            (
                Just(profile),
                urn_string_of(bases.clone(), profile),
                urn_string_of(bases.clone(), profile),
                urn_string_of(bases, profile),
            )
        })
        .boxed()
}

fn check_relation(
    cmp: Comparator<'_>,
    profile: UrnProfile,
    a: &str,
    b: &str,
    c: &str,
) -> Result<(), TestCaseError> {
    let (a, b, c) = (
        Urn::parse_with(a, profile).unwrap(),
        Urn::parse_with(b, profile).unwrap(),
        Urn::parse_with(c, profile).unwrap(),
    );
    prop_assert!(cmp.equivalent(&a, &a));
    prop_assert_eq!(cmp.equivalent(&a, &b), cmp.equivalent(&b, &a));
    if cmp.equivalent(&a, &b) && cmp.equivalent(&b, &c) {
        prop_assert!(cmp.equivalent(&a, &c), "{} {} {}", a, b, c);
    }
    prop_assert_eq!(cmp.key(&a) == cmp.key(&b), cmp.equivalent(&a, &b));
    for u in [&a, &b, &c] {
        let canon = cmp.canonical(u);
        let parsed = Urn::parse_with(&canon, profile);
        prop_assert!(
            parsed.is_ok(),
            "canonical {} of {} does not parse: {:?}",
            canon,
            u,
            parsed
        );
        let parsed = parsed.unwrap();
        prop_assert!(
            cmp.equivalent(&parsed, u),
            "canonical {} not equivalent to {}",
            canon,
            u
        );
        prop_assert_eq!(
            cmp.canonical(&parsed),
            canon.clone(),
            "canonical form is a fixed point"
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn equivalence_is_an_equivalence_relation(
        (profile, a, b, c) in profiles().prop_flat_map(three),
        caching in any::<bool>(),
    ) {
        let objective = if caching { Objective::Caching } else { Objective::Names };
        check_relation(Comparator::new().objective(objective), profile, &a, &b, &c)?;
    }

    #[test]
    fn namespace_rules_keep_it_an_equivalence_and_only_add(
        (profile, a, b, c) in profiles().prop_flat_map(three),
    ) {
        let known = Namespaces::standard();
        let with_rules = Comparator::new().namespaces(&known);
        check_relation(with_rules, profile, &a, &b, &c)?;
        let (a, b) = (Urn::parse_with(&a, profile).unwrap(), Urn::parse_with(&b, profile).unwrap());
        if a.equivalent(&b) {
            prop_assert!(with_rules.equivalent(&a, &b), "{} {}", a, b);
        }
    }

    /// Components with `?`, `?+` and `?=` inside come back exactly as built.
    #[test]
    fn rq_components_with_question_marks_round_trip(
        r in prop::option::of("[a-z+=%][a-z0-9+=?/]{0,6}"),
        q in prop::option::of("[a-z+=%][a-z0-9+=?/]{0,6}"),
        f in prop::option::of("[a-z0-9+=?/]{0,6}"),
    ) {
        // "%" is only a valid first character as part of "%2F".
        let r = r.map(|r| r.replacen('%', "%2F", 1));
        let q = q.map(|q| q.replacen('%', "%2F", 1));
        // A "?=" inside an r-component would start the q-component.
        prop_assume!(!r.as_deref().is_some_and(|r| r.contains("?=")));
        let s = Urn::build("ex", "n", r.as_deref(), q.as_deref(), f.as_deref(), UrnProfile::Rfc8141)
            .unwrap();
        let urn = Urn::parse(&s).unwrap();
        prop_assert_eq!(
            (urn.nss(), urn.r_component(), urn.q_component(), urn.f_component()),
            ("n", r.as_deref(), q.as_deref(), f.as_deref()),
            "{}", s
        );
    }

    #[test]
    fn name_to_urn_and_back(name in any::<String>(), profile in profiles()) {
        prop_assume!(!name.is_empty());
        prop_assume!(profile != UrnProfile::Draft03 || !name.contains('\0'));
        let s = Urn::from_name("example", &name, profile).unwrap();
        let urn = Urn::parse_with(&s, profile).unwrap();
        prop_assert_eq!(urn.name().unwrap(), name.as_str());
        prop_assert_eq!(urn.nid(), "example");
        // Display never shows fewer characters than the name has.
        prop_assert!(urn.to_display().chars().count() >= name.chars().count());
    }

    #[test]
    fn parse_never_panics_and_accepts_only_uris(
        s in prop_oneof![
            "(urn|URN|x)?:?[a-zA-Z0-9-]{0,4}:?[ -~é]{0,12}",
            "urn:[a-z]{2}:[a-z%0-9]{1,3}[?#+=&/%0-9a-z]{0,10}",
            any::<String>(),
        ],
        profile in profiles(),
    ) {
        if let Ok(urn) = Urn::parse_with(&s, profile) {
            prop_assert!(Uri::parse(&s).is_ok());
            prop_assert_eq!(urn.as_str(), s.as_str());
            let _ = (urn.to_display(), urn.name(), urn.directives().count());
            for objective in [Objective::Names, Objective::Caching] {
                let cmp = Comparator::new().objective(objective);
                let canon = cmp.canonical(&urn);
                let back = Urn::parse_with(&canon, profile);
                prop_assert!(back.is_ok(), "{} -> {}", s, canon);
                prop_assert!(cmp.equivalent(&back.unwrap(), &urn));
            }
        } else {
            let e = Urn::parse_with(&s, profile).unwrap_err();
            prop_assert!(e.index() <= s.len());
        }
    }
}

/// The generators produce equivalent pairs and non-equivalent ones, both
/// often enough for the properties above to mean something.
#[test]
fn generated_pairs_are_often_equivalent() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    for profile in [
        UrnProfile::Rfc8141,
        UrnProfile::Draft03,
        UrnProfile::Draft04,
    ] {
        let strategy = (base(), base()).prop_flat_map(move |bases| {
            (
                urn_string_of(bases.clone(), profile),
                urn_string_of(bases, profile),
            )
        });
        let (mut same, mut different, mut transitive_chains) = (0, 0, 0);
        for _ in 0..2000 {
            let (a, b) = strategy.new_tree(&mut runner).unwrap().current();
            let (a, b) = (
                Urn::parse_with(&a, profile).unwrap(),
                Urn::parse_with(&b, profile).unwrap(),
            );
            if a.equivalent(&b) {
                same += 1;
                if a.as_str() != b.as_str() {
                    transitive_chains += 1;
                }
            } else {
                different += 1;
            }
        }
        assert!(
            same >= 20 && different >= 20 && transitive_chains >= 10,
            "{profile:?}: {same} {different} {transitive_chains}"
        );
    }
}
