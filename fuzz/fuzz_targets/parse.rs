//! Fuzz target: the Groovy parser must return a tree or an error for any UTF-8 input, never
//! panic, overflow the stack or hang; an error's span must lie within the input.

#![no_main]

use eventide_groovy::syntax::{parse, SourceFile};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let file = SourceFile::new("fuzz.groovy", text);
    if let Err(err) = parse(&file) {
        assert!(err.span.start <= err.span.end);
        assert!(err.span.end as usize <= text.len());
        let _ = err.line_col(&file);
    }
});
