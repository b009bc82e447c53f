//! Multikey decoding for Ed25519 (W3C Controller Documents §2.2.2 Multikey; multibase base58btc `z…`, multicodec
//! `ed25519-pub` 0xed01 and `ed25519-priv` 0x1300), and `did:key` verification methods that embed them.

use crate::error::{Error, ErrorKind, Result};
use ed25519_dalek::{SigningKey, VerifyingKey};

const ED25519_PUB: [u8; 2] = [0xed, 0x01];
const ED25519_PRIV: [u8; 2] = [0x80, 0x26];

fn bad(reason: impl Into<String>) -> Error {
    Error::new(ErrorKind::Integrity, reason)
}

/// Decodes a multibase base58btc string (`z` prefix). Errors: [`ErrorKind::Integrity`].
pub fn decode_base58btc(multibase: &str) -> Result<Vec<u8>> {
    let encoded = multibase.strip_prefix('z').ok_or_else(|| {
        bad(format!(
            "`{multibase}` is not multibase base58btc (no `z` prefix)"
        ))
    })?;
    bs58::decode(encoded)
        .into_vec()
        .map_err(|e| bad(format!("`{multibase}` is not base58btc: {e}")))
}

/// Encodes bytes as multibase base58btc (`z…`).
pub fn encode_base58btc(bytes: &[u8]) -> String {
    format!("z{}", bs58::encode(bytes).into_string())
}

fn strip_codec<'a>(bytes: &'a [u8], codec: [u8; 2], what: &str) -> Result<&'a [u8; 32]> {
    bytes
        .strip_prefix(&codec)
        .and_then(|key| key.try_into().ok())
        .ok_or_else(|| bad(format!("not a multicodec {what} key of 32 bytes")))
}

/// An Ed25519 public key from its Multikey `publicKeyMultibase` (`z6Mk…`).
pub fn public_key(multibase: &str) -> Result<VerifyingKey> {
    let bytes = decode_base58btc(multibase)?;
    VerifyingKey::from_bytes(strip_codec(&bytes, ED25519_PUB, "ed25519-pub")?)
        .map_err(|e| bad(format!("`{multibase}` is not an Ed25519 public key: {e}")))
}

/// An Ed25519 signing key from its Multikey `secretKeyMultibase` (`z3u2…`).
pub fn signing_key(multibase: &str) -> Result<SigningKey> {
    let bytes = decode_base58btc(multibase)?;
    Ok(SigningKey::from_bytes(strip_codec(
        &bytes,
        ED25519_PRIV,
        "ed25519-priv",
    )?))
}

/// The public key of a `did:key` verification method (`did:key:z6Mk…#z6Mk…`), resolved offline.
pub fn did_key_public_key(verification_method: &str) -> Result<VerifyingKey> {
    let id = verification_method
        .strip_prefix("did:key:")
        .and_then(|rest| rest.split('#').next())
        .ok_or_else(|| {
            bad(format!(
                "verification method `{verification_method}` is not a did:key"
            ))
        })?;
    public_key(id)
}
