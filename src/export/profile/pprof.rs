//! pprof's protobuf profile (`perftools.profiles.Profile`, google/pprof's `proto/profile.proto`, encoded with
//! the `pprof` crate's prost codec) of a sampled CPU profile, for `go tool pprof`. Written from the folded stacks
//! and not from the sampler's raw report, so that its frames are the flamegraph's (named and folded the same
//! way); one location per distinct frame, without addresses. Not gzipped: `go tool pprof` reads a profile
//! whether or not it is compressed.

use crate::profile::folded::Folded;
use pprof::protos::{self, Message};
use std::collections::HashMap;

/// The sampled profile to encode.
pub(crate) struct Sampled<'a> {
    /// Folded stacks, root frame first, → samples.
    pub stacks: &'a Folded,
    /// Wall time spent sampling (s): the profile's duration, and with the sample count its period.
    pub seconds: f64,
}

/// Interns strings into the profile's string table (whose first entry must be "").
struct Strings {
    table: Vec<String>,
    index: HashMap<String, i64>,
}

impl Strings {
    fn new() -> Self {
        Strings {
            table: vec![String::new()],
            index: HashMap::from([(String::new(), 0)]),
        }
    }

    fn id(&mut self, s: &str) -> i64 {
        if let Some(&id) = self.index.get(s) {
            return id;
        }
        let id = self.table.len() as i64;
        self.table.push(s.to_string());
        self.index.insert(s.to_string(), id);
        id
    }
}

/// The profile as a `perftools.profiles.Profile` message. Sample values: `samples/count` and `cpu/nanoseconds`
/// (samples × the mean sampling period, the window divided by the samples: the kernel tick caps the
/// requested rate, so the effective period is measured, not assumed).
pub(crate) fn profile(sampled: &Sampled) -> protos::Profile {
    let mut strings = Strings::new();
    let mut functions: Vec<protos::Function> = Vec::new();
    let mut locations: Vec<protos::Location> = Vec::new();
    let mut ids: HashMap<&str, u64> = HashMap::new();
    let total: u64 = sampled.stacks.values().sum();
    let nanos = (sampled.seconds.max(0.0) * 1e9) as i64;
    let period = if total > 0 { nanos / total as i64 } else { 0 };
    let mut samples = Vec::with_capacity(sampled.stacks.len());
    for (stack, &count) in sampled.stacks {
        // pprof lists a sample's locations leaf first.
        let location_id = stack
            .rsplit(';')
            .map(|frame| {
                *ids.entry(frame).or_insert_with(|| {
                    let id = functions.len() as u64 + 1;
                    let (name, file) =
                        match frame.strip_suffix(']').and_then(|f| f.rsplit_once(" [")) {
                            Some((name, file)) => (name, file),
                            None => (frame, ""),
                        };
                    functions.push(protos::Function {
                        id,
                        name: strings.id(name),
                        system_name: strings.id(name),
                        filename: strings.id(file),
                        ..Default::default()
                    });
                    locations.push(protos::Location {
                        id,
                        line: vec![protos::Line {
                            function_id: id,
                            line: 0,
                        }],
                        ..Default::default()
                    });
                    id
                })
            })
            .collect();
        let count = count as i64;
        samples.push(protos::Sample {
            location_id,
            value: vec![count, count.saturating_mul(period)],
            label: Vec::new(),
        });
    }
    let value_type = |strings: &mut Strings, ty: &str, unit: &str| protos::ValueType {
        ty: strings.id(ty),
        unit: strings.id(unit),
    };
    let sample_type = vec![
        value_type(&mut strings, "samples", "count"),
        value_type(&mut strings, "cpu", "nanoseconds"),
    ];
    let period_type = Some(value_type(&mut strings, "cpu", "nanoseconds"));
    protos::Profile {
        sample_type,
        sample: samples,
        location: locations,
        function: functions,
        string_table: strings.table,
        duration_nanos: nanos,
        period_type,
        period,
        ..Default::default()
    }
}

/// The encoded profile (protobuf bytes).
pub(crate) fn encode(sampled: &Sampled) -> Vec<u8> {
    profile(sampled).encode_to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_to_the_same_samples_and_function_names() {
        let stacks = Folded::from([
            (
                "rdfc-1.0;expand;iri_expansion [canonprof/src/x.rs]".to_string(),
                7,
            ),
            ("rdfc-1.0;expand".to_string(), 3),
            ("rdfc-1.0;label;hash_first_degree_quads".to_string(), 5),
        ]);
        let bytes = encode(&Sampled {
            stacks: &stacks,
            seconds: 0.06,
        });
        let p = protos::Profile::decode(bytes.as_slice()).unwrap();
        let s = |i: i64| p.string_table[i as usize].as_str();
        assert_eq!(s(0), "");
        let types: Vec<(&str, &str)> = p.sample_type.iter().map(|t| (s(t.ty), s(t.unit))).collect();
        assert_eq!(types, [("samples", "count"), ("cpu", "nanoseconds")]);
        assert_eq!(p.period, 4_000_000, "60 ms over 15 samples");
        assert_eq!(p.duration_nanos, 60_000_000);
        let function = |location: u64| {
            let l = p.location.iter().find(|l| l.id == location).unwrap();
            let f = p
                .function
                .iter()
                .find(|f| f.id == l.line[0].function_id)
                .unwrap();
            (s(f.name), s(f.filename))
        };
        let mut decoded: Vec<(String, i64, i64)> = p
            .sample
            .iter()
            .map(|sample| {
                let names: Vec<&str> = sample
                    .location_id
                    .iter()
                    .rev()
                    .map(|&l| function(l).0)
                    .collect();
                (names.join(";"), sample.value[0], sample.value[1])
            })
            .collect();
        decoded.sort();
        assert_eq!(
            decoded,
            [
                ("rdfc-1.0;expand".to_string(), 3, 12_000_000),
                ("rdfc-1.0;expand;iri_expansion".to_string(), 7, 28_000_000),
                (
                    "rdfc-1.0;label;hash_first_degree_quads".to_string(),
                    5,
                    20_000_000
                ),
            ]
        );
        let leaf = p
            .sample
            .iter()
            .find(|x| x.value[0] == 7)
            .unwrap()
            .location_id[0];
        assert_eq!(function(leaf), ("iri_expansion", "canonprof/src/x.rs"));
        assert_eq!(p.function.len(), 5, "one function per distinct frame");
    }
}
