//! The edits of `urikit edit` as trurl spells them (`--set NAME=VALUE`,
//! `--append path=SEG`, `--append query=KEY=VALUE`, `--trim query=KEY`),
//! checked once when the arguments are read (a bad value is a usage error
//! with a caret under its byte) and applied to each input through the
//! library's setters, `append_query_pair` and `remove_query_pairs`.

use std::fmt::Display;

use urikit::build::{BuildError, BuildErrorKind, Builder, QueryEncoding};
use urikit::pct::{self, Component};
use urikit::table::{self, Table};
use urikit::{Part, UriRef, UriRefBuf};

use crate::output::arg_error;
use crate::report::Failure;

/// A component as trurl names it (`user` and `password` are the two halves
/// of the userinfo; `url` is the whole reference).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Field {
    Url,
    Scheme,
    Host,
    Userinfo,
    User,
    Password,
    Port,
    Path,
    Query,
    Fragment,
}

impl Field {
    /// Every field, in the order sets are applied (the host before what
    /// needs one).
    pub const ALL: [Field; 10] = [
        Field::Url,
        Field::Scheme,
        Field::Host,
        Field::Userinfo,
        Field::User,
        Field::Password,
        Field::Port,
        Field::Path,
        Field::Query,
        Field::Fragment,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Field::Url => "url",
            Field::Scheme => "scheme",
            Field::Host => "host",
            Field::Userinfo => "userinfo",
            Field::User => "user",
            Field::Password => "password",
            Field::Port => "port",
            Field::Path => "path",
            Field::Query => "query",
            Field::Fragment => "fragment",
        }
    }

    pub fn from_name(name: &str) -> Option<Field> {
        Field::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The names, for messages.
    pub fn names() -> String {
        Field::ALL.map(Field::name).join(", ")
    }

    /// The library's part that holds this field.
    fn part(self) -> Part {
        match self {
            Field::Url | Field::Scheme => Part::Scheme,
            Field::Host => Part::Host,
            Field::Userinfo | Field::User | Field::Password => Part::Userinfo,
            Field::Port => Part::Port,
            Field::Path => Part::Path,
            Field::Query => Part::Query,
            Field::Fragment => Part::Fragment,
        }
    }

    /// The field's raw text in `r` (`None` when absent; the path is always
    /// there, possibly empty).
    pub fn raw<'a>(self, r: &UriRef<'a>) -> Option<&'a str> {
        let userinfo = || r.authority().and_then(|a| a.userinfo());
        match self {
            Field::Url => Some(r.as_str()),
            Field::Scheme => r.scheme(),
            Field::Host => r.authority().map(|a| a.host_str()),
            Field::Userinfo => userinfo(),
            Field::User => userinfo().map(|u| u.split_once(':').map_or(u, |(user, _)| user)),
            Field::Password => userinfo().and_then(|u| u.split_once(':')).map(|(_, p)| p),
            Field::Port => r.authority().and_then(|a| a.port()),
            Field::Path => Some(r.path()),
            Field::Query => r.query(),
            Field::Fragment => r.fragment(),
        }
    }

    /// Where this field is in `r`, or would go (the delimiter of the next
    /// part there is, or the end): the byte an error about it points at.
    pub fn index_in(self, r: &UriRef<'_>) -> usize {
        let part = self.part();
        let spans = r.spans();
        let at = match spans.iter().find(|(p, _)| *p >= part) {
            None => r.as_str().len(),
            Some((p, range)) if p == part => range.start,
            Some((Part::Query | Part::Fragment, range)) => range.start - 1,
            Some((_, range)) => range.start,
        };
        at
    }
}

/// `userinfo` without `:`: what a user name may hold as it is.
const USER: Table = table::USERINFO.minus(Table::new(b":"));

/// `--set NAME[?][:]=VALUE`: the field, the value as it goes into the
/// reference (encoded, checked; `None` removes the field), whether only an
/// absent field is set (`?=`).
#[derive(Clone, Debug)]
pub struct Set {
    pub field: Field,
    value: Option<String>,
    /// For `url`: the reference the value is.
    url: Option<UriRefBuf>,
    only_if_absent: bool,
    /// The argument as given, for messages.
    arg: String,
}

/// Splits `NAME=VALUE` for `option`: the name's end, and the value's start.
fn assignment(option: &str, arg: &str) -> anyhow::Result<(usize, usize)> {
    let eq = arg.find('=').ok_or_else(|| {
        arg_error(
            option,
            arg,
            arg.len(),
            format_args!(
                "at byte {}: expected \"=\" and a value after the name",
                arg.len()
            ),
        )
    })?;
    Ok((eq, eq + 1))
}

/// The field named `arg[..end]`.
fn field(option: &str, arg: &str, end: usize) -> anyhow::Result<Field> {
    Field::from_name(&arg[..end]).ok_or_else(|| {
        arg_error(
            option,
            arg,
            0,
            format_args!("at byte 0: expected a component name: {}", Field::names()),
        )
    })
}

impl Set {
    /// Reads one `--set` argument.
    ///
    /// # Errors
    /// No `=`, an unknown name, or a value the component cannot hold.
    pub fn parse(arg: &str) -> anyhow::Result<Set> {
        const OPTION: &str = "--set";
        let (mut name_end, value_at) = assignment(OPTION, arg)?;
        let raw = arg[..name_end].ends_with(':');
        name_end -= usize::from(raw);
        let only_if_absent = arg[..name_end].ends_with('?');
        name_end -= usize::from(only_if_absent);
        let field = field(OPTION, arg, name_end)?;
        let text = &arg[value_at..];
        let bad = |index: usize, message: &dyn Display| {
            let at = value_at + index;
            arg_error(OPTION, arg, at, format_args!("at byte {at}: {message}"))
        };
        let mut set = Set {
            field,
            value: None,
            url: None,
            only_if_absent,
            arg: arg.to_owned(),
        };
        if text.is_empty() {
            // trurl: an empty value removes the component (the whole
            // reference: the empty one).
            if field == Field::Url {
                set.url = UriRefBuf::parse(String::new()).ok();
            }
            return Ok(set);
        }
        let checked = |b: Builder| {
            b.build()
                .map(drop)
                .map_err(|e| bad(e.index(), &expected(e)))
        };
        let value = match field {
            Field::Url => {
                let u = UriRefBuf::parse(text.to_owned()).map_err(|(e, _)| {
                    bad(e.index(), &format_args!("expected {}", e.kind().expected()))
                })?;
                set.url = Some(u);
                return Ok(set);
            }
            Field::Scheme => {
                checked(Builder::new().scheme(text))?;
                text.to_owned()
            }
            Field::Port => {
                if let Some(i) = text.bytes().position(|c| !c.is_ascii_digit()) {
                    return Err(bad(i, &"expected a digit (a port is a decimal number)"));
                }
                text.to_owned()
            }
            // Raw values are checked as the component; data is encoded for it.
            _ if raw => {
                match field {
                    Field::User if text.contains(':') => {
                        let i = text.find(':').unwrap_or_default();
                        return Err(bad(
                            i,
                            &"expected a user without \":\" (it starts the password)",
                        ));
                    }
                    Field::Host => checked(Builder::new().host(text))?,
                    Field::Userinfo | Field::User | Field::Password => {
                        checked(Builder::new().host("").userinfo(text))?;
                    }
                    Field::Path => checked(Builder::new().path(text))?,
                    Field::Query => checked(Builder::new().query(text))?,
                    _ => checked(Builder::new().fragment(text))?,
                }
                text.to_owned()
            }
            Field::Host if text.starts_with('[') => {
                // An IP literal is written as it is.
                checked(Builder::new().host(text))?;
                text.to_owned()
            }
            Field::Host => Component::Host.encode(text.as_bytes()).into_owned(),
            Field::User => pct::encode(text.as_bytes(), &USER).into_owned(),
            Field::Userinfo | Field::Password => {
                Component::Userinfo.encode(text.as_bytes()).into_owned()
            }
            Field::Path => Component::Path.encode(text.as_bytes()).into_owned(),
            Field::Query => Component::Query.encode(text.as_bytes()).into_owned(),
            Field::Fragment => Component::Fragment.encode(text.as_bytes()).into_owned(),
        };
        set.value = Some(value);
        Ok(set)
    }

    /// Sets the field of `uri`.
    ///
    /// # Errors
    /// A combination the library refuses (a port without a host, a rootless
    /// path under an authority...), pointed at in `input`.
    pub fn apply(&self, uri: &mut UriRefBuf, input: &UriRef<'_>) -> Result<(), Failure> {
        let r = uri.as_uri_ref();
        let present = match self.field {
            Field::Path => !r.path().is_empty(),
            f => f.raw(&r).is_some(),
        };
        if self.only_if_absent && present {
            return Ok(());
        }
        let value = self.value.as_deref();
        let result = match self.field {
            Field::Url => {
                if let Some(u) = &self.url {
                    *uri = u.clone();
                }
                Ok(())
            }
            Field::Scheme => uri.set_scheme(value),
            Field::Host => uri.set_host(value),
            Field::Userinfo => uri.set_userinfo(value),
            Field::User => {
                let password = Field::Password.raw(&r);
                let userinfo = match (value, password) {
                    (Some(u), Some(p)) => Some(format!("{u}:{p}")),
                    (Some(u), None) => Some(u.to_owned()),
                    (None, Some(p)) => Some(format!(":{p}")),
                    (None, None) => None,
                };
                uri.set_userinfo(userinfo.as_deref())
            }
            Field::Password => {
                let user = Field::User.raw(&r).unwrap_or("");
                let userinfo = match value {
                    Some(p) => Some(format!("{user}:{p}")),
                    None => (!user.is_empty()).then(|| user.to_owned()),
                };
                uri.set_userinfo(userinfo.as_deref())
            }
            Field::Port => uri.set_port(value),
            Field::Path => {
                let path = value.unwrap_or("");
                // trurl: a path under an authority gets the "/" it needs.
                if r.authority().is_some() && !path.is_empty() && !path.starts_with('/') {
                    uri.set_path(&format!("/{path}"))
                } else {
                    uri.set_path(path)
                }
            }
            Field::Query => uri.set_query(value),
            Field::Fragment => uri.set_fragment(value),
        };
        result.map_err(|e| self.failure(&e, input))
    }

    /// A refused combination, pointed at where the field is (or would be)
    /// in the input.
    fn failure(&self, e: &BuildError, input: &UriRef<'_>) -> Failure {
        let index = self.field.index_in(input);
        Failure::new(
            e.kind().name(),
            index,
            format!("at byte {index}: --set {}: {}", self.arg, expected(*e)),
        )
    }
}

/// What a build error says was expected, with the part it is about.
fn expected(e: BuildError) -> String {
    let part = e.part().name();
    match e.kind() {
        BuildErrorKind::UnexpectedChar => format!(
            "expected a character the {part} allows as it is (NAME=VALUE, without \":\", encodes it)"
        ),
        kind => format!("expected {} (in the {part})", kind.expected()),
    }
}

/// `--append path=SEGMENT` or `--append query=KEY[=VALUE]`.
#[derive(Clone, Debug)]
pub enum Append {
    /// One path segment, encoded.
    Segment(String),
    /// One query pair, as data.
    Pair(String, Option<String>),
}

impl Append {
    /// Reads one `--append` argument.
    ///
    /// # Errors
    /// No `=`, or a component other than `path` and `query`.
    pub fn parse(arg: &str) -> anyhow::Result<Append> {
        const OPTION: &str = "--append";
        let (name_end, value_at) = assignment(OPTION, arg)?;
        let data = &arg[value_at..];
        match field(OPTION, arg, name_end)? {
            Field::Path => Ok(Append::Segment(
                Component::Segment.encode(data.as_bytes()).into_owned(),
            )),
            Field::Query => Ok(match data.split_once('=') {
                Some((k, v)) => Append::Pair(k.to_owned(), Some(v.to_owned())),
                None => Append::Pair(data.to_owned(), None),
            }),
            _ => Err(arg_error(
                OPTION,
                arg,
                0,
                "at byte 0: expected path or query (only those can be appended to)",
            )),
        }
    }

    /// Appends to `uri`.
    ///
    /// # Errors
    /// A path the reference cannot take (pointed at in `input`).
    pub fn apply(
        &self,
        uri: &mut UriRefBuf,
        enc: QueryEncoding,
        input: &UriRef<'_>,
    ) -> Result<(), Failure> {
        match self {
            Append::Pair(k, v) => {
                uri.append_query_pair(k, v.as_deref(), enc);
                Ok(())
            }
            Append::Segment(seg) => {
                let r = uri.as_uri_ref();
                let path = r.path();
                let joined = if path.is_empty() {
                    if r.authority().is_some() {
                        format!("/{seg}")
                    } else {
                        seg.clone()
                    }
                } else if path.ends_with('/') {
                    format!("{path}{seg}")
                } else {
                    format!("{path}/{seg}")
                };
                uri.set_path(&joined).map_err(|e| {
                    let index = Field::Path.index_in(input);
                    Failure::new(
                        e.kind().name(),
                        index,
                        format!("at byte {index}: --append path: {}", expected(e)),
                    )
                })
            }
        }
    }
}

/// `--trim query=KEY` or `--trim query=PREFIX*`: the query pairs to remove.
#[derive(Clone, Debug)]
pub struct Trim {
    key: String,
    prefix: bool,
}

impl Trim {
    /// Reads one `--trim` argument (`\*` at the end is a literal `*`).
    ///
    /// # Errors
    /// No `=`, or a component other than `query`.
    pub fn parse(arg: &str) -> anyhow::Result<Trim> {
        const OPTION: &str = "--trim";
        let (name_end, value_at) = assignment(OPTION, arg)?;
        if field(OPTION, arg, name_end)? != Field::Query {
            return Err(arg_error(
                OPTION,
                arg,
                0,
                "at byte 0: expected query (only query pairs can be trimmed)",
            ));
        }
        let what = &arg[value_at..];
        Ok(if let Some(k) = what.strip_suffix("\\*") {
            Trim {
                key: format!("{k}*"),
                prefix: false,
            }
        } else if let Some(k) = what.strip_suffix('*') {
            Trim {
                key: k.to_owned(),
                prefix: true,
            }
        } else {
            Trim {
                key: what.to_owned(),
                prefix: false,
            }
        })
    }

    /// Removes the matching pairs of `uri` (keys compared decoded).
    pub fn apply(&self, uri: &mut UriRefBuf, enc: QueryEncoding) {
        let mut keys: Vec<String> = Vec::new();
        for p in uri.as_uri_ref().query_pairs(enc) {
            let k = p.key();
            let hit = if self.prefix {
                k.starts_with(&self.key)
            } else {
                k == self.key
            };
            if hit && !keys.iter().any(|seen| *seen == k) {
                keys.push(k.into_owned());
            }
        }
        for k in keys {
            uri.remove_query_pairs(&k, enc);
        }
    }
}
