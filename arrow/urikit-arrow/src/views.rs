//! The output: a `Utf8View` column built row by row, each value a view into
//! the input's blocks (a part of the row) or into a buffer of the column's
//! own (a string the input does not contain).

use std::sync::Arc;

use arrow_array::StringViewArray;
use arrow_buffer::{Buffer, NullBufferBuilder, ScalarBuffer};
use arrow_schema::ArrowError;

use crate::column::{make_view, Row, StringColumn};

/// The most bytes one own buffer takes (a view's offset is a `u32`).
const OWN_LIMIT: usize = u32::MAX as usize;

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
    /// neither.
    #[inline(always)]
    pub(crate) fn part(&mut self, row: &Row<'_>, part: &str) {
        if part.len() <= 12 {
            self.views.push(make_view(part.as_bytes(), 0, 0));
        } else if row.contains(part) {
            self.views.push(row.view(part));
        } else {
            return self.written(None, |out| out.push_str(part));
        }
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
        let view = if s.len() <= 12 {
            let v = make_view(s.as_bytes(), 0, 0);
            self.current.truncate(start);
            v
        } else if let Some(row) = like.filter(|r| r.text == s) {
            self.current.truncate(start);
            row.view(row.text)
        } else {
            if self.current.len() > OWN_LIMIT {
                // Full: the bytes before this string become a block, and the
                // string starts the next buffer.
                let tail = self.current.split_off(start);
                let full = std::mem::replace(&mut self.current, tail);
                self.own.push(Buffer::from_vec(full.into_bytes()));
                start = 0;
            }
            let block =
                u32::try_from(self.input.len() + self.own.len()).expect("fewer than 2^32 blocks");
            let offset = u32::try_from(start).expect("an own buffer stays under 4 GiB");
            make_view(&self.current.as_bytes()[start..], block, offset)
        };
        self.views.push(view);
        self.nulls.append_non_null();
    }

    /// The finished column.
    pub(crate) fn finish(mut self) -> Result<StringViewArray, ArrowError> {
        let mut buffers: Vec<Buffer> = self.input.iter().cloned().collect();
        buffers.append(&mut self.own);
        if !self.current.is_empty() {
            buffers.push(Buffer::from_vec(self.current.into_bytes()));
        }
        let views = ScalarBuffer::from(self.views);
        let nulls = self.nulls.finish();
        if cfg!(debug_assertions) {
            // Debug builds (and so every Rust test) check what release
            // builds take on trust.
            return StringViewArray::try_new(views, buffers, nulls);
        }
        // SAFETY: `try_new` would accept these views (checking costs more
        // than the rest of a kernel: a UTF-8 check per view). Each view was
        // made from a `&str` whose bytes it describes: `part` inlines at most
        // 12 bytes of one, or views a slice of a row (`Row::view` asserts it
        // is one) at the row's block and offset, which `StringColumn` took
        // from the input array's own offsets or views (a valid array, or one
        // checked in full when imported through FFI); `written` views the
        // bytes of a `String` in the own buffer it numbered; `null` is the
        // empty inline view. So every view is in bounds and valid UTF-8.
        #[allow(unsafe_code)]
        Ok(unsafe { StringViewArray::new_unchecked(views, buffers, nulls) })
    }
}
