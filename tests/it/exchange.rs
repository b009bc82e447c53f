//! The VCDM exchange: every suite issues, presents (5 of 20 attributes, re-signed, or derived with ecdsa-sd-2023)
//! and verifies; each operation canonicalizes twice (as counted by the operation), six times per exchange.

use crate::common;
use crate::common::{canonprof_quick, quick_export, read_json};

/// The operation names of an exported exchange result, in order.
fn operations(result: &serde_json::Value) -> Vec<&str> {
    result["operations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["operation"].as_str().unwrap())
        .collect()
}

#[test]
fn vcdm_exchange_counts_two_canonicalizations_per_operation() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("exchange.json");
    let out_arg = out.display().to_string();
    let output = canonprof_quick(&[
        "exchange",
        "--format",
        "vcdm",
        "--schema",
        "simple",
        "--export-json",
        &out_arg,
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("EXCHANGE") && stdout.contains("canon share"),
        "{stdout}"
    );
    let json = read_json(&out);
    let results = json["results"].as_array().unwrap();
    assert_eq!(
        results.len(),
        3 * 5,
        "3 simple credentials x 5 cryptosuites"
    );
    for r in results {
        assert_eq!(r["canonicalizations"], 6, "{}", r["cryptosuite"]);
        assert_eq!(operations(r), ["issue", "present", "verify"]);
        for op in r["operations"].as_array().unwrap() {
            assert_eq!(
                op["canonicalizations"], 2,
                "{} {}",
                r["cryptosuite"], op["operation"]
            );
            let steps: Vec<&str> = op["steps"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s["name"].as_str().unwrap())
                .collect();
            let expected: &[&str] = match (
                r["cryptosuite"].as_str().unwrap(),
                op["operation"].as_str().unwrap(),
            ) {
                ("ecdsa-sd-2023", "issue") => &[
                    "canonicalize_proof_config",
                    "canonicalize_document",
                    "relabel",
                    "group",
                    "hash_data",
                    "sign",
                    "sign_statements",
                ],
                ("ecdsa-sd-2023", "present") => &["canonicalize_document", "relabel", "group"],
                ("ecdsa-sd-2023", _) => &[
                    "canonicalize_proof_config",
                    "canonicalize_document",
                    "relabel",
                    "hash_data",
                    "verify",
                    "verify_statements",
                ],
                (_, "verify") => &[
                    "canonicalize_proof_config",
                    "canonicalize_document",
                    "hash_data",
                    "verify",
                ],
                _ => &[
                    "canonicalize_proof_config",
                    "canonicalize_document",
                    "hash_data",
                    "sign",
                ],
            };
            assert_eq!(steps, expected, "{} {}", r["cryptosuite"], op["operation"]);
        }
    }
}

#[test]
fn disclosure_keeps_five_attributes_and_the_structure() {
    use canonprof::exchange::disclosure::disclose;
    let person: serde_json::Value = serde_json::from_str(include_str!(
        "../../schemas-education/simple/person-20.json"
    ))
    .unwrap();
    assert_eq!(person["credentialSubject"].as_object().unwrap().len(), 20);
    let shown = disclose(&person).unwrap();
    assert_eq!(shown["credentialSubject"].as_object().unwrap().len(), 5);
    let ob3: serde_json::Value =
        serde_json::from_str(include_str!("../../schemas-education/edu/clr2.json")).unwrap();
    let shown = disclose(&ob3).unwrap();
    let subject = shown["credentialSubject"].as_object().unwrap();
    assert!(
        subject.contains_key("type"),
        "type selects the type-scoped context the other terms need"
    );
    assert!(disclose(&serde_json::json!({"@context": []})).is_err());
}

/// `--flamegraphs DIR` draws one span graph per credential and suite, with the operations, their steps and the
/// main job's phases nested inside (operation › step › phase).
#[test]
fn exchange_flamegraphs_nest_phases_inside_steps() {
    let dir = tempfile::tempdir().unwrap();
    let flames = dir.path().join("flames");
    let flames_arg = flames.display().to_string();
    let person_arg = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/schemas-education/simple/person-20.json"
    );
    canonprof_quick(&[
        "exchange",
        "--format",
        "vcdm",
        "--credential",
        person_arg,
        "--cryptosuite",
        "eddsa-rdfc-2022",
        "--cryptosuite",
        "ecdsa-sd-2023",
        "--flamegraphs",
        &flames_arg,
        "--profile-formats",
        "svg,speedscope,chrome",
    ]);
    for (suite, stacks) in [
        (
            "eddsa-rdfc-2022",
            &[
                "eddsa-rdfc-2022;issue;canonicalize_document;expand",
                "eddsa-rdfc-2022;present;canonicalize_proof_config;label;first_degree",
                "eddsa-rdfc-2022;verify_presentation;verify",
            ][..],
        ),
        (
            "ecdsa-sd-2023",
            &[
                "ecdsa-sd-2023;issue;sign_statements",
                "ecdsa-sd-2023;issue;relabel;serialize",
                "ecdsa-sd-2023;present;group;expand",
                "ecdsa-sd-2023;verify_presentation;verify_statements",
            ][..],
        ),
    ] {
        let stem = flames.join(format!("exchange-person-20-{suite}"));
        let folded = std::fs::read_to_string(stem.with_extension("folded")).unwrap();
        for stack in stacks {
            assert!(
                folded.lines().any(|l| l.starts_with(&format!("{stack} "))),
                "{suite}: no `{stack}` in\n{folded}"
            );
        }
        let svg = std::fs::read_to_string(stem.with_extension("svg")).unwrap();
        assert!(svg.contains("<svg") && svg.contains("canonicalize_document"));
        // Beside it, for the viewers: speedscope (the same span times; the format's schema is checked in
        // profile_formats.rs) and the Chrome trace of 3 exchanges, each holding its three operations.
        let speedscope = crate::common::read_json(stem.with_extension("speedscope.json"));
        let total: u64 = folded
            .lines()
            .map(|l| l.rsplit_once(' ').unwrap().1.parse::<u64>().unwrap())
            .sum();
        assert_eq!(speedscope["profiles"][0]["endValue"].as_u64(), Some(total));
        assert_eq!(speedscope["profiles"][0]["unit"], "nanoseconds");
        let trace = crate::common::read_json(stem.with_extension("trace.json"));
        let events = trace["traceEvents"].as_array().unwrap();
        let named = |name: &str| events.iter().filter(|e| e["name"] == name).count();
        assert_eq!(named(suite), 3, "{suite}: 3 exchanges");
        for operation in ["issue", "present", "verify_presentation"] {
            assert_eq!(named(operation), 3, "{suite}: {operation} in each exchange");
        }
    }
}

/// Asserts that `exchange --format vcdm --cryptosuite suite` on a credential `text` fails with exit 1, naming
/// the file and `reason`.
fn assert_exchange_fails(text: &str, suite: &str, reason: &str) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.json");
    std::fs::write(&path, text).unwrap();
    let path_arg = path.display().to_string();
    let output = common::canonprof(
        &[
            &["exchange", "--format", "vcdm", "--credential", &path_arg],
            &["--cryptosuite", suite][..],
            &common::QUICK[..],
        ]
        .concat(),
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(&path_arg) && stderr.contains(reason),
        "{stderr}"
    );
}

/// A credential the exchange cannot run names the file and the reason: no subject to disclose.
#[test]
fn a_credential_without_subject_names_the_file() {
    assert_exchange_fails(
        r#"{"@context":["https://www.w3.org/ns/credentials/v2"],"type":["VerifiableCredential"],"issuer":"did:example:1"}"#,
        "eddsa-rdfc-2022",
        "no credentialSubject",
    );
}

/// ecdsa-sd-2023 (which skolemizes through the json-ld crate) names the undefined term.
#[test]
fn an_undefined_term_in_the_selective_suite_names_the_file() {
    assert_exchange_fails(
        r#"{"@context":["https://www.w3.org/ns/credentials/v2"],"type":["VerifiableCredential"],"issuer":"did:example:1","credentialSubject":{"name":"x","nick":"y"}}"#,
        "ecdsa-sd-2023",
        "term `nick` is not defined",
    );
}

/// Runs the three-format table of person-20 with `alg` and checks it: SD-JWT VC, mdoc and the VCDM suites of the
/// algorithm (`formats`, in order), the same 5 of person-20's 20 attributes, canonicalizations only where Data
/// Integrity canonicalizes, mdoc's certificate chain apart, and every pair judged against the 10% band; the
/// JSON export carries it all.
fn assert_three_format_table(alg: &str, formats: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join(format!("{alg}.json"));
    let out_arg = out.display().to_string();
    let output = canonprof_quick(&["exchange", "--alg", alg, "--export-json", &out_arg]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("person-20 (20 subject attributes, 5 disclosed") && stdout.contains("band"),
        "{stdout}"
    );
    let json = read_json(&out);
    assert_eq!(json["format"], "all");
    let report = &json["reports"][0];
    assert_eq!(report["attributes"], 20);
    assert_eq!(report["disclosed"].as_array().unwrap().len(), 5);
    let results = report["results"].as_array().unwrap();
    let names: Vec<&str> = results
        .iter()
        .map(|r| r["format"].as_str().unwrap())
        .collect();
    assert_eq!(names, formats);
    for r in results {
        assert_eq!(r["alg"], alg);
        let vcdm = r["format"].as_str().unwrap().starts_with("VCDM");
        assert_eq!(
            r["canonicalizations"],
            if vcdm { 6 } else { 0 },
            "{}",
            r["format"]
        );
        assert!(r["presented_bytes"].as_u64().unwrap() > 500);
        assert!(r["issued_bytes"].as_u64().unwrap() > 500);
        assert!(r["signature_bytes"].as_u64().unwrap() > 0);
        assert_eq!(r["certificate_chain_us"].is_number(), r["format"] == "mdoc");
        assert_eq!(operations(r), ["issue", "present", "verify"]);
    }
    // Every pair once, whichever of the two was faster; the ratio and the band verdict agree.
    let pairs = formats.len() * (formats.len() - 1) / 2;
    let ratios = report["ratios"].as_array().unwrap();
    assert_eq!(ratios.len(), pairs);
    let mut judged: Vec<[&str; 2]> = ratios
        .iter()
        .map(|r| {
            let mut pair = [r["slower"].as_str().unwrap(), r["faster"].as_str().unwrap()];
            pair.sort();
            pair
        })
        .collect();
    judged.sort();
    judged.dedup();
    assert_eq!(judged.len(), pairs, "each pair judged once");
    for r in ratios {
        let ratio = r["ratio"].as_f64().unwrap();
        assert!(ratio >= 1.0, "slower / faster by definition");
        assert_eq!(r["within_band"], ratio <= 1.1);
    }
}

#[test]
fn three_format_table_with_ed25519() {
    assert_three_format_table(
        "ed25519",
        &[
            "SD-JWT VC",
            "mdoc",
            "VCDM eddsa-rdfc-2022",
            "VCDM eddsa-jcs-2022",
        ],
    );
}

#[test]
fn three_format_table_with_p256() {
    assert_three_format_table(
        "p256",
        &[
            "SD-JWT VC",
            "mdoc",
            "VCDM ecdsa-rdfc-2019",
            "VCDM ecdsa-jcs-2019",
            "VCDM ecdsa-sd-2023",
        ],
    );
}

/// ML-DSA-44 (RFC 9964) across the formats: SD-JWT VC, mdoc and the two mldsa44 Data Integrity suites, with
/// the sizes FIPS 204 fixes — 2,420 bytes per signature: two in an SD-JWT VC presentation (issuer JWT, KB-JWT),
/// three in an mdoc one (MSO, device, the ML-DSA-44 DS certificate), one proof value in a VCDM one — and the
/// terminal table showing them.
#[test]
fn three_format_table_with_ml_dsa_44() {
    assert_three_format_table(
        "ml-dsa-44",
        &[
            "SD-JWT VC",
            "mdoc",
            "VCDM mldsa44-rdfc-2024",
            "VCDM mldsa44-jcs-2024",
        ],
    );
    let (stdout, export) = quick_export(&["exchange", "--alg", "ed25519,ml-dsa-44"]);
    let results = export["reports"][0]["results"].as_array().unwrap();
    let signature_bytes = |alg: &str, format: &str| {
        results
            .iter()
            .find(|r| r["alg"] == alg && r["format"] == format)
            .unwrap_or_else(|| panic!("{alg} {format}"))["signature_bytes"]
            .as_u64()
            .unwrap()
    };
    assert_eq!(signature_bytes("ml-dsa-44", "SD-JWT VC"), 2 * 2420);
    assert_eq!(signature_bytes("ml-dsa-44", "mdoc"), 3 * 2420);
    assert_eq!(signature_bytes("ml-dsa-44", "VCDM mldsa44-rdfc-2024"), 2420);
    assert_eq!(signature_bytes("ml-dsa-44", "VCDM mldsa44-jcs-2024"), 2420);
    assert_eq!(signature_bytes("ed25519", "SD-JWT VC"), 2 * 64);
    assert_eq!(signature_bytes("ed25519", "VCDM eddsa-rdfc-2022"), 64);
    // MSO and device Ed25519, the DS certificate's ECDSA P-256 signature in DER (70 to 72 bytes).
    assert!((128 + 70..=128 + 72).contains(&signature_bytes("ed25519", "mdoc")));
    assert!(
        stdout.contains("cred. B") && stdout.contains("sig. B"),
        "{stdout}"
    );
    let row = stdout
        .lines()
        .find(|l| l.starts_with("ml-dsa-44 ") && l.contains(" mdoc "))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(row.contains(" 7,260 "), "{row}");
}

/// SLH-DSA-SHA2-128s and FALCON-512 run only when named: SD-JWT VC takes SLH-DSA's draft JWS `alg`, mdoc neither
/// (no settled COSE value), FALCON-512 no JOSE either (its round-3 signatures have no name); the default is
/// ed25519, p256, ml-dsa-44 and bls12-381-g2 (bbs-2023).
#[test]
fn post_quantum_formats_per_algorithm() {
    let (_, export) = quick_export(&["exchange"]);
    let algs: Vec<&str> = export["reports"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["alg"].as_str().unwrap())
        .fold(Vec::new(), |mut seen, a| {
            if !seen.contains(&a) {
                seen.push(a);
            }
            seen
        });
    assert_eq!(algs, ["ed25519", "p256", "ml-dsa-44", "bls12-381-g2"]);
    let help = String::from_utf8(common::canonprof(&["exchange", "--help"]).stdout).unwrap();
    assert!(
        help.contains("slh-dsa-128s") && help.contains("170 ms"),
        "{help}"
    );
    let (_, export) = quick_export(&["exchange", "--alg", "falcon-512"]);
    let formats: Vec<&str> = export["reports"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["format"].as_str().unwrap())
        .collect();
    assert_eq!(
        formats,
        ["VCDM falcon512-rdfc-2024", "VCDM falcon512-jcs-2024"]
    );
}

#[test]
fn alg_with_cryptosuite_is_a_usage_error() {
    let usage = common::canonprof(&[
        "exchange",
        "--alg",
        "p256",
        "--cryptosuite",
        "eddsa-rdfc-2022",
    ]);
    assert_eq!(usage.status.code(), Some(2));
}

/// The three-format table with `--engine both`: only the RDFC-1.0 re-signing suites run twice, and each of
/// their pairs is judged (in whichever order the timings put them: no assertion depends on which leg was faster).
#[test]
fn engine_both_runs_the_rdfc_suites_once_per_expansion_engine() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("all.json");
    let out_arg = out.display().to_string();
    let output = canonprof_quick(&[
        "exchange",
        "--engine",
        "both",
        "--verbose",
        "--export-json",
        &out_arg,
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("RDFC-1.0 expansion engine json-ld and canonprof"),
        "{stdout}"
    );
    let json = read_json(&out);
    let report = &json["reports"][0];
    let names: Vec<&str> = report["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["format"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "SD-JWT VC",
            "mdoc",
            "VCDM eddsa-rdfc-2022",
            "VCDM eddsa-rdfc-2022 (canonprof engine)",
            "VCDM eddsa-jcs-2022",
            "SD-JWT VC",
            "mdoc",
            "VCDM ecdsa-rdfc-2019",
            "VCDM ecdsa-rdfc-2019 (canonprof engine)",
            "VCDM ecdsa-jcs-2019",
            "VCDM ecdsa-sd-2023",
            "VCDM ecdsa-sd-2023 (canonprof engine)",
            "SD-JWT VC",
            "mdoc",
            "VCDM mldsa44-rdfc-2024",
            "VCDM mldsa44-rdfc-2024 (canonprof engine)",
            "VCDM mldsa44-jcs-2024",
            "VCDM bbs-2023",
            "VCDM bbs-2023 (canonprof engine)",
        ]
    );
    let engines = [
        "VCDM eddsa-rdfc-2022",
        "VCDM eddsa-rdfc-2022 (canonprof engine)",
    ];
    let pair = report["ratios"].as_array().unwrap().iter().find(|r| {
        let (slower, faster) = (r["slower"].as_str().unwrap(), r["faster"].as_str().unwrap());
        engines.contains(&slower) && engines.contains(&faster)
    });
    let pair = pair.expect("the two engines' eddsa-rdfc-2022 legs are compared");
    // The table names the engine of every RDFC-1.0 row in a ratio; the first engine's rows carry none in the
    // export.
    let named = |format: &str| match format.ends_with("engine)") {
        true => format.to_string(),
        false => format!("{format} (json-ld engine)"),
    };
    let line = format!(
        "{} / {} = ",
        named(pair["slower"].as_str().unwrap()),
        named(pair["faster"].as_str().unwrap())
    );
    assert!(
        stdout.contains(&line),
        "the table says it: {line} in {stdout}"
    );
}

/// The VCDM table with `--engine both` and span flamegraphs: a second row and graph per RDFC-1.0 suite, named by
/// its engine.
#[test]
fn engine_both_adds_a_vcdm_row_and_graph_per_rdfc_suite() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("vcdm.json");
    let out_arg = out.display().to_string();
    let graphs = dir.path().join("graphs");
    let output = canonprof_quick(&[
        "exchange",
        "--format",
        "vcdm",
        "--engine",
        "both",
        "--cryptosuite",
        "eddsa-rdfc-2022",
        "--cryptosuite",
        "eddsa-jcs-2022",
        "--credential",
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("schemas-education/edu/ob3-basic.json")
            .display()
            .to_string(),
        "--flamegraphs",
        &graphs.display().to_string(),
        "--export-json",
        &out_arg,
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("eddsa-rdfc-2022 (canonprof engine) issue"),
        "{stdout}"
    );
    // The suites and engines took turns run by run, and the header and export say so.
    assert!(
        stdout.contains("suites and operations interleaved run by run (warm-up"),
        "{stdout}"
    );
    let json = read_json(&out);
    assert_eq!(json["format"], "vcdm");
    assert_eq!(json["config"]["interleaved"], true);
    let rows: Vec<(&str, &str, u64)> = json["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["cryptosuite"].as_str().unwrap(),
                r["engine"].as_str().unwrap(),
                r["canonicalizations"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("eddsa-rdfc-2022", "json-ld", 6),
            ("eddsa-rdfc-2022", "canonprof", 6),
            ("eddsa-jcs-2022", "json-ld", 6)
        ]
    );
    for name in [
        "exchange-ob3-basic-eddsa-rdfc-2022.svg",
        "exchange-ob3-basic-eddsa-rdfc-2022.canonprof-engine.svg",
        "exchange-ob3-basic-eddsa-jcs-2022.svg",
    ] {
        assert!(graphs.join(name).exists(), "{name}");
    }
    let native = std::fs::read_to_string(
        graphs.join("exchange-ob3-basic-eddsa-rdfc-2022.canonprof-engine.folded"),
    )
    .unwrap();
    assert!(
        native.contains(";expand"),
        "phase spans nest in the exchange graph"
    );
}

/// ecdsa-sd-2023 runs on the chosen engine like every other suite (its skolemization's term facts come from
/// either engine), and every row names the engine that ran it.
#[test]
fn the_selective_suite_names_the_engine_that_ran_it() {
    let (stdout, export) = quick_export(&[
        "exchange",
        "--format",
        "vcdm",
        "--schema",
        "simple",
        "--engine",
        "canonprof",
        "--cryptosuite",
        "ecdsa-sd-2023",
        "--cryptosuite",
        "eddsa-rdfc-2022",
    ]);
    assert!(
        stdout.contains("RDFC-1.0 expansion engine canonprof, context cache on"),
        "{stdout}"
    );
    let results = export["results"].as_array().unwrap();
    assert_eq!(results.len(), 6, "3 credentials x 2 suites");
    for r in results {
        assert_eq!(r["engine"], "canonprof", "{r}");
    }
    // With both engines, ecdsa-sd-2023 runs once per engine, each row named by it.
    let (_, both) = quick_export(&[
        "exchange",
        "--format",
        "vcdm",
        "--credential",
        &crate::common::data("../../schemas-education/simple/person-20.json")
            .display()
            .to_string(),
        "--engine",
        "both",
        "--cryptosuite",
        "ecdsa-sd-2023",
    ]);
    let engines: Vec<&str> = both["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["engine"].as_str().unwrap())
        .collect();
    assert_eq!(engines, ["json-ld", "canonprof"]);
}

/// The lines of `stdout` that judge a pair of formats against the band (`  ed25519  A / B = 1.23x: …`).
fn ratio_lines(stdout: &str) -> usize {
    stdout
        .lines()
        .filter(|l| l.starts_with("  ed25519 ") && l.contains(" = ") && l.contains("band"))
        .count()
}

/// `exchange` checks the study's claims it has the rows for, as the main job does: each value names its
/// engine and signature backend and says on which side of the 10% band it fell; the claims that need the
/// main job's canonicalization rows say so. The terminal, the Markdown and the JSON all carry them. Only the
/// wording and the counts are asserted, never which timing is larger.
#[test]
fn exchange_prints_the_studys_verdicts_in_the_bands_words() {
    let dir = tempfile::tempdir().unwrap();
    let (json, markdown) = (dir.path().join("x.json"), dir.path().join("x.md"));
    let (json_arg, markdown_arg) = (json.display().to_string(), markdown.display().to_string());
    let output = canonprof_quick(&[
        "exchange",
        "--alg",
        "ed25519",
        "--export-json",
        &json_arg,
        "--export-markdown",
        &markdown_arg,
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("The study's claims, checked on this run\n"),
        "{stdout}"
    );
    assert!(!stdout.contains("outside the band"), "{stdout}");
    let band = |line: &str| {
        line.contains("differs by more than the 10% band")
            || line.contains("within the 10% band (no real difference)")
    };
    for claim in ["slower than mdoc", "slower than SD-JWT VC"] {
        let line = stdout
            .lines()
            .find(|l| l.contains(claim))
            .unwrap_or_else(|| panic!("{claim} in {stdout}"));
        assert!(
            line.contains("(ed25519, json-ld crate's engine, RustCrypto)"),
            "{line}"
        );
        assert!(band(line), "{line}");
    }
    assert!(
        stdout.contains("six times per exchange: HOLDS — measured: 6 per exchange in 2 of 2 VCDM rows (json-ld crate's engine, no JSON-LD engine; RustCrypto)"),
        "{stdout}"
    );
    assert!(stdout.contains(
        "not checked here: canonicalizing an education credential costs 31-49x a simple one — needs the main job's"
    ));
    let export = read_json(&json);
    let claims = export["claims"][0].as_array().unwrap();
    // The study's four the exchange checks, then the three of the question under Ed25519.
    assert_eq!(claims.len(), 4 + 3);
    assert!(claims[4]["claim"]
        .as_str()
        .unwrap()
        .starts_with("with Ed25519, "));
    for claim in claims {
        assert!(
            ["holds", "does not hold"].contains(&claim["verdict"].as_str().unwrap()),
            "{claim}"
        );
        assert!(
            claim["measured"].to_string().contains("RustCrypto"),
            "{claim}"
        );
    }
    let markdown = std::fs::read_to_string(&markdown).unwrap();
    assert!(markdown.contains("### The study's claims, checked on this run"));
    assert_eq!(
        markdown
            .lines()
            .filter(|l| l.starts_with("- ed25519: ") && band(l))
            .count(),
        6,
        "the pairwise ratios stay in the Markdown: {markdown}"
    );
}

/// The pairwise ratios and what "present" does per format: only with `--verbose` in the terminal (one line
/// says where they are otherwise), always in the JSON.
#[test]
fn pairwise_ratios_only_with_verbose() {
    let (stdout, export) = quick_export(&["exchange", "--alg", "ed25519"]);
    assert_eq!(ratio_lines(&stdout), 0, "{stdout}");
    assert!(!stdout.contains("present:"), "{stdout}");
    assert!(
        stdout.contains("the 6 pairwise ratios of exchange totals: with --verbose"),
        "{stdout}"
    );
    assert_eq!(export["reports"][0]["ratios"].as_array().unwrap().len(), 6);
    let (stdout, _) = quick_export(&["exchange", "--alg", "ed25519", "--verbose"]);
    assert_eq!(ratio_lines(&stdout), 6, "{stdout}");
    assert!(
        stdout.contains("ratios of exchange totals (a difference within ±10% is not called real):")
    );
    assert!(stdout.contains(" present:\n  SD-JWT VC "), "{stdout}");
}

/// Writes bundled `simple/<name>.json`, changed by `edit`, to `dir/<file>`; its path.
fn bundled_copy(
    dir: &std::path::Path,
    name: &str,
    file: &str,
    edit: impl FnOnce(&mut serde_json::Value),
) -> String {
    let mut credential = read_json(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("schemas-education/simple/{name}.json")),
    );
    edit(&mut credential);
    let path = dir.join(file);
    std::fs::write(&path, serde_json::to_string_pretty(&credential).unwrap()).unwrap();
    path.display().to_string()
}

/// The main job with `--credential` runs the exchange on the user's credential, named in the header (its
/// attributes disclosed as person-20's: all of them when fewer than 5), and exports it so.
#[test]
fn main_job_exchanges_the_users_credential() {
    let dir = tempfile::tempdir().unwrap();
    let alumni = bundled_copy(dir.path(), "alumni", "yours.json", |_| {});
    let (stdout, export) = quick_export(&[
        "--credential",
        &alumni,
        "--engine",
        "json-ld",
        "--no-flamegraphs",
    ]);
    assert!(
        stdout.contains(
            "SD-JWT VC, mdoc and W3C VCDM on yours.json (1 subject attribute, 1 disclosed: alumniOf)"
        ),
        "{stdout}"
    );
    assert!(!stdout.contains("person-20"), "{stdout}");
    assert_eq!(export["exchange"]["credential"], "yours.json");
    assert_eq!(
        export["exchange"]["disclosed"],
        serde_json::json!(["alumniOf"])
    );
}

/// A file the formats cannot carry skips the exchange with one line saying why; with several files the first
/// that fits is taken, and the line says which were passed over.
#[test]
fn main_job_skips_the_exchange_for_a_credential_it_cannot_carry() {
    let dir = tempfile::tempdir().unwrap();
    let no_subject = bundled_copy(dir.path(), "person-20", "bare.json", |c| {
        c["credentialSubject"] = serde_json::json!({"id": "did:example:subject"});
    });
    let (stdout, export) = quick_export(&[
        "--credential",
        &no_subject,
        "--engine",
        "json-ld",
        "--no-flamegraphs",
    ]);
    assert!(
        stdout.contains(
            "\nexchange: skipped for bare.json: no credentialSubject attributes to disclose\n"
        ),
        "{stdout}"
    );
    assert!(
        !stdout.contains("SD-JWT VC, mdoc and W3C VCDM on"),
        "{stdout}"
    );
    assert!(export["exchange"].is_null(), "{}", export["exchange"]);

    let not_vc = dir.path().join("other.json");
    std::fs::write(
        &not_vc,
        r#"{"@context": {"name": "https://schema.org/name"}, "name": "x"}"#,
    )
    .unwrap();
    let not_vc = not_vc.display().to_string();
    let alumni = bundled_copy(dir.path(), "alumni", "alumni.json", |_| {});
    let (stdout, _) = quick_export(&[
        "--credential",
        &not_vc,
        &alumni,
        "--engine",
        "json-ld",
        "--no-flamegraphs",
    ]);
    assert!(
        stdout.contains("exchange: on alumni.json, the first credential file the formats can carry (other.json: not a W3C VC: its type has no VerifiableCredential)"),
        "{stdout}"
    );
    assert!(stdout.contains("W3C VCDM on alumni.json ("), "{stdout}");
}

/// bbs-2023 in the three-format table: issue, derive (5 of 20) and verify with both engines, and two
/// presentations of the one credential share no run of signature bytes a verifier could link them by, while
/// every other format repeats its issuer's signature (a whole signature: 64 bytes for P-256); the claims weigh
/// bbs-2023 against ecdsa-sd-2023 and say canonicalization's share.
#[test]
fn bbs_2023_presentations_repeat_no_signature_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("bbs.json");
    let out_arg = out.display().to_string();
    let output = canonprof_quick(&[
        "exchange",
        "--alg",
        "p256,bls12-381-g2",
        "--engine",
        "both",
        "--export-json",
        &out_arg,
    ]);
    assert!(output.status.success());
    let stdout = String::from_utf8_lossy(&output.stdout);
    let json = read_json(&out);
    let results = json["reports"][0]["results"].as_array().unwrap();
    let repeated = |format: &str| {
        results
            .iter()
            .find(|r| r["format"] == format)
            .unwrap_or_else(|| panic!("{format} in {stdout}"))["repeated_bytes"]
            .as_u64()
            .unwrap()
    };
    for bbs in ["VCDM bbs-2023", "VCDM bbs-2023 (canonprof engine)"] {
        assert!(repeated(bbs) < 16, "{bbs}: {}", repeated(bbs));
        let row = results.iter().find(|r| r["format"] == bbs).unwrap();
        assert_eq!(row["signatures"], "zkryptium");
        assert_eq!(row["canonicalizations"], 6);
    }
    for linkable in [
        "SD-JWT VC",
        "mdoc",
        "VCDM ecdsa-rdfc-2019",
        "VCDM ecdsa-sd-2023",
    ] {
        assert_eq!(repeated(linkable), 64, "{linkable}");
    }
    let bbs_line = stdout
        .lines()
        .find(|l| l.contains("VCDM bbs-2023 "))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(!bbs_line.contains("linkable"), "{bbs_line}");
    assert!(
        stdout.contains("bbs-2023 is slower than ecdsa-sd-2023 over the exchange")
            && stdout.contains("canonicalization ")
            && stdout.contains("of bbs-2023's exchange"),
        "{stdout}"
    );
    assert!(
        stdout.contains("two presentations of one bbs-2023 credential share no signature bytes (the other formats repeat their issuer's signature): HOLDS"),
        "{stdout}"
    );
}

/// `exchange --format vcdm --cryptosuite bbs-2023`: per operation its steps — canonicalization, HMAC labelling
/// (relabel), grouping, BBS Sign / ProofGen / ProofVerify — in the terminal, the Markdown and the JSON.
#[test]
fn bbs_2023_steps_per_operation() {
    let dir = tempfile::tempdir().unwrap();
    let md = dir.path().join("bbs.md");
    let json = dir.path().join("bbs.json");
    let output = canonprof_quick(&[
        "exchange",
        "--format",
        "vcdm",
        "--cryptosuite",
        "bbs-2023",
        "--export-markdown",
        &md.display().to_string(),
        "--export-json",
        &json.display().to_string(),
    ]);
    assert!(output.status.success());
    let stdout = String::from_utf8_lossy(&output.stdout);
    for (operation, steps) in [
        (
            "issue",
            ["canonicalize_document", "relabel", "group", "bbs_sign"],
        ),
        (
            "present",
            ["canonicalize_document", "relabel", "group", "bbs_proof_gen"],
        ),
        (
            "verify",
            [
                "canonicalize_proof_config",
                "canonicalize_document",
                "relabel",
                "bbs_proof_verify",
            ],
        ),
    ] {
        let line = stdout
            .lines()
            .find(|l| {
                l.trim_start().starts_with("person-20")
                    && l.contains("bbs-2023")
                    && l.contains(&format!(" {operation} "))
                    && l.contains(" · ")
            })
            .unwrap_or_else(|| panic!("{operation} in {stdout}"));
        for step in steps {
            assert!(line.contains(step), "{step} in {line}");
        }
    }
    let markdown = std::fs::read_to_string(&md).unwrap();
    assert!(
        markdown.contains("| person-20 | bbs-2023 | json-ld | present | canonicalize_document "),
        "{markdown}"
    );
    let export = read_json(&json);
    let row = export["results"]
        .as_array()
        .or_else(|| export["report"]["results"].as_array())
        .into_iter()
        .flatten()
        .find(|r| r["credential"] == "person-20")
        .unwrap_or_else(|| panic!("{export}"));
    assert_eq!(row["signatures"], "zkryptium");
    assert_eq!(row["canonicalizations"], 6);
}
