//! Memory accounting: a counting global allocator and the current/peak figures it keeps.
//!
//! A binary that wants exact `peak_memory_bytes` figures and a working `--memory-limit` installs
//! [`CountingAllocator`] as its global allocator:
//! ```ignore
//! #[global_allocator]
//! static ALLOC: eventide_engine::memory::CountingAllocator = eventide_engine::memory::CountingAllocator;
//! ```
//! Without it, the engine falls back to the process's resident set size (Linux `/proc`), which is
//! coarser but still bounds a run.
//!
//! The allocator underneath is mimalloc, not the system's: the Groovy interpreter allocates and
//! frees small values (scopes, strings, lists, event maps) at a high rate, and glibc's malloc
//! spent about a fifth of a pair run in allocation, freeing and chunk consolidation. mimalloc's
//! per-thread free lists of size classes make the same runs about a quarter faster (the pair bench
//! in the README's Benchmarks section measures it).

use mimalloc::MiMalloc;
use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicIsize, Ordering};

static CURRENT: AtomicIsize = AtomicIsize::new(0);
static PEAK: AtomicIsize = AtomicIsize::new(0);
static INSTALLED: AtomicBool = AtomicBool::new(false);

/// How far a thread's own count may run ahead of [`CURRENT`] (either way) before it is added
/// there. The interpreter allocates and frees small values at a high rate; one atomic update per
/// allocation cost ~10% of a run. The figures are exact to this many bytes per thread.
const SLACK: isize = 16 * 1024;

thread_local! {
    /// Bytes this thread allocated (net) and has not yet added to [`CURRENT`].
    static UNCOUNTED: Cell<isize> = const { Cell::new(0) };
}

/// mimalloc, counting live bytes and the peak.
pub struct CountingAllocator;

unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = MiMalloc.alloc(layout);
        if !p.is_null() {
            count(layout.size() as isize);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        MiMalloc.dealloc(ptr, layout);
        count(-(layout.size() as isize));
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = MiMalloc.alloc_zeroed(layout);
        if !p.is_null() {
            count(layout.size() as isize);
        }
        p
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = MiMalloc.realloc(ptr, layout, new_size);
        if !p.is_null() {
            count(new_size as isize - layout.size() as isize);
        }
        p
    }
}

/// Counts `delta` bytes on this thread, moving the thread's count to [`CURRENT`] once it exceeds
/// [`SLACK`] (or at once while the thread's local storage is gone).
#[inline]
fn count(delta: isize) {
    let due = UNCOUNTED
        .try_with(|uncounted| {
            let total = uncounted.get() + delta;
            if total.abs() < SLACK {
                uncounted.set(total);
                0
            } else {
                uncounted.set(0);
                total
            }
        })
        .unwrap_or(delta);
    if due != 0 {
        publish(due);
    }
}

#[cold]
fn publish(delta: isize) {
    if !INSTALLED.load(Ordering::Relaxed) {
        INSTALLED.store(true, Ordering::Relaxed);
    }
    let now = CURRENT.fetch_add(delta, Ordering::Relaxed) + delta;
    if now > PEAK.load(Ordering::Relaxed) {
        PEAK.fetch_max(now, Ordering::Relaxed);
    }
}

/// Bytes currently allocated, when the counting allocator is installed.
pub fn allocated_bytes() -> Option<usize> {
    INSTALLED.load(Ordering::Relaxed).then(|| CURRENT.load(Ordering::Relaxed).max(0) as usize)
}

/// Starts a new peak measurement at the current level.
pub fn reset_peak() {
    PEAK.store(CURRENT.load(Ordering::Relaxed), Ordering::Relaxed);
}

/// Peak bytes allocated since the last [`reset_peak`] (or process start).
pub fn peak_allocated_bytes() -> Option<usize> {
    INSTALLED.load(Ordering::Relaxed).then(|| PEAK.load(Ordering::Relaxed).max(0) as usize)
}

/// The process's resident set size in bytes (Linux); `None` elsewhere.
pub fn resident_bytes() -> Option<usize> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: usize = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

/// The memory the system can give a process without swapping (`MemAvailable` of
/// `/proc/meminfo`, Linux); `None` elsewhere.
pub fn available_bytes() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line["MemAvailable:".len()..].trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kb * 1024)
}

/// The memory ceiling of a run that was given none: 80% of the memory available when it starts
/// ([`available_bytes`]), so that a run whose states keep growing ends as `incomplete` with its
/// figures instead of being killed by the operating system. `None` where the figure is unknown.
pub fn default_ceiling() -> Option<u64> {
    available_bytes().map(|b| b / 5 * 4)
}

/// The figure the memory limits compare: the larger of the bytes allocated and the process's
/// resident set (read at most every few milliseconds). The allocator's count leaves out what
/// the system allocator holds besides (fragments, freed pages it keeps): a run that counted only
/// live bytes reached 2.9 GB resident at "2.0 GiB in use".
pub fn memory_in_use() -> usize {
    let resident = recent_resident_bytes();
    match allocated_bytes() {
        Some(live) => live.max(resident.unwrap_or(0)),
        None => resident.unwrap_or(0),
    }
}

/// [`resident_bytes`], read again once [`RESIDENT_EVERY`] has passed since the last read.
fn recent_resident_bytes() -> Option<usize> {
    use std::sync::atomic::AtomicU64;
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    static READ_AT_US: AtomicU64 = AtomicU64::new(0);
    static LAST: AtomicIsize = AtomicIsize::new(-1);
    let now_us = START.get_or_init(Instant::now).elapsed().as_micros() as u64;
    let last = LAST.load(Ordering::Relaxed);
    if last >= 0 && now_us.saturating_sub(READ_AT_US.load(Ordering::Relaxed)) < RESIDENT_EVERY.as_micros() as u64 {
        return Some(last as usize);
    }
    let read = resident_bytes();
    READ_AT_US.store(now_us, Ordering::Relaxed);
    LAST.store(read.map_or(-1, |r| r as isize), Ordering::Relaxed);
    read
}

/// How often [`memory_in_use`] reads the resident set again.
const RESIDENT_EVERY: std::time::Duration = std::time::Duration::from_millis(5);

/// Parses a memory size: plain bytes, or a number with suffix `k`, `m`, `g` (powers of 1024,
/// case-insensitive, optional trailing `b`/`ib`): `1000000`, `512M`, `2G`, `1.5g`.
pub fn parse_size(text: &str) -> Result<usize, String> {
    let t = text.trim().to_ascii_lowercase();
    let t = t.trim_end_matches("ib").trim_end_matches('b');
    let (digits, mult) = match t.chars().last() {
        Some('k') => (&t[..t.len() - 1], 1024f64),
        Some('m') => (&t[..t.len() - 1], 1024f64 * 1024.0),
        Some('g') => (&t[..t.len() - 1], 1024f64 * 1024.0 * 1024.0),
        Some('t') => (&t[..t.len() - 1], 1024f64 * 1024.0 * 1024.0 * 1024.0),
        _ => (t, 1f64),
    };
    let value: f64 = digits
        .trim()
        .parse()
        .map_err(|_| format!("invalid size `{text}` (expected bytes or a number with K, M or G)"))?;
    if !(value.is_finite() && value >= 0.0) {
        return Err(format!("invalid size `{text}`"));
    }
    // Past what an address space holds it is a typo, not a limit (`as` would saturate silently).
    let bytes = value * mult;
    if bytes >= (1u64 << 60) as f64 {
        return Err(format!("invalid size `{text}` (more than an exbibyte)"));
    }
    Ok(bytes as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse() {
        assert_eq!(parse_size("1000"), Ok(1000));
        assert_eq!(parse_size("2G"), Ok(2 << 30));
        assert_eq!(parse_size("512m"), Ok(512 << 20));
        assert_eq!(parse_size("1.5g"), Ok(3 << 29));
        assert_eq!(parse_size("4GiB"), Ok(4 << 30));
        assert!(parse_size("99999999999999999999G").is_err(), "a size past any address space");
        assert!(parse_size("lots").is_err());
        assert!(parse_size("-1").is_err());
    }
}
