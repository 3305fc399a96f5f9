//! `eventide eval FILE`: run a plain Groovy script's top level and print its output.
//!
//! Exit code 0 when the script finishes, 1 when it ends with an uncaught exception or a failed
//! assertion (printed with its location after the output so far), 2 when it does not parse or
//! cannot be read.

use crate::cli::EvalArgs;
use crate::report::exit;
use eventide_groovy::eval::{run_script_text, RunError};
use eventide_groovy::syntax::SourceFile;
use eventide_groovy::Diagnostic;

pub fn run(args: EvalArgs) -> i32 {
    let name = args.file.display().to_string();
    let file = match SourceFile::read(&args.file) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{}", Diagnostic::whole_file(&name, format!("cannot read file: {e}")).render());
            return exit::BAD_INPUT;
        }
    };
    let clock = args.clock.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
    });
    match run_script_text(&name, file.text(), clock) {
        Ok(output) => {
            print!("{output}");
            exit::OK
        }
        Err(RunError::Syntax(e)) => {
            eprintln!("{}", Diagnostic::from_syntax(&file, &e).render());
            exit::BAD_INPUT
        }
        Err(RunError::Eval { error, output }) => {
            print!("{output}");
            let diagnostic = match error.span {
                Some(span) => Diagnostic::at(&file, span, error.message.clone()),
                None => Diagnostic::whole_file(&name, error.message.clone()),
            };
            eprintln!("{}", diagnostic.render());
            exit::FOUND
        }
    }
}
