//! Crawler canonicalization: the rewrites web archives, crawlers and data
//! pipelines apply to URLs before they compare or group them, as named
//! profiles (urlcanon's, the Internet Archive's, Google Safe Browsing's),
//! and SURT / SSURT keys.
//!
//! ```
//! use urikit::canon::{Canonicalizer, Profile, Surt};
//!
//! let c = Profile::Aggressive.canonicalizer();
//! assert_eq!(c.canonicalize_str("  https://www.Example.com/a/?b=2&A=1#top"), "http://example.com/a?a=1&b=2");
//!
//! // The Wayback Machine's key (the `surt` package's `surt(url)`).
//! assert_eq!(urikit::canon::wayback_key(b"http://www.archive.org/goo/?b&a"), b"org,archive)/goo?a&b");
//!
//! // Any option of a profile can be changed.
//! const MINE: Canonicalizer = Profile::SemanticPrecise.canonicalizer().remove_fragment(true);
//! assert_eq!(MINE.canonicalize_str("HTTP://h/a/./b#x"), "http://h/a/b");
//! ```
//!
//! Canonicalization accepts any bytes and never fails: the input is read by
//! urlcanon's lenient model ([`ParsedUrl`], which keeps leading and trailing
//! junk), then each step turned on rewrites some of its pieces. A URL that
//! is no URL at all comes out changed only by the steps that apply.
//!
//! # Profiles
//!
//! | profile | what for | its steps (see [`Canonicalizer`] for each) |
//! |---|---|---|
//! | `whatwg` | what a browser would load (urlcanon's `whatwg`) | junk, tabs, lowercase scheme, default port (special), userinfo clean-up, `//`, decode host, backslashes, IP (WHATWG), IDNA, encode (WHATWG sets), leading `/`, dots (browser), empty path `/` |
//! | `google` | the `surt` package's `GoogleURLCanonicalizer` (urlcanon's `google`) | junk, tabs, default `http:`, lowercase scheme, default port (special), userinfo clean-up, `//`, decode repeatedly, backslashes, IP (WHATWG), host dots, IDNA, lowercase host, encode (Google set), leading `/`, dots (browser), collapse `//`, empty path `/`, no fragment |
//! | `safe_browsing` | Google Safe Browsing (v4, "URLs and Hashing") | as `google`, and every port removed |
//! | `semantic_precise` | URLs that load the same thing (urlcanon's `semantic_precise`) | junk, tabs, default `http:`, lowercase scheme, default port (special), no userinfo, `//`, decode repeatedly but the query, backslashes, IP (WHATWG), host dots, IDNA, encode (minimal), leading `/`, dots (browser), collapse `//`, empty path `/`, sort query |
//! | `semantic` | as `semantic_precise`, fragments ignored | `semantic_precise`, no fragment |
//! | `aggressive` | near-duplicates (urlcanon's `aggressive`) | `semantic`, `https` as `http`, no `www`, lowercase path and query, no session ids, no final `/`, no empty parameters, no empty query |
//! | `ia` | the Internet Archive's `DefaultIAURLCanonicalizer` (SURT keys) | junk, tabs, default `http:`, repeated `http://` prefixes, lowercase scheme, no userinfo, decode repeatedly, IP (IA), host dots, IDNA, lowercase host, no `www`, default port (http, https), encode (Google set), dots (IA), lowercase path, no session ids (IA), no final `/`, lowercase query, sort query (by key), no empty query, no fragment |
//!
//! Every built-in profile writes ASCII: what it does not decode it
//! percent-encodes. Each is idempotent: canonicalizing its output again
//! changes nothing (checked on generated input and on every line of the
//! URL lists in `shared/datasets`). Where the reference implementations
//! differ from that or from each other, the crate README lists what we do.

mod parse;
mod steps;
mod surt;

use alloc::string::String;
use alloc::vec::Vec;

pub use parse::{reverse_host, ParsedUrl, SPECIAL_SCHEMES};
pub use steps::{Decode, DefaultPort, Encode, Ip, PathDots, QuerySort, SessionIds, Userinfo};
pub use surt::{wayback_key, write_wayback_key, Surt};

/// A canonicalizer: which steps run, each an option set with a `const fn`,
/// so that a configuration can be a `const`. The steps always run in the
/// order below (the order of this list is the pipeline's).
///
/// 1. `remove_junk`: leading and trailing C0 controls and spaces go.
/// 2. `remove_tabs_and_newlines`: tabs, CR, LF go from every piece.
/// 3. `default_scheme_http`: a URL without a scheme gets `http:` (and is
///    read again: `www.example.com/a` has the host `www.example.com`).
/// 4. `collapse_http_prefixes`: `http://https://host/` is `https://host/`.
/// 5. `lowercase_scheme`.
/// 6. `userinfo` ([`Userinfo`]): keep, clean up, or remove.
/// 7. `two_slashes`: `//` after the scheme of a URL with an authority (or
///    any slashes), and of every `file:` URL.
/// 8. `decode` ([`Decode`]): percent-decoding.
/// 9. `fix_backslashes`: `\` is `/` in special schemes' slashes and paths.
/// 10. `ip` ([`Ip`]): an IP address in the host in its standard form; run
///     again after steps 11 and 12 when they change the host.
/// 11. `fix_host_dots`: no leading, trailing or repeated dots in the host.
/// 12. `idna`: the host of a special scheme to ASCII (UTS #46, Punycode).
/// 13. `lowercase_host`.
/// 14. `default_port` ([`DefaultPort`]): the scheme's default port goes.
/// 15. `strip_www`: `www.`, `www2.`... at the start of the host go (and
///     step 10 runs again).
/// 16. `https_to_http` (and step 14 runs again: `https://h:80/` is
///     `http://h/`).
/// 17. `encode` ([`Encode`]): percent-encoding, by component.
/// 18. `leading_slash`: a special scheme's path starts with `/`.
/// 19. `path_dots` ([`PathDots`]): `.` and `..` segments resolved.
/// 20. `collapse_slashes`: `//` in a special scheme's path is `/`.
/// 21. `empty_path_to_slash`: a special scheme's URL with an authority has
///     the path `/` rather than none.
/// 22. `lowercase_path`.
/// 23. `session_ids` ([`SessionIds`]): session ids go from the path, then
///     (before and after step 26's sort) from the query.
/// 24. `strip_trailing_slash`: final `/`s of the path go (not a lone `/`).
/// 25. `lowercase_query`.
/// 26. `sort_query` ([`QuerySort`]): parameters sorted.
/// 27. `remove_redundant_ampersands`: empty parameters go.
/// 28. `omit_empty_query`: an empty query loses its `?`.
/// 29. `remove_fragment`.
///
/// Last, always: a path that the steps made start with `//` where no
/// authority precedes it gets `/.` before it, as the URL Standard writes it
/// (`foo:/.//x`), so that the result reads back the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Canonicalizer {
    remove_junk: bool,
    remove_tabs_and_newlines: bool,
    default_scheme_http: bool,
    collapse_http_prefixes: bool,
    lowercase_scheme: bool,
    userinfo: Userinfo,
    two_slashes: bool,
    decode: Decode,
    fix_backslashes: bool,
    ip: Ip,
    fix_host_dots: bool,
    idna: bool,
    lowercase_host: bool,
    default_port: DefaultPort,
    strip_www: bool,
    https_to_http: bool,
    encode: Encode,
    leading_slash: bool,
    path_dots: PathDots,
    collapse_slashes: bool,
    empty_path_to_slash: bool,
    lowercase_path: bool,
    session_ids: SessionIds,
    strip_trailing_slash: bool,
    lowercase_query: bool,
    sort_query: QuerySort,
    remove_redundant_ampersands: bool,
    omit_empty_query: bool,
    remove_fragment: bool,
}

impl Default for Canonicalizer {
    fn default() -> Canonicalizer {
        Canonicalizer::new()
    }
}

macro_rules! setters {
    ($($(#[$doc:meta])* $name:ident: $ty:ty;)*) => {
        $(
            $(#[$doc])*
            pub const fn $name(mut self, value: $ty) -> Canonicalizer {
                self.$name = value;
                self
            }
        )*
    };
}

impl Canonicalizer {
    /// Every step off: the URL is written back as it was read.
    pub const fn new() -> Canonicalizer {
        Canonicalizer {
            remove_junk: false,
            remove_tabs_and_newlines: false,
            default_scheme_http: false,
            collapse_http_prefixes: false,
            lowercase_scheme: false,
            userinfo: Userinfo::Keep,
            two_slashes: false,
            decode: Decode::None,
            fix_backslashes: false,
            ip: Ip::Keep,
            fix_host_dots: false,
            idna: false,
            lowercase_host: false,
            default_port: DefaultPort::Keep,
            strip_www: false,
            https_to_http: false,
            encode: Encode::None,
            leading_slash: false,
            path_dots: PathDots::Keep,
            collapse_slashes: false,
            empty_path_to_slash: false,
            lowercase_path: false,
            session_ids: SessionIds::Keep,
            strip_trailing_slash: false,
            lowercase_query: false,
            sort_query: QuerySort::Keep,
            remove_redundant_ampersands: false,
            omit_empty_query: false,
            remove_fragment: false,
        }
    }

    setters! {
        /// Step 1: remove leading and trailing C0 controls and spaces.
        remove_junk: bool;
        /// Step 2: remove tabs, CR and LF everywhere.
        remove_tabs_and_newlines: bool;
        /// Step 3: `http:` for a URL without a scheme.
        default_scheme_http: bool;
        /// Step 4: `http://https://host/` is `https://host/` (the `surt`
        /// package's `^(https?://)+`, which keeps the last).
        collapse_http_prefixes: bool;
        /// Step 5: lowercase the scheme.
        lowercase_scheme: bool;
        /// Step 6: what to do with a userinfo.
        userinfo: Userinfo;
        /// Step 7: `//` after the scheme when there is an authority.
        two_slashes: bool;
        /// Step 8: what to percent-decode.
        decode: Decode;
        /// Step 9: `\` as `/` in special schemes.
        fix_backslashes: bool;
        /// Step 10: how to read and write IP addresses.
        ip: Ip;
        /// Step 11: no leading, trailing or repeated dots in the host.
        fix_host_dots: bool;
        /// Step 12: special schemes' hosts to ASCII (UTS #46 and Punycode).
        idna: bool;
        /// Step 13: lowercase the host.
        lowercase_host: bool;
        /// Step 14: which default ports to remove.
        default_port: DefaultPort;
        /// Step 15: remove `www.`, `www2.`... at the start of the host.
        strip_www: bool;
        /// Step 16: `https` as `http`.
        https_to_http: bool;
        /// Step 17: which percent-encode sets to apply.
        encode: Encode;
        /// Step 18: a special scheme's path starts with `/`.
        leading_slash: bool;
        /// Step 19: how to resolve `.` and `..`.
        path_dots: PathDots;
        /// Step 20: collapse runs of `/` in special schemes' paths.
        collapse_slashes: bool;
        /// Step 21: `/` for the empty path of a special scheme's URL with an authority.
        empty_path_to_slash: bool;
        /// Step 22: lowercase the path.
        lowercase_path: bool;
        /// Step 23: which session-id patterns to remove.
        session_ids: SessionIds;
        /// Step 24: remove final `/`s of the path.
        strip_trailing_slash: bool;
        /// Step 25: lowercase the query.
        lowercase_query: bool;
        /// Step 26: how to sort the query's parameters.
        sort_query: QuerySort;
        /// Step 27: remove empty query parameters.
        remove_redundant_ampersands: bool;
        /// Step 28: remove the `?` of an empty query.
        omit_empty_query: bool;
        /// Step 29: remove the fragment.
        remove_fragment: bool;
    }

    /// Canonicalizes `input`, giving the pieces.
    ///
    /// # Example
    /// ```
    /// use urikit::canon::Profile;
    /// let url = Profile::Ia.canonicalizer().canonicalize(b"http://www34.Archive.org/index.html?b=a&a=b");
    /// assert_eq!((&*url.host, &*url.query), (&b"archive.org"[..], &b"a=b&b=a"[..]));
    /// ```
    pub fn canonicalize<'a>(&self, input: &'a [u8]) -> ParsedUrl<'a> {
        let mut url = ParsedUrl::parse(input);
        self.apply(&mut url);
        // A special URL whose host ended up empty (`http://./a/b` after the
        // host's dots go) is read differently when read again: its path's
        // first segment becomes the host. Canonicalize what is read until it
        // no longer changes, so that the result is a fixed point.
        let mut rounds = 0;
        while rounds < 4
            && url.host.is_empty()
            && matches!(parse::kind_of(&url.scheme), parse::Kind::Special(_))
        {
            let text = url.to_bytes();
            let mut again = ParsedUrl::parse(&text);
            self.apply(&mut again);
            let again = again.into_owned();
            if again.to_bytes() == text {
                break;
            }
            url = again;
            rounds += 1;
        }
        url
    }

    /// Canonicalizes `input` and writes the URL.
    pub fn canonicalize_bytes(&self, input: &[u8]) -> Vec<u8> {
        self.canonicalize(input).to_bytes()
    }

    /// Canonicalizes `input` into a string. The built-in profiles write
    /// ASCII; the bytes of a custom one's result that are not UTF-8 (left
    /// by decoding without encoding) are written `%XX`.
    ///
    /// # Example
    /// ```
    /// use urikit::canon::Profile;
    /// let c = Profile::SafeBrowsing.canonicalizer();
    /// assert_eq!(c.canonicalize_str("http://host/%25%32%35"), "http://host/%25");
    /// assert_eq!(c.canonicalize_str("http://www.gotaport.com:1234/"), "http://www.gotaport.com/");
    /// ```
    pub fn canonicalize_str(&self, input: &str) -> String {
        bytes_to_string(self.canonicalize_bytes(input.as_bytes()))
    }

    /// Runs the steps on an already parsed URL.
    pub fn apply(&self, url: &mut ParsedUrl<'_>) {
        if self.remove_junk {
            steps::remove_junk(url);
        }
        if self.remove_tabs_and_newlines {
            steps::remove_tabs_and_newlines(url);
        }
        if self.default_scheme_http {
            steps::default_scheme_http(url);
        }
        if self.collapse_http_prefixes {
            steps::collapse_http_prefixes(url);
        }
        if self.lowercase_scheme {
            steps::lowercase_scheme(url);
        }
        steps::userinfo(url, self.userinfo);
        if self.two_slashes {
            steps::two_slashes(url);
        }
        steps::decode(url, self.decode);
        if self.fix_backslashes {
            steps::fix_backslashes(url);
        }
        steps::ip(url, self.ip);
        let dots_changed = self.fix_host_dots && steps::fix_host_dots(url);
        let idna_changed = self.idna && steps::idna(url);
        if dots_changed || idna_changed {
            steps::ip(url, self.ip);
        }
        if self.lowercase_host {
            steps::lowercase_host(url);
        }
        steps::default_port(url, self.default_port);
        if self.strip_www && steps::strip_www(url) {
            // What is left may be an address (`www.0`).
            steps::ip(url, self.ip);
        }
        if self.https_to_http && steps::https_to_http(url) {
            // `https://h:80/` is now `http://h:80/`, at its default port.
            steps::default_port(url, self.default_port);
        }
        steps::encode_all(url, self.encode);
        if self.leading_slash {
            steps::leading_slash(url);
        }
        steps::path_dots(url, self.path_dots);
        if self.collapse_slashes {
            steps::collapse_consecutive_slashes(url);
        }
        if self.empty_path_to_slash {
            steps::empty_path_to_slash(url);
        }
        if self.lowercase_path {
            steps::lowercase_path(url);
        }
        // Session ids and final slashes uncover each other
        // (`/a/;jsessionid=...//`): until neither changes anything.
        for _ in 0..4 {
            let before = url.path.len();
            steps::strip_path_session_ids(url, self.session_ids);
            if self.strip_trailing_slash {
                steps::strip_trailing_slash(url);
            }
            if url.path.len() == before {
                break;
            }
        }
        if self.lowercase_query {
            steps::lowercase_query(url);
        }
        // Session ids go before the sort (a removal keeps the `&`s around
        // it where the reference implementations keep them), and again
        // after it while that removes more (a sort can bring `cfid=` and
        // `cftoken=` together): the result is then stable.
        steps::strip_query_session_ids(url, self.session_ids);
        steps::sort_query(url, self.sort_query);
        let mut rounds = 0;
        while rounds < 4 && steps::strip_query_session_ids(url, self.session_ids) {
            steps::sort_query(url, self.sort_query);
            rounds += 1;
        }
        if self.remove_redundant_ampersands {
            steps::remove_redundant_ampersands(url);
        }
        if self.omit_empty_query {
            steps::omit_empty_query(url);
        }
        if self.remove_fragment {
            steps::remove_fragment(url);
        }
        steps::protect_path(url);
    }
}

/// `bytes` as a string, a byte that is not part of UTF-8 written `%XX`.
fn bytes_to_string(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => {
            let bytes = e.into_bytes();
            let mut out = String::with_capacity(bytes.len() + 16);
            for chunk in bytes.utf8_chunks() {
                out.push_str(chunk.valid());
                for &b in chunk.invalid() {
                    crate::pct::push_encoded(&mut out, &[b], &crate::table::Table::empty());
                }
            }
            out
        }
    }
}

/// The named profiles (the table in the [module docs](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Profile {
    /// urlcanon's `whatwg`.
    Whatwg,
    /// urlcanon's `google`: the `surt` package's `GoogleURLCanonicalizer`.
    Google,
    /// Google Safe Browsing's canonicalization.
    SafeBrowsing,
    /// urlcanon's `semantic_precise`.
    SemanticPrecise,
    /// urlcanon's `semantic`.
    Semantic,
    /// urlcanon's `aggressive`.
    Aggressive,
    /// The Internet Archive's default (`DefaultIAURLCanonicalizer`).
    Ia,
}

impl Profile {
    /// Every profile.
    pub const ALL: [Profile; 7] = [
        Profile::Whatwg,
        Profile::Google,
        Profile::SafeBrowsing,
        Profile::SemanticPrecise,
        Profile::Semantic,
        Profile::Aggressive,
        Profile::Ia,
    ];

    /// The profile's name: `whatwg`, `google`, `safe_browsing`,
    /// `semantic_precise`, `semantic`, `aggressive`, `ia`.
    pub const fn name(self) -> &'static str {
        match self {
            Profile::Whatwg => "whatwg",
            Profile::Google => "google",
            Profile::SafeBrowsing => "safe_browsing",
            Profile::SemanticPrecise => "semantic_precise",
            Profile::Semantic => "semantic",
            Profile::Aggressive => "aggressive",
            Profile::Ia => "ia",
        }
    }

    /// The profile of a name (`-` and `_` alike).
    pub fn from_name(name: &str) -> Option<Profile> {
        Profile::ALL
            .into_iter()
            .find(|p| p.name().replace('_', "-") == name.replace('_', "-"))
    }

    /// The profile's canonicalizer.
    pub const fn canonicalizer(self) -> Canonicalizer {
        match self {
            Profile::Whatwg => WHATWG,
            Profile::Google => GOOGLE,
            Profile::SafeBrowsing => GOOGLE.default_port(DefaultPort::All),
            Profile::SemanticPrecise => SEMANTIC_PRECISE,
            Profile::Semantic => SEMANTIC_PRECISE.remove_fragment(true),
            Profile::Aggressive => SEMANTIC_PRECISE
                .remove_fragment(true)
                .https_to_http(true)
                .strip_www(true)
                .lowercase_path(true)
                .lowercase_query(true)
                .session_ids(SessionIds::Urlcanon)
                .strip_trailing_slash(true)
                .remove_redundant_ampersands(true)
                .omit_empty_query(true),
            Profile::Ia => IA,
        }
    }
}

const WHATWG: Canonicalizer = Canonicalizer::new()
    .remove_junk(true)
    .remove_tabs_and_newlines(true)
    .lowercase_scheme(true)
    .default_port(DefaultPort::Special)
    .userinfo(Userinfo::CleanUp)
    .two_slashes(true)
    .decode(Decode::Host)
    .ip(Ip::Whatwg)
    .idna(true)
    .encode(Encode::Whatwg)
    .fix_backslashes(true)
    .leading_slash(true)
    .path_dots(PathDots::Browser)
    .empty_path_to_slash(true);

const GOOGLE: Canonicalizer = Canonicalizer::new()
    .remove_junk(true)
    .default_scheme_http(true)
    .remove_tabs_and_newlines(true)
    .lowercase_scheme(true)
    .fix_backslashes(true)
    .empty_path_to_slash(true)
    .default_port(DefaultPort::Special)
    .userinfo(Userinfo::CleanUp)
    .leading_slash(true)
    .two_slashes(true)
    .remove_fragment(true)
    .decode(Decode::Repeatedly)
    .path_dots(PathDots::Browser)
    .fix_host_dots(true)
    .collapse_slashes(true)
    .idna(true)
    .ip(Ip::Whatwg)
    .lowercase_host(true)
    .encode(Encode::Google);

const SEMANTIC_PRECISE: Canonicalizer = Canonicalizer::new()
    .remove_junk(true)
    .default_scheme_http(true)
    .remove_tabs_and_newlines(true)
    .lowercase_scheme(true)
    .default_port(DefaultPort::Special)
    .userinfo(Userinfo::Remove)
    .two_slashes(true)
    .decode(Decode::RepeatedlyExceptQuery)
    .ip(Ip::Whatwg)
    .fix_host_dots(true)
    .idna(true)
    .encode(Encode::Minimal)
    .fix_backslashes(true)
    .leading_slash(true)
    .path_dots(PathDots::Browser)
    .collapse_slashes(true)
    .empty_path_to_slash(true)
    .sort_query(QuerySort::Params);

const IA: Canonicalizer = Canonicalizer::new()
    .remove_junk(true)
    .remove_tabs_and_newlines(true)
    .default_scheme_http(true)
    .collapse_http_prefixes(true)
    .lowercase_scheme(true)
    .userinfo(Userinfo::Remove)
    .remove_fragment(true)
    .decode(Decode::Repeatedly)
    .ip(Ip::Ia)
    .fix_host_dots(true)
    .idna(true)
    .lowercase_host(true)
    .strip_www(true)
    .default_port(DefaultPort::Http)
    .encode(Encode::Google)
    .path_dots(PathDots::Ia)
    .lowercase_path(true)
    .session_ids(SessionIds::Ia)
    .strip_trailing_slash(true)
    .lowercase_query(true)
    .sort_query(QuerySort::KeyValue)
    .omit_empty_query(true);
