//! # urikit-datafusion
//!
//! urikit's URI functions for [Apache DataFusion](https://datafusion.apache.org)
//! SQL, as scalar UDFs over `Utf8`, `LargeUtf8` and `Utf8View` columns:
//!
//! | function | result |
//! |---|---|
//! | `uri_parse(u)` | struct: `scheme`, `authority`, `userinfo`, `host`, `host_type`, `port`, `path`, `query`, `fragment` |
//! | `uri_scheme(u)`, `uri_host(u)`, `uri_port(u)`, `uri_path(u)`, `uri_query(u)`, `uri_fragment(u)`, `uri_userinfo(u)`, `uri_authority(u)`, `uri_host_type(u)` | one component, raw (`uri_port` is the digits as written: `CAST(uri_port(u) AS INT)` for a number) |
//! | `uri_query_param(u, name [, 'form' \| 'percent' \| 'raw'])` | the first value of a query parameter, decoded as a form value by default |
//! | `uri_normalize(u [, 'syntax' \| 'scheme'])` | the normal form (RFC 3986 6.2.2, or 6.2.3 on top) |
//! | `uri_resolve(base, ref)` | the reference resolved against the base (RFC 3986 5.2) |
//! | `uri_is_valid(u)` | whether `u` is an RFC 3986 URI reference |
//! | `uri_surt(u)` | the SURT key (the Wayback Machine's: `ia` canonicalization) |
//! | `uri_domain(u)` | the registrable domain of a host or a URL's host (Public Suffix List) |
//! | `url_href(u [, base])`, `url_origin`, `url_protocol`, `url_username`, `url_password`, `url_host`, `url_hostname`, `url_port`, `url_pathname`, `url_search`, `url_hash` | a part of the URL browsers read (the WHATWG URL Standard's `new URL(u, base)`), named as the URL API names it; NULL where the standard's parser fails |
//!
//! String results are `Utf8View`: a component is a view into the input
//! column's own buffers (no copy, no allocation per row). A null input, or
//! one that is not an RFC 3986 URI reference, gives NULL (filter with
//! `uri_is_valid`).
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> datafusion::error::Result<()> {
//! use datafusion::prelude::SessionContext;
//!
//! let ctx = SessionContext::new();
//! for f in urikit_datafusion::functions() {
//!     ctx.register_udf(f);
//! }
//! let df = ctx
//!     .sql("SELECT uri_host('http://example.com:8080/a?q=1') AS host, uri_query_param('http://h/?q=a+b', 'q') AS q")
//!     .await?;
//! let batches = df.collect().await?;
//! let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
//! assert!(text.contains("| example.com | a b |"), "{text}");
//! # Ok(())
//! # }
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::sync::Arc;

use datafusion_common::arrow::array::{Array, ArrayRef};
use datafusion_common::arrow::compute::cast;
use datafusion_common::arrow::datatypes::DataType;
use datafusion_common::{exec_err, plan_err, DataFusionError, Result, ScalarValue};
use datafusion_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl, Signature, TypeSignature,
    Volatility,
};
use urikit::normalize::{Level, Normalizer};
use urikit::scheme::SchemeRegistry;
use urikit::Resolver;
use urikit_arrow::{Arg, Component, OnInvalid, QueryValue, StringColumn, UrlPart};

/// Every function of this crate, to register on a session:
/// `for f in functions() { ctx.register_udf(f) }`.
pub fn functions() -> Vec<ScalarUDF> {
    let mut all: Vec<ScalarUDF> = Component::ALL
        .into_iter()
        .map(|c| UriFunction::new(Op::Component(c)).into())
        .collect();
    all.extend(
        UrlPart::ALL
            .into_iter()
            .map(|p| ScalarUDF::from(UriFunction::new(Op::Url(p)))),
    );
    all.extend(
        [
            Op::Parse,
            Op::IsValid,
            Op::Normalize,
            Op::Resolve,
            Op::QueryParam,
            Op::Surt,
            Op::Domain,
        ]
        .into_iter()
        .map(|op| ScalarUDF::from(UriFunction::new(op))),
    );
    all
}

/// What a function computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Op {
    Parse,
    Component(Component),
    IsValid,
    Normalize,
    Resolve,
    QueryParam,
    Surt,
    Domain,
    /// A part of the WHATWG URL (`url_*`).
    Url(UrlPart),
}

/// One of the URI functions; see the [crate docs](crate) for the list.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct UriFunction {
    op: Op,
    name: String,
    signature: Signature,
}

impl UriFunction {
    fn new(op: Op) -> UriFunction {
        let name = match op {
            Op::Parse => "uri_parse".to_owned(),
            Op::Component(c) => format!("uri_{}", c.name()),
            Op::IsValid => "uri_is_valid".to_owned(),
            Op::Normalize => "uri_normalize".to_owned(),
            Op::Resolve => "uri_resolve".to_owned(),
            Op::QueryParam => "uri_query_param".to_owned(),
            Op::Surt => "uri_surt".to_owned(),
            Op::Domain => "uri_domain".to_owned(),
            Op::Url(p) => format!("url_{}", p.name()),
        };
        // String arguments of one string type (DataFusion coerces them:
        // Utf8View over LargeUtf8 over Utf8); some take an optional last one.
        let arities: &[usize] = match op {
            Op::Parse | Op::Component(_) | Op::IsValid | Op::Surt | Op::Domain => &[1],
            Op::Normalize | Op::Url(_) => &[1, 2],
            Op::Resolve => &[2],
            Op::QueryParam => &[2, 3],
        };
        let signature = Signature::one_of(
            arities.iter().map(|&n| TypeSignature::String(n)).collect(),
            Volatility::Immutable,
        );
        UriFunction {
            op,
            name,
            signature,
        }
    }
}

impl ScalarUDFImpl for UriFunction {
    fn name(&self) -> &str {
        &self.name
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(match self.op {
            Op::Parse => DataType::Struct(urikit_arrow::parse_fields()),
            Op::IsValid => DataType::Boolean,
            _ => DataType::Utf8View,
        })
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let ScalarFunctionArgs {
            args, number_rows, ..
        } = args;
        // All arguments constant: compute one row, answer a constant.
        let all_scalar = args.iter().all(|a| matches!(a, ColumnarValue::Scalar(_)));
        let rows = if all_scalar { 1 } else { number_rows };
        // The column of references the kernel runs over, and the other
        // string argument: uri_resolve(base, ref) runs over its refs.
        let (main, other) = match self.op {
            Op::Resolve => (1, Some(0)),
            _ => (0, (args.len() > 1).then_some(1)),
        };
        let uris = string_column(args[main].to_array(rows)?)?;
        let other = other.map(|i| Other::of(&args[i])).transpose()?;
        let third = args.get(2).map(Other::of).transpose()?;
        let result = self.compute(&uris, other.as_ref(), third.as_ref())?;
        if all_scalar {
            Ok(ColumnarValue::Scalar(ScalarValue::try_from_array(
                &result, 0,
            )?))
        } else {
            Ok(ColumnarValue::Array(result))
        }
    }
}

impl UriFunction {
    fn compute(
        &self,
        uris: &StringColumn,
        other: Option<&Other>,
        third: Option<&Other>,
    ) -> Result<ArrayRef> {
        let kernel_error =
            |e: urikit_arrow::Error| DataFusionError::Execution(format!("{}: {e}", self.name));
        // The other argument per row (a base, a parameter name).
        let texts = match other {
            Some(Other::Column(c)) => c.texts(),
            _ => Vec::new(),
        };
        let per_row = match other {
            Some(Other::Column(_)) => Arg::Column(&texts),
            Some(Other::Scalar(s)) => Arg::Scalar(s.as_deref()),
            None => Arg::Scalar(None),
        };
        Ok(match self.op {
            Op::Parse => {
                Arc::new(urikit_arrow::parse(uris, OnInvalid::Null).map_err(kernel_error)?)
            }
            Op::Component(c) => Arc::new(urikit_arrow::component(uris, c).map_err(kernel_error)?),
            Op::IsValid => Arc::new(urikit_arrow::is_valid(uris)),
            Op::Normalize => {
                let level = match Other::constant(other, &self.name, "level")? {
                    None | Some("syntax") => Level::Syntax,
                    Some("scheme") => Level::Scheme,
                    Some(l) => {
                        return plan_err!(
                            "{}: level must be 'syntax' or 'scheme', not '{l}'",
                            self.name
                        )
                    }
                };
                let n = Normalizer::new().level(level);
                let schemes = SchemeRegistry::standard();
                Arc::new(
                    urikit_arrow::normalize(uris, &n, &schemes, OnInvalid::Null)
                        .map_err(kernel_error)?,
                )
            }
            Op::Resolve => Arc::new(
                urikit_arrow::resolve(uris, per_row, &Resolver::new(), OnInvalid::Null)
                    .map_err(kernel_error)?,
            ),
            Op::Surt => {
                let canon = urikit::canon::Profile::Ia.canonicalizer();
                let surt = urikit::canon::Surt::IA;
                Arc::new(urikit_arrow::surt(uris, &canon, surt).map_err(kernel_error)?)
            }
            Op::Domain => Arc::new(
                urikit_arrow::registrable_domain(uris, urikit::psl::List::embedded(), false)
                    .map_err(kernel_error)?,
            ),
            Op::Url(part) => {
                let base = other.map(|_| per_row);
                Arc::new(
                    urikit_arrow::whatwg(uris, part, base, OnInvalid::Null)
                        .map_err(kernel_error)?,
                )
            }
            Op::QueryParam => {
                let decode = match Other::constant(third, &self.name, "decoding")? {
                    None | Some("form") => QueryValue::Form,
                    Some("percent") => QueryValue::Percent,
                    Some("raw") => QueryValue::Raw,
                    Some(d) => {
                        return plan_err!(
                            "{}: decoding must be 'form', 'percent' or 'raw', not '{d}'",
                            self.name
                        )
                    }
                };
                Arc::new(urikit_arrow::query_param(uris, per_row, decode).map_err(kernel_error)?)
            }
        })
    }
}

/// A string argument besides the column of references: one value for all
/// rows, or a column.
enum Other {
    Scalar(Option<String>),
    Column(StringColumn),
}

impl Other {
    fn of(arg: &ColumnarValue) -> Result<Other> {
        match arg {
            ColumnarValue::Scalar(s) => match s.try_as_str() {
                Some(v) => Ok(Other::Scalar(v.map(str::to_owned))),
                None => exec_err!("expected a string argument, got {}", s.data_type()),
            },
            ColumnarValue::Array(a) => Ok(Other::Column(string_column(a.clone())?)),
        }
    }

    /// The value of an argument that must be the same for every row
    /// (`None`: absent or null).
    fn constant<'a>(arg: Option<&'a Other>, function: &str, what: &str) -> Result<Option<&'a str>> {
        match arg {
            None => Ok(None),
            Some(Other::Scalar(s)) => Ok(s.as_deref()),
            Some(Other::Column(_)) => plan_err!("{function}: the {what} must be a constant"),
        }
    }
}

/// `array` as the kernels read it: a dictionary of strings is cast to its
/// values first.
fn string_column(array: ArrayRef) -> Result<StringColumn> {
    let array = match array.data_type() {
        DataType::Dictionary(_, value) => cast(&array, value)?,
        _ => array,
    };
    Ok(StringColumn::new(vec![array])?)
}
