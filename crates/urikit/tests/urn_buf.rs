//! The owned URN, `UrnBuf`: round trips through `String`, errors that give
//! the input back, every profile, equivalence through `UrnKey`, the string
//! traits, serde (feature `serde`), and its borrowed view agreeing with a
//! fresh borrowed parse over every input of the URN vectors.

mod common;

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt::Debug;

use proptest::prelude::*;
use urikit::urn::{Comparator, Namespaces, Objective, Urn, UrnBuf, UrnErrorKind as K, UrnProfile};
use urikit::UriBuf;

use common::{cases, str_field};

const ALL: [UrnProfile; 3] = [
    UrnProfile::Rfc8141,
    UrnProfile::Draft03,
    UrnProfile::Draft04,
];

/// Asserts that `owned` (its view, and its own methods) reads exactly as
/// `fresh`, a borrowed parse of the same string under the same profile.
fn assert_same(owned: &UrnBuf, fresh: &Urn<'_>, ctx: &str) {
    let v = owned.as_urn();
    // The view borrows the owned string: nothing copied.
    assert_eq!(v.as_str().as_ptr(), owned.as_str().as_ptr(), "{ctx}");
    assert_eq!(v.as_str(), fresh.as_str(), "{ctx}");
    assert_eq!(owned.as_str(), fresh.as_str(), "{ctx}");
    assert_eq!(owned.profile(), fresh.profile(), "{ctx}");
    assert_eq!(v.profile(), fresh.profile(), "{ctx}");
    assert_eq!(v.scheme(), fresh.scheme(), "{ctx}");
    assert_eq!(v.nid(), fresh.nid(), "{ctx}");
    assert_eq!(v.nss(), fresh.nss(), "{ctx}");
    assert_eq!(v.assigned_name(), fresh.assigned_name(), "{ctx}");
    assert_eq!(v.r_component(), fresh.r_component(), "{ctx}");
    assert_eq!(v.q_component(), fresh.q_component(), "{ctx}");
    assert_eq!(v.f_component(), fresh.f_component(), "{ctx}");
    assert_eq!(v.query(), fresh.query(), "{ctx}");
    assert!(v.directives().eq(fresh.directives()), "{ctx}");
    assert_eq!(v.canonical(), fresh.canonical(), "{ctx}");
    assert_eq!(v.key(), fresh.key(), "{ctx}");
    assert_eq!(v.to_display(), fresh.to_display(), "{ctx}");
    assert_eq!(v.name(), fresh.name(), "{ctx}");
    assert_eq!(v, *fresh, "{ctx}");
    let (u, fu) = (owned.as_uri(), fresh.as_uri());
    assert_eq!(u, fu, "{ctx}");
    assert_eq!(
        (u.path(), u.query(), u.fragment()),
        (fu.path(), fu.query(), fu.fragment()),
        "{ctx}"
    );
    assert_eq!(owned.to_string(), fresh.to_string(), "{ctx}");
    assert_eq!(
        format!("{owned:?}"),
        format!("{fresh:?}").replacen("Urn(", "UrnBuf(", 1),
        "{ctx}"
    );
}

/// Parses `input` every way under `profile` and checks the owned results
/// against the borrowed parse: same success, same error, the input given
/// back on failure. Returns whether it parsed.
fn check_input(input: &str, profile: UrnProfile, ctx: &str) -> bool {
    let fresh = Urn::parse_with(input, profile);
    let owned = UrnBuf::parse_with(input.to_owned(), profile);
    match (&fresh, owned) {
        (Ok(fresh), Ok(owned)) => {
            assert_same(&owned, fresh, ctx);
            assert_same(&fresh.to_owned(), fresh, ctx);
            let uri: UriBuf = input.parse().expect(ctx);
            assert_same(&UrnBuf::from_uri(uri, profile).expect(ctx), fresh, ctx);
            assert_eq!(owned.clone().into_string(), input, "{ctx}");
            true
        }
        (Err(e), Err((oe, back))) => {
            assert_eq!((*e, back.as_str()), (oe, input), "{ctx}");
            if let Ok(uri) = input.parse::<UriBuf>() {
                let (ue, uri_back) = UrnBuf::from_uri(uri, profile).expect_err(ctx);
                assert_eq!((ue, uri_back.as_str()), (*e, input), "{ctx}");
            }
            false
        }
        (f, o) => panic!("{ctx}: borrowed {f:?}, owned {o:?}"),
    }
}

#[test]
fn agrees_with_borrowed_parse_over_the_vectors() {
    let files = [
        "urn/go-urn.json",
        "urn/rfc8141-rfc2141-examples.json",
        "urn/uri-js.json",
        "urn/urn-crate.json",
        "urn/urnparse-python.json",
    ];
    let (mut inputs, mut parsed) = (0, [0usize; 3]);
    for file in files {
        for case in cases(file) {
            for key in ["input", "a", "b", "string", "normalized"] {
                let Some(input) = str_field(&case, key) else {
                    continue;
                };
                inputs += 1;
                for (k, profile) in ALL.into_iter().enumerate() {
                    let ctx = format!("{file} {key} {profile:?} {input:?}");
                    parsed[k] += usize::from(check_input(input, profile, &ctx));
                }
            }
        }
    }
    // Every input string of the five files (valid, invalid, equivalence
    // pairs, expected strings), and how many each profile accepts. rfc8141
    // counts the 4 go-urn inputs with `?+`/`?=` inside an r- or q-component,
    // which RFC 8141 section 2 makes valid (see tests/urn_vectors.rs).
    assert_eq!(
        (inputs, parsed),
        (648, [526, 418, 400]),
        "inputs seen, accepted under rfc8141, draft-03, draft-04"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// URN-like strings: owned and borrowed parses agree, error and input
    /// included, under every profile.
    #[test]
    fn agrees_with_borrowed_parse_on_urn_like_strings(
        tail in "[aAzZ09:%/?+=#&.-]{0,24}",
        scheme in prop::sample::select(vec!["urn:", "URN:", "urn", "urm:", ""]),
    ) {
        let input = format!("{scheme}{tail}");
        for profile in ALL {
            check_input(&input, profile, &format!("{profile:?} {input:?}"));
        }
    }
}

#[test]
fn round_trips() {
    let s = "URN:Example:a123,z456/b?+res?=q#frag";
    let from_string = UrnBuf::parse(s.to_owned()).unwrap();
    let from_try = UrnBuf::try_from(s.to_owned()).unwrap();
    let from_str: UrnBuf = s.parse().unwrap();
    let from_ref = UrnBuf::try_from(s).unwrap();
    let from_view = Urn::parse(s).unwrap().to_owned();
    for u in [&from_try, &from_str, &from_ref, &from_view] {
        assert_eq!(u, &from_string);
        assert_eq!(u.profile(), UrnProfile::Rfc8141);
    }
    assert_eq!(from_string.as_str(), s);
    assert_eq!(from_string.to_string(), s);
    assert_eq!(AsRef::<str>::as_ref(&from_string), s);
    assert_eq!(String::from(from_string.clone()), s);
    assert_eq!(from_string.clone().into_string(), s);
    let uri: UriBuf = from_string.clone().into();
    assert_eq!(uri.as_str(), s);
    assert_eq!(from_string.clone().into_uri(), uri);
    let back = UrnBuf::try_from(uri).unwrap();
    assert_eq!(back, from_string);
    let v = from_string.as_urn();
    assert_eq!(
        (
            v.nid(),
            v.nss(),
            v.r_component(),
            v.q_component(),
            v.f_component()
        ),
        (
            "Example",
            "a123,z456/b",
            Some("res"),
            Some("q"),
            Some("frag")
        )
    );
    assert_eq!(
        format!("{from_string:?}"),
        "UrnBuf(\"URN:Example:a123,z456/b?+res?=q#frag\", rfc8141)"
    );
    // The owned value outlives its source.
    let owned = {
        let tmp = String::from("urn:ietf:rfc:2648");
        Urn::parse(&tmp).unwrap().to_owned()
    };
    assert_eq!(owned.as_urn().nss(), "rfc:2648");
}

#[test]
fn errors_give_the_input_back() {
    let cases: &[(&str, UrnProfile, usize, K)] = &[
        ("urn:a:b", UrnProfile::Rfc8141, 5, K::InvalidNid),
        ("urn:ex-:nss", UrnProfile::Rfc8141, 6, K::InvalidNid),
        ("urn:urn:x", UrnProfile::Rfc8141, 4, K::ReservedNid),
        ("http://example.com/", UrnProfile::Rfc8141, 0, K::NotUrn),
        (
            "urn:foo:a?s=I2L&s=I2R",
            UrnProfile::Draft03,
            16,
            K::DuplicateDirective,
        ),
        ("urn:foo:a%00", UrnProfile::Draft03, 9, K::EncodedNul),
        (
            "urn:foo:a%0",
            UrnProfile::Draft04,
            9,
            K::InvalidPercentEncoding,
        ),
    ];
    for &(input, profile, index, kind) in cases {
        let (err, back) = UrnBuf::parse_with(input.to_owned(), profile).unwrap_err();
        assert_eq!(
            (err.index(), err.kind(), back.as_str()),
            (index, kind, input)
        );
        assert_eq!(err, Urn::parse_with(input, profile).unwrap_err());
        if profile == UrnProfile::Rfc8141 {
            let (e2, back2) = UrnBuf::try_from(input.to_owned()).unwrap_err();
            assert_eq!((e2, back2.as_str()), (err, input));
            assert_eq!(UrnBuf::try_from(input).unwrap_err(), err);
            assert_eq!(input.parse::<UrnBuf>().unwrap_err(), err);
        }
    }
    // The capacity comes back too: the very allocation.
    let s = String::with_capacity(100) + "urn:x:y";
    let ptr = s.as_ptr();
    let (_, back) = UrnBuf::parse(s).unwrap_err();
    assert_eq!((back.as_ptr(), back.capacity()), (ptr, 100));
    // And a URI that is no URN under the profile.
    let uri: UriBuf = "urn:example:a/b".parse().unwrap();
    let (err, uri) = UrnBuf::from_uri(uri, UrnProfile::Draft03).unwrap_err();
    assert_eq!(
        (err.kind(), uri.as_str()),
        (K::InvalidNss, "urn:example:a/b")
    );
}

#[test]
fn parsing_an_owned_string_keeps_its_allocation() {
    let s = String::from("urn:example:weather?+CCResolve:cc=uk");
    let ptr = s.as_ptr();
    let u = UrnBuf::parse(s).unwrap();
    assert_eq!(u.as_str().as_ptr(), ptr);
    let s = u.into_string();
    assert_eq!(s.as_ptr(), ptr);
}

#[test]
fn every_profile() {
    let s = "urn:isbn:0-395-36341-1?s=I2L&c=ToC#p1";
    let u = UrnBuf::parse_with(s.to_owned(), UrnProfile::Draft03).unwrap();
    assert_eq!(u.profile(), UrnProfile::Draft03);
    let v = u.as_urn();
    assert_eq!(v.query(), Some("s=I2L&c=ToC"));
    let kw: Vec<_> = v.directives().map(|d| (d.keyword(), d.value())).collect();
    assert_eq!(kw, [("s", "I2L"), ("c", "ToC")]);
    assert_eq!(v.f_component(), Some("p1"));
    assert_eq!(format!("{u:?}"), format!("UrnBuf({s:?}, draft-03)"));
    // The same string is no draft-04 URN, nor RFC 8141 (`?s` starts no component).
    assert!(UrnBuf::parse_with(s.to_owned(), UrnProfile::Draft04).is_err());
    assert!(UrnBuf::parse(s.to_owned()).is_err());

    let d4 = UrnBuf::parse_with("urn:ietf:rfc:2648".to_owned(), UrnProfile::Draft04).unwrap();
    assert_eq!(
        (d4.profile(), d4.as_urn().nss(), d4.as_urn().f_component()),
        (UrnProfile::Draft04, "rfc:2648", None)
    );
    assert_eq!(format!("{d4:?}"), "UrnBuf(\"urn:ietf:rfc:2648\", draft-04)");
    let err =
        UrnBuf::parse_with("urn:ietf:rfc:2648#x".to_owned(), UrnProfile::Draft04).unwrap_err();
    assert_eq!(err.1, "urn:ietf:rfc:2648#x");

    // One string under each profile: equal as strings, whatever the profile.
    let each: Vec<UrnBuf> = ALL
        .into_iter()
        .map(|p| UrnBuf::parse_with("urn:ex:a".to_owned(), p).unwrap())
        .collect();
    for (u, p) in each.iter().zip(ALL) {
        assert_eq!(u.profile(), p);
        assert_eq!(u.as_urn().profile(), p);
        assert_eq!(
            Urn::parse_with("urn:ex:a", p).unwrap().to_owned().profile(),
            p
        );
        assert_eq!(u, &each[0]);
    }
}

#[test]
fn equivalence_through_the_key() {
    let spellings = [
        "urn:foo:a123%2c456",
        "URN:FOO:a123%2C456",
        "urn:Foo:a123%2C456?+r#f",
        "urn:foo:a123,456",
    ];
    let owned: Vec<UrnBuf> = spellings.iter().map(|s| s.parse().unwrap()).collect();
    // `==`, `Hash` and `Ord` are about the string: four distinct values.
    assert_eq!(owned.iter().collect::<HashSet<_>>().len(), 4);
    assert_eq!(owned.iter().collect::<BTreeSet<_>>().len(), 4);
    // Lexical equivalence groups the first three.
    let mut groups: HashMap<_, Vec<&str>> = HashMap::new();
    for u in &owned {
        groups.entry(u.as_urn().key()).or_default().push(u.as_str());
    }
    assert_eq!(groups.len(), 2);
    let key = owned[0].as_urn().key();
    assert_eq!(groups[&key], &spellings[..3]);
    assert_eq!(key.as_str(), "urn:foo:a123%2C456");
    assert!(owned[0].as_urn().equivalent(&owned[2].as_urn()));
    assert!(!owned[0].as_urn().equivalent(&owned[3].as_urn()));

    // The comparator's options work on the view as on a borrowed parse.
    let known = Namespaces::standard();
    let with_rules = Comparator::new().namespaces(&known);
    let u1: UrnBuf = "URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6"
        .parse()
        .unwrap();
    let u2: UrnBuf = "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6"
        .parse()
        .unwrap();
    assert_eq!(with_rules.key(&u1.as_urn()), with_rules.key(&u2.as_urn()));
    assert_ne!(u1.as_urn().key(), u2.as_urn().key());
    let caching = Comparator::new().objective(Objective::Caching);
    let a = UrnBuf::parse_with("urn:foo:a?s=I2L&c=ToC".into(), UrnProfile::Draft03).unwrap();
    let b = UrnBuf::parse_with("URN:FOO:a?c=ToC&s=I2L#x".into(), UrnProfile::Draft03).unwrap();
    assert!(caching.equivalent(&a.as_urn(), &b.as_urn()));
    assert_eq!(caching.canonical(&a.as_urn()), "urn:foo:a?c=ToC&s=I2L");
}

#[test]
fn string_traits() {
    fn traits<T: Clone + Debug + Eq + Ord + std::hash::Hash + AsRef<str> + std::fmt::Display>() {}
    traits::<UrnBuf>();
    let mut set: BTreeSet<UrnBuf> = ["urn:bc:x", "urn:ab:x", "URN:ab:x", "urn:ab:x"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect::<BTreeSet<UrnBuf>>();
    let sorted: Vec<&str> = set.iter().map(UrnBuf::as_str).collect();
    assert_eq!(sorted, ["URN:ab:x", "urn:ab:x", "urn:bc:x"]);
    assert!(!set.insert("urn:ab:x".parse().unwrap()));
    let a: UrnBuf = "urn:ab:x".parse().unwrap();
    assert!(a < "urn:bc:x".parse().unwrap());
    assert_eq!(a.clone(), a);
}

#[cfg(feature = "serde")]
#[test]
fn serde_as_the_string() {
    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    struct Doc {
        id: UrnBuf,
    }
    let u: UrnBuf = serde_json::from_str("\"URN:Example:a?+r?=q#f\"").unwrap();
    assert_eq!(u.profile(), UrnProfile::Rfc8141);
    assert_eq!(u.as_urn().q_component(), Some("q"));
    assert_eq!(
        serde_json::to_string(&u).unwrap(),
        "\"URN:Example:a?+r?=q#f\""
    );
    let doc: Doc = serde_json::from_str(r#"{"id":"urn:ietf:rfc:2648"}"#).unwrap();
    assert_eq!(doc.id.as_urn().nss(), "rfc:2648");
    assert_eq!(
        serde_json::to_string(&doc).unwrap(),
        r#"{"id":"urn:ietf:rfc:2648"}"#
    );

    // Deserialization uses the default profile: a draft-03 URN serializes as
    // its string, and comes back only if RFC 8141 accepts that string.
    let d3 = UrnBuf::parse_with("urn:foo:a#f".into(), UrnProfile::Draft03).unwrap();
    let back: UrnBuf = serde_json::from_str(&serde_json::to_string(&d3).unwrap()).unwrap();
    assert_eq!(
        (back.as_str(), back.profile()),
        (d3.as_str(), UrnProfile::Rfc8141)
    );
    let d3q = UrnBuf::parse_with("urn:foo:a?s=I2L".into(), UrnProfile::Draft03).unwrap();
    let err = serde_json::from_str::<UrnBuf>(&serde_json::to_string(&d3q).unwrap()).unwrap_err();
    let want = Urn::parse("urn:foo:a?s=I2L").unwrap_err().to_string();
    assert!(err.to_string().contains(&want), "{err} / {want}");

    for bad in ["\"urn:a:b\"", "\"http://x/\"", "\"\"", "42"] {
        assert!(serde_json::from_str::<UrnBuf>(bad).is_err(), "{bad}");
    }
}
