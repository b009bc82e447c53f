//! `canonprof flame FILE`: the flamegraphs of one credential.

use super::args::{FlameArgs, LoaderArgs, RdfcArgs};
use super::terminal::Terminal;
use crate::benchmark::{flames, Config, FlameJob};
use crate::canon::rdfc::HashAlgorithm;
use crate::canon::Algorithm;
use crate::corpus;
use crate::error::Result;
use crate::results::metadata::now;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
// The engine the main job draws its graphs with (canonprof's), not the json-ld crate's the other commands default
// to: its frames are the specification steps, where the crate's expansion is one opaque bar.
#[command(mut_arg("engine", |a| a.default_value("canonprof")))]
pub(super) struct FlameCommandArgs {
    /// The credential (JSON-LD) to profile.
    file: PathBuf,
    /// Only this algorithm (default: both, plus their differential graph).
    #[arg(long, value_enum)]
    algorithm: Option<Algorithm>,
    #[command(flatten)]
    flame: FlameArgs,
    #[command(flatten)]
    rdfc: RdfcArgs,
    #[command(flatten)]
    session: LoaderArgs,
}

pub(super) fn run(args: FlameCommandArgs) -> Result<()> {
    let config = Config {
        rdfc: args.rdfc.options(HashAlgorithm::Sha256)?,
        ..Config::DEFAULT
    };
    let started_at = now();
    let dir = args.flame.dir(&started_at)?;
    let sessions = args.session.per_engine()?;
    let job = FlameJob {
        credential: corpus::user_file(&args.file, &args.session.limits())?,
        algorithms: match args.algorithm {
            Some(algorithm) => vec![algorithm],
            None => vec![Algorithm::Rdfc, Algorithm::Jcs],
        },
        sessions,
        config,
        settings: flames::Settings {
            dir,
            seconds: args.flame.flame_seconds,
            started_at,
            keep_recursion: args.flame.keep_recursion,
            formats: args.flame.formats(),
        },
    };
    job.run(&mut Terminal::default())
}
