"""Interoperability, Python side (/work/i16-spec.md "Interoperability"): verify another producer's directory, or
write one of our own for other verifiers.
Usage: python interop.py verify DIR   reads DIR/manifest.json, prints the verifier JSON on stdout
       python interop.py issue DIR    writes artifacts + DIR/manifest.json, each genuine artifact with a tampered twin
Verifiers: vcdm -> di.py (a harness built from PyLD + cryptography, not a published library; eddsa-rdfc-2022,
eddsa-jcs-2022, ecdsa-rdfc-2019 / ecdsa-jcs-2019 P-256 and P-384, ecdsa-sd-2023 derived proofs); sd-jwt -> sd-jwt
(+ the harness checks in exchange.sd_jwt_verify); mdoc -> pymdoccbor (DS chain, MSO signature, digests; P-256 DS
keys only, otherwise `unsupported`) plus the harness's docType, validity and device signature checks
(exchange.device_verify: pymdoccbor has no DeviceAuth).
Producer: the DI suites on person-20 (P-256 and P-384 for ECDSA), eddsa-rdfc-2022 on every corpus credential in
schemas-education/simple and edu (existing `proof` removed), SD-JWT VC EdDSA and ES256 with and without KB-JWT,
and an mdoc DeviceResponse (pymdoccbor's MSO, the harness's device signature), each with its tampered twin.
A verifier exits 0 whatever the artifacts say; 2 on a bad manifest or bad options.
"""
import base64, copy, datetime as _dt, glob, json, os, sys

import cbor2
from cryptography import x509
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding
from jwcrypto.jwk import JWK

import di
import exchange as ex

DERIVED_KIND = "derived"


def fail(message):
    print(f"interop.py: {message}", file=sys.stderr)
    sys.exit(2)


# ---- verify --------------------------------------------------------------------------------------------------
def verify_vcdm(path, art):
    suite = art.get("cryptosuite")
    if (suite == "ecdsa-sd-2023") != (art.get("kind") == DERIVED_KIND):
        return "unsupported", f"{suite} with kind {art.get('kind')!r}: di.py verifies ecdsa-sd-2023 derived proofs only"
    if suite not in di.SUITES:
        return "unsupported", f"cryptosuite {suite!r} is not one di.py implements"
    doc = json.load(open(path, encoding="utf-8"))
    proof = doc.get("proof") if isinstance(doc, dict) else None
    if isinstance(proof, dict) and proof.get("cryptosuite") != suite:
        return "error", f"the proof's cryptosuite {proof.get('cryptosuite')!r} is not the manifest's {suite}"
    ok, why = di.verify(doc)
    return ("verified", "") if ok else ("rejected", why)


def verify_sd_jwt(path, art):
    text = open(path, encoding="ascii").read().strip()
    jwk = JWK(**art["issuer_jwk"])
    ex.sd_jwt_verify(text, jwk, art.get("key_binding"), art.get("disclosed") or ())
    return "verified", ""


def verify_mdoc(path, art, root):
    data = open(path, "rb").read()
    anchor = x509.load_pem_x509_certificate(open(os.path.join(root, art["trust_anchor"]), "rb").read())
    response = cbor2.loads(data)
    doc = response["documents"][0]
    if doc.get("docType") != art.get("doc_type", ex.DOC_TYPE):
        return "rejected", f"docType {doc.get('docType')!r} is not {art.get('doc_type')!r} (harness check)"
    chain = doc["issuerSigned"]["issuerAuth"]   # COSE_Sign1 [protected, unprotected, payload, signature]
    chain = chain.value if isinstance(chain, cbor2.CBORTag) else chain
    x5 = dict(chain[1]).get(33) or (cbor2.loads(chain[0]) if chain[0] else {}).get(33)
    ds = x509.load_der_x509_certificate(x5[0] if isinstance(x5, (list, tuple)) else x5)
    if not isinstance(ds.public_key(), ec.EllipticCurvePublicKey) or ds.public_key().curve.name != "secp256r1":
        return "unsupported", (f"DS key {type(ds.public_key()).__name__.lstrip('_')}: pymdoccbor 1.4.0 MsoVerifier builds "
                               "only P-256 EC2 keys from the DS certificate (CRV_LEN_MAP has secp256r1 only)")
    if not doc.get("deviceSigned"):
        return "rejected", ("the Document has no deviceSigned (mandatory in ISO/IEC 18013-5 DeviceResponse): no "
                            "device authentication (harness check)")
    try:
        ex.mdoc_verify(data, [anchor], art.get("disclosed") or ())
    except ex.Rejected as e:
        return "rejected", str(e)
    now = _dt.datetime.fromisoformat(art.get("now", ex.MDOC_NOW).replace("Z", "+00:00"))
    mso = cbor2.loads(cbor2.loads(chain[2]).value)
    validity = mso["validityInfo"]
    as_dt = lambda v: v if isinstance(v, _dt.datetime) else _dt.datetime.fromisoformat(str(getattr(v, "value", v)).replace("Z", "+00:00"))
    if not as_dt(validity["validFrom"]) <= now <= as_dt(validity["validUntil"]):
        return "rejected", f"MSO not valid at {now.isoformat()} (harness check)"
    try:
        ex.device_verify(data, bytes.fromhex(art["session_transcript_hex"]))
    except ex.Rejected as e:
        return "rejected", f"{e} (harness check)"
    return "verified", ""


def verify(root):
    try:
        manifest = json.load(open(os.path.join(root, "manifest.json"), encoding="utf-8"))
        artifacts = manifest["artifacts"]
        assert isinstance(artifacts, list) and all(isinstance(a, dict) and "name" in a and "file" in a for a in artifacts)
    except (OSError, ValueError, KeyError, TypeError, AssertionError) as e:
        fail(f"bad manifest in {root}: {type(e).__name__} {e}")
    results = []
    for art in artifacts:
        fmt, path = art.get("format"), os.path.join(root, art["file"])
        try:
            if fmt == "vcdm":
                outcome, reason = verify_vcdm(path, art)
            elif fmt == "sd-jwt":
                outcome, reason = verify_sd_jwt(path, art)
            elif fmt == "mdoc":
                outcome, reason = verify_mdoc(path, art, root)
            else:
                outcome, reason = "unsupported", f"format {fmt!r} unknown to this verifier"
        except ex.Rejected as e:
            outcome, reason = "rejected", str(e)
        except Exception as e:  # anything that is not a verification failure
            outcome, reason = "error", f"{type(e).__name__}: {e}".replace("\n", " ")[:300]
        result = {"name": art["name"], "format": fmt, "expect": art.get("expect"), "outcome": outcome}
        if reason:
            result["reason"] = reason
        results.append(result)
    print(json.dumps({"verifier": "Python peer (scripts/peers/python/interop.py): " + ex.implementation(),
                      "producer": manifest.get("producer"), "results": results}, indent=2))


# ---- issue ---------------------------------------------------------------------------------------------------
def change_first(value, path):
    """Changes the first string / boolean / number (depth-first, not id/type/@context); returns its path."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k in ("id", "type", "@context"):
                continue
            if isinstance(v, str):
                value[k] = v + "!"
                return f"{path}.{k}"
            if isinstance(v, bool):
                value[k] = not v
                return f"{path}.{k}"
            if isinstance(v, (int, float)):
                value[k] = v + 1
                return f"{path}.{k}"
            found = change_first(v, f"{path}.{k}")
            if found:
                return found
    elif isinstance(value, list):
        for i, v in enumerate(value):
            if isinstance(v, (dict, list)):
                found = change_first(v, f"{path}[{i}]")
                if found:
                    return found
            elif isinstance(v, str):
                value[i] = v + "!"
                return f"{path}[{i}]"
    return None


def b64(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def tamper_sd_jwt(presentation):
    parts = presentation.split("~")
    disclosure = json.loads(base64.urlsafe_b64decode(parts[1] + "=" * (-len(parts[1]) % 4)))
    value = disclosure[-1]
    disclosure[-1] = (value + "!") if isinstance(value, str) else (not value if isinstance(value, bool) else value + 1)
    parts[1] = b64(json.dumps(disclosure).encode())
    return "~".join(parts), f"Disclosure of `{disclosure[1]}` changed and re-encoded"


def tamper_mdoc(presented):
    """The first disclosed elementValue changed, re-encoded in its IssuerSignedItemBytes: its digest no longer
    matches the MSO's valueDigests."""
    response = cbor2.loads(presented)
    items = response["documents"][0]["issuerSigned"]["nameSpaces"][ex.NS]
    item = cbor2.loads(items[0].value)
    value = item["elementValue"]
    item["elementValue"] = (value + "!") if isinstance(value, str) else (not value if isinstance(value, bool) else value + 1)
    items[0] = cbor2.CBORTag(24, cbor2.dumps(item))
    return cbor2.dumps(response), f"elementValue of `{item['elementIdentifier']}` changed"


def corpus():
    files = sorted(glob.glob(os.path.join(di.ROOT, "schemas-education", "simple", "*.json")))
    files += sorted(glob.glob(os.path.join(di.ROOT, "schemas-education", "edu", "*.json")))
    return [(os.path.basename(f)[:-5], json.load(open(f, encoding="utf-8"))) for f in files]


def issue(root):
    os.makedirs(root, exist_ok=True)
    artifacts = []

    def write(name, text_or_bytes, ext, entry, tampered_with=None):
        file = f"{name}{ext}"
        mode = "wb" if isinstance(text_or_bytes, bytes) else "w"
        with open(os.path.join(root, file), mode) as out:
            out.write(text_or_bytes)
        artifacts.append({"name": name, **entry, "file": file, "expect": "rejected" if tampered_with else "verified",
                          **({"tampered": tampered_with} if tampered_with else {})})

    def vcdm(suite, kind, cred_name, credential, curve=None):
        key = di.seeded_key(kind, "issuer")
        doc = di.unsecured(credential)
        doc["issuer"] = ({**doc["issuer"], "id": key.did} if isinstance(doc.get("issuer"), dict) else key.did)
        secured = di.add_proof(doc, suite, key)
        name = f"vcdm-{suite}{'-p384' if curve == 'P-384' else ''}-{cred_name}"
        entry = {"format": "vcdm", "cryptosuite": suite, "kind": "credential", "credential": cred_name,
                 **({"curve": curve} if curve else {})}
        write(name, json.dumps(secured, indent=2, ensure_ascii=False), ".json", entry)
        bad = copy.deepcopy(secured)
        what = change_first(bad.setdefault("credentialSubject", {}), "credentialSubject")
        write(name + ".tampered", json.dumps(bad, indent=2, ensure_ascii=False), ".json", entry, f"{what} changed")

    for suite, kind, curve in (("eddsa-rdfc-2022", "ed25519", None), ("eddsa-jcs-2022", "ed25519", None),
                               ("ecdsa-rdfc-2019", "p256", "P-256"), ("ecdsa-rdfc-2019", "p384", "P-384"),
                               ("ecdsa-jcs-2019", "p256", "P-256"), ("ecdsa-jcs-2019", "p384", "P-384")):
        vcdm(suite, kind, "person-20", ex.PERSON, curve)
    for cred_name, credential in corpus():
        if cred_name != "person-20":
            vcdm("eddsa-rdfc-2022", "ed25519", cred_name, credential)

    for alg, label in (("ed25519", "eddsa"), ("p256", "es256")):
        sd = ex.SdJwt(alg)
        issued = sd.issue()
        jwk = sd.issuer_public.export_public(as_dict=True)
        for kb in (True, False):
            name = f"sd-jwt-{label}{'-kb' if kb else ''}"
            entry = {"format": "sd-jwt", "alg": alg, "issuer_jwk": jwk,
                     "key_binding": {"nonce": ex.NONCE, "aud": ex.AUD} if kb else None, "disclosed": ex.DISCLOSED}
            presentation = sd.present(issued, key_binding=kb)
            write(name, presentation, ".txt", entry)
            write(name + ".tampered", *(lambda t: (t[0], ".txt", entry, t[1]))(tamper_sd_jwt(presentation)))

    md = ex.Mdoc()
    with open(os.path.join(root, "mdoc-es256.iaca.pem"), "wb") as out:
        out.write(md.iaca_cert.public_bytes(Encoding.PEM))
    entry = {"format": "mdoc", "alg": "p256", "trust_anchor": "mdoc-es256.iaca.pem",
             "session_transcript_hex": ex.SESSION_TRANSCRIPT.hex(), "doc_type": ex.DOC_TYPE, "now": ex.MDOC_NOW,
             "disclosed": ex.DISCLOSED}
    presented = md.present(md.issue())
    write("mdoc-es256", presented, ".cbor", entry)
    write("mdoc-es256.tampered", *(lambda t: (t[0], ".cbor", entry, t[1]))(tamper_mdoc(presented)))
    with open(os.path.join(root, "manifest.json"), "w") as out:
        json.dump({"producer": "Python peer (scripts/peers/python/interop.py): " + ex.implementation(),
                   "artifacts": artifacts}, out, indent=2)
    print(f"interop.py: wrote {len(artifacts)} artifacts to {root}", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("verify", "issue"):
        fail("usage: python interop.py verify|issue DIR")
    (verify if sys.argv[1] == "verify" else issue)(sys.argv[2])
