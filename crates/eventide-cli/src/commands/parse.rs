//! `eventide parse FILE...`: syntax-check Groovy files.

use crate::cli::ParseArgs;
use crate::report::{exit, DiagnosticJson};
use eventide_groovy::syntax::{parse, SourceFile};
use eventide_groovy::Diagnostic;
use serde::Serialize;

#[derive(Serialize)]
struct FileResult {
    file: String,
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<DiagnosticJson>,
}

pub fn run(args: ParseArgs) -> i32 {
    let mut results = Vec::new();
    let mut failed = 0;
    for path in &args.files {
        let name = path.display().to_string();
        let diagnostic = match SourceFile::read(path) {
            Err(e) => Some(Diagnostic::whole_file(&name, format!("cannot read file: {e}"))),
            Ok(file) => parse(&file).err().map(|e| Diagnostic::from_syntax(&file, &e)),
        };
        if let Some(d) = &diagnostic {
            failed += 1;
            if !args.json {
                eprintln!("{}", d.render());
            }
        } else if !args.json {
            println!("ok: {name}");
        }
        results.push(FileResult { file: name, ok: diagnostic.is_none(), error: diagnostic.as_ref().map(Into::into) });
    }
    if args.json {
        println!("{}", serde_json::to_string(&results).unwrap_or_else(|_| "[]".into()));
    } else if args.files.len() > 1 {
        println!("{} of {} files parsed", args.files.len() - failed, args.files.len());
    }
    if failed > 0 {
        exit::BAD_INPUT
    } else {
        exit::OK
    }
}
