//! Shared pieces of the urikit benchmarks: loading the URL lists, the derived
//! inputs of each operation, and the adapters that call each library.
//!
//! Every adapter has the same shape, `fn(&str) -> bool`: it runs one operation
//! on one input and says whether the library accepted it. The result is passed
//! through [`std::hint::black_box`] so the work cannot be optimized away. The
//! adapters are `#[inline]` plain functions, and the benchmarks call them through
//! a generic (not a function pointer), so every library gets the same loop.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

pub mod adversarial;
pub mod iri_list;

/// The base every resolution runs against: RFC 3986 section 5.4's, several
/// segments, a parameter and a query.
pub const BASE: &str = "http://a/b/c/d;p?q";

/// One URL list: its name and its lines, as they are (only the line ends are
/// taken off: `\n` and a `\r` before it).
pub struct Dataset {
    pub name: String,
    pub lines: Vec<String>,
}

impl Dataset {
    /// The total length of the lines, in bytes (what the throughput counts).
    pub fn bytes(&self) -> u64 {
        self.lines.iter().map(|l| l.len() as u64).sum()
    }
}

/// The `datasets/` folder: `$URIKIT_DATASETS`, or `shared/datasets` in an
/// ancestor of this crate (CI puts `shared/` beside the checkout).
pub fn datasets_dir() -> PathBuf {
    if let Some(p) = std::env::var_os("URIKIT_DATASETS") {
        return PathBuf::from(p);
    }
    if let Some(p) = std::env::var_os("URIKIT_SHARED") {
        return PathBuf::from(p).join("datasets");
    }
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    for dir in here.ancestors() {
        let candidate = dir.join("shared").join("datasets");
        if candidate.is_dir() {
            return candidate;
        }
    }
    panic!("shared/datasets not found above {here:?}; set URIKIT_DATASETS");
}

/// Splits a file's text into lines, as `BufRead::lines` would, keeping any
/// byte that is not a line end (a BOM included). Invalid UTF-8 is replaced.
pub fn split_lines(bytes: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(bytes)
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Every `*.txt` URL list in `dir`, sorted by name.
pub fn load_datasets(dir: &Path) -> Vec<Dataset> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir:?}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{p:?}: {e}"));
            Dataset {
                name: p.file_stem().unwrap().to_string_lossy().into_owned(),
                lines: split_lines(&bytes),
            }
        })
        .collect()
}

/// The part of each line that urikit parses from the path on (`path [? query]
/// [# fragment]`): the relative references of the "resolve relative" benchmark.
/// Lines urikit rejects are left out, so every library gets the same list.
pub fn relative_parts(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| {
            let r = urikit::UriRef::parse(l).ok()?;
            let start = l.len() - r.path().len() - suffix_len(&r);
            Some(l[start..].to_owned())
        })
        .collect()
}

fn suffix_len(r: &urikit::UriRef<'_>) -> usize {
    r.query().map_or(0, |q| q.len() + 1) + r.fragment().map_or(0, |f| f.len() + 1)
}

/// The path of each line urikit parses: the component of the percent-decoding
/// benchmark.
pub fn paths(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| Some(urikit::UriRef::parse(l).ok()?.path().to_owned()))
        .collect()
}

/// An operation's adapter: runs it on one input; `true` when accepted.
pub type Adapter = fn(&str) -> bool;

/// The inputs of one benchmark, stored end to end in one buffer (as a
/// program reading a file of URLs would have them), so that every library
/// reads them from the same, contiguous memory.
pub struct Inputs {
    text: String,
    ends: Vec<usize>,
}

impl Inputs {
    pub fn new(items: &[String]) -> Inputs {
        let mut text = String::with_capacity(items.iter().map(String::len).sum());
        let mut ends = Vec::with_capacity(items.len());
        for s in items {
            text.push_str(s);
            ends.push(text.len());
        }
        Inputs { text, ends }
    }

    /// The inputs, in order.
    pub fn iter(&self) -> impl Iterator<Item = &str> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(&self.ends).map(|(a, &b)| &self.text[a..b])
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Their total length in bytes (what the throughput counts).
    pub fn bytes(&self) -> u64 {
        self.text.len() as u64
    }
}

/// Runs `f` on every input, returning how many it accepted. The loop the
/// benchmarks time.
#[inline(always)]
pub fn run_all<F: Fn(&str) -> bool>(inputs: &Inputs, f: F) -> usize {
    let mut n = 0;
    for s in inputs.iter() {
        n += usize::from(f(black_box(s)));
    }
    n
}

// ---------------------------------------------------------------------------
// parse: validate and locate the components.

pub mod parse {
    use super::black_box;
    use std::str::FromStr;

    /// urikit's RFC 3987 `IRI-reference` parse.
    #[inline]
    pub fn urikit_iri(s: &str) -> bool {
        black_box(urikit::iri::IriRef::parse(s)).is_ok()
    }
    /// fluent-uri's IRI reference parse.
    #[inline]
    pub fn fluent_uri_iri(s: &str) -> bool {
        black_box(fluent_uri::IriRef::parse(s)).is_ok()
    }
    /// iri-string's IRI reference validation.
    #[inline]
    pub fn iri_string_iri(s: &str) -> bool {
        black_box(iri_string::types::IriReferenceStr::new(s)).is_ok()
    }

    #[inline]
    pub fn urikit(s: &str) -> bool {
        black_box(urikit::UriRef::parse(s)).is_ok()
    }
    #[inline]
    pub fn fluent_uri(s: &str) -> bool {
        black_box(fluent_uri::UriRef::parse(s)).is_ok()
    }
    #[inline]
    pub fn oxiri(s: &str) -> bool {
        black_box(oxiri::IriRef::parse(s)).is_ok()
    }
    #[inline]
    pub fn iri_string(s: &str) -> bool {
        black_box(iri_string::types::UriReferenceStr::new(s)).is_ok()
    }
    #[inline]
    pub fn uriparse(s: &str) -> bool {
        black_box(uriparse::URIReference::try_from(s)).is_ok()
    }
    #[inline]
    pub fn http(s: &str) -> bool {
        black_box(http::Uri::from_str(s)).is_ok()
    }
    #[inline]
    pub fn url(s: &str) -> bool {
        black_box(url::Url::parse(s)).is_ok()
    }
    #[inline]
    pub fn ada_url(s: &str) -> bool {
        black_box(ada_url::Url::parse(s, None)).is_ok()
    }
    /// The WHATWG URL Standard's reading (`urikit::whatwg`): the URL with
    /// its href, as `url` and `ada-url` produce it.
    #[inline]
    pub fn urikit_whatwg(s: &str) -> bool {
        black_box(urikit::whatwg::Url::parse(s, None)).is_ok()
    }
    /// ada's validation only (`ada::can_parse`): it parses without building
    /// the URL object, the cheapest way ada has to say whether an input is
    /// a URL.
    #[inline]
    pub fn ada_url_can_parse(s: &str) -> bool {
        black_box(ada_url::Url::can_parse(s, None))
    }
}

// ---------------------------------------------------------------------------
// resolve: a reference against [`BASE`], giving an owned result.

pub mod resolve {
    use super::{black_box, LazyLock, BASE};
    use iri_string::format::ToDedicatedString;

    static FLUENT_BASE: LazyLock<fluent_uri::Uri<&'static str>> =
        LazyLock::new(|| fluent_uri::Uri::parse(BASE).unwrap());
    static OXIRI_BASE: LazyLock<oxiri::Iri<&'static str>> =
        LazyLock::new(|| oxiri::Iri::parse(BASE).unwrap());
    static IRI_STRING_BASE: LazyLock<&'static iri_string::types::UriAbsoluteStr> =
        LazyLock::new(|| iri_string::types::UriAbsoluteStr::new(BASE).unwrap());
    static URL_BASE: LazyLock<url::Url> = LazyLock::new(|| url::Url::parse(BASE).unwrap());
    static URIKIT_BASE: LazyLock<urikit::Uri<'static>> =
        LazyLock::new(|| urikit::Uri::parse(BASE).unwrap());

    /// Parses each base once, outside the timed loops.
    pub fn init() {
        LazyLock::force(&FLUENT_BASE);
        LazyLock::force(&OXIRI_BASE);
        LazyLock::force(&IRI_STRING_BASE);
        LazyLock::force(&URL_BASE);
        LazyLock::force(&URIKIT_BASE);
    }

    /// The reference as text, parsed and resolved in one call (`join`, as
    /// url's `join` and ada's `parse` with a base take it).
    #[inline]
    pub fn urikit(s: &str) -> bool {
        black_box(URIKIT_BASE.join(s)).is_ok()
    }

    /// Not a peer: urikit's two calls, parse and then resolve (the form of
    /// fluent-uri's, oxiri's and iri-string's adapters, which have no text
    /// form). The parsed value is copied between the two calls.
    #[inline]
    pub fn urikit_parsed(s: &str) -> bool {
        let Ok(r) = urikit::UriRef::parse(s) else {
            return false;
        };
        black_box(r.resolve_against(&URIKIT_BASE)).is_ok()
    }

    #[inline]
    pub fn fluent_uri(s: &str) -> bool {
        let Ok(r) = fluent_uri::UriRef::parse(s) else {
            return false;
        };
        black_box(r.resolve_against(&*FLUENT_BASE)).is_ok()
    }
    /// oxiri 0.3 resolves a parsed reference (0.2 took the text).
    #[inline]
    pub fn oxiri(s: &str) -> bool {
        let Ok(r) = oxiri::IriRef::parse(s) else {
            return false;
        };
        black_box(OXIRI_BASE.resolve(&r)).is_ok()
    }
    #[inline]
    pub fn iri_string(s: &str) -> bool {
        let Ok(r) = iri_string::types::UriReferenceStr::new(s) else {
            return false;
        };
        black_box(
            r.resolve_against(*IRI_STRING_BASE)
                .try_to_dedicated_string(),
        )
        .is_ok()
    }
    #[inline]
    pub fn url(s: &str) -> bool {
        black_box(URL_BASE.join(s)).is_ok()
    }

    /// Not a resolver: the least work any resolver that returns an owned
    /// target does on these lists, measured beside them. urikit parses the
    /// reference, then one allocation is filled with the target's bytes:
    /// the reference alone when it has a scheme, else the base's scheme and
    /// authority (`http://a`) and the reference. That is the target of every
    /// absolute URI and absolute path without dot segments, at least 90% of
    /// each list (checked by a test), with no resolution logic run. A
    /// resolver can go no faster than this with urikit's parser and the
    /// system allocator, so the floor's throughput ÷ a peer's bounds the
    /// ratio urikit can reach against that peer.
    #[inline]
    pub fn floor(s: &str) -> bool {
        let Ok(r) = urikit::UriRef::parse(s) else {
            return false;
        };
        black_box(floor_target(r.scheme().is_some(), s));
        true
    }

    /// [`BASE`]'s scheme and authority: its text before its path (a test
    /// checks it), written as a constant as the floor's copy of it.
    pub const FLOOR_HEAD: &str = "http://a";

    /// [`floor`]'s target for a reference `s`, with a scheme or not.
    #[inline(always)]
    pub fn floor_target(has_scheme: bool, s: &str) -> String {
        let head = if has_scheme { "" } else { FLOOR_HEAD };
        let mut t = String::with_capacity(head.len() + s.len());
        t.push_str(head);
        t.push_str(s);
        t
    }
    #[inline]
    pub fn ada_url(s: &str) -> bool {
        black_box(ada_url::Url::parse(s, Some(BASE))).is_ok()
    }
}

// ---------------------------------------------------------------------------
// normalize: syntax-based normalization, giving an owned result.

pub mod normalize {
    use super::black_box;
    use iri_string::format::ToDedicatedString;

    const N: urikit::normalize::Normalizer = urikit::normalize::Normalizer::new();

    /// Syntax-based normalization (RFC 3986 section 6.2.2), owned result,
    /// from the text in one call (`normalize_str`), as url and ada take it.
    #[inline]
    pub fn urikit(s: &str) -> bool {
        black_box(N.normalize_str(s)).is_ok()
    }

    /// Not a peer: urikit's two calls, parse and then normalize (the form of
    /// fluent-uri's adapter, which has no text form).
    #[inline]
    pub fn urikit_parsed(s: &str) -> bool {
        let Ok(r) = urikit::UriRef::parse(s) else {
            return false;
        };
        black_box(N.normalize(&r));
        true
    }

    #[inline]
    pub fn fluent_uri(s: &str) -> bool {
        let Ok(r) = fluent_uri::UriRef::parse(s) else {
            return false;
        };
        black_box(r.normalize());
        true
    }
    /// iri-string normalizes absolute URIs (with or without fragment) only.
    #[inline]
    pub fn iri_string(s: &str) -> bool {
        let Ok(r) = iri_string::types::UriStr::new(s) else {
            return false;
        };
        black_box(r.normalize().try_to_dedicated_string()).is_ok()
    }
    #[inline]
    pub fn uriparse(s: &str) -> bool {
        let Ok(mut r) = uriparse::URIReference::try_from(s) else {
            return false;
        };
        r.normalize();
        black_box(r);
        true
    }
    /// WHATWG parsing normalizes as it goes; the serialization is the result.
    #[inline]
    pub fn url(s: &str) -> bool {
        black_box(url::Url::parse(s).map(String::from)).is_ok()
    }
    /// WHATWG parsing normalizes as it goes; the serialization is the result.
    #[inline]
    pub fn ada_url(s: &str) -> bool {
        black_box(ada_url::Url::parse(s, None).map(|u| u.href().to_owned())).is_ok()
    }
}

// ---------------------------------------------------------------------------
// percent-decode a component (each line's path) to bytes, borrowing when there
// is nothing to decode.

pub mod decode {
    use super::black_box;
    use std::borrow::Cow;

    #[inline]
    pub fn urikit(s: &str) -> bool {
        black_box(urikit::pct::decode(s));
        true
    }
    #[inline]
    pub fn percent_encoding(s: &str) -> bool {
        let d: Cow<'_, [u8]> = percent_encoding::percent_decode_str(s).into();
        black_box(d);
        true
    }
    /// fluent-uri decodes a validated `EStr`; the validation is part of its cost.
    #[inline]
    pub fn fluent_uri(s: &str) -> bool {
        use fluent_uri::pct_enc::{encoder::Path, EStr};
        let Some(e) = EStr::<Path>::new(s) else {
            return false;
        };
        black_box(e.decode().to_bytes());
        true
    }
}

// ---------------------------------------------------------------------------
// surt: the Wayback Machine's SURT key of each line (the `ia` profile's
// canonicalization, then the key). No Rust peer; issue 17's target is
// <= 150 ns per URL.

pub mod surt {
    use super::black_box;

    use std::cell::RefCell;

    thread_local! {
        static KEY: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    }

    /// `urikit::canon::write_wayback_key` into a reused buffer: canonicalize
    /// (profile `ia`) and write the key.
    #[inline]
    pub fn urikit(s: &str) -> bool {
        KEY.with_borrow_mut(|key| {
            key.clear();
            urikit::canon::write_wayback_key(s.as_bytes(), key);
            black_box(&key[..]);
        });
        true
    }
}

// ---------------------------------------------------------------------------
// domain: the registrable domain of each line's host (public suffix list),
// the same list for urikit and publicsuffix (the shared copy); psl compiles
// in its own.

/// The host of each line that has one (as urlcanon's model reads it: any
/// line, taken as it is).
pub fn hosts(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| {
            let u = urikit::canon::ParsedUrl::parse(l.as_bytes());
            let h = std::str::from_utf8(&u.host).ok()?;
            (!h.is_empty()).then(|| h.to_owned())
        })
        .collect()
}

pub mod domain {
    use super::black_box;
    use std::sync::OnceLock;

    static PUBLICSUFFIX: OnceLock<publicsuffix::List> = OnceLock::new();

    /// Loads publicsuffix's list (`shared/vectors/psl/public_suffix_list.dat`);
    /// call before timing.
    pub fn init() {
        PUBLICSUFFIX.get_or_init(|| {
            let path = super::datasets_dir().join("../vectors/psl/public_suffix_list.dat");
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
            text.parse().expect("public_suffix_list.dat")
        });
    }

    /// `urikit::psl::List::embedded().registrable_domain`.
    #[inline]
    pub fn urikit(h: &str) -> bool {
        black_box(urikit::psl::List::embedded().registrable_domain(h)).is_some()
    }
    /// `psl::domain_str`.
    #[inline]
    pub fn psl(h: &str) -> bool {
        black_box(psl::domain_str(h)).is_some()
    }
    /// `publicsuffix::List::domain` (the `Psl` trait).
    #[inline]
    pub fn publicsuffix(h: &str) -> bool {
        use publicsuffix::Psl;
        let list = PUBLICSUFFIX.get().expect("domain::init");
        black_box(list.domain(h.as_bytes())).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The floor writes the target urikit's resolution gives for at least
    /// 90% of the references of each list, in both resolve benchmarks: the
    /// exceptions are the references whose target is not the base's head
    /// and the reference (a relative or empty path takes from the base's
    /// path, a dot segment is removed, an authority replaces the base's).
    #[test]
    fn floor_target_is_the_resolved_target_on_the_lists() {
        let base = urikit::Uri::parse(BASE).unwrap();
        let path_start = BASE.len() - base.path().len() - suffix_len(&base);
        assert_eq!(&BASE[..path_start], resolve::FLOOR_HEAD);
        for d in load_datasets(&datasets_dir()) {
            for (list, refs) in [
                ("relative", relative_parts(&d.lines)),
                ("absolute", d.lines.clone()),
            ] {
                let (mut same, mut other) = (0usize, 0usize);
                for s in &refs {
                    let Ok(r) = urikit::UriRef::parse(s) else {
                        continue;
                    };
                    let want = r.resolve_against(&base).unwrap();
                    if resolve::floor_target(r.scheme().is_some(), s) == want.as_str() {
                        same += 1;
                    } else {
                        // Not an absolute URI nor an absolute path: a
                        // relative path (merged with the base's), an empty
                        // one, `//` and an authority; or a dot segment.
                        let path = r.path();
                        let absolute_path = r.authority().is_none() && path.starts_with('/');
                        assert!(
                            !(r.scheme().is_some() || absolute_path) || path.contains("/."),
                            "{} {list}: {s:?}",
                            d.name
                        );
                        other += 1;
                    }
                }
                assert!(
                    same > 0 && other * 10 <= same,
                    "{} {list}: {same} same, {other} other",
                    d.name
                );
            }
        }
    }
}
