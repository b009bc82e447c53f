//! The files of an attack on `canonprof verify` (`tests/data/hostile/`): each kind of fault, several inputs each,
//! through the command as a user runs it. None may verify; the untampered control does.

use crate::common::{canonprof, data};

const AT: &str = "--at=2025-06-01T00:00:00Z";

/// (folder, files, extra arguments): every file must be NOT VERIFIED, exit status 1.
const REFUSED: &[(&str, &[&str], &[&str])] = &[
    // A --key matched only as the one given does not make the kid's DID the signer.
    (
        "01-binding-only-key-any-kid",
        &[
            "kidB-signedA.jwt",
            "kidBank-signedA.jwt",
            "bind-vmB.json",
            "bind-kidB.sdjwt",
        ],
        &["--key", "A.kid.jwk", "--issuer-binding", "strict"],
    ),
    // No usable issuer under strict binding.
    (
        "02-strict-binding-di-no-issuer",
        &[
            "issuer-array.json",
            "issuer-number.json",
            "issuer-obj-noid.json",
            "noissuer.json",
        ],
        &["--issuer-binding", "strict"],
    ),
    (
        "02-strict-binding-di-no-issuer",
        &["jws-json-noissuer.json"],
        &["--key", "A.pub.jwk"],
    ),
    // crit: unknown or malformed extensions, b64 outside crit, crit unprotected.
    (
        "03-jwt-crit-ignored",
        &[
            "b64false.jwt",
            "crit-exp.jwt",
            "crit-unknown.jwt",
            "crit.sdjwt",
        ],
        &[],
    ),
    (
        "03-jwt-crit-ignored",
        &["b64false-nocrit.json", "crit-unprotected.json"],
        &["--key", "A.pub.jwk"],
    ),
    // A presentation's credentials must each be secured.
    (
        "04-vp-unsigned-credential",
        &["vp-enveloped.json", "vp-unsigned-vc.json"],
        &["--challenge", "c1", "--domain", "d1"],
    ),
    // --nonce / --aud without a Key Binding JWT.
    (
        "06-sdjwt-nonce-given-no-kb",
        &["cnf-nokb.sdjwt"],
        &["--nonce", "n1", "--aud", "v1"],
    ),
    // An end-entity certificate issuing another in x5c.
    (
        "07-x5c-end-entity-as-ca",
        &["evil-chain.jwt", "evil-chain.sdjwt"],
        &["--trust-anchor", "root.pem"],
    ),
    // The 65th credential of a presentation, the 65th endorsement under --nested strict.
    (
        "11-nested-over-64-unchecked",
        &["vp-65th-forged.json"],
        &["--challenge", "c1", "--domain", "d1"],
    ),
    (
        "11-nested-over-64-unchecked",
        &["cred-65th-forged-endorsement.json"],
        &["--nested", "strict"],
    ),
    // Legacy detached JWS headers: repeated keys, unknown crit, a 20 kB alg.
    (
        "12-legacy-jws-header-lenient",
        &[
            "crit-unknown.json",
            "dup-alg.json",
            "dup-b64.json",
            "long-alg.json",
        ],
        &[],
    ),
    // SD-JWT VC claims disclosed that must be in the clear.
    (
        "13-sdjwt-vc-reserved-claims-disclosable",
        &["iss-disclosed.sdjwt"],
        &[],
    ),
    (
        "13-sdjwt-vc-reserved-claims-disclosable",
        &["cnf-withheld.sdjwt"],
        &["--nonce", "n", "--aud", "a"],
    ),
    // A credential typed as a presentation too.
    (
        "14-vc-typed-as-vp-bypasses-strict",
        &["vc-typed-vp-strict.json"],
        &["--issuer-binding", "strict"],
    ),
    ("16-sdjwt-typ-vct-not-checked", &["typ-kb.sdjwt"], &[]),
    (
        "17-vcjwt-issuancedate-ignored",
        &["vcjwt-bad-issuance.jwt", "vcjwt-future-issuance.jwt"],
        &[],
    ),
    // Another key's did:key fragment, no issuer, previousProof and challenge of the wrong type.
    (
        "19-minor-decoder-leniency",
        &[
            "didkey-frag-other.json",
            "didkey-fragment-other.jwt",
            "issuer-number.jwt",
            "prev-nonstring.json",
            "type-challenge.json",
        ],
        &[],
    ),
    // A second attack, after the first one's fixes: a presentation inside a presentation, a DID document's
    // verification relationships, crit / b64 in SD-JWT and Key Binding JWT headers, a foreign DID document,
    // proofs inside a JOSE payload under --nested strict, did:jwk leniency, SD-JWT typ and a nested _sd_alg.
    (
        "2-01-vp-inside-vp-unsigned-credential",
        &[
            "v-vp-in-vp.json",
            "v-vp-in-vp-enveloped.json",
            "v-vp-in-vp-jwtstring.json",
        ],
        &["--challenge", "c1", "--domain", "d1", "--nested", "strict"],
    ),
    (
        "2-02-did-document-relationship-ignored",
        &["w-k1-assertion.json"],
        &["--key", "diddoc.json"],
    ),
    (
        "2-03-kbjwt-crit-and-b64-ignored",
        &["kb-crit.sdjwt", "kb-b64false.sdjwt"],
        &["--nonce", "n1", "--aud", "v1"],
    ),
    (
        "2-03-kbjwt-crit-and-b64-ignored",
        &["sd-b64false-nocrit.sdjwt"],
        &[],
    ),
    (
        "2-04-foreign-did-document-binds-issuer",
        &["w-foreign.json"],
        &["--key", "diddoc-foreign.json", "--issuer-binding", "strict"],
    ),
    (
        "2-05-jose-payload-proof-ignored-still",
        &["jose-with-bad-proof.jwt", "jose-with-nested.jwt"],
        &["--nested", "strict"],
    ),
    (
        "2-05-jose-payload-proof-ignored-still",
        &["embedded-proof.json"],
        &["--key", "A.pub.jwk", "--nested", "strict"],
    ),
    (
        "2-07-didjwk-lenient",
        &[
            "dj-frag1.jwt",
            "dj-di-frag1.json",
            "dj-algmismatch.jwt",
            "dj-use-enc.jwt",
            "dj-x5c.jwt",
        ],
        &[],
    ),
    (
        "2-08-sdjwt-typ-and-nested-sdalg",
        &["sd-typ-jwt.sdjwt", "sd-alg-nested.sdjwt"],
        &[],
    ),
];

fn run(folder: &str, files: &[&str], extra: &[&str], at: &str) -> (Option<i32>, String) {
    let dir = data(&format!("hostile/{folder}"));
    let paths: Vec<String> = files
        .iter()
        .map(|f| dir.join(f).display().to_string())
        .collect();
    let extra: Vec<String> = extra
        .iter()
        .map(|a| {
            if dir.join(a).exists() {
                dir.join(a).display().to_string()
            } else {
                a.to_string()
            }
        })
        .collect();
    let mut args = vec!["verify", at];
    args.extend(paths.iter().map(String::as_str));
    args.extend(extra.iter().map(String::as_str));
    let out = canonprof(&args);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn no_hostile_file_verifies() {
    for (folder, files, extra) in REFUSED {
        let (code, stdout) = run(folder, files, extra, AT);
        assert_eq!(code, Some(1), "{folder}: {stdout}");
        for file in *files {
            let verdict = stdout
                .lines()
                .find(|l| l.contains(&format!("/{file}: ")))
                .unwrap_or_else(|| panic!("{folder}/{file}: no verdict line in {stdout}"));
            assert!(
                verdict.contains(": NOT VERIFIED"),
                "{folder}/{file}: {verdict}"
            );
        }
        // Every line stays short: values quoted from a file are cut.
        assert!(
            stdout.lines().all(|l| l.len() < 2000),
            "{folder}: a long line"
        );
    }
    // The two-document DeviceResponse (a good document, then a tampered one), with its IACA.
    let iaca = data("interop/canonprof/mdoc-es256.iaca.pem")
        .display()
        .to_string();
    let (code, stdout) = run(
        "08-mdoc-second-document-ignored",
        &["two-docs.cbor"],
        &["--trust-anchor", &iaca],
        "--at=2026-06-01T00:00:00Z",
    );
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("holds 2 documents"), "{stdout}");
    // The untampered control verifies.
    let (code, stdout) = run("12-legacy-jws-header-lenient", &["ok.json"], &[], AT);
    assert_eq!(code, Some(0), "{stdout}");
}
