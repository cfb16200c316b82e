//! Streaming: `--jobs N` gives the same bytes, in the same order, and the same
//! exit status as one thread, on an input of many batches with invalid and
//! non-UTF-8 lines among valid ones.

mod common;

use common::urikit;

/// About 600 KB of lines (three batches): mostly valid, some invalid, one not UTF-8, CRLF ends.
fn big_input() -> Vec<u8> {
    let mut v = Vec::new();
    for k in 0..14_000 {
        match k % 1000 {
            7 => v.extend_from_slice(format!("http://h/bad path {k}\n").as_bytes()),
            13 => v.extend_from_slice(b"http://h/\xff\xfe\n"),
            17 => v.extend_from_slice(format!("foo://u@[::1]:{k}/x?q#f\r\n").as_bytes()),
            _ => v.extend_from_slice(format!("https://example.com/a/{k}/b?c={k}#d\n").as_bytes()),
        }
    }
    v.extend_from_slice(b"no-newline-at-the-end:x");
    v
}

#[test]
fn jobs_keep_the_order_and_the_bytes() {
    let input = big_input();
    for format in ["json", "text"] {
        let one = urikit(&["parse", "--format", format], &input);
        assert_eq!(one.status.code(), Some(1), "some inputs are invalid");
        let lines = one.stdout.iter().filter(|&&c| c == b'\n').count();
        if format == "json" {
            assert_eq!(lines, 14_001);
        }
        for jobs in ["2", "3"] {
            let many = urikit(&["parse", "--format", format, "--jobs", jobs], &input);
            assert_eq!(many.status.code(), Some(1));
            assert!(
                many.stdout == one.stdout,
                "{format} --jobs {jobs}: stdout differs"
            );
            assert!(
                many.stderr == one.stderr,
                "{format} --jobs {jobs}: stderr differs"
            );
        }
    }
}

#[test]
fn jobs_with_all_valid_input_exit_0_and_empty_input_prints_nothing() {
    let out = urikit(&["parse", "--format", "json", "-j", "2"], b"a:b\n//h\n");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 2);
    let out = urikit(&["parse", "--format", "json", "-j", "2"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
}

#[test]
fn stream_matches_one_input_at_a_time() {
    let lines = [
        "foo://u@h:1/p?q#f",
        "http://a b",
        "",
        "//[v1.x]",
        "a:b:c",
        "1a:b",
    ];
    let stdin = lines.join("\n") + "\n";
    let streamed = urikit(&["parse", "--format", "json", "-j", "2"], stdin.as_bytes());
    let streamed = String::from_utf8(streamed.stdout).unwrap();
    for (line, got) in lines.iter().zip(streamed.lines()) {
        let single = urikit(&["parse", "--format", "json", line], b"");
        assert_eq!(String::from_utf8(single.stdout).unwrap().trim_end(), got);
    }
}
