//! The counting allocator's figures, with the allocator installed as in the `eventide` binary:
//! live bytes and the peak follow allocations and frees to within the per-thread slack.

use eventide_engine::memory::{self, CountingAllocator};

#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator;

const MIB: usize = 1024 * 1024;
/// The per-thread slack of the counts, with room for the test harness's own allocations.
const TOLERANCE: usize = 64 * 1024;

fn live() -> usize {
    memory::allocated_bytes().expect("the counting allocator is installed")
}

#[test]
fn live_bytes_and_peak_follow_allocations_and_frees_on_every_thread() {
    let before = live();
    memory::reset_peak();
    // Many small allocations, as the interpreter makes, then one large one.
    let small: Vec<Box<[u8; 64]>> = (0..16 * 1024).map(|_| Box::new([1u8; 64])).collect();
    let large = vec![7u8; 8 * MIB];
    let held = 8 * MIB + 16 * 1024 * 64 + small.capacity() * std::mem::size_of::<Box<[u8; 64]>>();
    let during = live();
    assert!(during.abs_diff(before + held) <= TOLERANCE, "{during} live, expected {} ± {TOLERANCE}", before + held);
    drop(small);
    drop(large);
    let after = live();
    assert!(after.abs_diff(before) <= TOLERANCE, "{after} live after freeing, {before} before");
    let peak = memory::peak_allocated_bytes().unwrap();
    assert!(peak + TOLERANCE >= before + held, "peak {peak} below what was held at once ({})", before + held);
    assert!(peak <= before + held + TOLERANCE, "peak {peak} above what was held at once ({})", before + held);

    // Another thread's allocations count too. (One test: tests run on parallel threads, and
    // the figures are process-wide.)
    let before = live();
    let handle = std::thread::spawn(|| vec![3u8; 4 * MIB]);
    let buffer = handle.join().unwrap();
    let during = live();
    assert!(during + TOLERANCE >= before + 4 * MIB, "{during} live, {before} before a 4 MiB buffer");
    drop(buffer);
}
