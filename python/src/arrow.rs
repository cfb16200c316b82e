//! The batch API (`urikit.arrow`): one call over a whole Arrow column,
//! through the Arrow PyCapsule interface, with no Python object per row.
//! The kernels are `urikit-arrow`'s; this module imports the column, runs
//! the kernel without the GIL, and exports the result.

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Schema};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyDict, PyList};
use urikit::scheme::SchemeRegistry;
use urikit::Resolver;
use urikit_arrow::{Arg, Component, OnInvalid, QueryValue, StringColumn, UrlPart};

use crate::errors::{bad_option, row_error, whatwg_error};
use crate::{ffi, options, uri};

/// A column computed by `urikit.arrow`: an Arrow array that any library
/// reading the Arrow PyCapsule interface takes without a copy
/// (`pyarrow.array(a)`, `polars.Series(a)`, ...), and a one-batch table
/// (`__arrow_c_stream__`) that table readers take (`pyarrow.table(a)`,
/// `polars.DataFrame(a)`, DuckDB's `FROM a`).
#[pyclass(frozen, module = "urikit.arrow", name = "Array")]
pub struct PyArrowArray {
    array: ArrayRef,
    field: Field,
}

impl PyArrowArray {
    fn new(name: &str, array: ArrayRef) -> PyArrowArray {
        let field = Field::new(name, array.data_type().clone(), true);
        PyArrowArray { array, field }
    }

    /// The array as `wanted` when that is its plain-`Utf8` form (a consumer
    /// that does not read `Utf8View` asks for it); as it is otherwise.
    fn as_type(&self, wanted: &DataType) -> PyResult<(Field, ArrayRef)> {
        let array: ArrayRef = match (self.array.data_type(), wanted) {
            (DataType::Utf8View, DataType::Utf8) => Arc::new(
                urikit_arrow::to_utf8(self.array.as_string_view()).map_err(to_value_error)?,
            ),
            (DataType::Struct(_), DataType::Struct(fields))
                if fields.iter().all(|f| f.data_type() == &DataType::Utf8) =>
            {
                Arc::new(
                    urikit_arrow::to_utf8_struct(self.array.as_struct()).map_err(to_value_error)?,
                )
            }
            _ => self.array.clone(),
        };
        let field = Field::new(self.field.name(), array.data_type().clone(), true);
        Ok((field, array))
    }

    /// The array as one record batch: a struct's fields as its columns (a
    /// null struct row is a row of nulls: each field is null there already),
    /// any other array as its one column, named as the array is. `wanted`:
    /// the schema a consumer asks for (plain `Utf8` columns), as a struct.
    fn as_batch(&self, wanted: Option<&DataType>) -> PyResult<RecordBatch> {
        let (field, array) = match (wanted, self.array.data_type()) {
            (None, _) => (self.field.clone(), self.array.clone()),
            (Some(w), DataType::Struct(_)) => self.as_type(w)?,
            (Some(DataType::Struct(fields)), _) if fields.len() == 1 => {
                self.as_type(fields[0].data_type())?
            }
            (Some(_), _) => (self.field.clone(), self.array.clone()),
        };
        let batch = match array.data_type() {
            DataType::Struct(_) => {
                let (fields, columns, _) = array.as_struct().clone().into_parts();
                RecordBatch::try_new(Arc::new(Schema::new(fields)), columns)
            }
            _ => RecordBatch::try_new(Arc::new(Schema::new(vec![field])), vec![array]),
        };
        batch.map_err(to_value_error)
    }
}

fn to_value_error(e: impl ToString) -> PyErr {
    pyo3::exceptions::PyValueError::new_err(e.to_string())
}

#[pymethods]
impl PyArrowArray {
    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        ffi::export_schema(py, &self.field)
    }

    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_array__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyCapsule>>,
    ) -> PyResult<(Bound<'py, PyCapsule>, Bound<'py, PyCapsule>)> {
        let (field, array) = match requested_schema {
            Some(c) => self.as_type(&ffi::requested_type(&c)?)?,
            None => (self.field.clone(), self.array.clone()),
        };
        Ok((
            ffi::export_schema(py, &field)?,
            ffi::export_array(py, &array)?,
        ))
    }

    /// The array as a stream of one record batch (see `as_batch`): what
    /// table readers import.
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyCapsule>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let wanted = requested_schema
            .map(|c| ffi::requested_type(&c))
            .transpose()?;
        ffi::export_stream(py, self.as_batch(wanted.as_ref())?)
    }

    fn __len__(&self) -> usize {
        self.array.len()
    }

    /// The Arrow type (`Utf8View`, `Utf8`, `Boolean`, `Struct(...)`).
    #[getter]
    fn r#type(&self) -> String {
        self.array.data_type().to_string()
    }

    #[getter]
    fn null_count(&self) -> usize {
        self.array.null_count()
    }

    /// The array as a `pyarrow.Array` (no copy; needs pyarrow).
    fn to_pyarrow<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let pa = slf.py().import("pyarrow")?;
        pa.call_method1("array", (slf,))
    }

    /// The values as a list: `str`, `bool`, or a dict of the struct's
    /// fields; `None` for a null.
    fn to_pylist<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        to_pylist(py, &self.array)
    }

    fn __repr__(&self) -> String {
        format!(
            "urikit.arrow.Array<{}>[{}]",
            self.array.data_type(),
            self.array.len()
        )
    }
}

fn to_pylist<'py>(py: Python<'py>, a: &ArrayRef) -> PyResult<Bound<'py, PyList>> {
    match a.data_type() {
        DataType::Utf8View => PyList::new(py, a.as_string_view().iter()),
        DataType::Utf8 => PyList::new(py, a.as_string::<i32>().iter()),
        DataType::Boolean => PyList::new(py, a.as_boolean().iter()),
        DataType::Struct(fields) => {
            let s = a.as_struct();
            let columns = s
                .columns()
                .iter()
                .map(|c| to_pylist(py, c))
                .collect::<PyResult<Vec<_>>>()?;
            let rows = (0..s.len()).map(|i| {
                if s.is_null(i) {
                    return Ok(py.None().into_bound(py));
                }
                let d = PyDict::new(py);
                for (f, c) in fields.iter().zip(&columns) {
                    d.set_item(f.name(), c.get_item(i)?)?;
                }
                Ok(d.into_any())
            });
            PyList::new(py, rows.collect::<PyResult<Vec<_>>>()?)
        }
        other => Err(to_value_error(format!("no list form for {other}"))),
    }
}

/// `errors=`: `"null"` or `"raise"`.
fn on_invalid(errors: &str) -> PyResult<OnInvalid> {
    match errors {
        "null" => Ok(OnInvalid::Null),
        "raise" => Ok(OnInvalid::Error),
        _ => Err(bad_option("errors", errors, &["null", "raise"])),
    }
}

/// The column `obj` exports, as the kernels read it.
pub fn column(obj: &Bound<'_, PyAny>) -> PyResult<StringColumn> {
    let chunks = ffi::import_column(obj)?;
    StringColumn::new(chunks).map_err(|e| pyo3::exceptions::PyTypeError::new_err(e.to_string()))
}

/// The result, as `Utf8View` (`views`) or plain `Utf8`.
pub fn output(name: &str, array: ArrayRef, views: bool) -> PyResult<PyArrowArray> {
    let out = PyArrowArray::new(name, array);
    if views {
        return Ok(out);
    }
    let plain = match out.array.data_type() {
        DataType::Struct(fields) => DataType::Struct(
            fields
                .iter()
                .map(|f| Field::new(f.name(), DataType::Utf8, true))
                .collect(),
        ),
        _ => DataType::Utf8,
    };
    let (field, array) = out.as_type(&plain)?;
    Ok(PyArrowArray { array, field })
}

/// The components of every URI reference of a column of strings, as a
/// struct column (`scheme`, `authority`, `userinfo`, `host`, `host_type`,
/// `port`, `path`, `query`, `fragment`).
#[pyfunction]
#[pyo3(signature = (column, *, errors = "null", views = true))]
pub fn arrow_parse(
    py: Python<'_>,
    column: &Bound<'_, PyAny>,
    errors: &str,
    views: bool,
) -> PyResult<PyArrowArray> {
    let on_invalid = on_invalid(errors)?;
    let col = self::column(column)?;
    let parts = py
        .detach(|| urikit_arrow::parse(&col, on_invalid))
        .map_err(row_error)?;
    output("uri", Arc::new(parts), views)
}

/// One component of every row (`name` as in `arrow_parse`'s struct).
#[pyfunction]
#[pyo3(signature = (column, name, *, views = true))]
pub fn arrow_component(
    py: Python<'_>,
    column: &Bound<'_, PyAny>,
    name: &str,
    views: bool,
) -> PyResult<PyArrowArray> {
    let which = Component::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Component::ALL.iter().map(|c| c.name()).collect();
        bad_option("name", name, &names)
    })?;
    let col = self::column(column)?;
    let a = py
        .detach(|| urikit_arrow::component(&col, which))
        .map_err(row_error)?;
    output(name, Arc::new(a), views)
}

/// Whether each row is an RFC 3986 URI reference.
#[pyfunction]
pub fn arrow_is_valid(py: Python<'_>, column: &Bound<'_, PyAny>) -> PyResult<PyArrowArray> {
    let col = self::column(column)?;
    let a = py.detach(|| urikit_arrow::is_valid(&col));
    Ok(PyArrowArray::new("is_valid", Arc::new(a)))
}

/// The normal form of every row.
#[pyfunction]
#[pyo3(signature = (column, *, level = "syntax", drop_fragment = false, sort_query = false, remove_trailing_host_dot = false, errors = "null", views = true))]
#[allow(clippy::too_many_arguments)]
pub fn arrow_normalize(
    py: Python<'_>,
    column: &Bound<'_, PyAny>,
    level: &str,
    drop_fragment: bool,
    sort_query: bool,
    remove_trailing_host_dot: bool,
    errors: &str,
    views: bool,
) -> PyResult<PyArrowArray> {
    let n = uri::normalizer(level, drop_fragment, sort_query, remove_trailing_host_dot)?;
    let on_invalid = on_invalid(errors)?;
    let col = self::column(column)?;
    let schemes = SchemeRegistry::standard();
    let a = py
        .detach(|| urikit_arrow::normalize(&col, &n, &schemes, on_invalid))
        .map_err(row_error)?;
    output("normalized", Arc::new(a), views)
}

/// Every row resolved against `base`.
#[pyfunction]
#[pyo3(signature = (column, base, *, profile = "rfc3986", strict = true, reject_underflow = false, errors = "null", views = true))]
#[allow(clippy::too_many_arguments)]
pub fn arrow_resolve(
    py: Python<'_>,
    column: &Bound<'_, PyAny>,
    base: &str,
    profile: &str,
    strict: bool,
    reject_underflow: bool,
    errors: &str,
    views: bool,
) -> PyResult<PyArrowArray> {
    let resolver = Resolver::new()
        .profile(options::profile(profile)?)
        .strict(strict)
        .reject_path_underflow(reject_underflow);
    // A base that is not an absolute URI is an error whatever `errors` says.
    urikit::Uri::parse(base).map_err(|e| crate::errors::parse_error(base, &e))?;
    let on_invalid = on_invalid(errors)?;
    let col = self::column(column)?;
    let a = py
        .detach(|| urikit_arrow::resolve(&col, Arg::Scalar(Some(base)), &resolver, on_invalid))
        .map_err(row_error)?;
    output("resolved", Arc::new(a), views)
}

/// The value of query parameter `name` in every row.
#[pyfunction]
#[pyo3(signature = (column, name, *, decode = "form", views = true))]
pub fn arrow_query_param(
    py: Python<'_>,
    column: &Bound<'_, PyAny>,
    name: &str,
    decode: &str,
    views: bool,
) -> PyResult<PyArrowArray> {
    let decode = match decode {
        "form" => QueryValue::Form,
        "percent" => QueryValue::Percent,
        "raw" => QueryValue::Raw,
        _ => return Err(bad_option("decode", decode, &["form", "percent", "raw"])),
    };
    let col = self::column(column)?;
    let a = py
        .detach(|| urikit_arrow::query_param(&col, Arg::Scalar(Some(name)), decode))
        .map_err(row_error)?;
    output(name, Arc::new(a), views)
}

/// A part of every row read as a URL by the WHATWG URL Standard (`component`
/// as the URL API names it), against `base` when given.
#[pyfunction]
#[pyo3(signature = (column, component = "href", *, base = None, errors = "null", views = true))]
pub fn arrow_whatwg(
    py: Python<'_>,
    column: &Bound<'_, PyAny>,
    component: &str,
    base: Option<&str>,
    errors: &str,
    views: bool,
) -> PyResult<PyArrowArray> {
    let part = UrlPart::from_name(component).ok_or_else(|| {
        let names: Vec<&str> = UrlPart::ALL.iter().map(|p| p.name()).collect();
        bad_option("component", component, &names)
    })?;
    // A base the parser rejects is an error whatever `errors` says.
    if let Some(b) = base {
        urikit::whatwg::Url::parse(b, None).map_err(|e| whatwg_error(b, &e))?;
    }
    let on_invalid = on_invalid(errors)?;
    let col = self::column(column)?;
    let base = base.map(|b| Arg::Scalar(Some(b)));
    let a = py
        .detach(|| urikit_arrow::whatwg(&col, part, base, on_invalid))
        .map_err(row_error)?;
    output(component, Arc::new(a), views)
}
