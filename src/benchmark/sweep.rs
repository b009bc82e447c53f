//! `canonprof sweep`: grows a synthetic credential — subject attributes, nesting depth or identical anonymous
//! (blank) nodes — and measures each RDFC-1.0 phase and JCS at every size, to show how each phase's cost grows
//! (fitted as linear, n log n or quadratic by [`crate::stats::fit_growth`]).

use super::{check, measure_algorithms, Config, Pipeline};
use crate::canon::Algorithm;
use crate::canon::Session;
use crate::corpus::Credential;
use crate::document::Document;
use crate::error::Result;
use crate::profile::Timer;
use crate::results::sweep::{Point, Sweep};
use crate::results::AlgorithmResult;

/// What grows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// Number of credentialSubject attributes (strings).
    Attributes,
    /// Depth of nested objects under credentialSubject (each with its own `@id`).
    Depth,
    /// Number of identical anonymous objects under credentialSubject (blank nodes sharing a first-degree hash).
    BlankNodes,
}

impl Kind {
    /// The unit on the chart's x axis.
    pub fn unit(self) -> &'static str {
        match self {
            Kind::Attributes => "subject attributes",
            Kind::Depth => "nesting depth",
            Kind::BlankNodes => "blank nodes",
        }
    }

    /// The name on the command line (`attributes`, `depth`, `blank-nodes`).
    pub fn name(self) -> String {
        clap::ValueEnum::to_possible_value(&self)
            .map_or_else(String::new, |v| v.get_name().to_string())
    }

    /// Default sizes.
    pub fn default_sizes(self) -> Vec<usize> {
        match self {
            Kind::Attributes => vec![5, 10, 20, 50, 100, 200, 500],
            Kind::Depth => vec![1, 2, 4, 8, 16, 32],
            Kind::BlankNodes => vec![1, 2, 4, 8, 16, 32, 64],
        }
    }
}

/// A VCDM 2.0 credential of `size` along `kind`, with the VC v2 and VC v2 examples contexts (whose `@vocab`
/// defines every made-up term, so safe mode accepts them).
pub(crate) fn credential(kind: Kind, size: usize) -> String {
    let subject = match kind {
        Kind::Attributes => {
            let attrs: Vec<String> = (0..size)
                .map(|i| format!(r#""attribute{i}":"value {i}""#))
                .collect();
            format!(r#"{{"id":"did:example:subject",{}}}"#, attrs.join(","))
        }
        Kind::Depth => {
            let mut node = r#"{"id":"urn:example:leaf","name":"leaf"}"#.to_string();
            for level in (0..size).rev() {
                node = format!(r#"{{"id":"urn:example:level{level}","child":{node}}}"#);
            }
            node
        }
        Kind::BlankNodes => {
            let items = vec![r#"{"type":"Item","value":"same"}"#; size];
            format!(
                r#"{{"id":"did:example:subject","item":[{}]}}"#,
                items.join(",")
            )
        }
    };
    format!(
        r#"{{"@context":["https://www.w3.org/ns/credentials/v2","https://www.w3.org/ns/credentials/examples/v2"],"id":"urn:example:credential","type":["VerifiableCredential"],"issuer":"did:example:issuer","validFrom":"2026-01-01T00:00:00Z","credentialSubject":{subject}}}"#
    )
}

/// Measures every size; `progress` is called after every iteration pair.
pub(crate) fn run(
    kind: Kind,
    sizes: &[usize],
    session: &Session,
    config: &Config,
    progress: &mut dyn FnMut(),
) -> Result<Sweep> {
    let timer = Timer::new();
    let mut points = Vec::new();
    let kind_name = kind.name();
    for &size in sizes {
        let text = credential(kind, size);
        let label = format!("sweep:{kind_name}:{size}");
        let credential = Credential {
            name: label.clone(),
            set: "sweep",
            document: Document {
                label: label.clone(),
                text: text.clone(),
            },
            baseline: false,
        };
        let facts = check(std::slice::from_ref(&credential), session, config)?[0];
        let rdfc = Pipeline {
            algorithm: Algorithm::Rdfc,
            label: &label,
            text: &text,
            session,
            hash: None,
        };
        let jcs = Pipeline {
            algorithm: Algorithm::Jcs,
            ..rdfc
        };
        let [rdfc, jcs]: [AlgorithmResult; 2] =
            measure_algorithms(config, &timer, &[rdfc, jcs], progress)?
                .try_into()
                .expect("a result per pipeline");
        points.push(Point {
            size,
            bytes: text.len(),
            quads: facts.quads,
            blank_nodes: facts.label.blank_nodes,
            rdfc,
            jcs,
        });
    }
    Ok(Sweep {
        unit: kind.unit().to_string(),
        grows: kind.name().to_string(),
        iterations: config.plan.iterations,
        runs: config.plan.runs,
        warmup: config.plan.warmup,
        warmup_seconds: config.plan.warmup_seconds,
        interleaved: true,
        points,
    })
}
