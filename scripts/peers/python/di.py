"""VC Data Integrity for the Python peers: a harness built from PyLD + cryptography, not a published library.

Each cryptosuite is assembled step by step as its specification says (W3C VC Data Integrity EdDSA Cryptosuites
v1.0 §3.2 / §3.3, VC Data Integrity ECDSA Cryptosuites v1.0 §3.2 / §3.3):
  transformation   RDFC-1.0 (PyLD `jsonld.normalize`, algorithm URDNA2015 = RDFC-1.0, N-Quads, offline loader)
                   or JCS (rfc8785) of the document without `proof`;
  proof config     the proof options without `proofValue`, `@context` = the document's `@context`, canonicalized
                   the same way;
  hashing          H(canonical proof config) || H(canonical document), H = SHA-256 (Ed25519, P-256) or SHA-384
                   (P-384);
  serialization    Ed25519 over the hash data, or ECDSA (P-256/SHA-256, P-384/SHA-384, RFC 6979 deterministic)
                   over it as raw r||s (IEEE P1363), not DER; proofValue = multibase base58btc (`z…`).
Keys are did:key Multikeys (ed25519-pub 0xed01, p256-pub 0x1200, p384-pub 0x1201, compressed points), resolved
offline. ecdsa-sd-2023: derived proofs are verified (VC DI ECDSA §3.5: CBOR proof value 0xd95d01, label-map
relabelling of the RDFC-1.0 output, mandatory / non-mandatory split, per-statement and base signatures); base
proofs and derivation are not implemented (SKIPPED says why).

Library use:   import di;  key = di.seeded_key("p256", "issuer")
               secured = di.add_proof(doc, "ecdsa-rdfc-2019", key)        # doc has no `proof`
               ok, reason = di.verify(secured)                           # (True, "") or (False, why)
Command line:  python di.py selftest      (sign + verify + tamper every suite on person-20; exit 1 on failure)
"""
import base64, copy, hashlib, json, os, re, sys

import cbor2

import rfc8785
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, ed25519
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from pyld import jsonld

from contexts import ROOT, loader
CREATED = "2026-01-01T00:00:00Z"
VCDM2 = "https://www.w3.org/ns/credentials/v2"
DI_CONTEXT = "https://w3id.org/security/data-integrity/v2"
# suite -> (key kinds it accepts, canonicalization)
SUITES = {"eddsa-rdfc-2022": (("ed25519",), "rdfc"), "eddsa-jcs-2022": (("ed25519",), "jcs"),
          "ecdsa-rdfc-2019": (("p256", "p384"), "rdfc"), "ecdsa-jcs-2019": (("p256", "p384"), "jcs"),
          "ecdsa-sd-2023": (("p256",), "sd")}
SKIPPED = {"ecdsa-sd-2023": "base proof creation and derivation not implemented in this harness (optional in the "
                            "brief; it verifies derived proofs only): needs HMAC blank-node relabelling and statement "
                            "selection by JSON pointer on top of PyLD"}


# ---- multibase base58btc and did:key Multikey -------------------------------------------------------------
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def b58encode(data):
    n, out = int.from_bytes(data, "big"), ""
    while n:
        n, r = divmod(n, 58)
        out = B58[r] + out
    return "1" * (len(data) - len(data.lstrip(b"\0"))) + out


def b58decode(text):
    n = 0
    for ch in text:
        if ch not in B58:
            raise ValueError(f"not base58btc: {ch!r}")
        n = n * 58 + B58.index(ch)
    body = n.to_bytes((n.bit_length() + 7) // 8, "big") if n else b""
    return b"\0" * (len(text) - len(text.lstrip("1"))) + body


# multicodec header (varint) -> (kind, raw public key length)
MULTICODEC = {b"\xed\x01": ("ed25519", 32), b"\x80\x24": ("p256", 33), b"\x81\x24": ("p384", 49)}
HEADER = {kind: head for head, (kind, _) in MULTICODEC.items()}
CURVES = {"p256": (ec.SECP256R1(), hashes.SHA256, 32), "p384": (ec.SECP384R1(), hashes.SHA384, 48)}


class Key:
    """An Ed25519 / P-256 / P-384 key pair (or public key only) with its did:key identifiers."""

    def __init__(self, kind, private=None, public=None):
        self.kind, self.private = kind, private
        self.public = public or private.public_key()
        if kind == "ed25519":
            raw = self.public.public_bytes(Encoding.Raw, PublicFormat.Raw)
        else:
            raw = self.public.public_bytes(Encoding.X962, PublicFormat.CompressedPoint)
        self.multikey = "z" + b58encode(HEADER[kind] + raw)
        self.did = f"did:key:{self.multikey}"
        self.vm = f"{self.did}#{self.multikey}"


def seeded_key(kind, role):
    """Deterministic key: seed = SHA-256("canonprof-peer-<kind>-<role>")."""
    seed = hashlib.sha256(f"canonprof-peer-{kind}-{role}".encode()).digest()
    if kind == "ed25519":
        return Key(kind, ed25519.Ed25519PrivateKey.from_private_bytes(seed))
    curve, _, size = CURVES[kind]
    order = {"p256": 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551,
             "p384": int("ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973", 16)}[kind]
    scalar = int.from_bytes(hashlib.sha512(seed).digest()[:size], "big") % (order - 1) + 1
    return Key(kind, ec.derive_private_key(scalar, curve))


def key_from_multikey(multikey):
    """Public Key from a Multikey `z…` value (ValueError on anything else)."""
    if not multikey.startswith("z"):
        raise ValueError(f"Multikey is not base58btc multibase: {multikey[:12]}…")
    raw = b58decode(multikey[1:])
    head = MULTICODEC.get(raw[:2])
    if not head or len(raw) != 2 + head[1]:
        raise ValueError(f"unsupported Multikey header {raw[:2].hex()} or length {len(raw)}")
    kind, body = head[0], raw[2:]
    if kind == "ed25519":
        return Key(kind, public=ed25519.Ed25519PublicKey.from_public_bytes(body))
    return Key(kind, public=ec.EllipticCurvePublicKey.from_encoded_point(CURVES[kind][0], body))


def resolve(vm):
    """did:key verification method `did:key:z…#z…` -> Key (offline: the key is in the identifier)."""
    if not vm.startswith("did:key:z"):
        raise ValueError(f"cannot resolve verification method <{vm}> offline (only did:key)")
    did, _, fragment = vm.partition("#")
    multikey = did[len("did:key:"):]
    if fragment and fragment != multikey:
        raise ValueError(f"did:key fragment #{fragment} is not the key {multikey}")
    return key_from_multikey(multikey)


# ---- canonicalization, hashing, signatures ----------------------------------------------------------------
def canonicalize(doc, how):
    """RDFC-1.0 N-Quads (PyLD) or JCS bytes of a JSON value."""
    if how == "jcs":
        return rfc8785.dumps(doc)
    return jsonld.normalize(doc, {"algorithm": "URDNA2015", "format": "application/n-quads",
                                  "documentLoader": loader, "base": None, "rdfDirection": "i18n-datatype"}).encode()


def hash_fn(kind):
    return hashlib.sha384 if kind == "p384" else hashlib.sha256


def hash_data(document, proof_config, how, kind):
    """The suite's hashing step: H(canonical proof config) || H(canonical document)."""
    h = hash_fn(kind)
    return h(canonicalize(proof_config, how)).digest() + h(canonicalize(document, how)).digest()


def sign(key, data):
    if key.kind == "ed25519":
        return key.private.sign(data)
    _, hash_cls, size = CURVES[key.kind]
    r, s = decode_dss_signature(key.private.sign(data, ec.ECDSA(hash_cls(), deterministic_signing=True)))
    return r.to_bytes(size, "big") + s.to_bytes(size, "big")


def check_signature(key, data, signature):
    """True when `signature` (Ed25519, or ECDSA as raw r||s) verifies over `data`."""
    try:
        if key.kind == "ed25519":
            key.public.verify(signature, data)
        else:
            _, hash_cls, size = CURVES[key.kind]
            if len(signature) != 2 * size:
                return False
            der = encode_dss_signature(int.from_bytes(signature[:size], "big"), int.from_bytes(signature[size:], "big"))
            key.public.verify(der, data, ec.ECDSA(hash_cls()))
        return True
    except InvalidSignature:
        return False


def with_suite_context(doc):
    """A VCDM 1.1 document (no credentials/v2 context) gets the Data Integrity context appended, as canonprof does."""
    out = copy.deepcopy(doc)
    ctx = out.get("@context")
    ctx = ctx if isinstance(ctx, list) else ([ctx] if ctx is not None else [])
    if VCDM2 not in ctx and DI_CONTEXT not in ctx:
        out["@context"] = ctx + [DI_CONTEXT]
    return out


def unsecured(doc):
    """The document without `proof`, with the suite context where needed."""
    out = with_suite_context(doc)
    out.pop("proof", None)
    return out


def proof_options(suite, key, created=CREATED, purpose="assertionMethod"):
    return {"type": "DataIntegrityProof", "cryptosuite": suite, "created": created,
            "verificationMethod": key.vm, "proofPurpose": purpose}


def add_proof(doc, suite, key, created=CREATED, purpose="assertionMethod"):
    """Add Proof (VC DI §4.2) with `suite`: returns a secured copy. `doc` must not carry a proof."""
    kinds, how = SUITES[suite]
    if how == "sd":
        raise ValueError(f"{suite}: {SKIPPED[suite]}")
    if key.kind not in kinds:
        raise ValueError(f"{suite} does not take {key.kind} keys")
    if "proof" in doc:
        raise ValueError("the document already has a proof (remove it first)")
    config = proof_options(suite, key, created, purpose)
    if "@context" in doc:
        config["@context"] = doc["@context"]
    # the JCS suites keep @context in the proof (eddsa-jcs-2022 §3.3.1 step 2), the RDFC suites do not
    proof = dict(config) if how == "jcs" else {k: v for k, v in config.items() if k != "@context"}
    proof["proofValue"] = "z" + b58encode(sign(key, hash_data(doc, config, how, key.kind)))
    secured = dict(doc)
    secured["proof"] = proof
    return secured


def verify(secured, purpose="assertionMethod", issuer_must_control=True, created=None):
    """Verify Proof (VC DI §4.4) of a secured document with one proof: (True, "") or (False, reason).
    `issuer_must_control`: the verification method's DID must be the `issuer` (an issuer's proof).
    Raises ValueError on what is not a verification failure (no proof, unknown suite, unresolvable key)."""
    proof = secured.get("proof")
    if isinstance(proof, list):
        if len(proof) != 1:
            raise ValueError(f"{len(proof)} proofs; this harness checks one")
        proof = proof[0]
    if not isinstance(proof, dict):
        raise ValueError("no proof object")
    if proof.get("type") != "DataIntegrityProof":
        raise ValueError(f"proof type {proof.get('type')!r} is not DataIntegrityProof")
    suite = proof.get("cryptosuite")
    if suite not in SUITES:
        raise ValueError(f"cryptosuite {suite!r} not supported ({SKIPPED.get(suite, 'unknown')})")
    kinds, how = SUITES[suite]
    key = resolve(proof.get("verificationMethod", ""))
    if key.kind not in kinds:
        return False, f"{suite} with a {key.kind} verification method"
    if proof.get("proofPurpose") != purpose:
        return False, f"proofPurpose {proof.get('proofPurpose')!r} is not {purpose}"
    if created is not None and proof.get("created") != created:
        return False, f"created {proof.get('created')!r} is not {created}"
    if issuer_must_control:
        issuer = secured.get("issuer")
        issuer = issuer.get("id") if isinstance(issuer, dict) else issuer
        if issuer != key.did:
            return False, f"issuer {issuer!r} is not the verification method's controller {key.did}"
    if how == "sd":
        return verify_sd_derived(secured, proof, key)
    value = proof.get("proofValue", "")
    if not isinstance(value, str) or not value.startswith("z"):
        return False, "proofValue is not a base58btc multibase string"
    try:
        signature = b58decode(value[1:])
    except ValueError as e:
        return False, f"proofValue: {e}"
    document = {k: v for k, v in secured.items() if k != "proof"}
    config = {k: v for k, v in proof.items() if k != "proofValue"}
    if how == "jcs" and "@context" in config:
        # JCS suites: the proof's @context must be a prefix of the document's (eddsa-jcs-2022 §3.3.2)
        ours, doc_ctx = config["@context"], document.get("@context")
        ours = ours if isinstance(ours, list) else [ours]
        doc_ctx = doc_ctx if isinstance(doc_ctx, list) else [doc_ctx]
        if doc_ctx[:len(ours)] != ours:
            return False, "proof @context is not a prefix of the document @context"
        document["@context"] = config["@context"]
    if "@context" in document:
        config["@context"] = document["@context"]
    if not check_signature(key, hash_data(document, config, how, key.kind), signature):
        return False, f"{suite} signature does not verify"
    return True, ""


def _b64u(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def verify_sd_derived(secured, proof, key):
    """ecdsa-sd-2023 Verify Derived Proof (VC DI ECDSA §3.5.7 / createVerifyData §3.5.6)."""
    value = proof.get("proofValue", "")
    if not isinstance(value, str) or not value.startswith("u"):
        return False, "proofValue is not a base64url multibase string"
    raw = base64.urlsafe_b64decode(value[1:] + "=" * (-len(value[1:]) % 4))
    if raw[:3] == b"\xd9\x5d\x00":
        raise ValueError("an ecdsa-sd-2023 base proof: only derived proofs are verified")
    if raw[:3] != b"\xd9\x5d\x01":
        raise ValueError(f"proofValue header {raw[:3].hex()} is not ecdsa-sd-2023 derived (d95d01)")
    base_signature, public, signatures, label_map, mandatory_indexes = cbor2.loads(raw[3:])
    labels = {f"c14n{k}": "u" + _b64u(v) for k, v in dict(label_map).items()}
    document = {k: v for k, v in secured.items() if k != "proof"}
    canonical = canonicalize(document, "rdfc").decode()
    try:  # relabel the RDFC-1.0 blank nodes with the issuer's HMAC labels, then sort (code point order)
        quads = sorted(re.sub(r"_:(c14n[0-9]+)", lambda m: "_:" + labels[m.group(1)], q) + "\n"
                       for q in canonical.splitlines())
    except KeyError as e:
        return False, f"blank node {e} is not in the proof's label map"
    mandatory = [q for i, q in enumerate(quads) if i in set(mandatory_indexes)]
    non_mandatory = [q for i, q in enumerate(quads) if i not in set(mandatory_indexes)]
    config = {k: v for k, v in proof.items() if k != "proofValue"}
    config["@context"] = document.get("@context")
    proof_hash = hashlib.sha256(canonicalize(config, "rdfc")).digest()
    mandatory_hash = hashlib.sha256("".join(mandatory).encode()).digest()
    if len(signatures) != len(non_mandatory):
        return False, f"{len(signatures)} signatures for {len(non_mandatory)} non-mandatory statements"
    ephemeral = key_from_multikey("z" + b58encode(bytes(public)))
    for i, (signature, quad) in enumerate(zip(signatures, non_mandatory)):
        if not check_signature(ephemeral, quad.encode(), bytes(signature)):
            return False, f"ecdsa-sd-2023: signature {i} over a non-mandatory statement does not verify"
    if not check_signature(key, proof_hash + bytes(public) + mandatory_hash, bytes(base_signature)):
        return False, "ecdsa-sd-2023: the base signature does not verify"
    return True, ""


def selftest():
    doc = json.load(open(os.path.join(ROOT, "schemas-education", "simple", "person-20.json")))
    failures = 0
    for suite, (kinds, how) in SUITES.items():
        for kind in kinds if how != "sd" else ():
            key = seeded_key(kind, "issuer")
            secured = add_proof(dict(doc, issuer=key.did), suite, key)
            ok, why = verify(secured)
            bad = copy.deepcopy(secured)
            bad["credentialSubject"]["givenName"] += "!"
            rejected = not verify(bad)[0]
            assert key_from_multikey(key.multikey).did == key.did
            print(f"{suite:16} {kind:8} verify={ok} {why} tampered rejected={rejected} {secured['proof']['proofValue'][:24]}…")
            failures += (not ok) + (not rejected)
    return failures


if __name__ == "__main__":
    if sys.argv[1:] != ["selftest"]:
        print("di.py: usage: python di.py selftest", file=sys.stderr)
        sys.exit(2)
    sys.exit(1 if selftest() else 0)
