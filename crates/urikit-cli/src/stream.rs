//! Running a subcommand over its inputs: the arguments, or else the lines of
//! stdin (or of a file), each turned into a report by the subcommand
//! ([`PerLine`]) and written by the reporter of the chosen format
//! ([`crate::report`]). Exit status, `--jobs`, the output order, lines that
//! are not UTF-8 and stderr reports are all handled here, the same for every
//! subcommand.
//!
//! Fast: the input is read in batches of whole lines (about 256 KiB each),
//! each batch is turned into output bytes by a per-line function writing into
//! reused byte buffers (no allocation per line), and the output of each batch
//! is written at once. With `--jobs N` (N > 1) the batches go round-robin to
//! N worker threads, and the results are collected in the same round-robin
//! order, so the output keeps the input order without any reordering buffer;
//! bounded channels keep at most a few batches per worker in memory.
//!
//! Line rules are those of [`crate::input`]: `\n` or `\r\n` ends a line, an
//! empty line is an input, and a line that is not UTF-8 is reported as an
//! invalid input (`invalid_utf8`, at its first bad byte) in its place.
//!
//! Reports for people on stderr (errors and warnings with a caret) keep their
//! place among the results when stdout and stderr are the same file (a
//! terminal, `2>&1`): stdout is written up to that place first. When they are
//! different files, the order between them cannot be seen, and a batch's
//! stderr is written after its stdout (fewer writes).

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;
use std::sync::mpsc::{channel, sync_channel, Receiver, Sender, SyncSender};
use std::thread;

use crate::args::Global;
use crate::input::Input;
use crate::output;
use crate::report::{Failure, FormatReporter, Nothing, Report, Reporter};
use crate::Status;

/// About how many bytes of input one batch holds.
const BATCH: usize = 256 * 1024;

/// What a subcommand does with one input: turn it into a report. The rest
/// (reading, formats, order, threads, exit status) is [`lines`]'.
pub trait PerLine: Sync {
    /// Scratch space a thread reuses from one input to the next.
    type State: Default;
    /// The report on one input, which may borrow the input, the subcommand
    /// and the state.
    type Report<'a>: Report
    where
        Self: 'a;
    /// The report on `input`.
    fn one<'a>(&'a self, input: &'a str, state: &'a mut Self::State) -> Self::Report<'a>;
}

/// Where the inputs come from.
#[derive(Clone, Copy)]
pub enum Inputs<'a> {
    /// The command-line arguments, one input each.
    Args(&'a [String]),
    /// The lines of stdin.
    Stdin,
    /// The lines of a file.
    File(&'a Path),
}

impl<'a> Inputs<'a> {
    /// The arguments, or stdin when there are none (every subcommand's rule).
    pub fn args_or_stdin(args: &'a [String]) -> Inputs<'a> {
        if args.is_empty() {
            Inputs::Stdin
        } else {
            Inputs::Args(args)
        }
    }

    /// A reader of the lines.
    fn open(self) -> io::Result<Box<dyn Read + Send>> {
        Ok(match self {
            Inputs::File(p) => Box::new(File::open(p)?),
            _ => Box::new(io::stdin()),
        })
    }
}

/// Runs `cmd` on every input and reports each in the `--format` chosen, with
/// `--jobs` threads. Exit status: [`Status::Ok`] when every input passed,
/// [`Status::SomeInvalid`] otherwise.
///
/// # Errors
/// An I/O error reading the input or writing stdout (a closed pipe included).
pub fn lines<C: PerLine>(cmd: &C, inputs: Inputs<'_>, global: &Global) -> io::Result<Status> {
    // One instance of the loop per format, each with its reporter inlined.
    match FormatReporter::new(global) {
        FormatReporter::Text(t) => lines_with(cmd, inputs, global.jobs, t),
        FormatReporter::Json(j) => lines_with(cmd, inputs, global.jobs, j),
    }
}

/// [`lines`] with the reporter of each thread a clone of `reporter`.
fn lines_with<C: PerLine, R: Reporter + Clone + Sync>(
    cmd: &C,
    inputs: Inputs<'_>,
    jobs: usize,
    reporter: R,
) -> io::Result<Status> {
    run(inputs, jobs, || {
        let mut reporter = reporter.clone();
        let mut state = C::State::default();
        move |inp: Input<'_>, sink: &mut Sink| match inp {
            Input::Text(s) => {
                let report = cmd.one(s, &mut state);
                reporter.report(Some(s), &report, sink)
            }
            Input::NotUtf8 { lossy, index } => not_utf8(&mut reporter, &lossy, index, sink),
        }
    })
}

/// Reports a line that is not UTF-8 (invalid: `invalid_utf8` at its first
/// bad byte), shown as its lossy text.
#[cold]
#[inline(never)]
fn not_utf8(reporter: &mut impl Reporter, lossy: &str, index: usize, sink: &mut Sink) -> bool {
    let report: Result<Nothing, _> = Err(Failure::not_utf8(index));
    reporter.report(Some(lossy), &report, sink)
}

/// [`lines`] over the arguments of a subcommand, or stdin without any: the
/// `run` of most subcommands.
///
/// # Errors
/// As [`lines`].
pub fn each<C: PerLine>(cmd: &C, args: &[String], global: &Global) -> anyhow::Result<Status> {
    Ok(lines(cmd, Inputs::args_or_stdin(args), global)?)
}

/// Reports written to stdout as they come, for the subcommands whose results
/// are not one per input line (`extract`: the URIs found in a text; `base`:
/// one answer from several layers).
pub struct Records {
    reporter: FormatReporter,
    sink: Sink,
    interleave: bool,
    passed: bool,
}

impl Records {
    pub fn new(global: &Global) -> Records {
        Records {
            reporter: FormatReporter::new(global),
            sink: Sink::default(),
            interleave: same_file(),
            passed: true,
        }
    }

    /// Reports one result (see [`Reporter::report`]).
    ///
    /// # Errors
    /// Writing stdout failed.
    pub fn report(&mut self, input: Option<&str>, r: &impl Report) -> io::Result<()> {
        self.passed &= self.reporter.report(input, r, &mut self.sink);
        if self.sink.out.len() >= BATCH {
            flush(&mut io::stdout().lock(), &mut self.sink, self.interleave)?;
        }
        Ok(())
    }

    /// Writes what is left; whether every result passed.
    ///
    /// # Errors
    /// Writing stdout failed.
    pub fn finish(mut self) -> io::Result<Status> {
        let mut stdout = io::stdout().lock();
        flush(&mut stdout, &mut self.sink, self.interleave)?;
        stdout.flush()?;
        Ok(status(self.passed))
    }
}

/// Where a per-line function writes: bytes for stdout and for stderr.
///
/// What [`Sink::caret`] writes to stderr goes out in its place among the
/// stdout bytes when stdout and stderr are the same file (see the module
/// docs), after the batch's stdout otherwise.
#[derive(Default)]
pub struct Sink {
    pub out: Vec<u8>,
    err: Vec<u8>,
    /// For each stderr report: the length of `out` before it and the length
    /// of `err` after it.
    marks: Vec<(usize, usize)>,
}

impl Sink {
    /// A report for a person on stderr: `label: message`, then `text` (when
    /// there is one) with a caret under the byte at `index`
    /// ([`output::write_caret_report`]).
    pub fn caret(
        &mut self,
        label: &str,
        text: Option<&str>,
        index: usize,
        message: impl std::fmt::Display,
    ) {
        output::write_caret_report(&mut self.err, label, text, index, message);
        self.marks.push((self.out.len(), self.err.len()));
    }
}

/// Runs a subcommand over `inputs` with `jobs` threads (0 = one per
/// available core).
///
/// `worker` is called once per thread to make that thread's per-line function
/// (which may keep reusable scratch space); the function writes the result of
/// one input into the sink and returns whether the input passed.
///
/// # Errors
/// An I/O error reading the input or writing stdout (a closed pipe included).
fn run<M, F>(inputs: Inputs<'_>, jobs: usize, worker: M) -> io::Result<Status>
where
    M: Fn() -> F + Sync,
    F: FnMut(Input<'_>, &mut Sink) -> bool,
{
    let mut stdout = io::stdout().lock();
    let interleave = same_file();
    let mut sink = Sink::default();
    if let Inputs::Args(args) = inputs {
        let mut f = worker();
        let mut valid = true;
        for a in args {
            valid &= f(Input::Text(a), &mut sink);
        }
        flush(&mut stdout, &mut sink, interleave)?;
        return Ok(status(valid));
    }
    let mut reader = inputs.open()?;
    let jobs = match jobs {
        0 => thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    if jobs == 1 {
        let mut f = worker();
        let mut valid = true;
        let (mut batch, mut carry) = (Vec::with_capacity(2 * BATCH), Vec::new());
        while read_batch(&mut reader, &mut batch, &mut carry)? {
            valid &= for_lines(&batch, &mut f, &mut sink);
            flush(&mut stdout, &mut sink, interleave)?;
        }
        return Ok(status(valid));
    }
    parallel(jobs, reader, &worker, &mut stdout, interleave)
}

fn status(valid: bool) -> Status {
    if valid {
        Status::Ok
    } else {
        Status::SomeInvalid
    }
}

/// Whether stdout and stderr are the same file (the same terminal, or
/// `2>&1`), told once by their device and inode; assumed when unknown.
fn same_file() -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::{AsFd, BorrowedFd};
        use std::os::unix::fs::MetadataExt;
        let id = |fd: BorrowedFd<'_>| {
            let m = File::from(fd.try_clone_to_owned().ok()?).metadata().ok()?;
            Some((m.dev(), m.ino()))
        };
        match (id(io::stdout().as_fd()), id(io::stderr().as_fd())) {
            (Some(o), Some(e)) => o == e,
            _ => true,
        }
    }
    #[cfg(not(unix))]
    {
        true
    }
}

/// Writes and empties the sink's buffers: stdout, then stderr; or, when
/// `interleave`, stdout with the stderr reports where they were made.
fn flush(stdout: &mut impl Write, sink: &mut Sink, interleave: bool) -> io::Result<()> {
    flush_to(stdout, &mut io::stderr(), sink, interleave)
}

/// [`flush`] with the stderr to write to.
fn flush_to(
    stdout: &mut impl Write,
    stderr: &mut impl Write,
    sink: &mut Sink,
    interleave: bool,
) -> io::Result<()> {
    let (mut o, mut e) = (0, 0);
    if interleave {
        for &(out_before, err_after) in &sink.marks {
            stdout.write_all(&sink.out[o..out_before])?;
            stdout.flush()?;
            stderr.write_all(&sink.err[e..err_after])?;
            (o, e) = (out_before, err_after);
        }
    }
    stdout.write_all(&sink.out[o..])?;
    if e < sink.err.len() {
        stdout.flush()?;
        stderr.write_all(&sink.err[e..])?;
    }
    sink.out.clear();
    sink.err.clear();
    sink.marks.clear();
    Ok(())
}

/// Fills `batch` (emptied first) with whole lines, newlines kept: what
/// `carry` held from the last read, then blocks read from `r` until it holds
/// at least [`BATCH`] bytes or the input ends. The bytes after the last
/// newline go back to `carry` for the next batch (a line longer than a batch
/// makes the batch longer). `false` when there was nothing left to read.
fn read_batch(r: &mut impl Read, batch: &mut Vec<u8>, carry: &mut Vec<u8>) -> io::Result<bool> {
    const BLOCK: usize = 64 * 1024;
    batch.clear();
    batch.append(carry);
    let mut eof = false;
    // Newlines are looked for from here on (the carry has none).
    let mut unseen = batch.len();
    loop {
        if !eof && batch.len() < BATCH {
            // fall through to read
        } else if eof || memchr::memchr(b'\n', &batch[unseen..]).is_some() {
            break;
        } else {
            unseen = batch.len();
        }
        // Up to BLOCK more bytes (fewer only at the end of the input).
        let n = r.by_ref().take(BLOCK as u64).read_to_end(batch)?;
        eof = n < BLOCK;
    }
    if !eof {
        if let Some(k) = memchr::memrchr(b'\n', batch) {
            carry.extend_from_slice(&batch[k + 1..]);
            batch.truncate(k + 1);
        }
    }
    Ok(!batch.is_empty())
}

/// Calls `f` on each line of `batch`; whether every line was valid.
fn for_lines<F>(batch: &[u8], f: &mut F, sink: &mut Sink) -> bool
where
    F: FnMut(Input<'_>, &mut Sink) -> bool,
{
    let body = batch.strip_suffix(b"\n").unwrap_or(batch);
    let mut valid = true;
    // Nearly always the whole batch is UTF-8: checked at once, its lines
    // are then `str`s (split at ASCII bytes).
    if let Ok(text) = std::str::from_utf8(body) {
        let mut start = 0;
        let ends = memchr::memchr_iter(b'\n', body).chain([body.len()]);
        for end in ends {
            // At ASCII bytes: always on a character boundary.
            let line = text.get(start..end).unwrap_or_default();
            valid &= f(Input::Text(line.strip_suffix('\r').unwrap_or(line)), sink);
            start = end + 1;
        }
        return valid;
    }
    for line in body.split(|&c| c == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        valid &= match std::str::from_utf8(line) {
            Ok(s) => f(Input::Text(s), sink),
            Err(e) => f(
                Input::NotUtf8 {
                    lossy: String::from_utf8_lossy(line).into_owned(),
                    index: e.valid_up_to(),
                },
                sink,
            ),
        };
    }
    valid
}

/// What a worker sends back for one batch.
struct Done {
    sink: Sink,
    valid: bool,
}

/// The `--jobs N` pipeline: a reader thread, `jobs` workers, and this thread
/// writing the results in input order. Buffers go round: the writer hands
/// each worker's sinks back to it once written, and the workers hand the
/// batches back to the reader, so that after the first few batches nothing
/// is allocated (or grown, or paged in) again.
fn parallel<M, F>(
    jobs: usize,
    mut input: Box<dyn Read + Send>,
    worker: &M,
    stdout: &mut impl Write,
    interleave: bool,
) -> io::Result<Status>
where
    M: Fn() -> F + Sync,
    F: FnMut(Input<'_>, &mut Sink) -> bool,
{
    thread::scope(|scope| {
        let mut to_workers: Vec<SyncSender<Vec<u8>>> = Vec::with_capacity(jobs);
        let mut from_workers: Vec<Receiver<Done>> = Vec::with_capacity(jobs);
        let mut sinks_back: Vec<Sender<Sink>> = Vec::with_capacity(jobs);
        let (batch_back, spare_batches) = channel::<Vec<u8>>();
        for _ in 0..jobs {
            let (in_tx, in_rx) = sync_channel::<Vec<u8>>(2);
            let (out_tx, out_rx) = sync_channel::<Done>(2);
            let (sink_tx, spare_sinks) = channel::<Sink>();
            let batch_back = batch_back.clone();
            scope.spawn(move || {
                let mut f = worker();
                for batch in in_rx {
                    let mut sink = spare_sinks.try_recv().unwrap_or_default();
                    let valid = for_lines(&batch, &mut f, &mut sink);
                    // The reader may have finished: then the batch is dropped.
                    let _ = batch_back.send(batch);
                    if out_tx.send(Done { sink, valid }).is_err() {
                        break; // the writer stopped
                    }
                }
            });
            to_workers.push(in_tx);
            from_workers.push(out_rx);
            sinks_back.push(sink_tx);
        }
        drop(batch_back);
        let reader = scope.spawn(move || -> io::Result<()> {
            let mut carry = Vec::new();
            for k in 0.. {
                let mut batch = spare_batches
                    .try_recv()
                    .unwrap_or_else(|_| Vec::with_capacity(2 * BATCH));
                if !read_batch(&mut input, &mut batch, &mut carry)? {
                    break;
                }
                if to_workers[k % jobs].send(batch).is_err() {
                    break; // a worker stopped: the writer gave up
                }
            }
            Ok(()) // dropping the senders ends the workers
        });
        let mut valid = true;
        let mut written = Ok(());
        for k in 0.. {
            // Batch k went to worker k % jobs; when it has no result, the
            // input has ended.
            let Ok(mut done) = from_workers[k % jobs].recv() else {
                break;
            };
            valid &= done.valid;
            if let Err(e) = flush(stdout, &mut done.sink, interleave) {
                written = Err(e);
                break;
            }
            // The worker may have finished: then the sink is dropped.
            let _ = sinks_back[k % jobs].send(done.sink);
        }
        drop(from_workers); // unblocks the workers, then the reader
        let read = reader
            .join()
            .unwrap_or_else(|p| std::panic::resume_unwind(p));
        written?;
        read?;
        Ok(status(valid))
    })
}

/// Drains a reader that gives at most 7 bytes a read (for tests of the
/// batching).
#[cfg(test)]
fn batches(input: &[u8]) -> Vec<Vec<u8>> {
    struct Trickle<'a>(&'a [u8]);
    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(7).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let mut r = Trickle(input);
    let (mut out, mut b, mut carry) = (Vec::new(), Vec::new(), Vec::new());
    while read_batch(&mut r, &mut b, &mut carry).unwrap() {
        out.push(b.clone());
    }
    assert!(carry.is_empty() && r.0.is_empty());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines_of(input: &[u8]) -> Vec<String> {
        let mut seen = Vec::new();
        let mut sink = Sink::default();
        let mut f = |inp: Input<'_>, _: &mut Sink| {
            seen.push(match inp {
                Input::Text(s) => s.to_owned(),
                Input::NotUtf8 { lossy, index } => format!("!{index}:{lossy}"),
            });
            true
        };
        for b in batches(input) {
            for_lines(&b, &mut f, &mut sink);
        }
        seen
    }

    #[test]
    fn in_order_reports_go_between_the_stdout_bytes() {
        use std::cell::RefCell;
        // Both streams append to one log, tagged, as a terminal would show them.
        struct Tagged<'a>(&'a RefCell<Vec<u8>>, u8);
        impl Write for Tagged<'_> {
            fn write(&mut self, b: &[u8]) -> io::Result<usize> {
                if !b.is_empty() {
                    let mut log = self.0.borrow_mut();
                    log.push(self.1);
                    log.extend_from_slice(b);
                }
                Ok(b.len())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let mut sink = Sink::default();
        let fill = |sink: &mut Sink| {
            sink.out.extend_from_slice(b"a\n");
            sink.caret("error", Some("x y"), 1, "bad");
            sink.out.extend_from_slice(b"b\n");
            sink.caret("warning", Some("z"), 0, "worse");
            sink.out.extend_from_slice(b"c\n");
        };
        // Both streams as one log, after a flush.
        let shown = |sink: &mut Sink, interleave: bool| {
            let log = RefCell::new(Vec::new());
            fill(sink);
            let (mut out, mut err) = (Tagged(&log, b'>'), Tagged(&log, b'!'));
            flush_to(&mut out, &mut err, sink, interleave).unwrap();
            String::from_utf8(log.into_inner()).unwrap()
        };
        // Same file: each report in its place.
        assert_eq!(
            shown(&mut sink, true),
            ">a\n!error: bad\n  x y\n   ^\n>b\n!warning: worse\n  z\n  ^\n>c\n"
        );
        assert!(sink.out.is_empty() && sink.err.is_empty() && sink.marks.is_empty());
        // Different files: stderr follows the batch's stdout.
        assert_eq!(
            shown(&mut sink, false),
            ">a\nb\nc\n!error: bad\n  x y\n   ^\nwarning: worse\n  z\n  ^\n"
        );
    }

    #[test]
    fn lines_as_input_reads_them() {
        assert_eq!(lines_of(b""), Vec::<String>::new());
        assert_eq!(lines_of(b"\n"), [""]);
        assert_eq!(lines_of(b"a\r\n\nb"), ["a", "", "b"]);
        assert_eq!(lines_of(b"a\nb\n"), ["a", "b"]);
        assert_eq!(lines_of(b"a\xffb\nc\r"), ["!1:a\u{fffd}b", "c"]);
    }

    #[test]
    fn batches_hold_whole_lines_and_lose_nothing() {
        let mut input = Vec::new();
        for k in 0..100_000 {
            input.extend_from_slice(format!("http://h/{k}\n").as_bytes());
        }
        let bs = batches(&input);
        assert!(bs.len() > 2, "{} batches", bs.len());
        assert!(bs.iter().all(|b| b.ends_with(b"\n")));
        assert_eq!(bs.concat(), input);
        // A line longer than a batch, and a last line without a newline.
        let mut input = vec![b'a'; 3 * BATCH];
        input.extend_from_slice(b"\nb\nc");
        let bs = batches(&input);
        assert_eq!(bs.concat(), input);
        assert!(bs[0].len() > 3 * BATCH, "the long line stays whole");
        assert!(bs[..bs.len() - 1].iter().all(|b| b.ends_with(b"\n")));
    }
}
