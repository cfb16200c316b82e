//! The output: a `Utf8View` column built row by row, each value a view into
//! the input's blocks (a part of the row) or into a buffer of the column's
//! own (a string the input does not contain).

use std::sync::Arc;

use arrow_array::StringViewArray;
use arrow_buffer::{Buffer, NullBufferBuilder, ScalarBuffer};
use arrow_schema::ArrowError;

use crate::column::{make_view, Row, StringColumn, VIEW_LIMIT};

/// Whether [`ViewsBuilder::finish`] checks the views it made (bounds and
/// UTF-8, what `StringViewArray::try_new` checks) before the array is built.
///
/// On in debug builds, and so in every Rust test. Off in release builds,
/// where the check would cost more than the rest of a kernel; off too in
/// fuzzing builds (`cfg(fuzzing)`, set by cargo-fuzz), which keep debug
/// assertions but must run exactly the release path: the fuzz target
/// `arrow/fuzz` checks every column it gets in full instead.
pub(crate) const CHECK_VIEWS: bool = cfg!(debug_assertions) && !cfg!(fuzzing);

/// A `Utf8View` column being built.
pub(crate) struct ViewsBuilder {
    views: Vec<u128>,
    nulls: NullBufferBuilder,
    /// The input's blocks: the first blocks of the result.
    input: Arc<[Buffer]>,
    /// Own buffers already full, numbered after the input's blocks.
    own: Vec<Buffer>,
    /// The own buffer being written.
    current: String,
    /// Why the column cannot be built (a string longer than a view holds):
    /// the first such reason, returned by [`finish`](Self::finish).
    error: Option<ArrowError>,
}

impl ViewsBuilder {
    /// A builder for `column.len()` rows pointing into `column`'s blocks.
    pub(crate) fn new(column: &StringColumn, input: Arc<[Buffer]>) -> ViewsBuilder {
        ViewsBuilder {
            views: Vec::with_capacity(column.len()),
            nulls: NullBufferBuilder::new(column.len()),
            input,
            own: Vec::new(),
            current: String::new(),
            error: None,
        }
    }

    /// Appends a null.
    #[inline(always)]
    pub(crate) fn null(&mut self) {
        self.views.push(0);
        self.nulls.append_null();
    }

    /// Appends `part`, a slice of `row`'s text (any string of at most 12
    /// bytes is accepted too: it is inline), as a view; a copy when it is
    /// neither, or when it lies where a view cannot reach (past 4 GiB of a
    /// huge row).
    #[inline(always)]
    pub(crate) fn part(&mut self, row: &Row<'_>, part: &str) {
        let view = if part.len() <= 12 {
            make_view(part.as_bytes(), 0, 0)
        } else {
            match row.view(part) {
                Some(v) => v,
                None => return self.written(None, |out| out.push_str(part)),
            }
        };
        self.views.push(view);
        self.nulls.append_non_null();
    }

    /// Appends `part` as [`part`](Self::part) does, or a null for `None`.
    #[inline(always)]
    pub(crate) fn opt_part(&mut self, row: &Row<'_>, part: Option<&str>) {
        match part {
            Some(p) => self.part(row, p),
            None => self.null(),
        }
    }

    /// Appends the string `write` appends to a buffer; when that string is
    /// `like`'s whole text, a view of the row instead (the copy is undone).
    pub(crate) fn written(&mut self, like: Option<&Row<'_>>, write: impl FnOnce(&mut String)) {
        let mut start = self.current.len();
        write(&mut self.current);
        let s = &self.current[start..];
        if s.len() <= 12 {
            let v = make_view(s.as_bytes(), 0, 0);
            self.current.truncate(start);
            self.views.push(v);
            return self.nulls.append_non_null();
        }
        if let Some(v) = like.filter(|r| r.text == s).and_then(|r| r.view(r.text)) {
            self.current.truncate(start);
            self.views.push(v);
            return self.nulls.append_non_null();
        }
        if s.len() > VIEW_LIMIT {
            let len = s.len();
            self.current.truncate(start);
            return self.fail(format!(
                "a result of {len} bytes: more than a utf8_view value holds (4 GiB)"
            ));
        }
        if self.current.len() > VIEW_LIMIT {
            // Full: the bytes before this string become a block, and the
            // string starts the next buffer (so its offset is 0).
            let tail = self.current.split_off(start);
            let full = std::mem::replace(&mut self.current, tail);
            self.own.push(Buffer::from_vec(full.into_bytes()));
            start = 0;
        }
        // The current buffer is the block after the input's and the full ones.
        let Ok(block) = u32::try_from(self.input.len() + self.own.len()) else {
            self.current.truncate(start);
            return self.fail("more than 2^32 data buffers in one utf8_view column".into());
        };
        // `start` is at most VIEW_LIMIT: the buffer was not full before.
        let offset = start as u32;
        self.views
            .push(make_view(&self.current.as_bytes()[start..], block, offset));
        self.nulls.append_non_null();
    }

    /// Records why the column cannot be built (the first reason is kept)
    /// and appends a null in place of the row's value.
    #[cold]
    fn fail(&mut self, message: String) {
        self.error
            .get_or_insert(ArrowError::InvalidArgumentError(message));
        self.null();
    }

    /// The finished column.
    ///
    /// # Errors
    /// A value that no `Utf8View` column can hold (see [`written`](Self::written)).
    pub(crate) fn finish(mut self) -> Result<StringViewArray, ArrowError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let mut buffers: Vec<Buffer> = self.input.iter().cloned().collect();
        buffers.append(&mut self.own);
        if !self.current.is_empty() {
            buffers.push(Buffer::from_vec(self.current.into_bytes()));
        }
        let views = ScalarBuffer::from(self.views);
        let nulls = self.nulls.finish();
        if CHECK_VIEWS {
            return StringViewArray::try_new(views, buffers, nulls);
        }
        // SAFETY: `try_new` would accept these views (checking costs more
        // than the rest of a kernel: a UTF-8 check per view). Each view was
        // made from a `&str` whose bytes it describes, and its length fits
        // the view's u32: `part` inlines at most 12 bytes of one, or takes
        // `Row::view` of a slice of a row, which checks that it is one, that
        // its length and its offset in the row's block fit a u32, and uses
        // the row's block and offset, which `StringColumn` took from the
        // input array's own offsets or views (a valid array, or one checked
        // in full when imported through FFI); `written` views the bytes of a
        // `String` in the own buffer it numbered, at an offset and of a
        // length it checked (a string it cannot view fails the column
        // above); `null` is the empty inline view. So every view is in
        // bounds and valid UTF-8. The fuzz target `arrow/fuzz` runs this path
        // and checks each result in full.
        #[allow(unsafe_code)]
        Ok(unsafe { StringViewArray::new_unchecked(views, buffers, nulls) })
    }
}
