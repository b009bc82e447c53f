//! The VCDM exchange: every suite issues, presents (5 of 20 attributes, re-signed, or derived with ecdsa-sd-2023)
//! and verifies; each operation canonicalizes twice (as counted by the operation), six times per exchange.

use crate::common;
use crate::common::canonprof_quick;

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
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let results = json["results"].as_array().unwrap();
    assert_eq!(
        results.len(),
        3 * 5,
        "3 simple credentials x 5 cryptosuites"
    );
    for r in results {
        assert_eq!(r["canonicalizations"], 6, "{}", r["cryptosuite"]);
        let ops: Vec<&str> = r["operations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["operation"].as_str().unwrap())
            .collect();
        assert_eq!(ops, ["issue", "present", "verify"]);
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
    use canonprof::exchange::vcdm::disclose;
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
    }
}

/// A credential the exchange cannot run names the file and the reason, for every suite kind.
#[test]
fn exchange_errors_name_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            r#"{"@context":["https://www.w3.org/ns/credentials/v2"],"type":["VerifiableCredential"],"issuer":"did:example:1"}"#,
            "eddsa-rdfc-2022",
            "no credentialSubject",
        ),
        (
            r#"{"@context":["https://www.w3.org/ns/credentials/v2"],"type":["VerifiableCredential"],"issuer":"did:example:1","credentialSubject":{"name":"x","nick":"y"}}"#,
            "ecdsa-sd-2023",
            "term `nick` is not defined",
        ),
    ];
    for (i, (text, suite, reason)) in cases.into_iter().enumerate() {
        let path = dir.path().join(format!("bad-{i}.json"));
        std::fs::write(&path, text).unwrap();
        let path_arg = path.display().to_string();
        let output = common::canonprof(&[
            "exchange",
            "--format",
            "vcdm",
            "--credential",
            &path_arg,
            "--cryptosuite",
            suite,
            "--iterations",
            "1",
            "--runs",
            "1",
            "--warmup",
            "0",
        ]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{stderr}");
        assert!(
            stderr.contains(&path_arg) && stderr.contains(reason),
            "{stderr}"
        );
    }
}

/// The three-format table: SD-JWT VC, mdoc and the VCDM suites of each algorithm, the same 5 of person-20's 20
/// attributes, canonicalizations only where Data Integrity canonicalizes, mdoc's certificate chain apart, and
/// every pair judged against the 10% band; the JSON export carries it all.
#[test]
fn three_format_table_per_algorithm() {
    let dir = tempfile::tempdir().unwrap();
    for (alg, formats) in [
        (
            "ed25519",
            &[
                "SD-JWT VC",
                "mdoc",
                "VCDM eddsa-rdfc-2022",
                "VCDM eddsa-jcs-2022",
            ][..],
        ),
        (
            "p256",
            &[
                "SD-JWT VC",
                "mdoc",
                "VCDM ecdsa-rdfc-2019",
                "VCDM ecdsa-jcs-2019",
                "VCDM ecdsa-sd-2023",
            ][..],
        ),
    ] {
        let out = dir.path().join(format!("{alg}.json"));
        let out_arg = out.display().to_string();
        let output = canonprof_quick(&["exchange", "--alg", alg, "--export-json", &out_arg]);
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            stdout.contains("person-20 (20 subject attributes, 5 disclosed")
                && stdout.contains("band"),
            "{stdout}"
        );
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
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
            assert_eq!(r["certificate_chain_us"].is_number(), r["format"] == "mdoc");
            let ops: Vec<&str> = r["operations"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| o["operation"].as_str().unwrap())
                .collect();
            assert_eq!(ops, ["issue", "present", "verify"]);
        }
        let pairs = formats.len() * (formats.len() - 1) / 2;
        let ratios = report["ratios"].as_array().unwrap();
        assert_eq!(ratios.len(), pairs);
        for r in ratios {
            let ratio = r["ratio"].as_f64().unwrap();
            assert!(ratio >= 1.0);
            assert_eq!(r["within_band"], ratio <= 1.1);
        }
    }
    let usage = common::canonprof(&[
        "exchange",
        "--alg",
        "p256",
        "--cryptosuite",
        "eddsa-rdfc-2022",
    ]);
    assert_eq!(usage.status.code(), Some(2));
}

#[test]
fn engine_both_runs_the_rdfc_suites_once_per_expansion_engine() {
    let dir = tempfile::tempdir().unwrap();
    // The three-format table: only the RDFC-1.0 re-signing suites run twice.
    let out = dir.path().join("all.json");
    let out_arg = out.display().to_string();
    let output = canonprof_quick(&["exchange", "--engine", "both", "--export-json", &out_arg]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("RDFC-1.0 expansion engine json-ld and canonprof"),
        "{stdout}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let names: Vec<&str> = json["reports"][0]["results"]
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
        ]
    );
    assert!(stdout.contains("VCDM eddsa-rdfc-2022 / VCDM eddsa-rdfc-2022 (canonprof engine)"));

    // The VCDM table, with span flamegraphs: a second row and graph per RDFC-1.0 suite, named by its engine.
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
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
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
