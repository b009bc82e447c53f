//! What the verifier is told besides the files: keys, trust anchor, the presentation's expected values, the
//! instant, and the strictness switches.

use super::keys;
use crate::canon::Session;

/// What the verifier is told besides the files.
#[derive(Clone)]
pub struct Options<'a> {
    /// Contexts and expansion engine for the RDFC-1.0 cryptosuites.
    pub session: &'a Session,
    /// Keys from `--key` files.
    pub keys: Vec<keys::KnownKey>,
    /// `--trust-anchor`: a root certificate (DER) for mdoc `x5chain`s.
    pub trust_anchor: Option<Vec<u8>>,
    /// Everything else: expected values, the instant, the strictness switches.
    pub settings: Settings,
}

/// What the verifier is told besides the files and keys (`canonprof verify`'s other options): the presentation's
/// expected values, the instant, and the strictness switches.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    /// `--session-transcript`: the CBOR SessionTranscript an mdoc device signed.
    pub session_transcript: Option<ciborium::Value>,
    /// `--nonce` and `--aud` of an SD-JWT Key Binding JWT.
    pub nonce: Option<String>,
    /// See `nonce`.
    pub aud: Option<String>,
    /// `--challenge` and `--domain` of a presentation's `authentication` proof.
    pub challenge: Option<String>,
    /// See `challenge`.
    pub domain: Option<String>,
    /// `--at`: the instant every validity rule is evaluated at, Unix seconds.
    pub at_unix: i64,
    /// Whether the user named that instant (`--at`) or it is the clock's: the checks say "at --at" or "now".
    pub at_given: bool,
    /// `--nested strict`: nested signed credentials decide the verdict too.
    pub nested_strict: bool,
    /// `--issuer-binding strict`: a proof must be shown to be the issuer's (holder's) — its method controlled by
    /// them — or the file does not verify; by default that is reported, and only checked where it can be.
    pub binding_strict: bool,
    /// `--accept-self-asserted`: a signature whose key the credential only asserts about itself (a header `jwk`,
    /// an unanchored `x5c` or DS certificate) may verify a file; its line says the key was not anchored.
    pub accept_self_asserted: bool,
}

impl<'a> Options<'a> {
    /// The defaults of `canonprof verify` at the instant `at_unix`, named by the caller as `--at` names it (set
    /// `settings.at_given` to false when it is the clock's, and the checks say "now"): no keys, no trust anchor, no session transcript,
    /// nonce, audience, challenge or domain, lenient nesting and binding, self-asserted keys not trusted.
    pub fn new(session: &'a Session, at_unix: i64) -> Options<'a> {
        Options {
            session,
            keys: Vec::new(),
            trust_anchor: None,
            settings: Settings {
                at_unix,
                at_given: true,
                ..Settings::default()
            },
        }
    }
}

/// The instant validity is judged at, and whether the user named it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct At {
    /// Unix seconds.
    pub(crate) unix: i64,
    given: bool,
}

impl At {
    /// The instant `unix`, named by the user (`given`) or the clock's.
    pub(crate) fn new(unix: i64, given: bool) -> At {
        At { unix, given }
    }

    /// The instant's name: `--at` when the user gave it, else `now`.
    pub(crate) fn name(self) -> &'static str {
        if self.given {
            "--at"
        } else {
            "now"
        }
    }

    /// How a check says when it holds: `at --at`, or `now`.
    pub(crate) fn words(self) -> &'static str {
        if self.given {
            "at --at"
        } else {
            self.name()
        }
    }
}

impl Options<'_> {
    /// The instant of the validity checks.
    pub(crate) fn at(&self) -> At {
        At::new(self.settings.at_unix, self.settings.at_given)
    }
}
