//! Command-line arguments (clap derive).

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "eventide",
    version,
    about = "Stateful model checking with partial order reduction for event-driven programs"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Model check an event-driven program written as a model file.
    Check(CheckArgs),
    /// Check the syntax of Groovy files.
    Parse(ParseArgs),
    /// Run a plain Groovy script and print its output.
    Eval(EvalArgs),
    /// Load one SmartApp, show its inputs, bindings, subscriptions and events, and run each handler once.
    App(AppArgs),
    /// Run two SmartApps together against a simulated home and report conflicting interactions.
    Pair(PairArgs),
    /// Run any number of SmartApps installed together in one home: conflicts, and with
    /// `--properties` the safety properties of the home.
    Home(HomeArgs),
    /// Check every pair of a corpus in both app orders and both modes, appending JSON Lines.
    Batch(BatchArgs),
    /// Summarize batch results as the paper's tables (text, and optionally an HTML page).
    Report(ReportArgs),
}

/// The exploration algorithm.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum PorArg {
    /// Stateful dynamic partial order reduction.
    Dpor,
    /// Exhaustive stateful search.
    None,
    /// EM-DPOR: dependence-covering sets for programs of threads with event queues (stateless;
    /// acyclic state spaces only).
    EmDpor,
    /// R4: stateless exploration of the reorderings of one event sequence (`--trace`/`--depth`,
    /// `--reversals`), reporting races as harmful or harmless.
    R4,
}

/// R4's options (`--por r4` only).
#[derive(Args, Debug, Clone, Default)]
pub struct R4Args {
    /// The initial event sequence: a file with one event name per line, or the JSON trace array
    /// that `check --json` / `pair --json` print. Default: the default pick order run for
    /// `--depth` events.
    #[arg(long, value_name = "FILE")]
    pub trace: Option<std::path::PathBuf>,
    /// The length of the recorded initial sequence (default 20), and of replays with `--maximal`.
    #[arg(long, value_name = "N")]
    pub depth: Option<usize>,
    /// The conflict-reversal bound: a number (default 1) or `all`.
    #[arg(long, value_name = "K|all")]
    pub reversals: Option<String>,
    /// After replaying a reordered sequence, keep running enabled events until none is enabled or
    /// the sequence has `--depth` events (complete exploration of programs whose runs end).
    #[arg(long)]
    pub maximal: bool,
}

/// Limits shared by every exploring command.
#[derive(Args, Debug, Clone)]
pub struct LimitArgs {
    /// Stop after storing this many states (verdict `incomplete` unless something was found).
    #[arg(long, value_name = "N")]
    pub max_states: Option<u64>,
    /// Stop after this many seconds of exploration.
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Stop when memory in use exceeds this size: bytes, or with a suffix K, M, G (e.g. 4G), or
    /// `none`. Default: 80% of the memory available when the run starts (`MemAvailable` in
    /// /proc/meminfo; no ceiling where that is unknown).
    #[arg(long, value_name = "BYTES|nG|none")]
    pub memory_limit: Option<String>,
    /// Keep the collections in program state to their last K elements (strings to their last
    /// max(K, 64) characters). Changes the semantics, so off by default: a state that grows
    /// without bound becomes finite, and the verdict says the run was bounded.
    #[arg(long, value_name = "K")]
    pub bound_collections: Option<usize>,
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The model file.
    pub model: PathBuf,
    /// The exploration algorithm.
    #[arg(long, value_enum, default_value = "dpor")]
    pub por: PorArg,
    /// Explore everything and report each distinct failing assertion once.
    #[arg(long, visible_alias = "all-violations", conflicts_with = "first")]
    pub all: bool,
    /// Stop at the first violation (the default).
    #[arg(long)]
    pub first: bool,
    /// Print one JSON object instead of a readable report.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub r4: R4Args,
}

#[derive(Args, Debug)]
pub struct ParseArgs {
    /// Groovy files to check.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Print a JSON array with one object per file.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct EvalArgs {
    /// The Groovy script to run.
    pub file: PathBuf,
    /// The clock the script sees (`now()`, `new Date()`), in milliseconds since the epoch.
    /// Default: the system clock.
    #[arg(long, value_name = "MILLIS")]
    pub clock: Option<i64>,
}

#[derive(Args, Debug)]
pub struct PairArgs {
    /// The first app (its handlers run first).
    pub app1: PathBuf,
    /// The second app.
    pub app2: PathBuf,
    /// The exploration algorithm.
    #[arg(long, value_enum, default_value = "dpor")]
    pub por: PorArg,
    /// Attributes to report conflicts on, comma-separated (`mode` is the location mode, `alarmSystemStatus` the Smart Home Monitor).
    /// Default: every attribute an app command can set, and the location mode.
    #[arg(long, value_delimiter = ',', value_name = "ATTR,...")]
    pub track: Vec<String>,
    /// Input values: `device` (mode inputs are `home`) or `global` (the apps' mode inputs differ).
    #[arg(long, default_value = "device", value_parser = ["device", "global"])]
    pub profile: String,
    /// How scheduled handlers run: `inline` (immediately, inside the caller) or `deferred`
    /// (as timer events of their own).
    #[arg(long, default_value = "inline", value_parser = ["inline", "deferred"])]
    pub timers: String,
    /// Stop at the first conflict (default: explore everything and report every conflict).
    #[arg(long)]
    pub first: bool,
    /// Explore everything (the default; accepted for symmetry with `check`).
    #[arg(long, conflicts_with = "first")]
    pub all: bool,
    /// Print one JSON object instead of a readable report.
    #[arg(long)]
    pub json: bool,
    /// A property file (`invariant("name") { ... }`, e.g. examples/properties/home-safety.groovy):
    /// also report every invariant the home can violate, with a shortest trace.
    #[arg(long, value_name = "FILE")]
    pub properties: Option<PathBuf>,
    /// A directory of device handler files (*.groovy, searched recursively): an input
    /// `device.<type>` follows the handler whose definition name matches the type (ignoring case,
    /// spaces and punctuation), taking its capabilities, attributes and commands. Without a match
    /// the input is a generic device (any command is recorded; its attributes read null).
    #[arg(long, value_name = "DIR")]
    pub device_handlers: Option<PathBuf>,
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub r4: R4Args,
}

#[derive(Args, Debug)]
pub struct HomeArgs {
    /// The apps, installed together (the first one's handlers run first).
    #[arg(required = true, value_name = "APP")]
    pub apps: Vec<PathBuf>,
    /// A property file (`invariant("name") { ... }`): report every invariant the home can
    /// violate, with a shortest trace.
    #[arg(long, value_name = "FILE")]
    pub properties: Option<PathBuf>,
    /// A directory of device handler files (*.groovy, searched recursively): an input
    /// `device.<type>` follows the handler whose definition name matches the type (ignoring case,
    /// spaces and punctuation), taking its capabilities, attributes and commands. Without a match
    /// the input is a generic device (any command is recorded; its attributes read null).
    #[arg(long, value_name = "DIR")]
    pub device_handlers: Option<PathBuf>,
    /// The exploration algorithm (dpor or none).
    #[arg(long, value_enum, default_value = "dpor")]
    pub por: PorArg,
    /// Attributes to report conflicts on, comma-separated (`mode` is the location mode, `alarmSystemStatus` the Smart Home Monitor).
    /// Default: every attribute an app command can set, and the location mode.
    #[arg(long, value_delimiter = ',', value_name = "ATTR,...")]
    pub track: Vec<String>,
    /// Input values: `device` (mode inputs are `home`) or `global` (the apps' mode inputs differ).
    #[arg(long, default_value = "device", value_parser = ["device", "global"])]
    pub profile: String,
    /// How scheduled handlers run: `inline` or `deferred`.
    #[arg(long, default_value = "inline", value_parser = ["inline", "deferred"])]
    pub timers: String,
    /// Stop at the first conflict or violation (default: explore everything).
    #[arg(long)]
    pub first: bool,
    /// Print one JSON object instead of a readable report.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub limits: LimitArgs,
}

#[derive(Args, Debug)]
pub struct AppArgs {
    /// The SmartApp (.groovy).
    pub file: PathBuf,
    /// Print one JSON object instead of a readable report.
    #[arg(long)]
    pub json: bool,
    /// How scheduled handlers run: `inline` (at once) or `deferred` (as timer events).
    #[arg(long, default_value = "inline", value_parser = ["inline", "deferred"])]
    pub timers: String,
    /// Input values: `device` or `global` (mode inputs differ between apps).
    #[arg(long, default_value = "device", value_parser = ["device", "global"])]
    pub profile: String,
    /// Stop a handler that is still running after this many seconds of the whole pass (a loop
    /// that never ends); reported as an error, exit 3.
    #[arg(long, value_name = "SECONDS", default_value = "60")]
    pub time_limit: f64,
    /// Stop a handler once memory in use exceeds this size: bytes, or with a suffix K, M, G.
    #[arg(long, value_name = "BYTES|nG")]
    pub memory_limit: Option<String>,
    /// Instead of exercising each handler once, explore the app alone in the home (dpor) and
    /// check this property file (`invariant("name") { ... }`), as `eventide home APP
    /// --properties FILE` does.
    #[arg(long, value_name = "FILE")]
    pub properties: Option<PathBuf>,
    /// A directory of device handler files (*.groovy, searched recursively): an input
    /// `device.<type>` follows the handler whose definition name matches the type (ignoring case,
    /// spaces and punctuation), taking its capabilities, attributes and commands. Without a match
    /// the input is a generic device (any command is recorded; its attributes read null).
    #[arg(long, value_name = "DIR")]
    pub device_handlers: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct BatchArgs {
    /// The pair list (`category,group,app_a,app_b`).
    #[arg(long, value_name = "CSV")]
    pub pairs: PathBuf,
    /// The folder holding the apps named in the pair list.
    #[arg(long, value_name = "DIR")]
    pub apps: PathBuf,
    /// The group list (`group,category,tracked_attributes`, attributes separated by `;`).
    #[arg(long, value_name = "CSV")]
    pub groups: PathBuf,
    /// Only the pairs of this group (repeatable or comma-separated; default: every group).
    #[arg(long = "group", value_delimiter = ',', value_name = "NAME")]
    pub group: Vec<String>,
    /// The modes to run, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "dpor,none", value_name = "MODE,...")]
    pub modes: Vec<String>,
    /// The app orders to run, comma-separated (`ab`: the pair list's first app is App1).
    #[arg(long, value_delimiter = ',', default_value = "ab,ba", value_parser = ["ab", "ba"], value_name = "ORDER,...")]
    pub orders: Vec<String>,
    /// Runs at once (default: the number of CPUs).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Time limit of each run, in seconds.
    #[arg(long, default_value_t = 300.0, value_name = "SECONDS")]
    pub time_limit: f64,
    /// Memory limit of each run: bytes, or with a suffix K, M, G (default: 20G divided by --jobs).
    #[arg(long, value_name = "BYTES|nG")]
    pub memory_limit: Option<String>,
    /// Seconds past the time limit before a run is killed (default: 10% of the limit, at least 10).
    #[arg(long, value_name = "SECONDS")]
    pub grace: Option<f64>,
    /// The results file (JSON Lines); lines are appended as runs finish.
    #[arg(long, value_name = "JSONL")]
    pub out: PathBuf,
    /// Skip the runs already in the results file.
    #[arg(long)]
    pub resume: bool,
    /// Run only the I-th of N disjoint slices of the work list (e.g. 2/8).
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Only the pairs the paper lists (`paper-results.csv`), each once, in the first
    /// device-interaction group that holds it.
    #[arg(long, value_name = "CSV")]
    pub paper_pairs: Option<PathBuf>,
    /// Passed to every run: keep app-state collections to their last K elements (see `pair
    /// --help`); the results mark such runs as bounded.
    #[arg(long, value_name = "K")]
    pub bound_collections: Option<usize>,
    /// Only the runs (group, pair, order, mode) that did not finish in this earlier results
    /// file: e.g. to rerun them with a longer limit, the growth diagnosis or a bound.
    #[arg(long, value_name = "JSONL")]
    pub rerun_incomplete: Option<PathBuf>,
    /// Passed to every run: check this property file too; the results record the violated
    /// invariants.
    #[arg(long, value_name = "FILE")]
    pub properties: Option<PathBuf>,
    /// Passed to every run: the device handlers that `device.<type>` inputs follow (see `app
    /// --help`).
    #[arg(long, value_name = "DIR")]
    pub device_handlers: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct ReportArgs {
    /// Results files (JSON Lines) written by `eventide batch`; shards may be given together.
    #[arg(required = true, value_name = "JSONL")]
    pub results: Vec<PathBuf>,
    /// The paper's results (`paper-results.csv`), to print our figures beside theirs.
    #[arg(long, value_name = "CSV")]
    pub paper: Option<PathBuf>,
    /// Also write the report as a self-contained HTML page with plots.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}
