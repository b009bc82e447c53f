//! speedscope's file format (<https://www.speedscope.app/file-format-schema.json>, version 1.25.0 checked in as
//! `tests/data/speedscope-file-format-schema.json`): one profile of type `sampled` whose samples are the folded
//! stacks, each weighted by its count — samples for a sampled CPU profile, nanoseconds for a span profile.
//! speedscope's "Left Heavy" and "Sandwich" views then show the same totals as the SVG.

use crate::profile::folded::Folded;
use serde_json::{json, Value};
use std::collections::HashMap;

/// What a folded count is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Unit {
    /// CPU samples (speedscope's unit `none`: a count).
    Samples,
    /// Wall time in nanoseconds.
    Nanoseconds,
}

impl Unit {
    fn name(self) -> &'static str {
        match self {
            Unit::Samples => "none",
            Unit::Nanoseconds => "nanoseconds",
        }
    }
}

/// A frame of speedscope's shared table: a folded frame `name [file]` keeps its file apart, so that speedscope
/// shows it in the frame's details and not in its label.
fn frame(folded_frame: &str) -> Value {
    match folded_frame
        .strip_suffix(']')
        .and_then(|f| f.rsplit_once(" ["))
    {
        Some((name, file)) => json!({ "name": name, "file": file }),
        None => json!({ "name": folded_frame }),
    }
}

/// The speedscope file of `stacks` (root frame first, `;`-separated), named `name` (shown as the profile's
/// title).
pub(crate) fn render(name: &str, stacks: &Folded, unit: Unit) -> String {
    let mut frames: Vec<Value> = Vec::new();
    let mut index: HashMap<&str, usize> = HashMap::new();
    let mut samples: Vec<Vec<usize>> = Vec::with_capacity(stacks.len());
    let mut weights: Vec<u64> = Vec::with_capacity(stacks.len());
    for (stack, &count) in stacks {
        let ids = stack
            .split(';')
            .map(|f| {
                *index.entry(f).or_insert_with(|| {
                    frames.push(frame(f));
                    frames.len() - 1
                })
            })
            .collect();
        samples.push(ids);
        weights.push(count);
    }
    let total: u64 = weights.iter().sum();
    let file = json!({
        "$schema": "https://www.speedscope.app/file-format-schema.json",
        "name": name,
        "exporter": format!("canonprof {}", env!("CARGO_PKG_VERSION")),
        "activeProfileIndex": 0,
        "shared": { "frames": frames },
        "profiles": [{
            "type": "sampled",
            "name": name,
            "unit": unit.name(),
            "startValue": 0,
            "endValue": total,
            "samples": samples,
            "weights": weights,
        }],
    });
    file.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stacks() -> Folded {
        Folded::from([
            (
                "rdfc-1.0;expand;iri_expansion [canonprof/src/x.rs]".to_string(),
                7,
            ),
            ("rdfc-1.0;expand".to_string(), 3),
            ("rdfc-1.0;label".to_string(), 5),
        ])
    }

    #[test]
    fn follows_the_published_schema() {
        let schema: Value = serde_json::from_str(include_str!(
            "../../../tests/data/speedscope-file-format-schema.json"
        ))
        .unwrap();
        let validator = jsonschema::validator_for(&schema).unwrap();
        for unit in [Unit::Samples, Unit::Nanoseconds] {
            let file: Value = serde_json::from_str(&render("ob3-full", &stacks(), unit)).unwrap();
            let errors: Vec<String> = validator
                .iter_errors(&file)
                .map(|e| e.to_string())
                .collect();
            assert!(errors.is_empty(), "{errors:?}");
        }
        // And a file the schema must refuse, so that the check above is not vacuous.
        let mut broken: Value =
            serde_json::from_str(&render("x", &stacks(), Unit::Samples)).unwrap();
        broken["profiles"][0]["unit"] = json!("furlongs");
        assert!(!validator.is_valid(&broken));
    }

    #[test]
    fn keeps_the_stacks_and_their_weights() {
        let file: Value =
            serde_json::from_str(&render("ob3-full", &stacks(), Unit::Nanoseconds)).unwrap();
        let frames: Vec<&str> = file["shared"]["frames"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["name"].as_str().unwrap())
            .collect();
        assert_eq!(frames, ["rdfc-1.0", "expand", "iri_expansion", "label"]);
        assert_eq!(file["shared"]["frames"][2]["file"], "canonprof/src/x.rs");
        let profile = &file["profiles"][0];
        assert_eq!(profile["samples"], json!([[0, 1], [0, 1, 2], [0, 3]]));
        assert_eq!(profile["weights"], json!([3, 7, 5]));
        assert_eq!(profile["endValue"], 15);
        assert_eq!(profile["unit"], "nanoseconds");
    }
}
