//! What the CLI tests share: running the built `urikit` binary and reading
//! its output.

// Each test file uses a part of this module.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// Runs `urikit args`, with `stdin` as its standard input.
pub fn urikit(args: &[&str], stdin: &[u8]) -> Output {
    urikit_env(args, &[], stdin)
}

/// Runs `urikit args` with the variables `env` set, and `stdin` as its
/// standard input. The caller's `CLICOLOR_FORCE` and `NO_COLOR` are removed
/// first, so that the output is plain unless `env` asks for color.
pub fn urikit_env(args: &[&str], env: &[(&str, &str)], stdin: &[u8]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_urikit"));
    cmd.args(args)
        .env_remove("CLICOLOR_FORCE")
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("run urikit");
    let mut input = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    // Write from another thread: the child's stdout fills while we write.
    let writer = std::thread::spawn(move || input.write_all(&data));
    let out = child.wait_with_output().expect("wait");
    writer.join().unwrap().expect("write stdin");
    out
}

/// The standard output, which must be UTF-8.
pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 stdout")
}

/// The standard error, which must be UTF-8.
pub fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("UTF-8 stderr")
}

/// The standard output as JSON lines, one value each.
pub fn json_lines(out: &Output) -> Vec<Value> {
    stdout(out)
        .lines()
        .map(|l| serde_json::from_str(l).expect(l))
        .collect()
}

/// Runs `urikit args` with stdout and stderr going to one file (as `2>&1`
/// to a file does), `stdin` as its standard input; the file's text and the
/// exit status.
pub fn urikit_one_file(args: &[&str], stdin: &[u8]) -> (String, Option<i32>) {
    static RUN: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let k = RUN.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("urikit-one-file-{}-{k}.txt", std::process::id()));
    let file = std::fs::File::create(&path).expect("create the output file");
    let mut child = Command::new(env!("CARGO_BIN_EXE_urikit"))
        .args(args)
        .env_remove("CLICOLOR_FORCE")
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(file.try_clone().expect("clone the file"))
        .stderr(file)
        .spawn()
        .expect("run urikit");
    let mut input = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || input.write_all(&data));
    let status = child.wait().expect("wait");
    writer.join().unwrap().expect("write stdin");
    let text = std::fs::read_to_string(&path).expect("UTF-8 output");
    let _ = std::fs::remove_file(&path);
    (text, status.code())
}
