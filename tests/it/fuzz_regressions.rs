//! Replays the fuzzing corpus seeds (`fuzz/seeds/<target>/`) and every input the fuzzers found to crash, hang or
//! break an invariant (`fuzz/regressions/<target>/`, kept after the fix) through the same entry points the
//! cargo-fuzz targets call (`canonprof::fuzzing`): CI runs these, not the fuzzer (docs/conformance.md).

use std::path::Path;

fn replay(target: &str, run: fn(&[u8])) -> usize {
    let mut count = 0;
    for dir in ["seeds", "regressions"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fuzz")
            .join(dir)
            .join(target);
        let Ok(entries) = std::fs::read_dir(&path) else {
            continue;
        };
        for entry in entries {
            let file = entry.unwrap().path();
            if file.file_name().is_some_and(|n| n == ".gitkeep") {
                continue;
            }
            let data = std::fs::read(&file).unwrap();
            let result = std::panic::catch_unwind(|| run(&data));
            assert!(result.is_ok(), "{} panics", file.display());
            count += 1;
        }
    }
    count
}

#[test]
fn jsonld_inputs() {
    assert!(replay("jsonld", canonprof::fuzzing::jsonld) >= 5);
}

#[test]
fn nquads_inputs() {
    assert!(replay("nquads", canonprof::fuzzing::nquads) >= 5);
}

#[test]
fn jcs_inputs() {
    assert!(replay("jcs", canonprof::fuzzing::jcs) >= 5);
}
