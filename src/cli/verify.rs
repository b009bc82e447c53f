//! `canonprof verify FILE...`: parses and checks the options once into a [`verify::Plan`] and runs it
//! ([`verify::run`]); exit status 0 when every file verified, 1 when one did not or could not be read, 2 for a
//! usage error.

use super::args::{LabelingArgs, LoaderArgs, PlanArgs, ProofLimitsArgs};
use super::terminal::Terminal;
use crate::error::{Error, ErrorKind, Result};
use crate::verify::{self, Format, Plan, Settings};
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum FormatArg {
    /// Detect from the file's shape.
    Auto,
    /// W3C VCDM with Data Integrity proofs.
    Vcdm,
    /// SD-JWT VC.
    SdJwt,
    /// VC-JWT (VCDM 1.1 `vc` claim) or VC-JOSE (`vc+jwt`).
    Jwt,
    /// ISO/IEC 18013-5 mdoc DeviceResponse (binary or hex CBOR).
    Mdoc,
    /// A JWS JSON Serialization (JAdES) with the credential as its payload.
    JwsJson,
}

/// `--nested`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum NestedArg {
    /// Nested credentials are reported, not counted.
    Lenient,
    /// Nested credentials decide the verdict too.
    Strict,
}

/// `--issuer-binding`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum BindingArg {
    /// A binding that is not shown offline is reported, not counted.
    Lenient,
    /// A Data Integrity proof must be shown to be the issuer's (holder's), or the file does not verify.
    Strict,
}

#[derive(Debug, Args)]
pub(super) struct VerifyArgs {
    /// The credentials, presentations, SD-JWTs or DeviceResponses to verify.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// The format of every file (default: detected per file).
    #[arg(long, value_enum, default_value_t = FormatArg::Auto)]
    format: FormatArg,
    /// A public key file: Multikey, JWK, DID or controller document, or PEM public key (repeatable; matched to
    /// each proof by verification method id, or the only one given). did:key needs none.
    #[arg(long = "key", value_name = "FILE")]
    keys: Vec<PathBuf>,
    /// The trusted root certificate (PEM) an mdoc's DS certificate, or a header's x5c chain (VC-JWT, VC-JOSE,
    /// SD-JWT, JAdES), must chain to.
    #[arg(long, value_name = "PEM")]
    trust_anchor: Option<PathBuf>,
    /// mdoc: the CBOR SessionTranscript (hex) the device signed over; checks the device signature.
    #[arg(long, value_name = "HEX")]
    session_transcript: Option<String>,
    /// SD-JWT: the nonce the Key Binding JWT must carry.
    #[arg(long)]
    nonce: Option<String>,
    /// SD-JWT: the audience the Key Binding JWT must carry.
    #[arg(long)]
    aud: Option<String>,
    /// Presentations: the challenge the authentication proof must carry.
    #[arg(long)]
    challenge: Option<String>,
    /// Presentations: the domain the authentication proof must carry.
    #[arg(long)]
    domain: Option<String>,
    /// The instant every validity rule is evaluated at (RFC 3339; default: now).
    #[arg(long, value_name = "RFC3339")]
    at: Option<String>,
    /// Whether signed credentials nested inside a credential (endorsements, a CLR's badges) decide the file's
    /// verdict: `lenient` reports them only, `strict` counts them (a presentation's credentials always count).
    #[arg(long, value_enum, default_value_t = NestedArg::Lenient)]
    nested: NestedArg,
    /// Whether a proof must be shown to be the issuer's (a presentation's: the holder's), its verification method
    /// controlled by them: `lenient` reports it, `strict` fails a file where it is not shown (a method of another
    /// did:key, or one whose controller is not known offline).
    #[arg(long, value_enum, default_value_t = BindingArg::Lenient)]
    issuer_binding: BindingArg,
    /// Accept a signature whose key the credential only asserts about itself — a header `jwk`, an `x5c` chain or
    /// mdoc DS certificate that reaches no --trust-anchor — as verified (the verdict and the line say the key
    /// was not anchored). Without it such a file is `NOT VERIFIED (key not trusted)`: anyone can make such a
    /// key for any issuer.
    #[arg(long)]
    accept_self_asserted: bool,
    /// Timing is off unless one of --iterations, --runs, --warmup or --warmup-time is given: then each file's
    /// verification is repeated and per-step medians are printed after its report.
    #[command(flatten)]
    plan: PlanArgs<50, 5, 5>,
    /// Write the reports (and the timings, when measured) as JSON (docs/verify.md gives the schema).
    #[arg(long, value_name = "FILE")]
    export_json: Option<PathBuf>,
    /// Draw one span flamegraph per file into DIR (`verify-<file>.svg` and `.folded`: step › phase, mean of N
    /// verifications).
    #[arg(long, value_name = "DIR")]
    flamegraphs: Option<PathBuf>,
    #[command(flatten)]
    labeling: LabelingArgs,
    #[command(flatten)]
    session: LoaderArgs,
    #[command(flatten)]
    proof_limits: ProofLimitsArgs,
}

pub(super) fn run(args: VerifyArgs) -> Result<()> {
    let at_unix = at_unix(args.at.as_deref())?;
    let settings = Settings {
        session_transcript: session_transcript(args.session_transcript.as_deref())?,
        nonce: args.nonce,
        aud: args.aud,
        challenge: args.challenge,
        domain: args.domain,
        at_unix,
        at_given: args.at.is_some(),
        nested_strict: args.nested == NestedArg::Strict,
        binding_strict: args.issuer_binding == BindingArg::Strict,
        accept_self_asserted: args.accept_self_asserted,
    };
    let measure = args.plan.plan()?;
    let bounds = args.labeling.bounds()?;
    let proof_limits = args.proof_limits.limits()?;
    let mut sessions = args
        .session
        .per_engine_verifying(Some(bounds), proof_limits)?;
    if sessions.len() > 1 {
        return Err(Error::new(
            ErrorKind::Usage,
            "--engine both does not apply to verify: pick json-ld or canonprof",
        ));
    }
    let plan = Plan {
        files: args.files,
        format: args.format.format(),
        key_files: args.keys,
        trust_anchor: args.trust_anchor,
        settings,
        session: sessions.remove(0),
        limits: args.session.limits(),
        measure,
        timed: args.plan.given(),
        export_json: args.export_json,
        flamegraphs: args.flamegraphs,
    };
    let summary = verify::run(&plan, &mut Terminal::default())?;
    match (summary.failed, summary.files) {
        (0, _) => Ok(()),
        (_, 1) => Err(Error::new(ErrorKind::Credential, "the file did not verify")),
        (n, all) => Err(Error::new(
            ErrorKind::Credential,
            format!("{n} of {all} files did not verify"),
        )),
    }
}

impl FormatArg {
    /// The format every file is read as (`None`: detected per file).
    fn format(self) -> Option<Format> {
        match self {
            FormatArg::Auto => None,
            FormatArg::Vcdm => Some(Format::Vcdm),
            FormatArg::SdJwt => Some(Format::SdJwt),
            FormatArg::Jwt => Some(Format::Jwt),
            FormatArg::Mdoc => Some(Format::Mdoc),
            FormatArg::JwsJson => Some(Format::JwsJson),
        }
    }
}

/// `--at` as Unix seconds (default: now). Errors: [`ErrorKind::Usage`] for a value that is not RFC 3339.
fn at_unix(at: Option<&str>) -> Result<i64> {
    match at {
        Some(at) => chrono::DateTime::parse_from_rfc3339(at)
            .map(|t| t.timestamp())
            .map_err(|e| {
                Error::new(
                    ErrorKind::Usage,
                    format!("--at `{at}` is not an RFC 3339 date-time: {e}"),
                )
            }),
        None => Ok(chrono::Utc::now().timestamp()),
    }
}

/// `--session-transcript` decoded. Errors: [`ErrorKind::Usage`] for text that is not hex of CBOR.
fn session_transcript(text: Option<&str>) -> Result<Option<ciborium::Value>> {
    let usage = |m: String| Error::new(ErrorKind::Usage, m);
    let Some(text) = text else { return Ok(None) };
    let bytes = hex::decode(text.trim())
        .map_err(|e| usage(format!("--session-transcript is not hex: {e}")))?;
    ciborium::from_reader(bytes.as_slice())
        .map(Some)
        .map_err(|e| usage(format!("--session-transcript is not CBOR: {e}")))
}
