//! URNs: the specs' own examples, every error kind with its byte index, the
//! draft-03 directives, the namespace registry, and name conversion.

use std::collections::HashSet;

use urikit::urn::{
    check_nid, decode_nss, encode_nss, Comparator, Namespaces, Objective, ResolutionService, Urn,
    UrnErrorKind as K, UrnProfile,
};
use urikit::Uri;

const ALL: [UrnProfile; 3] = [
    UrnProfile::Rfc8141,
    UrnProfile::Draft03,
    UrnProfile::Draft04,
];

/// Asserts that the pairs of `urns` are equivalent exactly when they share a
/// class in `classes` (1-based numbers, as the drafts print them), with keys
/// and canonical forms agreeing.
fn assert_classes(urns: &[Urn<'_>], cmp: Comparator<'_>, classes: &[&[usize]], ctx: &str) {
    let class_of = |n: usize| {
        classes
            .iter()
            .position(|c| c.contains(&n))
            .expect("every URN in a class")
    };
    for (i, a) in urns.iter().enumerate() {
        for (j, b) in urns.iter().enumerate() {
            let expected = class_of(i + 1) == class_of(j + 1);
            assert_eq!(
                cmp.equivalent(a, b),
                expected,
                "{ctx}: URNs {} and {}",
                i + 1,
                j + 1
            );
            assert_eq!(
                cmp.key(a) == cmp.key(b),
                expected,
                "{ctx}: keys {} and {}",
                i + 1,
                j + 1
            );
        }
    }
}

/// draft-03 section 5.1: "URNs 1, 2, 3 and 8 are all lexically equivalent,
/// and URN 7 is also lexically equivalent to these if step 5a is applied, but
/// this does not hold if step 5b above is applied instead. URN 4 is not
/// lexically equivalent to any of the other URNs of the above set. URNs 5 and
/// 6 are only lexically equivalent to each other."
#[test]
fn draft03_section_5_1() {
    let texts = [
        "URN:foo:a123,456",
        "urn:foo:a123,456",
        "urn:FOO:a123,456",
        "urn:foo:A123,456",
        "urn:foo:a123%2C456",
        "URN:FOO:a123%2c456",
        "urn:foo:a123,456?x=y",
        "urn:foo:a123,456#xyz",
    ];
    let urns: Vec<_> = texts
        .iter()
        .map(|s| Urn::parse_with(s, UrnProfile::Draft03).unwrap())
        .collect();
    let names = Comparator::new().objective(Objective::Names);
    let caching = Comparator::new().objective(Objective::Caching);
    assert_classes(&urns, names, &[&[1, 2, 3, 7, 8], &[4], &[5, 6]], "step 5a");
    assert_classes(
        &urns,
        caching,
        &[&[1, 2, 3, 8], &[4], &[5, 6], &[7]],
        "step 5b",
    );
    assert_eq!(caching.canonical(&urns[6]), "urn:foo:a123,456?x=y");
    assert_eq!(names.canonical(&urns[6]), "urn:foo:a123,456");
    assert_eq!(names.canonical(&urns[5]), "urn:foo:a123%2C456");
    // The default objective is "names".
    assert!(urns[0].equivalent(&urns[6]));
}

/// draft-04 section 5.1 (the list is RFC 2141's): "URNs 1, 2, and 3 are
/// lexically equivalent. URN 4 is not lexically equivalent to any of the
/// other URNs in the above set. URNs 5 and 6 are lexically equivalent only to
/// each other." They hold under every profile.
#[test]
fn draft04_section_5_1() {
    let texts = [
        "URN:foo:a123,456",
        "urn:foo:a123,456",
        "urn:FOO:a123,456",
        "urn:foo:A123,456",
        "urn:foo:a123%2C456",
        "URN:FOO:a123%2c456",
    ];
    for profile in ALL {
        let urns: Vec<_> = texts
            .iter()
            .map(|s| Urn::parse_with(s, profile).unwrap())
            .collect();
        for objective in [Objective::Names, Objective::Caching] {
            let cmp = Comparator::new().objective(objective);
            assert_classes(&urns, cmp, &[&[1, 2, 3], &[4], &[5, 6]], profile.name());
        }
    }
}

/// RFC 8141 section 3.2: scheme and NID case-insensitive, r/q/f ignored, "/"
/// part of the NSS, %-hex case-insensitive but never decoded, NSS
/// case-sensitive.
#[test]
fn rfc8141_section_3_2() {
    let texts = [
        "urn:example:a123,z456",
        "URN:example:a123,z456",
        "urn:EXAMPLE:a123,z456",
        "urn:example:a123,z456?+abc",
        "urn:example:a123,z456?=xyz",
        "urn:example:a123,z456#789",
        "urn:example:a123,z456/foo",
        "urn:example:a123,z456/bar",
        "urn:example:a123,z456/baz",
        "urn:example:a123%2Cz456",
        "URN:EXAMPLE:a123%2cz456",
        "urn:example:A123,z456",
        "urn:example:a123,Z456",
        "urn:example:%D0%B0123,z456",
    ];
    let urns: Vec<_> = texts.iter().map(|s| Urn::parse(s).unwrap()).collect();
    assert_classes(
        &urns,
        Comparator::new(),
        &[
            &[1, 2, 3, 4, 5, 6],
            &[7],
            &[8],
            &[9],
            &[10, 11],
            &[12],
            &[13],
            &[14],
        ],
        "rfc8141",
    );
}

/// RFC 8141 section 2: `r-component = pchar *( pchar / "/" / "?" )` and the
/// same for q-component. `?+` inside either and `?=` inside a q-component are
/// plain characters; the first `?=` after the r-component's first character
/// starts the q-component; `#` ends both.
#[test]
fn question_marks_inside_r_and_q_components() {
    type Parts = (
        &'static str,
        Option<&'static str>,
        Option<&'static str>,
        Option<&'static str>,
    );
    let cases: &[(&str, Parts)] = &[
        // The two examples of issue 14.
        (
            "urn:foo:bar?++?+?+?==?=?=?+?#+?+?+?==?=?=?",
            (
                "bar",
                Some("+?+?+"),
                Some("=?=?=?+?"),
                Some("+?+?+?==?=?=?"),
            ),
        ),
        ("urn:abc:def?=a?+b", ("def", None, Some("a?+b"), None)),
        // `?+` inside an r-component, then `?=` starts the q-component.
        ("urn:ex:a?+r?+s", ("a", Some("r?+s"), None, None)),
        ("urn:ex:a?+r?+s?=q", ("a", Some("r?+s"), Some("q"), None)),
        ("urn:ex:a?+r?+?=q?+", ("a", Some("r?+"), Some("q?+"), None)),
        // `?=` before `?+`: there is no r-component, the `?+` is part of q.
        ("urn:ex:a?=q?+r", ("a", None, Some("q?+r"), None)),
        ("urn:ex:a?=q?+r?=s", ("a", None, Some("q?+r?=s"), None)),
        ("urn:ex:a?=q?=s", ("a", None, Some("q?=s"), None)),
        // A first character `+` or `=` is a pchar: the component has it.
        ("urn:ex:a?++", ("a", Some("+"), None, None)),
        ("urn:ex:a?+=?==", ("a", Some("="), Some("="), None)),
        ("urn:ex:a?==?+", ("a", None, Some("=?+"), None)),
        // A lone `?` and "/" after the first character.
        ("urn:ex:a?+r?/?#", ("a", Some("r?/?"), None, Some(""))),
        ("urn:ex:a?=q??", ("a", None, Some("q??"), None)),
        // `#` ends everything; `?+`/`?=` after it belong to the f-component.
        ("urn:ex:a?+r#?=q", ("a", Some("r"), None, Some("?=q"))),
        ("urn:ex:a?=q?#?+r", ("a", None, Some("q?"), Some("?+r"))),
        ("urn:ex:a#?+r?=q", ("a", None, None, Some("?+r?=q"))),
    ];
    for &(input, want) in cases {
        let u = Urn::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(
            (u.nss(), u.r_component(), u.q_component(), u.f_component()),
            want,
            "{input}"
        );
        // Equivalence ignores r, q and f: all of them are `urn:<nid>:<nss>`.
        assert_eq!(
            u.canonical(),
            u.assigned_name().to_ascii_lowercase(),
            "{input}"
        );
        let (_, r, q, f) = want;
        let built = Urn::build(u.nid(), u.nss(), r, q, f, UrnProfile::Rfc8141).unwrap();
        assert_eq!(built, input, "build gives the same string back");
    }
}

#[test]
fn components_of_each_profile() {
    let u = Urn::parse("URN:Example:a/b?+r?x?=q/?#f?/").unwrap();
    assert_eq!(
        (
            u.scheme(),
            u.nid(),
            u.nss(),
            u.r_component(),
            u.q_component(),
            u.f_component()
        ),
        (
            "URN",
            "Example",
            "a/b",
            Some("r?x"),
            Some("q/?"),
            Some("f?/")
        )
    );
    assert_eq!(
        (u.assigned_name(), u.query(), u.directives().count()),
        ("URN:Example:a/b", None, 0)
    );
    assert_eq!(
        u.as_uri().query(),
        Some("+r?x?=q/?"),
        "RFC 3986 sees one query"
    );
    assert!(u.nid_is("EXAMPLE"));
    let u = Urn::parse("urn:ex:n?=q").unwrap();
    assert_eq!(
        (u.r_component(), u.q_component(), u.f_component()),
        (None, Some("q"), None)
    );
    let u = Urn::parse("urn:ex:n#").unwrap();
    assert_eq!(u.f_component(), Some(""));

    let d = Urn::parse_with("urn:ex:n?s=I2L&x-y=1=2&c=&z=a/b?#frag", UrnProfile::Draft03).unwrap();
    assert_eq!(
        (d.query(), d.f_component(), d.r_component(), d.q_component()),
        (Some("s=I2L&x-y=1=2&c=&z=a/b?"), Some("frag"), None, None)
    );
    let pairs: Vec<_> = d
        .directives()
        .map(|x| (x.keyword(), x.value(), x.is_registered()))
        .collect();
    assert_eq!(
        pairs,
        [
            ("s", "I2L", true),
            ("x-y", "1=2", false),
            ("c", "", true),
            ("z", "a/b?", false)
        ]
    );
    let first = d.directives().next().unwrap();
    assert_eq!(first.service(), Some(ResolutionService::I2L));
    assert_eq!(d.directives().nth(2).unwrap().component(), Some(""));

    let d4 = Urn::parse_with("urn:ex:a:b&~", UrnProfile::Draft04).unwrap();
    assert_eq!(
        (d4.nid(), d4.nss(), d4.profile()),
        ("ex", "a:b&~", UrnProfile::Draft04)
    );

    // The view over an already parsed Uri.
    let uri = Uri::parse("urn:isbn:0-395-36341-1").unwrap();
    let u = Urn::try_from(&uri).unwrap();
    assert_eq!((u.nid(), u.nss()), ("isbn", "0-395-36341-1"));
    assert_eq!(
        Urn::try_from(Uri::parse("http://a/").unwrap())
            .unwrap_err()
            .kind(),
        K::NotUrn
    );
    assert_eq!(
        Urn::from_uri(&uri, UrnProfile::Draft04).unwrap().profile(),
        UrnProfile::Draft04
    );
}

#[test]
fn every_service_is_recognized() {
    let names = [
        "I2L", "I2Ls", "I2R", "I2Rs", "I2C", "I2Cs", "I2N", "I2Ns", "I=I",
    ];
    for (name, service) in names.iter().zip(ResolutionService::ALL) {
        assert_eq!(service.name(), *name);
        let s = format!("urn:ex:n?s={name}");
        let u = Urn::parse_with(&s, UrnProfile::Draft03).unwrap();
        assert_eq!(u.directives().next().unwrap().service(), Some(service));
    }
    // Unknown values are kept (resolvers fall back to their default), and
    // keywords are case-sensitive.
    let u = Urn::parse_with("urn:ex:n?s=i2l&S=I2L", UrnProfile::Draft03).unwrap();
    assert!(u.directives().all(|d| d.service().is_none()));
}

/// Each error: (profile, input, index, kind).
#[test]
fn errors_name_the_rule_and_the_byte() {
    use UrnProfile::{Draft03 as D3, Draft04 as D4, Rfc8141 as R};
    let cases: &[(UrnProfile, &str, usize, K)] = &[
        (R, "", 0, K::NotUrn),
        (R, "urx:a:b", 2, K::NotUrn),
        (R, "urn", 3, K::NotUrn),
        (R, "http://x", 0, K::NotUrn),
        (R, "urn::x", 4, K::InvalidNid),
        (R, "urn:-ab:x", 4, K::InvalidNid),
        (R, "urn:ab-:x", 6, K::InvalidNid),
        (R, "urn:a:x", 5, K::InvalidNid),
        (R, "urn:a_b:x", 5, K::InvalidNid),
        (
            R,
            "urn:0123456789abcdef0123456789abcdefg:x",
            36,
            K::InvalidNid,
        ),
        (R, "urn:a", 5, K::InvalidNid),
        (R, "urn:example", 11, K::InvalidNss),
        (R, "urn:UrN:x", 4, K::ReservedNid),
        (D3, "urn:urn:x", 4, K::ReservedNid),
        (D4, "urn:URN:x", 4, K::ReservedNid),
        (R, "urn:urn-0:x", 8, K::InvalidInformalNid),
        (R, "urn:urn-1x:x", 9, K::InvalidInformalNid),
        (R, "urn:ex:", 7, K::InvalidNss),
        (R, "urn:ex:/a", 7, K::InvalidNss),
        (R, "urn:ex:a b", 8, K::InvalidNss),
        (R, "urn:ex:a[", 8, K::InvalidNss),
        (R, "urn:ex:?+r", 7, K::InvalidNss),
        (D3, "urn:ex:a/b", 8, K::InvalidNss),
        (D4, "urn:ex:a/b", 8, K::InvalidNss),
        (R, "urn:ex:a%4", 8, K::InvalidPercentEncoding),
        (R, "urn:ex:a%g0", 8, K::InvalidPercentEncoding),
        (D3, "urn:ex:a%00", 8, K::EncodedNul),
        (D3, "urn:ex:a?s=%00", 11, K::EncodedNul),
        (D3, "urn:ex:a#%00", 9, K::EncodedNul),
        (R, "urn:ex:a?x", 9, K::InvalidQuery),
        (R, "urn:ex:a?", 9, K::InvalidQuery),
        (R, "urn:ex:a?+", 10, K::InvalidRComponent),
        (R, "urn:ex:a?+?=q", 10, K::InvalidRComponent),
        (R, "urn:ex:a?+#", 10, K::InvalidRComponent),
        (R, "urn:ex:a?+r s", 11, K::InvalidRComponent),
        (R, "urn:ex:a?=", 10, K::InvalidQComponent),
        (R, "urn:ex:a?=/", 10, K::InvalidQComponent),
        (R, "urn:ex:a?+r?=", 13, K::InvalidQComponent),
        (R, "urn:ex:a?+r?=#f", 13, K::InvalidQComponent),
        (R, "urn:ex:a?+??+", 10, K::InvalidRComponent),
        (R, "urn:ex:a?+/r", 10, K::InvalidRComponent),
        (R, "urn:ex:a?=?+", 10, K::InvalidQComponent),
        (R, "urn:ex:a?=?=q", 10, K::InvalidQComponent),
        (R, "urn:ex:a?+r?+s t", 14, K::InvalidRComponent),
        (R, "urn:ex:a?=q?=s[", 14, K::InvalidQComponent),
        (R, "urn:ex:a?=q?+%", 13, K::InvalidPercentEncoding),
        (R, "urn:ex:a?=q#f#", 13, K::InvalidFComponent),
        (R, "urn:ex:a#f#", 10, K::InvalidFComponent),
        (R, "urn:ex:a#%", 9, K::InvalidPercentEncoding),
        (D3, "urn:ex:a?", 9, K::InvalidDirective),
        (D3, "urn:ex:a?s", 10, K::InvalidDirective),
        (D3, "urn:ex:a?1=x", 9, K::InvalidDirective),
        (D3, "urn:ex:a?a--b=x", 10, K::InvalidDirective),
        (D3, "urn:ex:a?ab-=x", 11, K::InvalidDirective),
        (D3, "urn:ex:a?s=x&", 13, K::InvalidDirective),
        (D3, "urn:ex:a?s=x&&c=y", 13, K::InvalidDirective),
        (D3, "urn:ex:a?+r", 9, K::InvalidDirective),
        (D3, "urn:ex:a?s=a b", 12, K::InvalidDirective),
        (D3, "urn:ex:a?s=I2L&c=x&s=I2R", 19, K::DuplicateDirective),
        (D3, "urn:ex:a?c=1&c=2", 13, K::DuplicateDirective),
        (D4, "urn:ex:a?x=y", 8, K::UnexpectedComponent),
        (D4, "urn:ex:a#f", 8, K::UnexpectedComponent),
    ];
    for &(profile, input, index, kind) in cases {
        let err = Urn::parse_with(input, profile).unwrap_err();
        assert_eq!(
            (err.index(), err.kind()),
            (index, kind),
            "{profile:?} {input:?}"
        );
        assert!(
            err.to_string()
                .starts_with(&format!("at byte {index}: expected ")),
            "{err}"
        );
        assert!(!err.kind().name().is_empty());
    }
    // Unregistered keywords may repeat.
    assert!(Urn::parse_with("urn:ex:a?x=1&x=2", D3).is_ok());
    // What RFC 8141 allows and the drafts do not, and the reverse.
    assert!(Urn::parse("urn:ex:a%00").is_ok());
    assert!(Urn::parse("urn:urn-7:x").is_ok() && Urn::parse_with("urn:urn-x:x", D3).is_ok());
}

#[test]
fn nid_lengths_and_kind_names_are_stable() {
    let max = "a".repeat(32);
    for profile in ALL {
        assert!(check_nid(&max, profile).is_ok());
        assert_eq!(check_nid(&"a".repeat(33), profile).unwrap_err().index(), 32);
        assert!(check_nid("a1", profile).is_ok() && check_nid("1-a", profile).is_ok());
    }
    let names: HashSet<_> = [
        K::NotUrn,
        K::InvalidNid,
        K::ReservedNid,
        K::InvalidInformalNid,
        K::InvalidNss,
        K::InvalidPercentEncoding,
        K::EncodedNul,
        K::InvalidQuery,
        K::InvalidRComponent,
        K::InvalidQComponent,
        K::InvalidFComponent,
        K::InvalidDirective,
        K::DuplicateDirective,
        K::UnexpectedComponent,
        K::InvalidUtf8,
    ]
    .into_iter()
    .map(|k| k.name())
    .collect();
    assert_eq!(names.len(), 15, "names are distinct");
    assert!(names.contains("invalid_nid") && names.contains("duplicate_directive"));
    assert_eq!(UrnProfile::from_name("draft-03"), Some(UrnProfile::Draft03));
    assert_eq!(UrnProfile::default().name(), "rfc8141");
}

#[test]
fn percent_hex_case_everywhere_in_draft03_caching() {
    let cmp = Comparator::new().objective(Objective::Caching);
    let a = Urn::parse_with("urn:ex:%2a?c=%2f&s=I2L", UrnProfile::Draft03).unwrap();
    let b = Urn::parse_with("urn:EX:%2A?s=I2L&c=%2F#x", UrnProfile::Draft03).unwrap();
    assert!(cmp.equivalent(&a, &b));
    assert_eq!(cmp.canonical(&a), "urn:ex:%2A?c=%2F&s=I2L");
    // Directive values are case-sensitive, and so are keywords.
    let c = Urn::parse_with("urn:ex:%2A?s=i2l&c=%2F", UrnProfile::Draft03).unwrap();
    assert!(!cmp.equivalent(&a, &c));
    // Same keyword twice: the order among them is kept (a stable sort).
    let d = Urn::parse_with("urn:ex:n?x=1&x=2", UrnProfile::Draft03).unwrap();
    let e = Urn::parse_with("urn:ex:n?x=2&x=1", UrnProfile::Draft03).unwrap();
    assert!(!cmp.equivalent(&d, &e));
}

#[test]
fn namespaces() {
    let known = Namespaces::standard();
    assert_eq!(
        known.nids().collect::<Vec<_>>(),
        ["uuid", "isbn", "issn", "ietf", "oid", "example"]
    );
    let check = |s: &str| {
        known
            .check(&Urn::parse(s).unwrap())
            .map_err(|e| (e.index(), e.kind().name()))
    };
    let good = [
        "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
        "urn:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",
        "urn:isbn:0-395-36341-1",
        "urn:isbn:0395363411",
        "urn:ISBN:0-8044-2957-x",
        "urn:isbn:978-0-306-40615-7",
        "urn:isbn:9780306406157",
        "urn:issn:0167-6423",
        "urn:issn:2434-561x",
        "urn:ietf:rfc:2648",
        "urn:ietf:params:scim:schemas:core:2.0:User",
        "urn:ietf:id:ietf-urn-ietf-06",
        "urn:oid:1.3.6.1.4.1",
        "urn:oid:0",
        "urn:example:anything%20goes",
        "urn:nbn:de:bvb:19-146642",
    ];
    for s in good {
        assert_eq!(check(s), Ok(()), "{s}");
    }
    let bad: &[(&str, usize, &str)] = &[
        (
            "urn:uuid:notauuid-7dec-11d0-a765-00a0c91e6bf6",
            9,
            "uuid_syntax",
        ),
        (
            "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf",
            44,
            "uuid_syntax",
        ),
        (
            "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf60",
            45,
            "uuid_syntax",
        ),
        (
            "urn:uuid:f81d4fae7dec-11d0-a765-00a0c91e6bf6",
            17,
            "uuid_syntax",
        ),
        ("urn:isbn:0-395-36341-2", 21, "isbn_check_digit"),
        ("urn:isbn:978-0-306-40615-8", 25, "isbn_check_digit"),
        ("urn:isbn:039536341", 18, "isbn_syntax"),
        ("urn:isbn:03953634X1", 17, "isbn_syntax"),
        ("urn:isbn:978030640615X", 21, "isbn_syntax"),
        ("urn:isbn:97803064061570", 22, "isbn_syntax"),
        ("urn:issn:0167-6424", 17, "issn_check_digit"),
        ("urn:issn:01676423", 13, "issn_syntax"),
        ("urn:issn:0167-642", 17, "issn_syntax"),
        ("urn:issn:0167-64233", 18, "issn_syntax"),
        ("urn:ietf:rfc:26a8", 15, "ietf_number"),
        ("urn:ietf:RFC:", 13, "ietf_number"),
        ("urn:oid:1..2", 10, "oid_syntax"),
        ("urn:oid:1.02", 11, "oid_syntax"),
        ("urn:oid:1.2x", 11, "oid_syntax"),
        ("urn:oid:1.", 10, "oid_syntax"),
    ];
    for &(s, index, name) in bad {
        assert_eq!(check(s), Err((index, name)), "{s}");
    }
}

#[test]
fn namespace_equivalences_only_add() {
    let known = Namespaces::standard();
    let cmp = Comparator::new().namespaces(&known);
    let same: &[(&str, &str)] = &[
        (
            "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
            "URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",
        ),
        ("urn:isbn:0-395-36341-1", "urn:isbn:0395363411"),
        ("urn:isbn:0-8044-2957-x", "urn:isbn:080442957X"),
        ("urn:issn:2434-561x", "urn:issn:2434-561X"),
        ("urn:ietf:rfc:2648", "URN:IETF:RFC:2648"),
        ("urn:ietf:params:xml:ns:%3a", "urn:ietf:PARAMS:XML:NS:%3A"),
    ];
    for (a, b) in same {
        let (a, b) = (Urn::parse(a).unwrap(), Urn::parse(b).unwrap());
        assert!(cmp.equivalent(&a, &b), "{a} {b}");
        // The canonical form stays valid in its namespace.
        let canon = cmp.canonical(&a);
        assert!(known.check(&Urn::parse(&canon).unwrap()).is_ok(), "{canon}");
    }
    let different: &[(&str, &str)] = &[
        ("urn:isbn:0-306-40615-2", "urn:isbn:978-0-306-40615-7"), // 10 vs 13: functional, not lexical
        ("urn:example:A", "urn:example:a"),
        ("urn:oid:1.2", "urn:oid:1.2.0"),
        (
            "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
            "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf7",
        ),
        // Not a valid UUID: only the generic rules apply, the NSS keeps its case.
        ("urn:uuid:ABC", "urn:uuid:abc"),
    ];
    for (a, b) in different {
        assert!(
            !cmp.equivalent(&Urn::parse(a).unwrap(), &Urn::parse(b).unwrap()),
            "{a} {b}"
        );
    }
}

#[test]
fn names_to_urns_and_back() {
    let names = [
        "plain",
        "Gödel",
        "a/b?c#d%e",
        "名前 with spaces",
        "tab\there",
        "😀",
        "a:b@c&d~",
        "%00 literal",
        "\0nul",
    ];
    for name in names {
        let s = Urn::from_name("example", name, UrnProfile::Rfc8141).unwrap();
        let urn = Urn::parse(&s).unwrap();
        assert_eq!(urn.name().unwrap(), name, "{s}");
        assert!(s.is_ascii());
        if !name.contains('\0') {
            let d3 = Urn::from_name("example", name, UrnProfile::Draft03).unwrap();
            assert_eq!(
                Urn::parse_with(&d3, UrnProfile::Draft03)
                    .unwrap()
                    .name()
                    .unwrap(),
                name
            );
            assert!(Urn::parse_with(&d3, UrnProfile::Draft04).is_ok());
        }
    }
    assert_eq!(encode_nss("a:b@c&d~"), "a:b@c&d~");
    assert_eq!(encode_nss("x y/z"), "x%20y%2Fz");
    assert_eq!(
        Urn::from_name("example", "", UrnProfile::Rfc8141)
            .unwrap_err()
            .kind(),
        K::InvalidNss
    );
    assert_eq!(
        Urn::from_name("example", "\0", UrnProfile::Draft03)
            .unwrap_err()
            .kind(),
        K::EncodedNul
    );
    assert_eq!(
        Urn::from_name("a", "x", UrnProfile::Rfc8141)
            .unwrap_err()
            .kind(),
        K::InvalidNid
    );
    let bad = Urn::parse("urn:example:ok%C3%28").unwrap();
    let err = bad.name().unwrap_err();
    assert_eq!((err.index(), err.kind()), (14, K::InvalidUtf8));
    assert_eq!(decode_nss("%41%e2%82%ac").unwrap(), "A€");
    assert_eq!(
        decode_nss("%4").unwrap_err().kind(),
        K::InvalidPercentEncoding
    );
}

#[test]
fn display_decodes_only_what_is_safe() {
    let cases = [
        ("urn:example:%D0%B0123,z456", "urn:example:а123,z456"),
        (
            "urn:example:caf%c3%a9?+%C3%A9#%C3%A9",
            "urn:example:café?+é#é",
        ),
        // ASCII stays encoded: %2C is not ",", %2F not "/", %25 not "%".
        (
            "urn:example:a%2Cb%2Fc%25d%41",
            "urn:example:a%2Cb%2Fc%25d%41",
        ),
        // Controls, spaces, invisible and bidi formatting characters stay encoded.
        (
            "urn:example:%C2%85%C2%A0%E2%80%8B%E2%80%AE%EF%BB%BF%E3%80%80",
            "urn:example:%C2%85%C2%A0%E2%80%8B%E2%80%AE%EF%BB%BF%E3%80%80",
        ),
        // Broken UTF-8 stays as it is.
        (
            "urn:example:%C3%28%E2%82%F0%9F%98%80",
            "urn:example:%C3%28%E2%82😀",
        ),
        // The NID is never touched.
        ("URN:EX:%F0%9F%98%80", "URN:EX:😀"),
    ];
    for (input, shown) in cases {
        assert_eq!(Urn::parse(input).unwrap().to_display(), shown, "{input}");
    }
}

#[test]
fn build_checks_the_whole() {
    let r = UrnProfile::Rfc8141;
    assert_eq!(
        Urn::build("ex", "n", None, None, Some(""), r).unwrap(),
        "urn:ex:n#"
    );
    assert_eq!(
        Urn::build("ex", "n", Some(""), None, None, r)
            .unwrap_err()
            .kind(),
        K::InvalidRComponent
    );
    assert_eq!(
        Urn::build("ex", "n", None, Some("a#b"), None, r)
            .unwrap_err()
            .kind(),
        K::InvalidQComponent
    );
    let d3 = Urn::build(
        "ex",
        "n",
        None,
        Some("s=I2L"),
        Some("f"),
        UrnProfile::Draft03,
    )
    .unwrap();
    assert_eq!(d3, "urn:ex:n?s=I2L#f");
    assert!(Urn::build("ex", "n", None, Some("q"), None, UrnProfile::Draft04).is_err());
}

#[test]
fn adversarial_inputs_are_linear_and_do_not_panic() {
    let long = format!("urn:ex:{}", "%2F".repeat(1 << 18));
    let u = Urn::parse(&long).unwrap();
    assert_eq!(u.canonical().len(), long.len());
    let q = format!("urn:ex:n?+{}", "?".repeat(1 << 18));
    assert!(Urn::parse(&q).is_err());
    let rq = format!(
        "urn:ex:n?+r{}?=q{}",
        "?+".repeat(1 << 17),
        "?=?+".repeat(1 << 16)
    );
    let u = Urn::parse(&rq).unwrap();
    assert_eq!(
        (
            u.r_component().unwrap().len(),
            u.q_component().unwrap().len()
        ),
        (1 + (2 << 17), 1 + (4 << 16))
    );
    let d = format!("urn:ex:n?{}", "a=b&".repeat(1 << 16) + "a=b");
    assert_eq!(
        Urn::parse_with(&d, UrnProfile::Draft03)
            .unwrap()
            .directives()
            .count(),
        (1 << 16) + 1
    );
    let canon = Comparator::new()
        .objective(Objective::Caching)
        .canonical(&Urn::parse_with(&d, UrnProfile::Draft03).unwrap());
    assert_eq!(canon.len(), d.len());
    for bytes in [
        "urn:ex:%",
        "urn:ex:a%",
        "urn:ex:a?+%",
        "urn:ex:a?=%F",
        "urn:ex:a#%",
        "urn:é:x",
        "urn:ex:é",
    ] {
        assert!(Urn::parse(bytes).is_err(), "{bytes}");
        for p in ALL {
            let _ = Urn::parse_with(bytes, p);
        }
    }
}

/// nid, nss, r, q, f, error index, error kind
type BuildCase = (
    &'static str,
    &'static str,
    Option<&'static str>,
    Option<&'static str>,
    Option<&'static str>,
    usize,
    K,
);

#[test]
fn build_rejects_a_delimiter_inside_a_part() {
    let r = UrnProfile::Rfc8141;
    let cases: &[BuildCase] = &[
        ("ex:y", "n", None, None, None, 6, K::InvalidNid),
        ("ex", "n?=q", None, None, None, 8, K::InvalidNss),
        ("ex", "n#f", None, None, None, 8, K::InvalidNss),
        (
            "ex",
            "n",
            Some("a?=b"),
            None,
            None,
            11,
            K::InvalidRComponent,
        ),
        ("ex", "n", None, Some("a#b"), None, 11, K::InvalidQComponent),
        ("ex", "n", Some("?+a"), None, None, 10, K::InvalidRComponent),
        ("ex", "n", None, Some(""), None, 10, K::InvalidQComponent),
    ];
    for &(nid, nss, rr, q, f, index, kind) in cases {
        let err = Urn::build(nid, nss, rr, q, f, r).unwrap_err();
        assert_eq!(
            (err.index(), err.kind()),
            (index, kind),
            "{nid} {nss} {rr:?} {q:?} {f:?}"
        );
    }
    let err = Urn::build("ex", "n", None, Some("s=1#x"), None, UrnProfile::Draft03).unwrap_err();
    assert_eq!((err.index(), err.kind()), (12, K::InvalidDirective));
}
