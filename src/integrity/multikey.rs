//! Multikey decoding (W3C Controller Documents §2.2.2 Multikey: multibase base58btc `z…` of a multicodec-prefixed
//! key) for Ed25519 (`ed25519-pub` 0xed, `ed25519-priv` 0x1300), P-256 (`p256-pub` 0x1200 compressed,
//! `p256-priv` 0x1306) and P-384 (`p384-pub` 0x1201, `p384-priv` 0x1307); the post-quantum public keys as
//! Quantum-Safe Cryptosuites v0.3 §2.1.1 encodes them, multibase base64url-no-pad `u…` of ML-DSA-44 (0x1210),
//! SLH-DSA-SHA2-128s (0x1220) or FALCON-512 (0x122c, preliminary) and the raw key of exactly its size; and
//! `did:key` verification methods that embed a public key.

use crate::error::{Error, Result};
use crate::keys::{PublicKey, SecretKey, SignatureAlgorithm};

const ED25519_PUB: [u8; 2] = [0xed, 0x01];
const ED25519_PRIV: [u8; 2] = [0x80, 0x26];
/// Multicodec prefix of a compressed P-256 public key (`p256-pub`, varint 0x1200).
pub const P256_PUB: [u8; 2] = [0x80, 0x24];
const P256_PRIV: [u8; 2] = [0x86, 0x26];
const P384_PUB: [u8; 2] = [0x81, 0x24];
const P384_PRIV: [u8; 2] = [0x87, 0x26];
/// Multicodec prefix of a BLS12-381 G2 public key (`bls12_381-g2-pub`, varint 0xeb; the Multikey of Data
/// Integrity BBS Cryptosuites v1.0: `zUC7…`).
pub const BLS12_381_G2_PUB: [u8; 2] = [0xeb, 0x01];
/// Multicodec prefix of an ML-DSA-44 public key (varint 0x1210; Quantum-Safe Cryptosuites v0.3 §2.1.1).
const ML_DSA_44_PUB: [u8; 2] = [0x90, 0x24];
/// SLH-DSA-SHA2-128s (varint 0x1220).
const SLH_DSA_128S_PUB: [u8; 2] = [0xa0, 0x24];
/// FALCON-512 (varint 0x122c; preliminary, not registered with multicodec).
const FALCON_512_PUB: [u8; 2] = [0xac, 0x24];
/// The post-quantum public keys canonprof reads, by multicodec prefix.
const POST_QUANTUM_PUB: [([u8; 2], SignatureAlgorithm); 3] = [
    (ML_DSA_44_PUB, SignatureAlgorithm::MlDsa44),
    (SLH_DSA_128S_PUB, SignatureAlgorithm::SlhDsaSha2_128s),
    (FALCON_512_PUB, SignatureAlgorithm::Falcon512),
];
/// The report's other parameter sets, which canonprof names but does not take: ML-DSA-65 (0x1211), ML-DSA-87
/// (0x1212), SLH-DSA-SHA2-192s (0x1224), SLH-DSA-SHA2-256s (0x1228), SQIsign-I (0x122e).
const OTHER_POST_QUANTUM_PUB: [([u8; 2], &str); 5] = [
    ([0x91, 0x24], "ML-DSA-65"),
    ([0x92, 0x24], "ML-DSA-87"),
    ([0xa4, 0x24], "SLH-DSA-SHA2-192s"),
    ([0xa8, 0x24], "SLH-DSA-SHA2-256s"),
    ([0xae, 0x24], "SQIsign-I"),
];
/// The longest post-quantum Multikey public key: the prefix and an ML-DSA-44 key (1,312 bytes).
const MAX_POST_QUANTUM_MULTIKEY_BYTES: usize = 2 + 1312;

/// The most bytes [`decode_base58btc`] decodes: above the longest base58btc value of the suites and keys it
/// serves (a P-384 signature, 96 bytes), so that no base58btc text longer than 175 characters is decoded.
const MAX_BASE58_BYTES: usize = 128;

/// The longest base58btc Multikey public key: the 2-byte multicodec prefix and a compressed BLS12-381 G2 point
/// (96 bytes).
const MAX_PUBLIC_MULTIKEY_BYTES: usize = 2 + 96;
/// The longest Multikey secret key: the 2-byte multicodec prefix and a P-384 scalar (48 bytes).
const MAX_SECRET_MULTIKEY_BYTES: usize = 2 + 48;

/// The most base58btc characters `bytes` bytes encode to: ⌈bytes · 8 / log2 58⌉ ≤ ⌈bytes · 1.366⌉ (a leading
/// zero byte is one `1`, fewer characters than that).
const fn base58_max_chars(bytes: usize) -> usize {
    (bytes * 1366).div_ceil(1000)
}

/// Decodes a multibase base58btc string (`z` prefix) of at most `MAX_BASE58_BYTES` bytes. Errors:
/// [`ErrorKind::Key`](crate::ErrorKind::Key) (a proof value's decoder re-kinds it as a proof error).
pub fn decode_base58btc(multibase: &str) -> Result<Vec<u8>> {
    decode_base58btc_at_most(multibase, MAX_BASE58_BYTES, "base58btc value")
}

/// Decodes a multibase base58btc string (`z` prefix) that `what` (e.g. "Ed25519 signature") allows to hold at
/// most `max_bytes` bytes. Text longer than those bytes can encode is refused before decoding: base58 decoding
/// takes time quadratic in the length, so only short text may reach it. Errors: as [`decode_base58btc`].
pub fn decode_base58btc_at_most(multibase: &str, max_bytes: usize, what: &str) -> Result<Vec<u8>> {
    let encoded = multibase.strip_prefix('z').ok_or_else(|| {
        Error::key(format!(
            "`{}` is not multibase base58btc (no `z` prefix)",
            crate::error::excerpt(multibase)
        ))
    })?;
    decode_base58(multibase, encoded, max_bytes, what)
}

/// [`decode_base58btc_at_most`] of plain base58btc text, without the multibase prefix (`publicKeyBase58`).
pub fn decode_base58_at_most(base58: &str, max_bytes: usize, what: &str) -> Result<Vec<u8>> {
    decode_base58(base58, base58, max_bytes, what)
}

/// Decodes `encoded`, the base58btc part of `text` (named in messages), refusing more than `max_bytes` by its
/// length first.
fn decode_base58(text: &str, encoded: &str, max_bytes: usize, what: &str) -> Result<Vec<u8>> {
    let max_chars = base58_max_chars(max_bytes);
    if encoded.len() > max_chars {
        return Err(Error::key(format!(
            "`{}` is too long for a {what}: {} base58btc characters, at most {max_chars} ({max_bytes} bytes)",
            crate::error::excerpt(text),
            encoded.len()
        )));
    }
    let bytes = bs58::decode(encoded).into_vec().map_err(|e| {
        Error::key(format!(
            "`{}` is not base58btc: {e}",
            crate::error::excerpt(text)
        ))
    })?;
    if bytes.len() > max_bytes {
        return Err(Error::key(format!(
            "`{}` is too long for a {what}: {} bytes, at most {max_bytes}",
            crate::error::excerpt(text),
            bytes.len()
        )));
    }
    Ok(bytes)
}

/// Encodes bytes as multibase base58btc (`z…`).
pub fn encode_base58btc(bytes: &[u8]) -> String {
    format!("z{}", bs58::encode(bytes).into_string())
}

/// Encodes bytes as multibase base64url without padding (`u…`, RFC 4648 §5).
pub fn encode_base64url(bytes: &[u8]) -> String {
    use base64ct::{Base64UrlUnpadded, Encoding};
    format!("u{}", Base64UrlUnpadded::encode_string(bytes))
}

/// Decodes a multibase base64url-no-pad string (`u` prefix) that `what` allows to hold at most `max_bytes`
/// bytes: text longer than that is refused by its length before decoding; padding, characters outside the
/// base64url alphabet and non-zero trailing bits are refused (RFC 4648 §3.5: one encoding per value). Errors:
/// [`ErrorKind::Key`](crate::ErrorKind::Key), naming a `z…` value as the base58btc it is.
pub fn decode_base64url_at_most(multibase: &str, max_bytes: usize, what: &str) -> Result<Vec<u8>> {
    use base64ct::{Base64UrlUnpadded, Encoding};
    let Some(encoded) = multibase.strip_prefix('u') else {
        let found = if multibase.starts_with('z') {
            "multibase base58btc (`z…`)"
        } else {
            "not multibase base64url-no-pad (no `u` prefix)"
        };
        return Err(Error::key(format!(
            "`{}` is {found}; a {what} is base64url-no-pad (`u…`)",
            crate::error::excerpt(multibase)
        )));
    };
    let max_chars = (max_bytes * 4).div_ceil(3);
    if encoded.len() > max_chars {
        return Err(Error::key(format!(
            "`{}` is too long for a {what}: {} base64url characters, at most {max_chars} ({max_bytes} bytes)",
            crate::error::excerpt(multibase),
            encoded.len()
        )));
    }
    Base64UrlUnpadded::decode_vec(encoded).map_err(|_| {
        Error::key(format!(
            "`{}` is not base64url without padding (RFC 4648 §5)",
            crate::error::excerpt(multibase)
        ))
    })
}

/// A post-quantum public key from its `u…` Multikey (Quantum-Safe Cryptosuites v0.3 §2.1.1): the multicodec
/// prefix of ML-DSA-44, SLH-DSA-SHA2-128s or FALCON-512 and the raw key of exactly that algorithm's size.
fn post_quantum_public_key(multibase: &str) -> Result<PublicKey> {
    // The prefix first (the first 4 characters are 3 bytes), so that another parameter set's key is named as
    // such whatever its length.
    let head = multibase
        .get(1..5)
        .and_then(|h| decode_base64url_at_most(&format!("u{h}"), 3, "Multikey prefix").ok());
    if let Some((_, name)) = OTHER_POST_QUANTUM_PUB
        .iter()
        .find(|(prefix, _)| head.as_ref().is_some_and(|h| h.starts_with(prefix)))
    {
        return Err(Error::key(format!(
            "`{}` is an {name} Multikey, which canonprof does not support (ML-DSA-44, SLH-DSA-SHA2-128s and FALCON-512 are)",
            crate::error::excerpt(multibase)
        )));
    }
    let bytes = decode_base64url_at_most(
        multibase,
        MAX_POST_QUANTUM_MULTIKEY_BYTES,
        "post-quantum Multikey public key",
    )?;
    for (prefix, algorithm) in POST_QUANTUM_PUB {
        if let Some(key) = bytes.strip_prefix(&prefix) {
            return PublicKey::from_bytes(algorithm, key).map_err(|e| {
                Error::key(format!(
                    "`{}` is not a valid {} Multikey (multicodec 0x{:02x}{:02x}): {}",
                    crate::error::excerpt(multibase),
                    algorithm.name(),
                    prefix[0],
                    prefix[1],
                    e.reason()
                ))
            });
        }
    }
    Err(Error::key(format!(
        "`{}` is not an ML-DSA-44, SLH-DSA-SHA2-128s or FALCON-512 Multikey (base64url Multikeys here are post-quantum)",
        crate::error::excerpt(multibase)
    )))
}

/// A public key from its Multikey `publicKeyMultibase` (Ed25519 `z6Mk…`, P-256 `zDn…`, P-384 `z82…`, BLS12-381
/// G2 `zUC7…`; ML-DSA-44
/// `ukCR…`, SLH-DSA-SHA2-128s `uoCR…`, FALCON-512 `urCQ…`).
pub fn public_key(multibase: &str) -> Result<PublicKey> {
    if multibase.starts_with('u') {
        return post_quantum_public_key(multibase);
    }
    let bytes =
        decode_base58btc_at_most(multibase, MAX_PUBLIC_MULTIKEY_BYTES, "Multikey public key")?;
    let prefixes = [
        (ED25519_PUB, SignatureAlgorithm::Ed25519),
        (P256_PUB, SignatureAlgorithm::P256),
        (P384_PUB, SignatureAlgorithm::P384),
        (BLS12_381_G2_PUB, SignatureAlgorithm::Bls12381G2),
    ];
    for (prefix, algorithm) in prefixes {
        if let Some(key) = bytes.strip_prefix(&prefix) {
            return PublicKey::from_bytes(algorithm, key).map_err(|e| {
                Error::key(format!(
                    "`{}` is not a valid public key: {}",
                    crate::error::excerpt(multibase),
                    e.reason()
                ))
            });
        }
    }
    Err(Error::key(format!(
        "`{}` is not an Ed25519, P-256, P-384 or BLS12-381 G2 Multikey",
        crate::error::excerpt(multibase)
    )))
}

/// The Multikey `publicKeyMultibase` of a public key (Controller Documents §2.2.2): base58btc of the
/// multicodec prefix and the key (Ed25519 32 bytes, `z6Mk…`; P-256 / P-384 SEC1 compressed, `zDn…` / `z82…`);
/// for a post-quantum key, base64url-no-pad of its prefix and raw key (Quantum-Safe Cryptosuites v0.3 §2.1.1).
pub fn public_key_multibase(key: &PublicKey) -> String {
    if let Some((prefix, _)) = POST_QUANTUM_PUB
        .iter()
        .find(|(_, algorithm)| *algorithm == key.algorithm())
    {
        let mut bytes = prefix.to_vec();
        bytes.extend_from_slice(&key.to_bytes(true));
        return encode_base64url(&bytes);
    }
    let prefix = match key.algorithm() {
        SignatureAlgorithm::Ed25519 => ED25519_PUB,
        SignatureAlgorithm::P256 => P256_PUB,
        SignatureAlgorithm::Bls12381G2 => BLS12_381_G2_PUB,
        _ => P384_PUB,
    };
    let mut bytes = prefix.to_vec();
    bytes.extend_from_slice(&key.to_bytes(true));
    encode_base58btc(&bytes)
}

/// The `did:key` of a public key and its verification method id (did:key Method §3.1.1): (`did:key:z…`,
/// `did:key:z…#z…`; `u…` for a post-quantum key, as the report's vectors write them), which
/// [`did_key_public_key`] resolves back offline.
pub fn did_key(key: &PublicKey) -> (String, String) {
    let multibase = public_key_multibase(key);
    let did = format!("did:key:{multibase}");
    let method = format!("{did}#{multibase}");
    (did, method)
}

/// A signing key from its Multikey `secretKeyMultibase` / `privateKeyMultibase`.
pub fn secret_key(multibase: &str) -> Result<SecretKey> {
    let bytes =
        decode_base58btc_at_most(multibase, MAX_SECRET_MULTIKEY_BYTES, "Multikey secret key")?;
    let prefixes = [
        (ED25519_PRIV, SignatureAlgorithm::Ed25519),
        (P256_PRIV, SignatureAlgorithm::P256),
        (P384_PRIV, SignatureAlgorithm::P384),
    ];
    for (prefix, algorithm) in prefixes {
        if let Some(key) = bytes.strip_prefix(&prefix) {
            return SecretKey::from_bytes(algorithm, key).map_err(|e| {
                Error::key(format!(
                    "`{}` is not a valid secret key: {}",
                    crate::error::excerpt(multibase),
                    e.reason()
                ))
            });
        }
    }
    Err(Error::key(format!(
        "`{}` is not an Ed25519, P-256 or P-384 secret Multikey",
        crate::error::excerpt(multibase)
    )))
}

/// The key a proof is verified with: `given` (a `--key`, or the caller's), else the proof's `verificationMethod`
/// resolved as a `did:key`. Errors: as [`did_key_public_key`].
pub fn proof_key(
    given: Option<&PublicKey>,
    proof: &serde_json::Map<String, serde_json::Value>,
) -> Result<PublicKey> {
    match given {
        Some(key) => Ok(key.clone()),
        None => did_key_public_key(
            proof
                .get("verificationMethod")
                .and_then(serde_json::Value::as_str)
                .unwrap_or(""),
        ),
    }
}

/// The public key of a `did:key` verification method (`did:key:z…#z…`), resolved offline.
pub fn did_key_public_key(verification_method: &str) -> Result<PublicKey> {
    let id = verification_method
        .strip_prefix("did:key:")
        .and_then(|rest| rest.split('#').next())
        .ok_or_else(|| {
            Error::key(format!(
                "verification method `{}` is not a did:key",
                crate::error::excerpt(verification_method)
            ))
        })?;
    public_key(id)
}
