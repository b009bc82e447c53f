//! The argument groups several commands share, and their one check each: parsing yields these low-level values,
//! and each group converts them once into the typed options the runners take (a [`Plan`], [`RdfcOptions`],
//! checked [`Sessions`], a flamegraph directory). A group is offered only by the commands where it acts.

use crate::canon::rdfc::{HashAlgorithm, RdfcOptions, DEFAULT_HNDQ_CALL_LIMIT};
use crate::canon::{Engine, LabelingBounds, Session, Settings};
use crate::document::Limits;
use crate::error::{Error, ErrorKind, Result};
use crate::export::profile::{ProfileFormat, ProfileFormats};
use crate::integrity::budget::ProofLimits;
use crate::loader::OfflineLoader;
use crate::options::{ContextCache, EngineChoice};
use crate::profile::{Detail, Plan};
use clap::Args;
use std::path::{Path, PathBuf};

/// Iterations, runs and warm-up of a measurement; a command's defaults are `N`, `R` and `W`.
#[derive(Debug, Args)]
pub(super) struct PlanArgs<const N: usize, const R: usize, const W: usize> {
    // Iterations per run (N).
    #[arg(long, value_name = "N", allow_negative_numbers = true, help = format!("Iterations per run (N) [default: {N}]"))]
    iterations: Option<usize>,
    // Number of runs (R).
    #[arg(long, value_name = "R", allow_negative_numbers = true, help = format!("Number of runs (R) [default: {R}]"))]
    runs: Option<usize>,
    // Warm-up iterations of each measured pipeline or operation.
    #[arg(long, value_name = "W", allow_negative_numbers = true, help = format!("Warm-up iterations of each measured pipeline or operation, before its runs [default: {W}]"))]
    warmup: Option<usize>,
    // Warm-up time floor, seconds.
    #[arg(
        long,
        value_name = "SECONDS",
        allow_negative_numbers = true,
        help = "Warm up each measured pipeline or operation for at least this long too, after its warm-up iterations [default: 0]"
    )]
    warmup_time: Option<f64>,
}

impl<const N: usize, const R: usize, const W: usize> PlanArgs<N, R, W> {
    /// Whether the command line gave any of the plan's options (`verify` measures only then).
    pub(super) fn given(&self) -> bool {
        self.iterations.is_some()
            || self.runs.is_some()
            || self.warmup.is_some()
            || self.warmup_time.is_some()
    }

    /// The plan with this command's defaults.
    pub(super) fn plan(&self) -> Result<Plan> {
        self.plan_over(Plan {
            iterations: N,
            runs: R,
            warmup: W,
            warmup_seconds: 0.0,
            plain: false,
        })
    }

    /// The plan, `base` giving what the command line leaves out. Errors: [`ErrorKind::Usage`] for 0 iterations
    /// or runs.
    pub(super) fn plan_over(&self, base: Plan) -> Result<Plan> {
        let plan = Plan {
            iterations: self.iterations.unwrap_or(base.iterations),
            runs: self.runs.unwrap_or(base.runs),
            warmup: self.warmup.unwrap_or(base.warmup),
            warmup_seconds: self.warmup_time.unwrap_or(base.warmup_seconds),
            plain: base.plain,
        };
        if !(0.0..=600.0).contains(&plan.warmup_seconds) {
            return Err(Error::new(
                ErrorKind::Usage,
                "--warmup-time takes seconds from 0 to 600",
            ));
        }
        if plan.iterations == 0 || plan.runs == 0 {
            return Err(Error::new(
                ErrorKind::Usage,
                "--iterations and --runs must be at least 1",
            ));
        }
        Ok(plan)
    }
}

/// The RDFC-1.0 options of the commands whose canonicalizations take them.
#[derive(Debug, Args)]
pub(super) struct RdfcArgs {
    #[command(flatten)]
    bounds: LabelingArgs,
    /// Profile documents that safe mode refuses: drop what the JSON-LD 1.1 API drops (undefined terms, relative
    /// or invalid IRIs) and report how many statements were dropped.
    #[arg(long)]
    lossy: bool,
}

impl RdfcArgs {
    /// The options, labeling with `hash`. Errors: as [`LabelingArgs::bounds`].
    pub(super) fn options(&self, hash: HashAlgorithm) -> Result<RdfcOptions> {
        let bounds = self.bounds.bounds()?;
        Ok(RdfcOptions {
            hndq_call_limit: bounds.hndq_call_limit,
            hash,
            time_limit: bounds.time_limit,
            lossy: self.lossy,
        })
    }
}

/// The RDFC-1.0 labeling bounds (RDFC-1.0 §7.1): every command that canonicalizes, `verify` included, so a
/// credential crafted to be expensive is refused quickly.
#[derive(Debug, Args)]
pub(super) struct LabelingArgs {
    /// Refuse a dataset as poison after this many Hash N-Degree Quads calls (RDFC-1.0 §7.1).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_HNDQ_CALL_LIMIT, allow_negative_numbers = true)]
    hndq_limit: usize,
    /// Refuse a dataset whose blank node labeling takes longer than this many seconds (RDFC-1.0 §7.1 timeout).
    #[arg(
        long,
        value_name = "S",
        default_value_t = 10.0,
        allow_negative_numbers = true
    )]
    time_limit: f64,
}

impl LabelingArgs {
    /// The bounds. Errors: [`ErrorKind::Usage`] for a zero call limit or a time limit outside (0, 86400] s.
    pub(super) fn bounds(&self) -> Result<LabelingBounds> {
        if self.hndq_limit == 0 {
            return Err(Error::new(
                ErrorKind::Usage,
                "--hndq-limit must be at least 1",
            ));
        }
        if !(self.time_limit > 0.0 && self.time_limit <= 86_400.0) {
            return Err(Error::new(
                ErrorKind::Usage,
                "--time-limit must be a number of seconds above 0 and at most 86400",
            ));
        }
        Ok(LabelingBounds {
            hndq_call_limit: self.hndq_limit,
            time_limit: Some(std::time::Duration::from_secs_f64(self.time_limit)),
        })
    }
}

/// The verification work bounds of one file (`verify`): proofs per proof set, canonicalizations per file.
#[derive(Debug, Args)]
pub(super) struct ProofLimitsArgs {
    /// Refuse a document whose `proof` holds more than this many proofs (a proof set or chain).
    #[arg(long, value_name = "N", default_value_t = ProofLimits::DEFAULT.max_proofs)]
    max_proofs: usize,
    /// Stop verifying a file after this many canonicalizations (RDFC-1.0 or JCS runs, its nested credentials'
    /// included); the proofs left fail.
    #[arg(long, value_name = "N", default_value_t = ProofLimits::DEFAULT.max_canonicalizations)]
    max_canonicalizations: usize,
}

impl ProofLimitsArgs {
    /// The checked bounds. Errors: [`ErrorKind::Usage`] for a zero bound.
    pub(super) fn limits(&self) -> Result<ProofLimits> {
        if self.max_proofs == 0 || self.max_canonicalizations == 0 {
            return Err(Error::new(
                ErrorKind::Usage,
                "--max-proofs and --max-canonicalizations must be at least 1",
            ));
        }
        Ok(ProofLimits {
            max_proofs: self.max_proofs,
            max_canonicalizations: self.max_canonicalizations,
        })
    }
}

/// The JSON-LD input bounds and session options of the commands that read credential files.
#[derive(Debug, Args)]
pub(super) struct InputArgs {
    #[command(flatten)]
    jsonld: JsonLdArgs,
    /// Refuse input files larger than this many bytes.
    #[arg(long, value_name = "BYTES", default_value_t = Limits::DEFAULT.max_bytes)]
    max_input_size: usize,
}

impl InputArgs {
    /// Checks the bounds (see [`JsonLdArgs::sessions`]).
    pub(super) fn sessions(&self) -> Result<Sessions<'_>> {
        self.jsonld.sessions(Some(self.max_input_size))
    }

    /// The bounds input files are read within (checked by [`InputArgs::sessions`]).
    pub(super) fn limits(&self) -> Limits {
        self.jsonld.limits(Some(self.max_input_size))
    }
}

/// The JSON-LD bounds and session options of every command that expands JSON-LD.
#[derive(Debug, Args)]
pub(super) struct JsonLdArgs {
    /// Directory with an index.json (context URL → file name) of extra JSON-LD contexts, served offline (they
    /// replace bundled ones with the same URL).
    #[arg(long, value_name = "DIR")]
    contexts: Option<PathBuf>,
    /// Refuse JSON nested deeper than this many arrays and objects (at most 127: serde_json, which parses every
    /// input, stops at 128).
    #[arg(long, value_name = "N", default_value_t = Limits::DEFAULT.max_depth)]
    max_depth: usize,
    /// Refuse a document whose contexts need more than this many dereferences ("context overflow"; a context
    /// that includes itself is refused at once).
    #[arg(long, value_name = "N", default_value_t = crate::loader::DEFAULT_MAX_CONTEXT_LOADS)]
    max_context_loads: usize,
    /// Refuse JSON with more than this many values (array elements and object members): processing memory
    /// grows with them.
    #[arg(long, value_name = "N", default_value_t = Limits::DEFAULT.max_values)]
    max_json_values: usize,
}

impl JsonLdArgs {
    /// Checks the bounds once (`max_input_size` where the command reads files) and returns what makes the
    /// sessions, which carry them. Errors:
    /// [`ErrorKind::Usage`] for a zero bound or a depth above serde_json's.
    pub(super) fn sessions(&self, max_input_size: Option<usize>) -> Result<Sessions<'_>> {
        if max_input_size == Some(0)
            || self.max_depth == 0
            || self.max_context_loads == 0
            || self.max_json_values == 0
        {
            let names = match max_input_size {
                Some(_) => {
                    "--max-input-size, --max-depth, --max-context-loads and --max-json-values"
                }
                None => "--max-depth, --max-context-loads and --max-json-values",
            };
            return Err(Error::new(
                ErrorKind::Usage,
                format!("{names} must be at least 1"),
            ));
        }
        if self.max_depth > Limits::MAX_DEPTH_CEILING {
            return Err(Error::new(
                ErrorKind::Usage,
                format!(
                    "--max-depth can be at most {}: serde_json, which parses every input, stops at 128 nested arrays and objects",
                    Limits::MAX_DEPTH_CEILING
                ),
            ));
        }
        Ok(Sessions {
            args: self,
            input_limits: self.limits(max_input_size),
            as_written: false,
            labeling_bounds: None,
            proof_limits: ProofLimits::DEFAULT,
        })
    }

    /// The input bounds, unchecked (see [`JsonLdArgs::sessions`]).
    fn limits(&self, max_input_size: Option<usize>) -> Limits {
        Limits {
            max_bytes: max_input_size.unwrap_or(Limits::DEFAULT.max_bytes),
            max_depth: self.max_depth,
            max_values: self.max_json_values,
        }
    }
}

/// Checked session options ([`JsonLdArgs::sessions`]): makes a session per engine and cache mode.
pub(super) struct Sessions<'a> {
    args: &'a JsonLdArgs,
    input_limits: Limits,
    as_written: bool,
    labeling_bounds: Option<LabelingBounds>,
    proof_limits: ProofLimits,
}

impl Sessions<'_> {
    /// Sessions whose canonprof engine follows the algorithms as written (`--as-written`).
    pub(super) fn with_as_written(self, on: bool) -> Self {
        Sessions {
            as_written: on,
            ..self
        }
    }

    /// Sessions that verify proofs within these bounds (`--hndq-limit`, `--time-limit`, `--max-proofs`,
    /// `--max-canonicalizations`).
    fn with_proof_bounds(self, labeling: Option<LabelingBounds>, proofs: ProofLimits) -> Self {
        Sessions {
            labeling_bounds: labeling,
            proof_limits: proofs,
            ..self
        }
    }

    /// A session with the bundled and the user's contexts, `engine` and the context cache on (`cache`) or off.
    /// Errors: the user's context index or files (see [`OfflineLoader::with_user_contexts`]).
    pub(super) fn session(&self, engine: Engine, cache: bool) -> Result<Session> {
        let settings = Settings {
            engine,
            context_cache: cache,
            as_written: self.as_written && engine == Engine::Canonprof,
            labeling_bounds: self.labeling_bounds,
            input_limits: self.input_limits,
            proof_limits: self.proof_limits,
        };
        let loader = OfflineLoader::bundled().with_max_context_loads(self.args.max_context_loads);
        let loader = match &self.args.contexts {
            Some(dir) => loader.with_user_contexts(dir, &self.input_limits)?,
            None => loader,
        };
        Ok(Session::new(settings, loader))
    }

    /// A session per engine of `engines`, each with the context cache on (`cache`) or off.
    pub(super) fn per_engine(&self, engines: &[Engine], cache: bool) -> Result<Vec<Session>> {
        engines.iter().map(|&e| self.session(e, cache)).collect()
    }
}

/// `--engine` of the commands where `both` acts.
#[derive(Debug, Args)]
pub(super) struct EngineArgs {
    /// The JSON-LD expansion engine (expansion and deserialization to RDF): `json-ld` (the json-ld crate, the
    /// reference), `canonprof` (canonprof's own: shared, memoized contexts), or `both` (the main job measures
    /// RDFC-1.0 with each, side by side with their ratio; `canonicalize` checks they agree byte for byte;
    /// `flame` draws RDFC-1.0 with each; `exchange` runs each RDFC-1.0 cryptosuite once per engine).
    #[arg(long, value_enum, value_name = "json-ld|canonprof|both", default_value_t = EngineChoice::JsonLd)]
    pub(super) engine: EngineChoice,
    /// canonprof's engine follows the JSON-LD 1.1 Processing Algorithms as written: every Context Processing
    /// invocation runs (no memo of processed contexts) and nothing is kept between documents (no context cache).
    /// The canonical output is the same; the work and time are what the specification prescribes. Needs
    /// `--engine canonprof` or `both`.
    #[arg(long)]
    pub(super) as_written: bool,
}

impl EngineArgs {
    /// The chosen engines, the main one first. Errors: [`ErrorKind::Usage`] for `--as-written` without
    /// canonprof's engine.
    pub(super) fn engines(&self) -> Result<&'static [Engine]> {
        let engines = self.engine.engines();
        if self.as_written && !engines.contains(&Engine::Canonprof) {
            return Err(Error::new(
                ErrorKind::Usage,
                "--as-written changes canonprof's engine only: add --engine canonprof or --engine both",
            ));
        }
        Ok(engines)
    }
}

/// `--context-cache` of the commands that run one cache mode.
#[derive(Debug, Args)]
pub(super) struct CacheArgs {
    /// Process each distinct top-level @context once and reuse it (as jsonld.js and PyLD do across calls), or
    /// process every document's contexts anew (`off`: the cold path a verifier that caches nothing pays).
    #[arg(long, value_enum, value_name = "on|off", default_value_t = ContextCache::On)]
    pub(super) context_cache: ContextCache,
}

/// The session options of the commands that run one context cache mode and offer `--engine both`.
#[derive(Debug, Args)]
pub(super) struct LoaderArgs {
    #[command(flatten)]
    cache: CacheArgs,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    input: InputArgs,
}

impl LoaderArgs {
    /// Checks the input bounds (once) and makes one session per chosen engine, the main one first (two with
    /// `--engine both`), each with the chosen context cache mode.
    pub(super) fn per_engine(&self) -> Result<Vec<Session>> {
        self.per_engine_verifying(None, ProofLimits::DEFAULT)
    }

    /// [`LoaderArgs::per_engine`] with bounds on the verification of proofs: labeling bounds on what they
    /// canonicalize, and the work of one file.
    pub(super) fn per_engine_verifying(
        &self,
        labeling: Option<LabelingBounds>,
        proofs: ProofLimits,
    ) -> Result<Vec<Session>> {
        let engines = self.engine.engines()?;
        let sessions = self
            .input
            .sessions()?
            .with_as_written(self.engine.as_written)
            .with_proof_bounds(labeling, proofs);
        sessions.per_engine(engines, self.cache.context_cache.enabled())
    }

    /// The bounds input files are read within (checked by [`LoaderArgs::per_engine`]).
    pub(super) fn limits(&self) -> Limits {
        self.input.limits()
    }
}

/// Options of every command that draws flamegraphs.
#[derive(Debug, Args)]
pub(super) struct FlameArgs {
    /// Directory for the flamegraphs and their folded stacks (and the main job's index.html); default:
    /// flamegraphs/<run start>/ under the current directory.
    #[arg(long, value_name = "DIR")]
    pub(super) flamegraphs: Option<PathBuf>,
    /// Seconds of CPU sampling per sampled flamegraph (0 < S ≤ 600); 4.5 s gives about 1,000 samples at a 250 Hz
    /// kernel tick.
    #[arg(
        long,
        value_name = "S",
        default_value_t = 4.5,
        allow_negative_numbers = true
    )]
    pub(super) flame_seconds: f64,
    /// What the span timer times in the measured tables: `phases` (the pipeline phases, lowest overhead) or
    /// `spec` (inside them, the specification steps: context_processing §4.1, create_term_definition §4.2,
    /// iri_expansion §5.2, …, hash_n_degree_quads §4.8; its overhead is printed). The span flamegraphs always
    /// show the spec steps, from a pass of their own.
    #[arg(long, value_enum, value_name = "phases|spec", default_value_t = Detail::Phases)]
    pub(super) detail: Detail,
    /// Sampled flamegraphs with the stacks as sampled. By default recursion is collapsed (a function already on
    /// the stack cuts the stack back to it, so recursive expansion reads as one frame per function) and a run of
    /// one library's frames (the standard library's, a dependency's) keeps only its first and last frame.
    #[arg(long)]
    pub(super) keep_recursion: bool,
    #[command(flatten)]
    pub(super) profile_formats: ProfileFormatArgs,
}

/// `--profile-formats`, wherever flamegraphs are drawn (the main job, `flame`, `exchange --flamegraphs`).
#[derive(Args, Debug, Clone)]
pub(super) struct ProfileFormatArgs {
    /// Files for interactive viewers beside each flamegraph SVG, comma-separated: `speedscope` (JSON, sampled and
    /// span profiles), `pprof` (protobuf, sampled profiles, for `go tool pprof`), `chrome` (the span timeline of
    /// a few iterations as a Chrome trace, for Perfetto). The SVG and its folded stacks are always written (`svg`
    /// may be listed). See docs/profile-viewers.md.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        value_name = "FORMATS",
        default_value = "svg,speedscope"
    )]
    profile_formats: Vec<ProfileFormat>,
}

impl ProfileFormatArgs {
    /// The formats asked for.
    pub(super) fn formats(&self) -> ProfileFormats {
        ProfileFormats::of(&self.profile_formats)
    }
}

impl FlameArgs {
    /// The formats `--profile-formats` asks for.
    pub(super) fn formats(&self) -> ProfileFormats {
        self.profile_formats.formats()
    }

    /// The output directory (given, or `flamegraphs/<run start>`); [`crate::export::create_dir`] makes it once the
    /// inputs are checked, before any measuring. Errors: [`ErrorKind::Usage`] for sampling time outside
    /// (0, 600] s.
    pub(super) fn dir(&self, started_at: &str) -> Result<PathBuf> {
        if !(self.flame_seconds > 0.0 && self.flame_seconds <= 600.0) {
            return Err(Error::new(
                ErrorKind::Usage,
                "--flame-seconds must be a number of seconds above 0 and at most 600",
            ));
        }
        Ok(match &self.flamegraphs {
            Some(dir) => dir.clone(),
            None => Path::new("flamegraphs").join(started_at.replace(':', "-")),
        })
    }
}
