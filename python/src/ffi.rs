//! The Arrow PyCapsule interface: importing the columns other libraries
//! export (`__arrow_c_array__`, `__arrow_c_stream__`: pyarrow, Polars,
//! DuckDB, nanoarrow...) and exporting ours, without copying.
//!
//! The one module with `unsafe`: the C data interface hands over raw
//! structs. Each block says why it is sound; what is imported is then
//! checked in full (`ArrayData::validate_full`: offsets, views, UTF-8), so
//! the safe code after it can trust the arrays whatever the producer did.

#![allow(unsafe_code)]

use std::ffi::CStr;

use arrow_array::ffi::{from_ffi, FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{make_array, ArrayRef, RecordBatch, RecordBatchIterator};
use arrow_data::ArrayData;
use arrow_schema::{ArrowError, DataType, Field};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyCapsule;

const SCHEMA: &CStr = c"arrow_schema";
const ARRAY: &CStr = c"arrow_array";
const STREAM: &CStr = c"arrow_array_stream";

fn arrow_err(e: ArrowError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The chunks of the Arrow column `obj` exports: one array through
/// `__arrow_c_array__`, or every array of `__arrow_c_stream__`.
pub fn import_column(obj: &Bound<'_, PyAny>) -> PyResult<Vec<ArrayRef>> {
    if obj.hasattr("__arrow_c_array__")? {
        let pair = obj.call_method0("__arrow_c_array__")?;
        let (schema, array): (Bound<'_, PyCapsule>, Bound<'_, PyCapsule>) = pair.extract()?;
        Ok(vec![import_array(&schema, &array)?])
    } else if obj.hasattr("__arrow_c_stream__")? {
        let stream = obj.call_method0("__arrow_c_stream__")?;
        import_stream(stream.cast::<PyCapsule>()?)
    } else {
        Err(PyTypeError::new_err(format!(
            "expected an Arrow column (an object with __arrow_c_array__ or __arrow_c_stream__, \
             such as a pyarrow Array or ChunkedArray or a Polars Series), got {}",
            obj.get_type().name()?
        )))
    }
}

/// The schema a capsule named `arrow_schema` holds, borrowed for `f`.
fn with_schema<T>(
    capsule: &Bound<'_, PyCapsule>,
    f: impl FnOnce(&FFI_ArrowSchema) -> T,
) -> PyResult<T> {
    let ptr = capsule
        .pointer_checked(Some(SCHEMA))?
        .cast::<FFI_ArrowSchema>();
    // SAFETY: by the PyCapsule interface a capsule named "arrow_schema"
    // holds an initialized ArrowSchema that lives as long as the capsule,
    // which `capsule` keeps alive for the duration of `f`; we only read it.
    let schema = unsafe { ptr.as_ref() };
    Ok(f(schema))
}

/// Checks imported data in full and makes it an array.
fn checked(data: Result<ArrayData, ArrowError>) -> PyResult<ArrayRef> {
    let data = data.map_err(arrow_err)?;
    data.validate_full().map_err(arrow_err)?;
    Ok(make_array(data))
}

/// The array of a `__arrow_c_array__` pair, moved out of its capsule.
fn import_array(schema: &Bound<'_, PyCapsule>, array: &Bound<'_, PyCapsule>) -> PyResult<ArrayRef> {
    let array_ptr = array.pointer_checked(Some(ARRAY))?.cast::<FFI_ArrowArray>();
    // SAFETY: a capsule named "arrow_array" holds an initialized ArrowArray
    // (PyCapsule interface). `from_raw` moves it out and leaves a released
    // struct behind, which the capsule's destructor then skips, as the
    // interface's "move" semantics require.
    let array = unsafe { FFI_ArrowArray::from_raw(array_ptr.as_ptr()) };
    with_schema(schema, |schema| {
        // SAFETY: the producer exported `array` with `schema` as its type;
        // `checked` then validates the result in full.
        checked(unsafe { from_ffi(array, schema) })
    })?
}

/// Every array of an `arrow_array_stream` capsule, moved out of it.
fn import_stream(capsule: &Bound<'_, PyCapsule>) -> PyResult<Vec<ArrayRef>> {
    let ptr = capsule
        .pointer_checked(Some(STREAM))?
        .cast::<FFI_ArrowArrayStream>();
    // SAFETY: a capsule named "arrow_array_stream" holds an initialized
    // ArrowArrayStream; `from_raw` moves it out (the capsule keeps a
    // released one) and our copy releases the stream when dropped.
    let mut stream = unsafe { FFI_ArrowArrayStream::from_raw(ptr.as_ptr()) };
    let (Some(get_schema), Some(get_next)) = (stream.get_schema, stream.get_next) else {
        return Err(PyValueError::new_err(
            "the Arrow stream was already released",
        ));
    };
    let mut schema = FFI_ArrowSchema::empty();
    // SAFETY: a callback of the live stream, given the stream and a struct to fill.
    let rc = unsafe { get_schema(&mut stream, &mut schema) };
    if rc != 0 {
        return Err(stream_error(&mut stream, rc));
    }
    let mut chunks = Vec::new();
    loop {
        let mut array = FFI_ArrowArray::empty();
        // SAFETY: as above; on success `array` is a chunk or, at the end, released.
        let rc = unsafe { get_next(&mut stream, &mut array) };
        if rc != 0 {
            return Err(stream_error(&mut stream, rc));
        }
        if array.is_released() {
            return Ok(chunks);
        }
        // SAFETY: each chunk has the stream's schema; validated by `checked`.
        chunks.push(checked(unsafe { from_ffi(array, &schema) })?);
    }
}

/// The stream's error message after a failed callback.
fn stream_error(stream: &mut FFI_ArrowArrayStream, rc: i32) -> PyErr {
    let message = stream.get_last_error.and_then(|get| {
        // SAFETY: the stream's own callback; it returns null or a C string
        // valid until the next call on the stream, copied at once.
        let p = unsafe { get(stream) };
        // SAFETY: non-null, so a NUL-terminated string owned by the stream.
        (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
    });
    PyValueError::new_err(format!(
        "reading the Arrow stream failed (error {rc}): {}",
        message.unwrap_or_default()
    ))
}

/// The type a consumer asks for by a `requested_schema` capsule.
pub fn requested_type(capsule: &Bound<'_, PyCapsule>) -> PyResult<DataType> {
    with_schema(capsule, |s| DataType::try_from(s).map_err(arrow_err))?
}

/// `field` as an `arrow_schema` capsule.
pub fn export_schema<'py>(py: Python<'py>, field: &Field) -> PyResult<Bound<'py, PyCapsule>> {
    let schema = FFI_ArrowSchema::try_from(field).map_err(arrow_err)?;
    PyCapsule::new_with_value(py, schema, SCHEMA)
}

/// `array` as an `arrow_array` capsule: it shares the array's buffers,
/// released when the consumer releases the array, or with the capsule.
pub fn export_array<'py>(py: Python<'py>, array: &ArrayRef) -> PyResult<Bound<'py, PyCapsule>> {
    PyCapsule::new_with_value(py, FFI_ArrowArray::new(&array.to_data()), ARRAY)
}

/// `batch` as an `arrow_array_stream` capsule: a stream of that one record
/// batch, sharing its buffers; the consumer moves the stream out, or the
/// capsule releases it.
pub fn export_stream<'py>(py: Python<'py>, batch: RecordBatch) -> PyResult<Bound<'py, PyCapsule>> {
    let schema = batch.schema();
    let reader = RecordBatchIterator::new([Ok(batch)], schema);
    PyCapsule::new_with_value(py, FFI_ArrowArrayStream::new(Box::new(reader)), STREAM)
}
