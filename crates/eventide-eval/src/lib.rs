//! The evaluation of Eventide on the SmartThings corpus, as library code for the `eventide batch`
//! and `eventide report` commands.
//!
//! - [`corpus`]: the corpus tables (`all-pairs.csv`, `groups.csv`, `paper-results.csv`).
//! - [`work`]: the work list of a batch: every pair of the selected groups, in both app orders and
//!   every mode, in a deterministic order; run keys and `--shard I/N` slices.
//! - [`record`]: one JSON line per finished run, and reading a results file back.
//! - [`runner`]: runs one check as a child process under a wall-clock and memory watchdog and
//!   turns what it printed into a [`record::Record`].
//! - [`batch`]: runs a work list in parallel and appends each record as it finishes.
//! - [`aggregate`]: per-pair summaries, finish counts, geometric-mean ratios, verdicts per group
//!   and the DPOR-versus-exhaustive disagreements.
//! - [`paper`]: our figures beside the paper's for the pairs it lists.
//! - [`properties`]: the safety-property section of the report (`batch --properties`).
//! - [`text`] and [`html`]: the report as aligned plain-text tables and as a self-contained page
//!   with inline SVG plots.

pub mod aggregate;
pub mod batch;
pub mod corpus;
pub mod error;
pub mod html;
pub mod paper;
pub mod properties;
pub mod record;
pub mod runner;
pub mod text;
pub mod work;

pub use error::Error;
