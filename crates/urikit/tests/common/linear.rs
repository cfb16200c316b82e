//! The linear-time check shared by the scaling tests: running an operation
//! on 8x the input must take well under the 64x a quadratic algorithm needs.

use std::time::{Duration, Instant};

/// The best of two timings of `f`.
fn best(f: &dyn Fn()) -> Duration {
    (0..2)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// Asserts that `run(large)` takes less than 30 times as long as
/// `run(small)`, where `large` is about 8 times `small` (linear work gives
/// about 8, quadratic about 64). Both inputs should be larger than the CPU
/// caches; the bound is loose and there are three tries, so that preemption
/// on a shared machine does not fail the test.
pub fn assert_linear(name: &str, small: &str, large: &str, run: &dyn Fn(&str)) {
    let mut ratios = Vec::new();
    for _ in 0..3 {
        let t_small = best(&|| run(std::hint::black_box(small)));
        let t_large = best(&|| run(std::hint::black_box(large)));
        let ratio = t_large.as_secs_f64() / t_small.as_secs_f64().max(1e-6);
        ratios.push(ratio);
        if ratio < 30.0 {
            return;
        }
    }
    panic!("{name}: 8x the input took {ratios:?} times as long");
}
