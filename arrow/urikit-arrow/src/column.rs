//! The input: a column of strings in one or more chunks, read row by row,
//! each row knowing where its bytes live so that a part of it can be written
//! as a view into the same buffer.

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, GenericStringArray, OffsetSizeTrait};
use arrow_buffer::Buffer;
use arrow_data::ByteView;
use arrow_schema::{ArrowError, DataType};

/// The longest string a view can point at, and the farthest offset into a
/// buffer it can name (a view's offset and length are `u32`).
pub(crate) const VIEW_LIMIT: usize = u32::MAX as usize;

/// A column of URI references: chunks of `Utf8`, `LargeUtf8` or `Utf8View`
/// (they may differ), read as one column; a chunk of type `Null` (what a
/// column of nothing but nulls may be typed) is read as that many nulls.
///
/// The buffers that hold the chunks' bytes are collected once, in order, as
/// the data buffers a `Utf8View` result may point into ([`blocks`](Self::blocks)):
/// a `Utf8View` chunk brings its own data buffers, a `Utf8`/`LargeUtf8` chunk
/// its value bytes, cut into windows of at most 4 GiB (what a view's `u32`
/// offset reaches; one window in all but huge `LargeUtf8` chunks). No bytes
/// are copied.
///
/// ```
/// use std::sync::Arc;
/// use arrow_array::{Array, ArrayRef, StringArray};
/// use urikit_arrow::{Component, StringColumn};
///
/// let urls: ArrayRef = Arc::new(StringArray::from(vec![Some("http://example.com/a?q"), None, Some("a b")]));
/// let column = StringColumn::new(vec![urls])?;
/// let hosts = urikit_arrow::component(&column, Component::Host)?;
/// assert_eq!(hosts.value(0), "example.com");
/// assert!(hosts.is_null(1) && hosts.is_null(2)); // null in, invalid in: null out
/// # Ok::<_, urikit_arrow::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct StringColumn {
    chunks: Vec<Chunk>,
    blocks: Vec<Buffer>,
    len: usize,
}

/// One chunk and where its bytes are in [`StringColumn::blocks`].
#[derive(Clone, Debug)]
struct Chunk {
    array: ArrayRef,
    place: Place,
}

#[derive(Clone, Debug)]
enum Place {
    /// A `Utf8View` chunk: its data buffer `i` is block `first + i`.
    Views { first: u32 },
    /// A `Utf8`/`LargeUtf8` chunk: the windows of its value bytes, as
    /// (byte position in the values buffer where the window starts, block).
    Offsets { windows: Vec<(usize, u32)> },
    /// A `Null` chunk.
    Nulls,
}

impl StringColumn {
    /// A column of the given chunks, each of type `Utf8`, `LargeUtf8`,
    /// `Utf8View` or `Null`.
    ///
    /// # Errors
    /// [`ArrowError::InvalidArgumentError`] for a chunk of another type, or
    /// with more data buffers than a view can number.
    pub fn new(chunks: Vec<ArrayRef>) -> Result<StringColumn, ArrowError> {
        StringColumn::with_window(chunks, VIEW_LIMIT)
    }

    /// [`new`](Self::new) with windows of at most `window` bytes: lets the
    /// tests reach the cut of a >4 GiB buffer with small arrays.
    #[doc(hidden)]
    pub fn with_window(chunks: Vec<ArrayRef>, window: usize) -> Result<StringColumn, ArrowError> {
        let mut column = StringColumn {
            chunks: Vec::with_capacity(chunks.len()),
            blocks: Vec::new(),
            len: 0,
        };
        for array in chunks {
            let place = match array.data_type() {
                DataType::Utf8View => {
                    let first = column.block_number()?;
                    column
                        .blocks
                        .extend(array.as_string_view().data_buffers().iter().cloned());
                    Place::Views { first }
                }
                DataType::Utf8 => column.windows(array.as_string::<i32>(), window)?,
                DataType::LargeUtf8 => column.windows(array.as_string::<i64>(), window)?,
                DataType::Null => Place::Nulls,
                other => {
                    return Err(ArrowError::InvalidArgumentError(format!(
                        "expected a column of strings (utf8, large_utf8 or utf8_view), got {other}"
                    )))
                }
            };
            column.len += array.len();
            column.chunks.push(Chunk { array, place });
        }
        // Every block is numbered by a view's u32.
        column.block_number()?;
        Ok(column)
    }

    /// The number of the next block.
    fn block_number(&self) -> Result<u32, ArrowError> {
        u32::try_from(self.blocks.len()).map_err(|_| {
            ArrowError::InvalidArgumentError("more than 2^32 data buffers in one column".into())
        })
    }

    /// Registers the windows of an offsets chunk's value bytes: a new window
    /// starts at a row whose end would be more than `limit` bytes past the
    /// current window's start (so every row of a window is viewable).
    fn windows<O: OffsetSizeTrait>(
        &mut self,
        a: &GenericStringArray<O>,
        limit: usize,
    ) -> Result<Place, ArrowError> {
        let offsets = a.value_offsets();
        let (first, last) = (offsets[0].as_usize(), offsets[offsets.len() - 1].as_usize());
        let mut starts = vec![first];
        if last - first > limit {
            let mut start = first;
            for w in offsets.windows(2) {
                let (s, e) = (w[0].as_usize(), w[1].as_usize());
                if e - start > limit && s > start {
                    starts.push(s);
                    start = s;
                }
            }
        }
        let mut windows = Vec::with_capacity(starts.len());
        for (k, &s) in starts.iter().enumerate() {
            let end = starts.get(k + 1).copied().unwrap_or(last);
            windows.push((s, self.block_number()?));
            self.blocks.push(a.values().slice_with_length(s, end - s));
        }
        Ok(Place::Offsets { windows })
    }

    /// The number of rows.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The buffers the rows' bytes are in, in block order: what a view
    /// made by [`Row::view`] refers to.
    pub fn blocks(&self) -> &[Buffer] {
        &self.blocks
    }

    /// Calls `f` with every row in order: `None` for a null.
    pub fn for_each_row(&self, mut f: impl FnMut(Option<Row<'_>>)) {
        for chunk in &self.chunks {
            match (&chunk.place, chunk.array.data_type()) {
                (Place::Views { first }, _) => {
                    let a = chunk.array.as_string_view();
                    for (i, &v) in a.views().iter().enumerate() {
                        if a.is_null(i) {
                            f(None);
                            continue;
                        }
                        let view = ByteView::from(v);
                        // An inline row's parts are inline too: no block.
                        let (block, offset) = if view.length <= 12 {
                            (0, 0)
                        } else {
                            (first + view.buffer_index, view.offset as usize)
                        };
                        f(Some(Row {
                            text: a.value(i),
                            block,
                            offset,
                        }));
                    }
                }
                (Place::Nulls, _) => (0..chunk.array.len()).for_each(|_| f(None)),
                (Place::Offsets { windows }, DataType::Utf8) => {
                    offset_rows(chunk.array.as_string::<i32>(), windows, &mut f)
                }
                (Place::Offsets { windows }, _) => {
                    offset_rows(chunk.array.as_string::<i64>(), windows, &mut f)
                }
            }
        }
    }

    /// Every row's text (`None` for a null), in order.
    pub fn texts(&self) -> Vec<Option<&str>> {
        let mut out = Vec::with_capacity(self.len);
        for chunk in &self.chunks {
            match chunk.array.data_type() {
                DataType::Utf8View => out.extend(chunk.array.as_string_view().iter()),
                DataType::Utf8 => out.extend(chunk.array.as_string::<i32>().iter()),
                DataType::LargeUtf8 => out.extend(chunk.array.as_string::<i64>().iter()),
                _ => out.extend(std::iter::repeat_n(None, chunk.array.len())),
            }
        }
        out
    }
}

fn offset_rows<O: OffsetSizeTrait>(
    a: &GenericStringArray<O>,
    windows: &[(usize, u32)],
    f: &mut impl FnMut(Option<Row<'_>>),
) {
    let mut w = 0;
    for (i, start) in a.value_offsets()[..a.len()].iter().enumerate() {
        if a.is_null(i) {
            f(None);
            continue;
        }
        let start = start.as_usize();
        while w + 1 < windows.len() && windows[w + 1].0 <= start {
            w += 1;
        }
        let (window_start, block) = windows[w];
        f(Some(Row {
            text: a.value(i),
            block,
            // At most VIEW_LIMIT (see `StringColumn::windows`); `Row::view`
            // checks what it adds to it.
            offset: start - window_start,
        }));
    }
}

/// One row of a [`StringColumn`]: its text, and where that text starts
/// among the column's blocks.
#[derive(Clone, Copy, Debug)]
pub struct Row<'a> {
    /// The row's string.
    pub text: &'a str,
    block: u32,
    offset: usize,
}

impl Row<'_> {
    /// Whether `part` is a slice of [`text`](Self::text).
    #[inline]
    pub fn contains(&self, part: &str) -> bool {
        let start = (part.as_ptr() as usize).wrapping_sub(self.text.as_ptr() as usize);
        start <= self.text.len() && part.len() <= self.text.len() - start
    }

    /// The `Utf8View` view of `part`, a slice of [`text`](Self::text):
    /// inline when it is at most 12 bytes, otherwise pointing into the
    /// column's block that holds the row. `None` when `part` is not a slice
    /// of the row, or when a view cannot reach it (a part of a row longer
    /// than 4 GiB that is itself longer, or that ends past 4 GiB of the block).
    #[inline]
    pub fn view(&self, part: &str) -> Option<u128> {
        if !self.contains(part) || part.len() > VIEW_LIMIT {
            return None;
        }
        let start = part.as_ptr() as usize - self.text.as_ptr() as usize;
        let offset = u32::try_from(self.offset + start).ok()?;
        Some(make_view(part.as_bytes(), self.block, offset))
    }
}

/// The `Utf8View` view of `bytes` found at `offset` of block `block`:
/// the bytes themselves when at most 12 (inline, the rest zero), else their
/// length, first four bytes, block and offset (the Arrow layout).
/// `arrow_array::builder::make_view`, but inlined into the kernels' loops.
/// `bytes` is at most [`VIEW_LIMIT`] long (the view's length is a `u32`).
#[inline(always)]
pub(crate) fn make_view(bytes: &[u8], block: u32, offset: u32) -> u128 {
    /// The inline view of exactly `N` bytes (a fixed-size copy, no
    /// `memcpy` call).
    #[inline(always)]
    fn inline<const N: usize>(bytes: &[u8]) -> u128 {
        let mut v = [0u8; 16];
        v[..4].copy_from_slice(&(N as u32).to_le_bytes());
        v[4..4 + N].copy_from_slice(&bytes[..N]);
        u128::from_le_bytes(v)
    }
    let len = bytes.len();
    if len <= 12 {
        match len {
            0 => 0,
            1 => inline::<1>(bytes),
            2 => inline::<2>(bytes),
            3 => inline::<3>(bytes),
            4 => inline::<4>(bytes),
            5 => inline::<5>(bytes),
            6 => inline::<6>(bytes),
            7 => inline::<7>(bytes),
            8 => inline::<8>(bytes),
            9 => inline::<9>(bytes),
            10 => inline::<10>(bytes),
            11 => inline::<11>(bytes),
            _ => inline::<12>(bytes),
        }
    } else {
        let prefix = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        (len as u128) | (prefix as u128) << 32 | (block as u128) << 64 | (offset as u128) << 96
    }
}
