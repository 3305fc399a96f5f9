//! `eventide check MODEL`: model check a model file.

use crate::cli::{CheckArgs, PorArg};
use crate::report::{self, exit};
use eventide_engine::{explore, Config, Por};

pub fn run(args: CheckArgs) -> i32 {
    let por = match args.por {
        PorArg::Dpor => Por::Dpor,
        PorArg::None => Por::None,
    };
    let limits = match super::limits(&args.limits) {
        Ok(l) => l,
        Err(message) => {
            return super::usage_error_as(args.json, &message, |d| report::error_json(por.name(), "usage", d))
        }
    };
    let mut model = match eventide_model::ModelSystem::load(&args.model) {
        Ok(m) => m,
        Err(error) => {
            if args.json {
                println!("{}", to_json(&report::error_json(por.name(), error.reason(), (&error.diagnostic).into())));
            } else {
                eprintln!("{}", error.diagnostic.render());
            }
            return exit::BAD_INPUT;
        }
    };
    let bound = args.limits.bound_collections;
    model.set_bound_collections(bound);
    let config = Config { por, stop_at_first: !args.all, limits: limits.clone(), ..Config::default() };
    let outcome = explore(&mut model, &config);
    let (_, code) = report::check_verdict(&outcome);
    let json = report::check_json(&outcome, bound);
    if args.json {
        println!("{}", to_json(&json));
    } else {
        print!("{}", report::check_text(&args.model.display().to_string(), &outcome, &json, &limits, bound));
    }
    code
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"verdict\":\"error\",\"reason\":\"internal: {e}\"}}"))
}
