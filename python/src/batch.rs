//! `check_many`: many FENs checked at once, from a Python iterable of strings or from an Arrow
//! string column (read in place through the Arrow PyCapsule interface), without the GIL and on
//! several threads; the result is an Arrow struct column.

use std::ffi::CStr;
use std::sync::Arc;

use arrow_array::builder::{ListBuilder, StringBuilder};
use arrow_array::cast::AsArray;
use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema, from_ffi, to_ffi};
use arrow_array::ffi_stream::{ArrayStreamReader, FFI_ArrowArrayStream};
use arrow_array::{
    Array, ArrayReader, ArrayRef, BooleanArray, GenericStringArray, NullArray, OffsetSizeTrait,
    RecordBatch, RecordBatchIterator, StringArray, StructArray, UInt32Array, make_array,
};
use arrow_schema::{DataType, Field, Fields};
use fenlint::files::FileKind;
use fenlint::{Code, Severity, Validator};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{
    PyBool, PyByteArray, PyBytes, PyCapsule, PyDict, PyFloat, PyIterator, PySlice, PyString,
};

use crate::VariantChoice;

/// The capsule names of the Arrow PyCapsule interface.
const SCHEMA_CAPSULE: &CStr = c"arrow_schema";
const ARRAY_CAPSULE: &CStr = c"arrow_array";
const STREAM_CAPSULE: &CStr = c"arrow_array_stream";

/// How many strings of a Python iterable are read at a time (see [`Slab`]): no more than two
/// slabs of UTF-8 copies are alive at once, the one being checked and the one being read.
const SLAB: usize = 1 << 16;

/// Below this many FENs a batch is checked on the calling thread alone: starting threads costs
/// more than it saves.
const PER_THREAD: usize = 2048;

/// How each FEN is checked: as a line of a file of `kind` (FEN lines or EPD records), by
/// `validator`.
struct Check {
    validator: Validator,
    kind: FileKind,
}

/// What one FEN's check leaves in the result.
#[derive(Clone, Copy, Debug)]
struct Row {
    /// Whether there was a FEN (not a null).
    present: bool,
    /// How many diagnostics of error severity.
    errors: u32,
    /// The first diagnostic's code.
    first: Option<Code>,
    /// Where this row's codes end in [`Summary::codes`].
    codes_end: usize,
    /// Where this row's first message ends in [`Summary::messages`].
    message_end: usize,
}

/// The rows of a run of FENs, with their codes and first messages packed together.
#[derive(Debug, Default)]
struct Summary {
    rows: Vec<Row>,
    codes: Vec<Code>,
    messages: String,
}

impl Summary {
    /// Adds the check of `fen` (`None` for a null). `found` is kept from one FEN to the next.
    fn push(&mut self, fen: Option<&[u8]>, check: &Check, found: &mut Vec<fenlint::Diagnostic>) {
        let Some(fen) = fen else {
            self.rows.push(Row {
                present: false,
                errors: 0,
                first: None,
                codes_end: self.codes.len(),
                message_end: self.messages.len(),
            });
            return;
        };
        found.clear();
        match std::str::from_utf8(fen) {
            // What `lint_line` gives for such a line, without checking its UTF-8 again.
            Ok(text) if text.len() <= fenlint::MAX_LINE_LEN => {
                fenlint::files::lint_text_line_head_into(
                    check.kind,
                    text,
                    text.len(),
                    0,
                    &check.validator,
                    found,
                );
            }
            _ => found.extend(fenlint::files::lint_line(
                check.kind,
                fen,
                0,
                &check.validator,
            )),
        }
        let errors = found
            .iter()
            .filter(|diagnostic| diagnostic.severity() == Severity::Error)
            .count();
        self.codes
            .extend(found.iter().map(|diagnostic| diagnostic.code()));
        if let Some(first) = found.first() {
            self.messages.push_str(first.message());
        }
        self.rows.push(Row {
            present: true,
            errors: u32::try_from(errors).unwrap_or(u32::MAX),
            first: found.first().map(|diagnostic| diagnostic.code()),
            codes_end: self.codes.len(),
            message_end: self.messages.len(),
        });
    }

    /// Appends `other`'s rows after these.
    fn append(&mut self, other: Summary) {
        let (codes, messages) = (self.codes.len(), self.messages.len());
        self.rows.extend(other.rows.into_iter().map(|row| Row {
            codes_end: row.codes_end + codes,
            message_end: row.message_end + messages,
            ..row
        }));
        self.codes.extend(other.codes);
        self.messages.push_str(&other.messages);
    }

    /// The summary of `fens`, checked on up to `threads` threads (the calling one among them).
    fn of(fens: &[Option<&[u8]>], check: &Check, threads: usize) -> Summary {
        let alone = |part: &[Option<&[u8]>]| {
            let mut summary = Summary::default();
            summary.rows.reserve(part.len());
            let mut found = Vec::new();
            for &fen in part {
                summary.push(fen, check, &mut found);
            }
            summary
        };
        let threads = threads.min(fens.len() / PER_THREAD).max(1);
        if threads == 1 {
            return alone(fens);
        }
        let size = fens.len().div_ceil(threads);
        std::thread::scope(|scope| {
            let mut parts = fens.chunks(size);
            let first = parts.next().unwrap_or_default();
            let others: Vec<_> = parts.map(|part| scope.spawn(move || alone(part))).collect();
            let mut summary = alone(first);
            for other in others {
                match other.join() {
                    Ok(part) => summary.append(part),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            summary
        })
    }

    /// The result column: a struct of `valid`, `errors`, `first_code`, `first_message` and
    /// `codes`, each null for a null FEN.
    fn into_array(self) -> StructArray {
        let mut codes_at = 0usize;
        let mut message_at = 0usize;
        let mut valid = Vec::with_capacity(self.rows.len());
        let mut errors = Vec::with_capacity(self.rows.len());
        let mut first_code = Vec::with_capacity(self.rows.len());
        let mut first_message = Vec::with_capacity(self.rows.len());
        let mut codes = ListBuilder::with_capacity(StringBuilder::new(), self.rows.len());
        for row in &self.rows {
            let message = self.messages.get(message_at..row.message_end);
            let row_codes = self.codes.get(codes_at..row.codes_end).unwrap_or_default();
            (codes_at, message_at) = (row.codes_end, row.message_end);
            if !row.present {
                valid.push(None);
                errors.push(None);
                first_code.push(None);
                first_message.push(None);
                codes.append_null();
                continue;
            }
            valid.push(Some(row.errors == 0));
            errors.push(Some(row.errors));
            first_code.push(row.first.map(Code::name));
            first_message.push(row.first.and(message));
            for code in row_codes {
                codes.values().append_value(code.name());
            }
            codes.append(true);
        }
        let columns: Vec<ArrayRef> = vec![
            Arc::new(BooleanArray::from(valid)),
            Arc::new(UInt32Array::from(errors)),
            Arc::new(StringArray::from(first_code)),
            Arc::new(StringArray::from(first_message)),
            Arc::new(codes.finish()),
        ];
        StructArray::new(result_fields(), columns, None)
    }
}

/// The fields of the result column.
fn result_fields() -> Fields {
    Fields::from(vec![
        Field::new("valid", DataType::Boolean, true),
        Field::new("errors", DataType::UInt32, true),
        Field::new("first_code", DataType::Utf8, true),
        Field::new("first_message", DataType::Utf8, true),
        Field::new(
            "codes",
            DataType::List(Arc::new(Field::new("item", DataType::Utf8, true))),
            true,
        ),
    ])
}

/// The values of a column of strings (or bytes), `None` for nulls, read in place.
fn values_of(array: &dyn Array) -> PyResult<Vec<Option<&[u8]>>> {
    fn offsets<O: OffsetSizeTrait>(array: &GenericStringArray<O>) -> Vec<Option<&[u8]>> {
        let data = array.value_data();
        array
            .value_offsets()
            .windows(2)
            .enumerate()
            .map(|(index, ends)| {
                let [start, end] = ends else { return None };
                let range = start.as_usize()..end.as_usize();
                (!array.is_null(index)).then(|| data.get(range).unwrap_or_default())
            })
            .collect()
    }
    Ok(match array.data_type() {
        DataType::Utf8 => offsets(array.as_string::<i32>()),
        DataType::LargeUtf8 => offsets(array.as_string::<i64>()),
        DataType::Utf8View => {
            let strings = array.as_string_view();
            (0..strings.len())
                .map(|index| (!strings.is_null(index)).then(|| strings.value(index).as_bytes()))
                .collect()
        }
        DataType::Binary => {
            let bytes = array.as_binary::<i32>();
            bytes.iter().collect()
        }
        DataType::LargeBinary => {
            let bytes = array.as_binary::<i64>();
            bytes.iter().collect()
        }
        DataType::BinaryView => array.as_binary_view().iter().collect(),
        // A column of nulls only (Polars' and pyarrow's type of `[None, None]`).
        DataType::Null => vec![None; array.len()],
        // A dictionary-encoded column (pyarrow's `dictionary_encode()`, Polars' `Categorical`
        // and `Enum`): each row's value, by its key.
        DataType::Dictionary(_, _) => {
            let Some(dictionary) = array.as_any_dictionary_opt() else {
                return Err(not_strings(array.data_type()));
            };
            let values = values_of(dictionary.values().as_ref())?;
            if values.is_empty() {
                // No value, so every key is null.
                return Ok(vec![None; array.len()]);
            }
            dictionary
                .normalized_keys()
                .into_iter()
                .enumerate()
                .map(|(index, key)| {
                    if array.is_null(index) {
                        None
                    } else {
                        values.get(key).copied().flatten()
                    }
                })
                .collect()
        }
        // A table of one column (a DuckDB result, `pyarrow.table`, a Polars frame): its column.
        DataType::Struct(fields) if fields.len() == 1 => {
            let table = array.as_struct();
            let column = table.column(0);
            values_of(column.as_ref())?
                .into_iter()
                .enumerate()
                .map(|(index, value)| value.filter(|_| !table.is_null(index)))
                .collect()
        }
        DataType::Struct(fields) => {
            let names: Vec<&str> = fields.iter().map(|field| field.name().as_str()).collect();
            return Err(PyTypeError::new_err(format!(
                "check_many: expected a column of strings, got a table of {} columns ({}): pass its FEN column, such as table[{:?}]",
                names.len(),
                names.join(", "),
                names.first().copied().unwrap_or("fen")
            )));
        }
        other => return Err(not_strings(other)),
    })
}

/// The error for an Arrow column of `data_type`, which holds no strings.
fn not_strings(data_type: &DataType) -> PyErr {
    let name = match data_type {
        DataType::Int8 | DataType::Int16 | DataType::Int32 | DataType::Int64 => "integers",
        DataType::UInt8 | DataType::UInt16 | DataType::UInt32 | DataType::UInt64 => {
            "unsigned integers"
        }
        DataType::Float16 | DataType::Float32 | DataType::Float64 => "floats",
        DataType::Boolean => "booleans",
        DataType::List(_) | DataType::LargeList(_) | DataType::ListView(_) => "lists",
        _ => "values that are not strings",
    };
    PyTypeError::new_err(format!(
        "check_many: expected an Arrow column of strings, got one of {name} (Arrow type {data_type})"
    ))
}

/// The arrays of an object of the Arrow PyCapsule interface: its one array
/// (`__arrow_c_array__`) or the chunks of its stream (`__arrow_c_stream__`).
fn arrow_arrays(object: &Bound<'_, PyAny>) -> PyResult<Vec<ArrayRef>> {
    let arrow = |error: arrow_schema::ArrowError| {
        PyValueError::new_err(format!("check_many: reading the Arrow column: {error}"))
    };
    if object.hasattr("__arrow_c_array__")? {
        let (schema, array): (Bound<'_, PyCapsule>, Bound<'_, PyCapsule>) =
            object.call_method0("__arrow_c_array__")?.extract()?;
        let schema = schema.pointer_checked(Some(SCHEMA_CAPSULE))?;
        let array = array.pointer_checked(Some(ARRAY_CAPSULE))?;
        // SAFETY: the capsules hold an `ArrowSchema` and an `ArrowArray` by their names (the
        // PyCapsule interface); the array is moved out (its capsule keeps a released one), and
        // the schema is only read while its capsule is alive.
        let data = unsafe {
            let array = FFI_ArrowArray::from_raw(array.cast::<FFI_ArrowArray>().as_ptr());
            from_ffi(array, schema.cast::<FFI_ArrowSchema>().as_ref())
        }
        .map_err(arrow)?;
        return Ok(vec![make_array(data)]);
    }
    let stream: Bound<'_, PyCapsule> = object.call_method0("__arrow_c_stream__")?.extract()?;
    let stream = stream.pointer_checked(Some(STREAM_CAPSULE))?;
    // SAFETY: the capsule holds an `ArrowArrayStream` by its name; it is moved out, and its
    // capsule keeps a released one.
    let reader =
        unsafe { ArrayStreamReader::from_raw(stream.cast::<FFI_ArrowArrayStream>().as_ptr()) }
            .map_err(arrow)?;
    if reader.field().data_type() == &DataType::Null {
        // A column of nulls only: its chunks are not read, as some libraries export them with
        // a buffer that the C data interface does not expect (Polars' `Series([None, None])`).
        let rows = object.len()?;
        return Ok(vec![Arc::new(NullArray::new(rows))]);
    }
    reader.map(|chunk| chunk.map_err(arrow)).collect()
}

/// Up to [`SLAB`] items of a Python iterable of strings, copied out as UTF-8, so that they can
/// be checked on other threads while the next slab is read.
#[derive(Debug, Default)]
struct Slab {
    /// The strings, one after another.
    text: Vec<u8>,
    /// Where each item's string ends in `text`; `None` for a `None` item.
    ends: Vec<Option<usize>>,
}

impl Slab {
    /// The next items of `items`; `index` counts the items read, for the messages. Empty at
    /// the end of the iterable.
    fn read(items: &mut Bound<'_, PyIterator>, index: &mut usize) -> PyResult<Slab> {
        let mut slab = Slab {
            text: Vec::new(),
            ends: Vec::with_capacity(SLAB),
        };
        for item in items.by_ref().take(SLAB) {
            let item = item?;
            if item.is_none() || is_missing(&item) {
                slab.ends.push(None);
            } else if let Ok(text) = item.cast::<PyString>() {
                slab.text
                    .extend_from_slice(crate::text::utf8_of(text)?.as_bytes());
                slab.ends.push(Some(slab.text.len()));
            } else {
                return Err(PyTypeError::new_err(format!(
                    "check_many: item {index} is {}, expected str, or None or NaN for a missing FEN",
                    item.get_type()
                        .name()
                        .map_or_else(|_| "not a str".to_owned(), |name| name.to_string())
                )));
            }
            *index += 1;
        }
        Ok(slab)
    }

    /// Each item's string (`None` for a `None` item).
    fn values(&self) -> Vec<Option<&[u8]>> {
        let mut start = 0usize;
        self.ends
            .iter()
            .map(|end| {
                end.map(|end| {
                    let value = self.text.get(start..end).unwrap_or_default();
                    start = end;
                    value
                })
            })
            .collect()
    }
}

/// Whether `item` marks a missing value as pandas and NumPy write one: a NaN (a Python float,
/// or a NumPy float of any width, which pandas' `Series.tolist()` of an object column gives)
/// or pandas' `NA` (of its `string` dtype).
fn is_missing(item: &Bound<'_, PyAny>) -> bool {
    if let Ok(number) = item.cast::<PyFloat>() {
        return number.value().is_nan();
    }
    if item.is_instance_of::<PyString>() {
        return false;
    }
    let type_name = item.get_type().fully_qualified_name();
    let Ok(type_name) = type_name.and_then(|name| name.to_cow().map(|name| name.into_owned()))
    else {
        return false;
    };
    match type_name.as_str() {
        "pandas._libs.missing.NAType" => true,
        name if name.starts_with("numpy.float") => item.extract::<f64>().is_ok_and(f64::is_nan),
        _ => false,
    }
}

/// What the thread `checked` returned; its panic, if it panicked, goes on here.
fn joined(checked: std::thread::ScopedJoinHandle<'_, Summary>) -> Summary {
    checked
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// Check many FENs at once: a Python iterable of `str` (`None` for a missing one), or an Arrow
/// column of strings from pyarrow, Polars, DuckDB or any library of the Arrow PyCapsule
/// interface (read in place, never turned into Python strings). The GIL is released while they
/// are checked, on `threads` threads (`None`: one per core). `kind="epd"` reads each item as an
/// EPD record (four fields and operations) rather than a FEN.
///
/// Returns a `CheckResults`, an Arrow struct column with `valid`, `errors`, `first_code`,
/// `first_message` and `codes` per FEN (all null for a null FEN).
#[pyfunction]
#[pyo3(signature = (fens, variant = "auto", threads = None, *, kind = "fen"))]
pub fn check_many(
    py: Python<'_>,
    fens: &Bound<'_, PyAny>,
    variant: &str,
    threads: Option<&Bound<'_, PyAny>>,
    kind: &str,
) -> PyResult<CheckResults> {
    let kind = match kind {
        "fen" => FileKind::Lines,
        "epd" => FileKind::Epd,
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown kind {other:?}: expected \"fen\" (each item a FEN) or \"epd\" (each item an EPD record)"
            )));
        }
    };
    let check = Check {
        validator: VariantChoice::of(variant)?.validator(),
        kind,
    };
    let threads = threads.filter(|threads| !threads.is_none());
    if threads.is_some_and(|threads| threads.is_instance_of::<PyBool>()) {
        return Err(PyTypeError::new_err(
            "threads is a number of threads (or None: one per core), not True or False",
        ));
    }
    let threads = match threads
        .map(|threads| threads.extract::<i64>())
        .transpose()?
    {
        Some(threads) if threads < 1 => {
            return Err(PyValueError::new_err(format!(
                "threads must be at least 1, not {threads}"
            )));
        }
        // More threads than FENs to share out are never started (see `Summary::of`).
        Some(threads) => usize::try_from(threads).unwrap_or(usize::MAX),
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    if fens.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "check_many takes many FENs (a list or an Arrow column of strings), not one string: use check() for one",
        ));
    }
    if fens.is_instance_of::<PyBytes>() || fens.is_instance_of::<PyByteArray>() {
        return Err(PyTypeError::new_err(
            "check_many takes many FENs (a list or an Arrow column of strings), not bytes: decode them and use check() for one FEN",
        ));
    }
    let mut summary = Summary::default();
    if fens.hasattr("__arrow_c_array__")? || fens.hasattr("__arrow_c_stream__")? {
        let arrays = arrow_arrays(fens)?;
        // The chunks' values together, so that small chunks (a stream's batches) share the
        // threads as one column does.
        let mut values = Vec::new();
        for array in &arrays {
            values.extend(values_of(array.as_ref())?);
        }
        summary.append(py.detach(|| Summary::of(&values, &check, threads)));
        return Ok(CheckResults {
            array: summary.into_array(),
        });
    }
    let mut items = fens.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "check_many takes an iterable of str or an Arrow column of strings, not {}",
            fens.get_type()
                .name()
                .map_or_else(|_| "this".to_owned(), |name| name.to_string())
        ))
    })?;
    // Each slab is checked on other threads while the next one is read: reading needs the
    // GIL, checking does not.
    let summary = std::thread::scope(|scope| -> PyResult<Summary> {
        let mut summary = Summary::default();
        let mut checking: Option<std::thread::ScopedJoinHandle<'_, Summary>> = None;
        let mut index = 0usize;
        loop {
            let slab = Slab::read(&mut items, &mut index)?;
            if let Some(checked) = checking.take() {
                summary.append(py.detach(|| joined(checked)));
            }
            if slab.ends.is_empty() {
                return Ok(summary);
            }
            let check = &check;
            checking = Some(scope.spawn(move || Summary::of(&slab.values(), check, threads)));
        }
    })?;
    Ok(CheckResults {
        array: summary.into_array(),
    })
}

/// The result of `check_many`: one row per FEN, as an Arrow struct column with the fields
/// `valid` (bool), `errors` (uint32), `first_code` (str), `first_message` (str) and `codes`
/// (list of str), all null for a null FEN.
///
/// It implements the Arrow PyCapsule interface, so `pyarrow.array(results)` gives a
/// `StructArray`, `pyarrow.table(results)` and `polars.DataFrame(results)` a table with those
/// five columns, and `polars.Series(results)` a struct Series; `to_pylist()` gives dicts.
#[pyclass(module = "fenlint", frozen)]
pub struct CheckResults {
    array: StructArray,
}

impl CheckResults {
    /// Row `index` as a dict.
    fn row<'py>(&self, py: Python<'py>, index: usize) -> PyResult<Bound<'py, PyDict>> {
        let columns = self.array.columns();
        let dict = PyDict::new(py);
        let [valid, errors, first_code, first_message, codes] = columns else {
            return Err(PyValueError::new_err("the result column lost its fields"));
        };
        let present = !valid.is_null(index);
        fn text(column: &ArrayRef, index: usize) -> Option<&str> {
            let strings = column.as_string::<i32>();
            (!strings.is_null(index)).then(|| strings.value(index))
        }
        dict.set_item("valid", present.then(|| valid.as_boolean().value(index)))?;
        dict.set_item(
            "errors",
            present.then(|| {
                errors
                    .as_primitive::<arrow_array::types::UInt32Type>()
                    .value(index)
            }),
        )?;
        dict.set_item("first_code", text(first_code, index))?;
        dict.set_item("first_message", text(first_message, index))?;
        let list = codes.as_list::<i32>();
        let names: Option<Vec<String>> = present.then(|| {
            let values = list.value(index);
            let strings = values.as_string::<i32>();
            strings.iter().flatten().map(str::to_owned).collect()
        });
        dict.set_item("codes", names)?;
        Ok(dict)
    }
}

#[pymethods]
impl CheckResults {
    fn __len__(&self) -> usize {
        self.array.len()
    }

    /// Row `index` (negative counts from the end) as a dict with the five fields; a slice
    /// (`results[10:20]`, `results[::2]`) is a `CheckResults` of those rows.
    fn __getitem__<'py>(&self, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = index.py();
        let len = self.array.len();
        if let Ok(slice) = index.cast::<PySlice>() {
            let rows = slice.indices(isize::try_from(len).unwrap_or(isize::MAX))?;
            let array = if rows.step == 1 {
                let start = rows.start.unsigned_abs();
                self.array.slice(start.min(len), rows.slicelength)
            } else {
                let picked = (0..rows.slicelength)
                    .map(|n| {
                        rows.start
                            .saturating_add(rows.step.saturating_mul(n.try_into().unwrap_or(0)))
                    })
                    .map(|at| u32::try_from(at).unwrap_or(u32::MAX))
                    .collect::<UInt32Array>();
                let taken = arrow_select::take::take(&self.array, &picked, None)
                    .map_err(|error| PyValueError::new_err(error.to_string()))?;
                taken.as_struct().clone()
            };
            return Ok(Bound::new(py, CheckResults { array })?.into_any());
        }
        let index: isize = index.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "CheckResults indices are integers or slices, not {}",
                index
                    .get_type()
                    .name()
                    .map_or_else(|_| "this".to_owned(), |name| name.to_string())
            ))
        })?;
        let at = if index < 0 {
            len.checked_sub(index.unsigned_abs())
        } else {
            Some(index.unsigned_abs()).filter(|&at| at < len)
        };
        let at = at.ok_or_else(|| PyIndexError::new_err("CheckResults index out of range"))?;
        Ok(self.row(py, at)?.into_any())
    }

    /// Every row as a dict with the five fields.
    fn to_pylist<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        (0..self.array.len())
            .map(|index| self.row(py, index))
            .collect()
    }

    /// How many FENs have errors (nulls not counted).
    #[getter]
    fn invalid_count(&self) -> usize {
        let valid = self.array.column(0).as_boolean();
        valid.len() - valid.null_count() - valid.true_count()
    }

    /// The column as a `pyarrow.StructArray` (pyarrow must be installed).
    fn to_arrow<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        slf.py().import("pyarrow")?.call_method1("array", (slf,))
    }

    /// The Arrow PyCapsule interface: the struct column as an `ArrowSchema` and an
    /// `ArrowArray`. A requested schema other than the column's own is not honoured.
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_array__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<(Bound<'py, PyCapsule>, Bound<'py, PyCapsule>)> {
        let _ = requested_schema;
        let (array, schema) = to_ffi(&self.array.to_data())
            .map_err(|error| PyValueError::new_err(error.to_string()))?;
        Ok((
            PyCapsule::new_with_value(py, schema, SCHEMA_CAPSULE)?,
            PyCapsule::new_with_value(py, array, ARRAY_CAPSULE)?,
        ))
    }

    /// The Arrow PyCapsule interface: the rows as a stream of one record batch whose columns
    /// are the five fields (so that `pyarrow.table(results)` and `polars.DataFrame(results)`
    /// take it). A requested schema other than the column's own is not honoured.
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let _ = requested_schema;
        let batch = RecordBatch::from(self.array.clone());
        let schema = batch.schema();
        let reader = RecordBatchIterator::new([Ok(batch)], schema);
        let stream = FFI_ArrowArrayStream::new(Box::new(reader));
        PyCapsule::new_with_value(py, stream, STREAM_CAPSULE)
    }

    fn __repr__(&self) -> String {
        format!(
            "<CheckResults: {} FENs, {} with errors>",
            self.array.len(),
            self.invalid_count()
        )
    }
}
