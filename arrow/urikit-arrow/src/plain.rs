//! From views to plain `Utf8`, for consumers that do not read `Utf8View`.

use std::sync::Arc;

use arrow_array::builder::StringBuilder;
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, StringArray, StringViewArray, StructArray};
use arrow_schema::{ArrowError, DataType, Field, Fields};

/// `a` as a `Utf8` array (the strings copied into one buffer).
///
/// # Errors
/// When the strings add up to more than a `Utf8` array holds (2 GiB).
pub fn to_utf8(a: &StringViewArray) -> Result<StringArray, ArrowError> {
    let bytes: usize = a.views().iter().map(|&v| v as u32 as usize).sum();
    if bytes > i32::MAX as usize {
        return Err(ArrowError::InvalidArgumentError(format!(
            "{bytes} bytes of strings do not fit a utf8 array (2 GiB); keep them as utf8_view"
        )));
    }
    let mut b = StringBuilder::with_capacity(a.len(), bytes);
    for v in a.iter() {
        b.append_option(v);
    }
    Ok(b.finish())
}

/// `s` with each `Utf8View` field made `Utf8` by [`to_utf8`].
///
/// # Errors
/// When the strings of a field do not fit one `Utf8` array (2 GiB).
pub fn to_utf8_struct(s: &StructArray) -> Result<StructArray, ArrowError> {
    let (fields, columns, nulls) = s.clone().into_parts();
    let mut new_fields = Vec::with_capacity(fields.len());
    let mut new_columns = Vec::with_capacity(columns.len());
    for (f, c) in fields.iter().zip(columns) {
        if f.data_type() == &DataType::Utf8View {
            new_fields.push(Field::new(f.name(), DataType::Utf8, f.is_nullable()));
            new_columns.push(Arc::new(to_utf8(c.as_string_view())?) as ArrayRef);
        } else {
            new_fields.push(f.as_ref().clone());
            new_columns.push(c);
        }
    }
    StructArray::try_new(Fields::from(new_fields), new_columns, nulls)
}
