//! Every input that ever crashed a fuzz target, replayed through the same
//! check (`common/props.rs`) in the normal suite. Inputs are the raw files in
//! `fuzz/regressions/<target>/`; the root cause of each is noted below.
//!
//! Root causes so far:
//!
//! - `resolve/draft-1997-private-use-character-into-path` (`ht:` and
//!   `ht:o/p.?/./../` + U+E5CB `2.`), a urikit bug: the 1997 draft's
//!   resolution merges the reference's query into the path; a `..` took the
//!   `?` away and left an IRI `iprivate` character (the query's only) in the
//!   path, a target that was no IRI. Found by the `join_iri` property added
//!   to `check_resolve`. The composer now percent-encodes such characters
//!   in the path (`tests/iri_ops.rs`,
//!   `draft_1997_encodes_private_use_characters_the_merge_moves_into_the_path`).
//! - `whatwg/authority-reference-kept-base-port`, a urikit bug: a relative reference with its own
//!   authority (`//%25l24`) against a base with a port kept the base's port
//!   in the offsets (the href was right, `port()` sliced past the end). The
//!   authority state now starts from no port (`tests/whatwg.rs`,
//!   `an_authority_replaces_the_base_port`).
//! - `whatwg_url/empty-credentials-at-end` (`x://@`): not a urikit bug. The
//!   `url` crate reads `x://` where the URL Standard fails (host-missing);
//!   the disagreement is now an accepted class of `fuzz/src/whatwg_differential.rs`
//!   and `tests/whatwg.rs` (`url_crate_failures`) pins urikit's answer.
//! - `whatwg_url/empty-credentials-then-fragment` (`x://:@#%...`): the same
//!   class, the authority ended by a fragment (`url` reads `x://#...`).
//! - `whatwg_url/file-reference-against-drive-letter-segment` (`^[/pee...`
//!   against `file:/m+/p:?`): `url` glues the reference to the base's last
//!   segment `p:` instead of replacing it; a drive letter in a `file:` URL,
//!   url's documented class 2.
//! - `whatwg_url/url-panics-on-file-drive-letter` (`file:-oo://ar/./../file:///h:...`):
//!   `url`'s own debug assertion fails (`parser.rs`, a segment start); the
//!   target now skips the inputs `url` panics on.
//! - `whatwg_url/backslash-after-non-special-port` (`...tp://6i9m...A:\`):
//!   not a urikit bug either; `url` ends a non-special URL's port at `\`,
//!   the standard fails (port-invalid). Accepted class 5, same test.
//! - `whatwg_url/backslash-against-non-special-base` (`\\\ctahps://...`
//!   against `WShtt:/'/...`): `url` reads leading backslashes as slashes
//!   against a non-special base; the standard keeps them in the path.
//!   Accepted class 6, same test; `.../backslashes-against-non-special-base-url-fails`
//!   is the same class where `url` then fails on the authority it reads.
//! - `whatwg_url/three-slashes-against-special-base` (`////me://...` against
//!   an `http:` base): `url` fails where the standard skips the extra
//!   slashes and reads the host `me`. Accepted class 7, same test.
//! - `whatwg_url/dot-dot-after-drive-letter-outside-file` (`hhttpct:///c:/../...`):
//!   `url` keeps a drive-letter-like segment on `..` in any scheme; the
//!   standard spares one only in `file:`. Accepted class 8, same test;
//!   `.../dot-dot-after-deep-drive-letter-in-file` is the same class in a
//!   `file:` URL, the drive letter not the first segment.
//! - `whatwg_url/dot-dot-after-drive-letter-and-backslash-outside-file`
//!   (`uri://10le.comz/...//c1111mzzzscheme:/a|\/../..//...`): class 8
//!   again, `url` sparing `a|\` (a drive letter and a `\`, which is no
//!   separator in a non-special URL) on `..`; ada-url 4 gives urikit's
//!   `uri://10le.comz///?...`. The class's test now knows that form
//!   (`tests/whatwg.rs`, `url_crate_failures`, `x://h/a|\/../b`).
//!
//! Every other target ran 10 minutes without a crash (`fuzz/README.md`, "Runs").

mod common;

use std::path::PathBuf;

use common::{props, props_normalize, props_resolve, props_urn};

/// The check each target's inputs are replayed through. The differential
/// target's oracles are fuzz-only dependencies, so its inputs get the parse
/// properties here.
fn check(target: &str, data: &[u8]) {
    match target {
        "parse" | "differential" => props::check_parse(&props::text(data)),
        "pct" => props::check_pct(data),
        "resolve" | "relativize" => {
            let s = props::text(data);
            let [base, other] = props::split::<2>(&s);
            if target == "resolve" {
                props_resolve::check_resolve(base, other);
            } else {
                props_resolve::check_relativize(base, other);
            }
        }
        "normalize" => props_normalize::check_normalize(&props::text(data)),
        "iri" => common::props_iri::check_iri(data),
        "urn" => {
            let s = props::text(data);
            let [a, b, c] = props::split::<3>(&s);
            props_urn::check_urn(a, b, c);
        }
        #[cfg(feature = "extract")]
        "extract" => common::props_extract::check_extract(&props::text(data)),
        // The `url` crate is a fuzz-only dependency: the differential
        // target's inputs get the WHATWG properties here.
        #[cfg(feature = "whatwg")]
        "whatwg" | "whatwg_url" => {
            let s = props::text(data);
            let (base, input) = common::props_whatwg::base_and_input(&s);
            common::props_whatwg::check_whatwg(base, input);
        }
        #[cfg(not(feature = "whatwg"))]
        "whatwg" | "whatwg_url" => {}
        other => panic!("fuzz/regressions/{other}: no check for this target; add one"),
    }
}

fn regressions_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/regressions")
}

#[test]
fn replay_every_saved_crash() {
    let dir = regressions_dir();
    let mut n = 0;
    for target in std::fs::read_dir(&dir).expect("fuzz/regressions") {
        let target = target.expect("dir entry").path();
        if !target.is_dir() {
            continue;
        }
        let name = target
            .file_name()
            .and_then(|s| s.to_str())
            .unwrap_or("")
            .to_owned();
        for file in std::fs::read_dir(&target).expect("target dir") {
            let path = file.expect("dir entry").path();
            let data = std::fs::read(&path).expect("read input");
            let result = std::panic::catch_unwind(|| check(&name, &data));
            assert!(result.is_ok(), "{} fails again", path.display());
            n += 1;
        }
    }
    println!("{n} saved inputs replayed");
}

/// Inputs that once failed a check while the checks were written; each time
/// the property was wrong, not the library (the root cause is noted), and
/// they stay here so the corrected property keeps holding on them.
#[test]
fn inputs_that_once_failed_a_check() {
    let cases: &[(&str, &str)] = &[
        // Scheme-based normalization gives an empty path with an authority a
        // `/` (RFC 3986 6.2.3): the path kind may change there, nowhere else.
        ("normalize", "http://[0:0:0:0:0:0:0:0]"),
        ("normalize", "HTTP://Example.COM:80"),
        // Dropping the fragment (an optional step) is not equivalence-preserving;
        // equivalence is checked for the plain levels only.
        ("normalize", "http://[0:0:0:0:0:0:0:0]#"),
        // A joined match that is also completed (`www.` + hyphen break) is
        // not its span without whitespace: the completion adds `http://`.
        ("extract", "www.example.com/x-\n  y"),
        // `<URL:http:>` and `<URL:http://A@>`: the finder wants something after
        // the `:` and a host for schemes that need one, even when marked.
        ("extract", "<URL:http:> <URL:http://A@>"),
        ("parse", "a:b:"),
        ("parse", "//h@i"),
        ("resolve", "foo:/\n.//b"),
        ("relativize", "http://a/b/c/d;p?q\nhttp://a/b/c/./g"),
        ("urn", "urn:foo:a%2c\nURN:FOO:a%2C\nurn:foo:a,"),
    ];
    for (target, input) in cases {
        if cfg!(not(feature = "extract")) && *target == "extract" {
            continue;
        }
        check(target, input.as_bytes());
    }
}

/// The splitting helper the two-part targets use.
#[test]
fn split_reads_parts_at_newlines() {
    assert_eq!(props::split::<2>("a\nb\nc"), ["a", "b\nc"]);
    assert_eq!(props::split::<3>("a"), ["a", "", ""]);
    assert_eq!(props::split::<2>(""), ["", ""]);
}
