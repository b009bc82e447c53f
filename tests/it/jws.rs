//! The JWS matrix's algorithms: every available one round-trips sign → verify over a JWS Compact Serialization,
//! and a flipped bit in the payload, the header or the signature fails; the RFC 7515 Appendix A examples (HS256,
//! RS256, ES256, ES512) and the RFC 8037 Appendix A.4 Ed25519 example verify (the deterministic HS256 and
//! Ed25519 ones are also reproduced byte for byte); `canonprof jws` writes one CSV row per (algorithm, size).

use crate::common;
use canonprof::error::ErrorKind;
use canonprof::jws::{self, algorithms};
use serde_json::json;

fn flip(token: &str, part: usize) -> String {
    let mut parts: Vec<String> = token.split('.').map(str::to_string).collect();
    let mut bytes = parts[part].clone().into_bytes();
    // Change one base64url character in the middle (never the last, whose low bits may be padding), staying in
    // the alphabet.
    let i = bytes.len() / 2;
    bytes[i] = match bytes[i] {
        b'-' => b'_',
        b'_' => b'-',
        b'9' => b'8',
        b'z' => b'y',
        b'Z' => b'Y',
        c => c + 1, // a digit or a letter: the next one, still base64url
    };
    parts[part] = String::from_utf8(bytes).unwrap();
    parts.join(".")
}

#[test]
fn every_algorithm_round_trips_and_flipped_bits_fail() {
    let payload = jws::payload(1024, 7);
    let mut available = 0;
    for spec in algorithms::ALL.iter() {
        let key = match spec.make(algorithms::DEFAULT_SEED) {
            Ok(key) => key,
            Err(e) => {
                assert_eq!(e.kind(), ErrorKind::Unavailable, "{spec:?}: {e}");
                assert_eq!(
                    spec.name, "GOST R 34.10-2012-256",
                    "only GOST is unavailable"
                );
                continue;
            }
        };
        available += 1;
        let token =
            jws::sign(spec, key.as_ref(), &payload).unwrap_or_else(|e| panic!("{spec:?}: {e}"));
        assert_eq!(
            jws::verify(spec, key.as_ref(), &token).unwrap(),
            payload,
            "{spec:?}"
        );
        for (part, what) in [(0, "header"), (1, "payload"), (2, "signature")] {
            let tampered = flip(&token, part);
            assert_ne!(tampered, token);
            assert!(
                jws::verify(spec, key.as_ref(), &tampered).is_err(),
                "{spec:?}: flipped {what} verified"
            );
        }
    }
    assert_eq!(available, 39);
}

fn verify_published(alg: &str, jwk: serde_json::Value, token: &str) {
    let spec = algorithms::ALL.iter().find(|s| s.alg == alg).unwrap();
    let key = algorithms::from_jwk(&jwk).unwrap();
    jws::verify(spec, key.as_ref(), token).unwrap_or_else(|e| panic!("{alg}: {e}"));
    assert!(
        jws::verify(spec, key.as_ref(), &flip(token, 2)).is_err(),
        "{alg}: tampered"
    );
}

const RFC7515_PAYLOAD: &str = "eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ";

#[test]
fn rfc7515_appendix_a_examples() {
    // A.1 HS256 (the header carries "typ" and CRLF; the signing input is taken as received).
    let a1 = format!("eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9.{RFC7515_PAYLOAD}.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk");
    let k = json!({"kty": "oct", "k": "AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow"});
    verify_published("HS256", k.clone(), &a1);
    let hmac = algorithms::from_jwk(&k).unwrap();
    let input = &a1[..a1.rfind('.').unwrap()];
    let tag = hmac.sign(input.as_bytes()).unwrap();
    use base64ct::{Base64UrlUnpadded, Encoding};
    assert_eq!(
        Base64UrlUnpadded::encode_string(&tag),
        "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    );
    // A.2 RS256.
    let n = "ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4QlL-yRT-SFd2lZS-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FRWyuXpoQ";
    let a2 = format!("eyJhbGciOiJSUzI1NiJ9.{RFC7515_PAYLOAD}.cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh-0Qc_lF5YKt_O8W2Fp5jujGbds9uJdbF9CUAr7t1dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkSjtQBMHlb1L07Qe7K0GarZRmB_eSN9383LcOLn6_dO--xi12jzDwusC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnvWh6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp0igcN_IoypGlUPQGe77Rw");
    verify_published("RS256", json!({"kty": "RSA", "n": n, "e": "AQAB"}), &a2);
    // A.3 ES256.
    let a3 = format!("eyJhbGciOiJFUzI1NiJ9.{RFC7515_PAYLOAD}.DtEhU3ljbEg8L38VWAfUAqOyKAM6-Xx-F4GawxaepmXFCgfTjDxw5djxLa8ISlSApmWQxfKTUJqPP3-Kg6NU1Q");
    verify_published(
        "ES256",
        json!({"kty": "EC", "crv": "P-256", "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU", "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}),
        &a3,
    );
    // A.4 ES512 (payload "Payload").
    let a4 = "eyJhbGciOiJFUzUxMiJ9.UGF5bG9hZA.AdwMgeerwtHoh-l192l60hp9wAHZFVJbLfD_UxMi70cwnZOYaRI1bKPWROc-mZZqwqT2SI-KGDKB34XO0aw_7XdtAG8GaSwFKdCAPZgoXD2YBJZCPEX3xKpRwcdOO8KpEHwJjyqOgzDO7iKvU8vcnwNrmxYbSW9ERBXukOXolLzeO_Jn";
    verify_published(
        "ES512",
        json!({"kty": "EC", "crv": "P-521",
               "x": "AekpBQ8ST8a8VcfVOTNl353vSrDCLLJXmPk06wTjxrrjcBpXp5EOnYG_NjFZ6OvLFV1jSfS9tsz4qUxcWceqwQGk",
               "y": "ADSmRA43Z1DSNx_RvcLI87cdL07l6jQyyBXMoxVg_l2Th-x3S1WDhjDly79ajL4Kkd0AZMaZmh9ubmf63e3kyMj2"}),
        a4,
    );
}

#[test]
fn rfc8037_ed25519_example_verifies_and_reproduces() {
    let token = "eyJhbGciOiJFZERTQSJ9.RXhhbXBsZSBvZiBFZDI1NTE5IHNpZ25pbmc.hgyY0il_MGCjP0JzlnLWG1PPOt7-09PGcvMg3AIbQR6dWbhijcNR4ki4iylGjg5BhVsPt9g7sVvpAr_MuM0KAg";
    let x = "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo";
    verify_published(
        "EdDSA",
        json!({"kty": "OKP", "crv": "Ed25519", "x": x}),
        token,
    );
    let key = algorithms::from_jwk(&json!({"kty": "OKP", "crv": "Ed25519", "x": x, "d": "nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A"})).unwrap();
    let spec = algorithms::ALL
        .iter()
        .find(|s| s.name == "Ed25519")
        .unwrap();
    assert_eq!(
        jws::sign(spec, key.as_ref(), b"Example of Ed25519 signing").unwrap(),
        token
    );
}

/// The matrix's XMSS (purecrypto, which keeps its Merkle tree between signatures) makes RFC 8391 signatures that
/// RustCrypto's xmss crate verifies under the RFC 8391 public key, signature after signature (each uses the
/// next leaf); a flipped bit does not verify.
#[test]
fn xmss_signatures_verify_with_another_implementation() {
    use xmss_signature::Verifier;
    let spec = algorithms::ALL
        .iter()
        .find(|s| s.name == "XMSS-SHA2_10_256")
        .unwrap();
    let key = spec.make(algorithms::DEFAULT_SEED).unwrap();
    let public = algorithms::xmss_public_key(algorithms::DEFAULT_SEED);
    assert_eq!(public.len(), 68);
    let oracle = xmss::VerifyingKey::<xmss::XmssSha2_10_256>::try_from(&public[..]).unwrap();
    for i in 0..3u8 {
        let message = [b'm', i];
        let signature = key.sign(&message).unwrap();
        let parsed =
            xmss::DetachedSignature::<xmss::XmssSha2_10_256>::try_from(signature.clone()).unwrap();
        assert!(
            Verifier::verify(&oracle, &message, &parsed).is_ok(),
            "signature {i}"
        );
        assert!(Verifier::verify(&oracle, b"other", &parsed).is_err());
        let mut tampered = signature;
        tampered[100] ^= 1;
        let tampered =
            xmss::DetachedSignature::<xmss::XmssSha2_10_256>::try_from(tampered).unwrap();
        assert!(
            Verifier::verify(&oracle, &message, &tampered).is_err(),
            "tampered {i}"
        );
    }
}

#[test]
fn the_bundled_rsa_keys_are_the_default_seeds() {
    use rsa::pkcs8::EncodePrivateKey;
    // RSA-4096 takes about a second to generate; the 8192-bit key is made the same way (keys/jws/README.md).
    let generated = algorithms::generate_rsa_key(4096, algorithms::DEFAULT_SEED).unwrap();
    let bundled = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/keys/jws/rsa-4096-seed-2026.der"
    ))
    .unwrap();
    assert_eq!(generated.to_pkcs8_der().unwrap().as_bytes(), &bundled[..]);
}

#[test]
fn cli_writes_one_csv_row_per_algorithm_and_size() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("jws.csv").display().to_string();
    let chart = dir.path().join("jws.svg").display().to_string();
    let output = common::canonprof_ok(&[
        "jws",
        "--alg",
        "ES256",
        "--alg",
        "ML-DSA-44",
        "--alg",
        "HS256",
        "--alg",
        "GOST R 34.10-2012-256",
        "--sizes",
        "1KiB,5KiB",
        "--warmup",
        "0",
        "--measurements",
        "2",
        "--export-csv",
        &csv,
        "--chart",
        &chart,
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    for needle in [
        "KTY",
        "ALG",
        "SIGN",
        "VER",
        "CPU-S",
        "MEM-V",
        "ML-DSA-44",
        "TOTAL",
        "unavailable: GOST",
    ] {
        assert!(stdout.contains(needle), "{needle} in {stdout}");
    }
    let rows = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(
        rows.lines().count(),
        1 + 3 * 2,
        "header + 3 algorithms x 2 sizes:\n{rows}"
    );
    assert!(rows.contains("\nP-256,ECDSA,EC,ES256,1024,2,"), "{rows}");
    let heap: u64 = rows
        .lines()
        .nth(1)
        .unwrap()
        .split(',')
        .nth(16)
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        heap > 1024,
        "the counting allocator saw the 1 KiB payload's token built: {heap}"
    );
    let svg = std::fs::read_to_string(&chart).unwrap();
    assert!(svg.contains("<svg") && svg.contains("ML-DSA") && svg.contains("verify"));
}

#[test]
fn cli_refuses_a_payload_size_over_64_mib() {
    let bad = common::canonprof(&["jws", "--sizes", "1GiB"]);
    assert_eq!(bad.status.code(), Some(2));
}
