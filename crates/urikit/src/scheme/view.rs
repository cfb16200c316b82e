//! [`View`]: the view of whichever built-in scheme a URI has.

use alloc::vec::Vec;

use super::{
    Afs, Data, File, Ftp, Gopher, Http, Ldap, Mailto, News, Nntp, Prospero, SchemeError, Tel,
    Telnet, Wais, Ws,
};
use crate::Uri;

/// The typed view of a URI whose scheme the library knows.
///
/// # Example
/// ```
/// use urikit::scheme::View;
/// use urikit::Uri;
///
/// let uri = Uri::parse("news:comp.infosystems.www.servers.unix")?;
/// match View::of(&uri) {
///     Some(Ok(View::News(n))) => assert_eq!(n.target_str(), "comp.infosystems.www.servers.unix"),
///     other => panic!("{other:?}"),
/// }
/// assert!(View::of(&Uri::parse("x-unknown:a")?).is_none());
/// assert!(View::of(&Uri::parse("http:/no-host")?).unwrap().is_err());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum View<'a> {
    /// `http`, `https`.
    Http(Http<'a>),
    /// `ws`, `wss`.
    Ws(Ws<'a>),
    /// `ftp`.
    Ftp(Ftp<'a>),
    /// `file`.
    File(File<'a>),
    /// `mailto`.
    Mailto(Mailto<'a>),
    /// `news`.
    News(News<'a>),
    /// `nntp`.
    Nntp(Nntp<'a>),
    /// `telnet`.
    Telnet(Telnet<'a>),
    /// `gopher`.
    Gopher(Gopher<'a>),
    /// `wais`.
    Wais(Wais<'a>),
    /// `prospero`.
    Prospero(Prospero<'a>),
    /// `afs`.
    Afs(Afs<'a>),
    /// `data`.
    Data(Data<'a>),
    /// `tel`.
    Tel(Tel<'a>),
    /// `ldap`, `ldaps`.
    Ldap(Ldap<'a>),
}

impl<'a> View<'a> {
    /// The view of `uri`: `None` for a scheme without a built-in view, else
    /// the view or the first rule of its scheme that `uri` breaks.
    pub fn of(uri: &Uri<'a>) -> Option<Result<View<'a>, SchemeError>> {
        let mut buf = [0u8; 8];
        let s = uri.scheme().as_bytes();
        let name = buf.get_mut(..s.len())?;
        name.copy_from_slice(s);
        name.make_ascii_lowercase();
        Some(match &*name {
            b"http" | b"https" => Http::of_scheme(uri).map(View::Http),
            b"ws" | b"wss" => Ws::try_from(uri).map(View::Ws),
            b"ftp" => Ftp::try_from(uri).map(View::Ftp),
            b"file" => File::of_scheme(uri).map(View::File),
            b"mailto" => Mailto::try_from(uri).map(View::Mailto),
            b"news" => News::try_from(uri).map(View::News),
            b"nntp" => Nntp::try_from(uri).map(View::Nntp),
            b"telnet" => Telnet::try_from(uri).map(View::Telnet),
            b"gopher" => Gopher::try_from(uri).map(View::Gopher),
            b"wais" => Wais::try_from(uri).map(View::Wais),
            b"prospero" => Prospero::try_from(uri).map(View::Prospero),
            b"afs" => Afs::try_from(uri).map(View::Afs),
            b"data" => Data::try_from(uri).map(View::Data),
            b"tel" => Tel::try_from(uri).map(View::Tel),
            b"ldap" | b"ldaps" => Ldap::try_from(uri).map(View::Ldap),
            _ => return None,
        })
    }

    /// Deprecated forms the URI uses (not errors of its scheme's syntax, but
    /// worth reporting; errors under strict rules): for now, a userinfo in
    /// an `http` or `https` URI.
    pub fn warnings(&self) -> Vec<SchemeError> {
        match self {
            View::Http(h) => h.deprecated_userinfo().into_iter().collect(),
            _ => Vec::new(),
        }
    }
}
