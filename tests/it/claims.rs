//! The study's claims block of the main job: one line per claim with what was measured and a verdict, in the
//! terminal and the JSON export. Only counts are asserted (six canonicalizations per exchange); the timing
//! verdicts are checked for shape, never for which timing is larger.

use crate::common::quick_export;

#[test]
fn the_main_job_prints_and_exports_every_claim_with_a_verdict() {
    let (stdout, export) =
        quick_export(&["--schema", "all", "--engine", "both", "--no-flamegraphs"]);
    assert!(
        stdout.contains("The study's claims, checked on this run"),
        "{stdout}"
    );
    let claims = export["claims"].as_array().unwrap().clone();
    // The study's six, then three per algorithm of the exchange with an RDFC-1.0 re-signing suite (Ed25519,
    // P-256, ML-DSA-44), then bbs-2023's two (its cost against ecdsa-sd-2023, its unlinkable bytes).
    assert_eq!(claims.len(), 6 + 3 * 3 + 2);
    for claim in &claims {
        let verdict = claim["verdict"].as_str().unwrap();
        assert!(
            ["holds", "does not hold", "depends on the implementation"].contains(&verdict),
            "{claim}"
        );
        assert!(!claim["measured"].as_array().unwrap().is_empty(), "{claim}");
        let line = format!(
            "{}: {}",
            claim["claim"].as_str().unwrap(),
            verdict.to_uppercase()
        );
        assert!(stdout.contains(&line), "{line} in the terminal");
    }
    let six = &claims[3];
    assert_eq!(six["verdict"], "holds");
    assert_eq!(
        six["measured"][0],
        "6 per exchange in 8 of 8 VCDM rows (json-ld crate's engine, canonprof's engine, no JSON-LD engine; RustCrypto)"
    );
    // The exchange's values name the engine and the signature backend, and where the band put them.
    for claim in [&claims[0], &claims[1]] {
        for value in claim["measured"].as_array().unwrap() {
            let value = value.as_str().unwrap();
            assert!(value.contains("'s engine, RustCrypto)"), "{value}");
            assert!(
                value.ends_with("differs by more than the 10% band")
                    || value.ends_with("within the 10% band (no real difference)"),
                "{value}"
            );
        }
    }
    // Whether RDFC-1.0 still matters, per algorithm: each claim names its algorithm, each value its engine and
    // backend; the study's claims stay on the study's algorithms (the 8 VCDM rows above are Ed25519's and P-256's).
    let question = &claims[6..];
    for (i, algorithm) in ["Ed25519", "P-256", "ML-DSA-44"].into_iter().enumerate() {
        let [versus, share, gap] = [&question[3 * i], &question[3 * i + 1], &question[3 * i + 2]];
        assert_eq!(
            versus["claim"],
            format!("with {algorithm}, VCDM with RDFC-1.0 is slower than SD-JWT VC and mdoc over the exchange")
        );
        assert_eq!(
            share["claim"],
            format!("with {algorithm}, canonicalization is more than 10% of a VCDM verification with RDFC-1.0")
        );
        assert_eq!(
            gap["claim"],
            format!(
                "under {algorithm}, the RDFC-1.0 / JCS gap of the exchange is beyond the 10% band"
            )
        );
        for claim in [versus, share, gap] {
            let measured = claim["measured"].as_array().unwrap();
            // One value per RDFC-1.0 suite and engine: two engines (ecdsa-sd-2023 is not an RDFC-1.0 row here).
            assert_eq!(measured.len(), 2, "{claim}");
            let text = claim["measured"].to_string();
            assert!(
                text.contains("json-ld crate's engine, RustCrypto")
                    && text.contains("canonprof's engine, RustCrypto"),
                "{claim}"
            );
        }
        for value in versus["measured"].as_array().unwrap() {
            let value = value.as_str().unwrap();
            assert!(
                value.contains("x SD-JWT VC and ") && value.contains("x mdoc, "),
                "{value}"
            );
        }
        for value in share["measured"].as_array().unwrap() {
            let value = value.as_str().unwrap();
            assert!(
                value.contains(" verify (") && value.contains("% of "),
                "{value}"
            );
        }
        for value in gap["measured"].as_array().unwrap() {
            let value = value.as_str().unwrap();
            assert!(
                value.contains("-jcs-") && value.contains(" µs (canonicalization "),
                "{value}"
            );
        }
    }
    // Both engines are measured, so the engine-dependent claims name both.
    for claim in [&claims[0], &claims[4], &claims[5]] {
        let measured = claim["measured"].to_string();
        assert!(
            measured.contains("json-ld") && measured.contains("canonprof"),
            "{measured}"
        );
    }
}

#[test]
fn context_cache_both_gives_the_edu_simple_ratio_both_ways() {
    let (stdout, export) = quick_export(&[
        "--schema",
        "all",
        "--engine",
        "json-ld",
        "--context-cache",
        "both",
        "--no-flamegraphs",
        "--no-exchange",
    ]);
    assert!(
        stdout.contains("edu / simple with the context cache off: ob3-basic "),
        "{stdout}"
    );
    let summary = &export["summary"];
    assert_eq!(summary["edu_simple_ratios"].as_array().unwrap().len(), 4);
    assert_eq!(
        summary["edu_simple_ratios_cold"].as_array().unwrap().len(),
        4
    );
}
