//! The modes the command line offers, as library types that `clap` parses once ([`clap::ValueEnum`]): which
//! JSON-LD expansion engines run ([`EngineChoice`], `--engine`), the context cache ([`ContextCache`] and the
//! main job's [`ContextCacheChoice`], `--context-cache`), the ECDSA curve of the Data Integrity suites
//! ([`Curve`], `--curve`), the exchange's signature backends ([`Signatures`], `--signatures`); and the command-line names of library enums parsed as they are: the RDFC-1.0
//! labeling hash ([`HashAlgorithm`], `--hash-algorithm`) and the Data Integrity cryptosuite ([`Cryptosuite`],
//! `--cryptosuite`). Each mode yields what the runners take (engines, cache switches, a signature algorithm).

use crate::canon::rdfc::HashAlgorithm;
use crate::canon::Engine;
use crate::integrity::suites::Cryptosuite;
use crate::keys::{Backend, SignatureAlgorithm};
use clap::builder::PossibleValue;
use clap::ValueEnum;

/// Implements [`ValueEnum`] for a mode with these command-line names, in this order, without help of their
/// own: each option's help says what its values do in its command.
macro_rules! value_names {
    ($ty:ty { $($variant:path => $name:literal),+ $(,)? }) => {
        impl ValueEnum for $ty {
            fn value_variants<'a>() -> &'a [Self] {
                &[$($variant),+]
            }

            fn to_possible_value(&self) -> Option<PossibleValue> {
                Some(PossibleValue::new(match self {
                    $($variant => $name),+
                }))
            }
        }
    };
}

/// `--engine`: one JSON-LD expansion engine, or both side by side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum EngineChoice {
    /// The json-ld crate's engine (the reference).
    #[default]
    JsonLd,
    /// canonprof's own engine (shared, memoized contexts).
    Canonprof,
    /// Each engine: json-ld first, then canonprof.
    Both,
}

impl EngineChoice {
    /// The engines to run, the main one first.
    pub(crate) fn engines(self) -> &'static [Engine] {
        match self {
            EngineChoice::JsonLd => &[Engine::JsonLd],
            EngineChoice::Canonprof => &[Engine::Canonprof],
            EngineChoice::Both => &[Engine::JsonLd, Engine::Canonprof],
        }
    }
}

/// `--context-cache` of the commands that run one cache mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum ContextCache {
    /// Each distinct top-level @context is processed once and reused.
    #[default]
    On,
    /// Every document's contexts are processed anew.
    Off,
}

impl ContextCache {
    /// Whether sessions cache processed contexts.
    pub(crate) fn enabled(self) -> bool {
        self == ContextCache::On
    }
}

/// The main job's `--context-cache`: one mode, or RDFC-1.0 measured both ways.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum ContextCacheChoice {
    /// Each distinct top-level @context is processed once and reused.
    #[default]
    On,
    /// Every document's contexts are processed anew.
    Off,
    /// RDFC-1.0 both ways: cached, then cold.
    Both,
}

impl ContextCacheChoice {
    /// The cache switches to run, the main one first (`true`: cached).
    pub(crate) fn modes(self) -> &'static [bool] {
        match self {
            ContextCacheChoice::On => &[true],
            ContextCacheChoice::Off => &[false],
            ContextCacheChoice::Both => &[true, false],
        }
    }
}

/// `--curve`: the curve of ecdsa-rdfc-2019 and ecdsa-jcs-2019.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Curve {
    /// P-256 (ES256).
    #[default]
    P256,
    /// P-384 (ES384).
    P384,
}

impl Curve {
    /// The signature algorithm of the ECDSA keys.
    pub(crate) fn algorithm(self) -> SignatureAlgorithm {
        match self {
            Curve::P256 => SignatureAlgorithm::P256,
            Curve::P384 => SignatureAlgorithm::P384,
        }
    }
}

/// `--signatures`: the signature backend of the exchange's keys, or both side by side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Signatures {
    /// RustCrypto (pure Rust; ECDSA nonces RFC 6979).
    #[default]
    RustCrypto,
    /// aws-lc-rs (AWS-LC's assembly; ECDSA nonces random).
    AwsLc,
    /// Each backend: RustCrypto first, then aws-lc-rs, interleaved in the same runs.
    Both,
}

impl Signatures {
    /// The backends to run, the main one first.
    pub fn backends(self) -> &'static [Backend] {
        match self {
            Signatures::RustCrypto => &[Backend::RustCrypto],
            Signatures::AwsLc => &[Backend::AwsLc],
            Signatures::Both => &[Backend::RustCrypto, Backend::AwsLc],
        }
    }
}

value_names!(Signatures {
    Signatures::RustCrypto => "rustcrypto",
    Signatures::AwsLc => "aws-lc-rs",
    Signatures::Both => "both",
});
value_names!(EngineChoice {
    EngineChoice::JsonLd => "json-ld",
    EngineChoice::Canonprof => "canonprof",
    EngineChoice::Both => "both",
});
value_names!(ContextCache {
    ContextCache::On => "on",
    ContextCache::Off => "off",
});
value_names!(ContextCacheChoice {
    ContextCacheChoice::On => "on",
    ContextCacheChoice::Off => "off",
    ContextCacheChoice::Both => "both",
});
value_names!(Curve {
    Curve::P256 => "p256",
    Curve::P384 => "p384",
});
// `--hash-algorithm`.
value_names!(HashAlgorithm {
    HashAlgorithm::Sha256 => "sha256",
    HashAlgorithm::Sha384 => "sha384",
    HashAlgorithm::Sha512 => "sha512",
});

/// `--cryptosuite NAME`: the proof's `cryptosuite` value ([`Cryptosuite::name`]).
impl ValueEnum for Cryptosuite {
    fn value_variants<'a>() -> &'a [Self] {
        &Cryptosuite::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.name()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_parse_by_name_and_yield_what_the_runners_take() {
        let engines = |name| EngineChoice::from_str(name, false).unwrap().engines();
        assert_eq!(engines("json-ld"), [Engine::JsonLd]);
        assert_eq!(engines("canonprof"), [Engine::Canonprof]);
        assert_eq!(engines("both"), [Engine::JsonLd, Engine::Canonprof]);
        assert_eq!(
            ContextCacheChoice::from_str("both", false).unwrap().modes(),
            [true, false]
        );
        assert!(!ContextCache::from_str("off", false).unwrap().enabled());
        assert!(ContextCache::from_str("both", false).is_err());
        let backends = |name| Signatures::from_str(name, false).unwrap().backends();
        assert_eq!(backends("rustcrypto"), [Backend::RustCrypto]);
        assert_eq!(backends("aws-lc-rs"), [Backend::AwsLc]);
        assert_eq!(backends("both"), [Backend::RustCrypto, Backend::AwsLc]);
        assert!(Signatures::from_str("ring", false).is_err());
        assert_eq!(
            Curve::from_str("p384", false).unwrap().algorithm(),
            SignatureAlgorithm::P384
        );
        assert_eq!(
            HashAlgorithm::from_str("sha384", false),
            Ok(HashAlgorithm::Sha384)
        );
        for suite in Cryptosuite::ALL {
            assert_eq!(Cryptosuite::from_str(suite.name(), false), Ok(suite));
        }
    }
}

/// How much the main job prints on the terminal (`--quiet`, `--verbose`); the exports always hold everything.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Verbosity {
    /// The summary, the study's claims and where the report is.
    Quiet,
    /// Per credential the phases × pipelines table and the headline line, then the exchange, the summary and
    /// the claims.
    #[default]
    Normal,
    /// Also the phase tables with their spread and heap, the spec steps, the work counters, the engines' ratios
    /// and the exchange's pairwise ratios.
    Verbose,
}
