//! The security checks (RFC 3986 section 7) on real-looking inputs: every
//! finding code has inputs that raise it and inputs that must not.

use urikit::security::{check_str, Code, Severity};

/// The codes `check_str` finds in `s`, in order.
fn codes(s: &str) -> Vec<&'static str> {
    check_str(s)
        .findings
        .iter()
        .map(|f| f.code.name())
        .collect()
}

/// The findings of code `code` in `s`, as (text under the span, message).
fn found(s: &str, code: Code) -> Vec<(String, String)> {
    check_str(s)
        .findings
        .into_iter()
        .filter(|f| f.code == code)
        .map(|f| (s[f.range()].to_owned(), f.message))
        .collect()
}

/// For each code: inputs that raise it (with the text its span covers) and
/// inputs that do not.
struct Case {
    code: Code,
    yes: &'static [(&'static str, &'static str)],
    no: &'static [&'static str],
}

const PLAIN: &[&str] = &[
    "https://example.com/",
    "http://www.example.com/index.html?q=1#top",
    "mailto:John.Doe@example.com",
    "urn:isbn:0451450523",
    "ftp://ftp.is.co.za/rfc/rfc1808.txt",
    "../relative/path?x=%20y",
    "http://[2606:4700:4700::1111]:80/",
];

const CASES: &[Case] = &[
    Case {
        code: Code::RareIpv4Form,
        yes: &[
            ("http://0x7f.1/admin", "0x7f.1"),
            ("http://2130706433/", "2130706433"),
            ("http://0177.0.0.1/", "0177.0.0.1"),
            ("http://127.1:8080/", "127.1"),
            ("http://1.2.3.04/", "1.2.3.04"),
            ("http://0xffffffff/", "0xffffffff"),
            ("http://%31%32%37.1/", "%31%32%37.1"),
        ],
        no: &[
            "http://127.0.0.1/",
            "http://0x100000000/",
            "http://4294967296/",
            "http://1.2.3.4.5/",
            "http://08/",
            "http://www.example.com/",
            "http://123.example/",
        ],
    },
    Case {
        code: Code::Ipv4MappedIpv6,
        yes: &[
            ("http://[::ffff:127.0.0.1]/", "[::ffff:127.0.0.1]"),
            (
                "https://[::ffff:a9fe:a9fe]/latest/meta-data/",
                "[::ffff:a9fe:a9fe]",
            ),
        ],
        no: &[
            "http://[::1]/",
            "http://[2001:db8::1]/",
            "http://[::127.0.0.1]/",
        ],
    },
    Case {
        code: Code::Ipv4CompatibleIpv6,
        yes: &[("http://[::127.0.0.1]/", "[::127.0.0.1]")],
        no: &[
            "http://[::1]/",
            "http://[::]/",
            "http://[::ffff:127.0.0.1]/",
        ],
    },
    Case {
        code: Code::LoopbackAddress,
        yes: &[
            ("http://127.0.0.1:8080/", "127.0.0.1"),
            ("http://[::1]/", "[::1]"),
            ("http://0x7f.1/", "0x7f.1"),
            ("http://localhost/", "localhost"),
            ("http://api.localhost./", "api.localhost."),
            ("http://[::ffff:127.0.0.1]/", "[::ffff:127.0.0.1]"),
        ],
        no: &[
            "http://128.0.0.1/",
            "http://localhost.example.com/",
            "http://[::2]/",
        ],
    },
    Case {
        code: Code::PrivateAddress,
        yes: &[
            (
                "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm",
                "10.0.0.1",
            ),
            ("http://192.168.1.1/admin", "192.168.1.1"),
            ("http://172.16.0.5/", "172.16.0.5"),
            ("http://100.64.0.1/", "100.64.0.1"),
            ("http://[fd00::1]/", "[fd00::1]"),
            ("http://3232235777/", "3232235777"),
        ],
        no: &["http://172.32.0.1/", "http://11.0.0.1/", "http://8.8.8.8/"],
    },
    Case {
        code: Code::LinkLocalAddress,
        yes: &[
            (
                "http://169.254.169.254/latest/meta-data/",
                "169.254.169.254",
            ),
            ("http://[fe80::1]/", "[fe80::1]"),
        ],
        no: &["http://169.255.0.1/", "http://[fec0::1]/"],
    },
    Case {
        code: Code::UnspecifiedAddress,
        yes: &[
            ("http://0.0.0.0:8000/", "0.0.0.0"),
            ("http://0/", "0"),
            ("http://[::]/", "[::]"),
        ],
        no: &["http://1.0.0.0/"],
    },
    Case {
        code: Code::SpecialAddress,
        yes: &[
            ("http://192.0.2.1/", "192.0.2.1"),
            ("http://224.0.0.1/", "224.0.0.1"),
            ("http://255.255.255.255/", "255.255.255.255"),
            ("http://[2001:db8::1]/", "[2001:db8::1]"),
        ],
        no: &["http://93.184.216.34/", "http://[2606:4700::1]/"],
    },
    Case {
        code: Code::PctEncodedHost,
        yes: &[
            ("http://%65xample.com/", "%65xample.com"),
            (
                "http://evil.example%2Fgood.example/",
                "evil.example%2Fgood.example",
            ),
        ],
        no: &["http://example.com/%65", "http://example.com/?q=%41"],
    },
    Case {
        code: Code::EncodedDelimiterInHost,
        yes: &[
            (
                "http://evil.example%2F.good.example/",
                "evil.example%2F.good.example",
            ),
            ("http://evil%2Eexample/", "evil%2Eexample"),
            (
                "http://good.example%40evil.example/",
                "good.example%40evil.example",
            ),
        ],
        no: &["http://%65xample.com/", "http://example.com/a%2Fb"],
    },
    Case {
        code: Code::UserinfoPresent,
        yes: &[
            ("ftp://anonymous@ftp.example.com/pub/", "anonymous"),
            ("ssh://git@github.com/org/repo.git", "git"),
        ],
        no: &[
            "http://example.com/@user",
            "mailto:user@example.com",
            "http://example.com/?a=b@c",
        ],
    },
    Case {
        code: Code::UserinfoLooksLikeHost,
        yes: &[
            (
                "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm",
                "www.example.com&story=breaking_news",
            ),
            ("https://paypal.com@evil.example/login", "paypal.com"),
            (
                "http://login.bank.example:secure@203.0.113.9/",
                "login.bank.example:secure",
            ),
            ("http://192.168.0.1@evil.example/", "192.168.0.1"),
            (
                "http://https:%2F%2Fgood.example@evil.example/",
                "https:%2F%2Fgood.example",
            ),
            ("http://good.example%2F@evil.example/", "good.example%2F"),
            ("http://intranet.test@203.0.113.9/", "intranet.test"),
        ],
        no: &[
            "ftp://anonymous@ftp.example.com/",
            "http://john.doe@example.com/",
            "ssh://git@github.com/",
            "http://user:pass@example.com/",
        ],
    },
    Case {
        code: Code::PasswordInUserinfo,
        yes: &[
            ("ftp://admin:hunter2@ftp.example.com/", "hunter2"),
            ("https://user:p%40ss@example.com/", "p%40ss"),
        ],
        no: &[
            "ftp://admin@ftp.example.com/",
            "ftp://admin:@ftp.example.com/",
        ],
    },
    Case {
        code: Code::NonDefaultPort,
        yes: &[
            ("https://example.com:8443/", "8443"),
            ("http://example.com:8080/", "8080"),
        ],
        no: &[
            "http://example.com:80/",
            "https://example.com:443/",
            "http://example.com:/",
            "foo://example.com:8443/",
        ],
    },
    Case {
        code: Code::NonDefaultLowPort,
        yes: &[
            ("http://example.com:443/", "443"),
            ("https://example.com:81/", "81"),
        ],
        no: &["https://example.com:443/", "http://example.com:8080/"],
    },
    Case {
        code: Code::OtherProtocolPort,
        yes: &[
            ("gopher://mail.example.com:25/xHELO%20evil", "25"),
            ("http://example.com:6667/", "6667"),
            ("http://example.com:110/", "110"),
            ("http://example.com:143/", "143"),
            ("http://127.0.0.1:6379/", "6379"),
            ("//example.com:22/", "22"),
        ],
        no: &[
            "ssh://example.com:22/",
            "imap://mail.example.com:143/",
            "irc://irc.example.net:6667/",
            "http://example.com:8080/",
            "smtp://mail.example.com:25",
        ],
    },
    Case {
        code: Code::PortOutOfRange,
        yes: &[
            ("http://example.com:65536/", "65536"),
            ("http://example.com:99999999999/", "99999999999"),
        ],
        no: &["http://example.com:65535/"],
    },
    Case {
        code: Code::EncodedNewline,
        yes: &[
            ("http://example.com/%0D%0ASet-Cookie:%20a=b", "%0D%0A"),
            ("telnet://host/%0aquit", "%0a"),
            ("http://example.com/?q=a%0D%0A%0D%0AHEAD", "%0D%0A%0D%0A"),
            ("http://user%0A@example.com/", "%0A"),
        ],
        no: &["http://example.com/%250D%250A", "http://example.com/%20"],
    },
    Case {
        code: Code::EncodedNul,
        yes: &[
            ("file:///etc/passwd%00.png", "%00"),
            ("http://example.com/#%00", "%00"),
        ],
        no: &["http://example.com/%2500", "http://example.com/00"],
    },
    Case {
        code: Code::EncodedControl,
        yes: &[
            ("http://example.com/%1B%5B31mred", "%1B"),
            ("http://example.com/a%09b%7F", "%09"),
        ],
        no: &["http://example.com/%20%7E"],
    },
    Case {
        code: Code::LookalikeCharacter,
        yes: &[
            ("https://example.com／evil.example/", "／"),
            ("http://good.example＠evil.example/", "＠"),
            ("http://evil∕∕example.com/", "∕∕"),
            ("http://example%E3%80%82com/", "example%E3%80%82com"),
        ],
        no: &["https://example.com/café", "http://ex%C3%A4mple.com/"],
    },
    Case {
        code: Code::NonAsciiHost,
        yes: &[
            ("https://аррӏе.com/", "аррӏе.com"),
            ("http://ex%C3%A4mple.com/", "ex%C3%A4mple.com"),
        ],
        no: &["https://apple.com/", "https://example.com/ü"],
    },
    Case {
        code: Code::PunycodeHost,
        yes: &[("https://xn--80ak6aa92e.com/", "xn--80ak6aa92e.com")],
        no: &["https://example.com/xn--a"],
    },
    Case {
        code: Code::BackslashAuthority,
        yes: &[
            ("https:\\\\evil.example\\good.example/", "\\\\"),
            ("http://good.example\\@evil.example/", "\\"),
            ("/\\evil.example/", "/\\"),
            ("http:/\\evil.example/", "/\\"),
        ],
        no: &["http://example.com/a\\b", "http://example.com/?q=\\"],
    },
    Case {
        code: Code::LenientAuthority,
        yes: &[
            ("http:/example.com/", "/example.com"),
            ("https:///evil.example/", "///evil.example"),
            ("http:evil.example", "evil.example"),
            ("WS:////evil.example", "////evil.example"),
        ],
        no: &[
            "http://example.com/",
            "mailto:/x",
            "foo:/example.com/",
            "http:/",
            "http:?q",
            "file:///etc/passwd",
        ],
    },
    Case {
        code: Code::RawControl,
        yes: &[
            ("java\nscript:alert(1)", "\n"),
            ("http://exa\tmple.com/", "\t"),
            ("http://example.com/\u{1b}[2J", "\u{1b}"),
            ("http://example.com/\u{85}", "\u{85}"),
        ],
        no: &["http://example.com/%09"],
    },
];

#[test]
fn plain_uris_have_no_finding() {
    for s in PLAIN {
        let r = check_str(s);
        assert_eq!(r.error, None, "{s}");
        assert_eq!(codes(s), Vec::<&str>::new(), "{s}");
    }
}

/// The parser differential's codes (feature `whatwg`): where the whole input
/// is shown, the component is absent from RFC 3986's reading.
#[cfg(feature = "whatwg")]
const BROWSER_CASES: &[Case] = &[
    Case {
        code: Code::BrowserHostDiffers,
        yes: &[
            ("http://0x7f.1/admin", "0x7f.1"),
            ("http://127.1:8080/", "127.1"),
            ("http:evil.example/", "http:evil.example/"),
            ("https:/evil.example/", "https:/evil.example/"),
        ],
        no: &[
            "http://EXAMPLE.com/",
            "http://b%C3%BCcher.example/",
            "file:///etc/passwd",
            "file://localhost/etc/passwd",
            "http://[::FFFF:127.0.0.1]/",
        ],
    },
    Case {
        code: Code::BrowserPortDiffers,
        yes: &[("http::@c:29", "http::@c:29")],
        no: &[
            "http://h:80/",
            "http://h:0080/",
            "https://h:/",
            "sc://h:99/",
        ],
    },
    Case {
        code: Code::BrowserUserinfoDiffers,
        yes: &[("http:a:b@www.example.com", "http:a:b@www.example.com")],
        no: &["http://a;b@h/", "http://:@h/", "http://u:p:q@h/"],
    },
    Case {
        code: Code::BrowserPathDiffers,
        yes: &[
            ("sc:a/../b", "a/../b"),
            ("http:example.com/", "example.com/"),
        ],
        no: &[
            "http://h/a/../b",
            "http://h/%2e%2E/x",
            "sc:/a/..//b",
            "http://h",
        ],
    },
    Case {
        code: Code::BrowserRepairs,
        yes: &[
            ("https:\\\\evil.example/", "https:\\\\evil.example/"),
            ("http://h/a b", "http://h/a b"),
        ],
        no: &["../relative", "not a url", "http://[v1.x]/"],
    },
];

#[cfg(not(feature = "whatwg"))]
const BROWSER_CASES: &[Case] = &[];

#[test]
fn every_code_positive_and_negative() {
    for case in CASES.iter().chain(BROWSER_CASES) {
        let name = case.code.name();
        for (s, span) in case.yes {
            let got = found(s, case.code);
            assert!(
                !got.is_empty(),
                "{name} expected in {s:?}; found {:?}",
                codes(s)
            );
            assert!(
                got.iter().any(|(t, _)| t == span),
                "{name} in {s:?}: spans {:?}, expected {span:?}",
                got
            );
            assert!(got.iter().all(|(_, m)| !m.is_empty()));
        }
        for s in case.no {
            assert!(
                found(s, case.code).is_empty(),
                "{name} not expected in {s:?}: {:?}",
                found(s, case.code)
            );
        }
    }
}

#[test]
fn every_code_is_tested_and_named_once() {
    for code in Code::ALL {
        let browser = code.name().starts_with("browser_");
        let cases = if browser { BROWSER_CASES } else { CASES };
        if browser && !cfg!(feature = "whatwg") {
            continue;
        }
        assert!(cases.iter().any(|c| c.code == *code), "{code:?} untested");
        let name = code.name();
        assert!(name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b == b'_' || b.is_ascii_digit()));
        assert_eq!(Code::ALL.iter().filter(|c| c.name() == name).count(), 1);
    }
}

#[test]
fn the_example_of_section_7_6() {
    let s = "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm";
    let r = check_str(s);
    assert_eq!(r.error, None);
    assert_eq!(
        codes(s),
        [
            "userinfo_present",
            "userinfo_looks_like_host",
            "private_address"
        ]
    );
    let f = &r.findings[1];
    assert_eq!(f.severity, Severity::Danger);
    assert!(
        f.message.contains("www.example.com") && f.message.contains("10.0.0.1"),
        "{}",
        f.message
    );
}

#[test]
fn numeric_value_is_in_the_message() {
    let f = &found("http://0x7f.1/", Code::RareIpv4Form)[0].1;
    assert!(f.contains("127.0.0.1") && f.contains("0x7f000001"), "{f}");
    let f = &found("http://4294967295/", Code::RareIpv4Form)[0].1;
    assert!(f.contains("255.255.255.255"), "{f}");
    let f = &found("gopher://mail.example.com:25/", Code::OtherProtocolPort)[0].1;
    assert!(f.contains("smtp"), "{f}");
}

#[test]
fn lenient_input_reports_both_findings_and_error() {
    let r = check_str("https:\\\\evil.example\\good.example/");
    assert!(r.error.is_some());
    assert_eq!(r.max_severity(), Some(Severity::Danger));
}

#[test]
fn findings_are_sorted_and_in_bounds() {
    for case in CASES {
        for (s, _) in case.yes {
            let r = check_str(s);
            for w in r.findings.windows(2) {
                assert!(w[0].start <= w[1].start, "{s}");
            }
            for f in &r.findings {
                assert!(f.start <= f.end && f.end <= s.len(), "{s}: {f}");
                assert!(
                    s.is_char_boundary(f.start) && s.is_char_boundary(f.end),
                    "{s}: {f}"
                );
                assert_eq!(f.severity, f.code.severity());
            }
        }
    }
}

#[test]
fn adversarial_inputs_stay_linear() {
    let big = format!("http://example.com/{}", "%0D%0A".repeat(200_000));
    let r = check_str(&big);
    assert_eq!(r.findings.len(), 1);
    assert_eq!(r.findings[0].range(), 19..big.len());
    let slashes = format!("http:{}", "\\/".repeat(200_000));
    assert!(!check_str(&slashes).findings.is_empty());
    let digits = format!("http://{}/", "0".repeat(200_000));
    assert_eq!(found(&digits, Code::RareIpv4Form).len(), 1);
    let looks = "／".repeat(100_000);
    assert_eq!(found(&looks, Code::LookalikeCharacter).len(), 1);
    // Messages quote at most a short excerpt of the input.
    let long = "a".repeat(100_000);
    for s in [
        format!("http://{long}@{long}:{}/", "9".repeat(100_000)),
        format!("http:/{long}\\{long}"),
        format!("http://{long}%2F\\{long}"),
        format!("gopher://{long}:25/"),
        format!("{long}://h:7/"),
        big,
        slashes,
        digits,
    ] {
        let r = check_str(&s);
        assert!(!r.findings.is_empty());
        for f in r.findings {
            assert!(
                f.message.len() < 400,
                "{} bytes: {}",
                f.message.len(),
                &f.message[..200]
            );
        }
    }
}

mod props {
    use proptest::prelude::*;
    use urikit::security::check_str;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]
        #[test]
        fn never_panics_and_spans_are_boundaries(s in "\\PC{0,40}|[a-z:/\\\\@%0-9A-F.\\[\\]?#]{0,40}") {
            let r = check_str(&s);
            for f in r.findings {
                prop_assert!(f.end <= s.len() && s.is_char_boundary(f.start) && s.is_char_boundary(f.end));
            }
        }
    }
}
