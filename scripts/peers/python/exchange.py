"""Times canonprof's exchange (issue / present / verify person-20, 5 attributes disclosed; /work/i16-spec.md) with
Python libraries, warmed up to steady state (steady.py), and prints one JSON document in the spec's shape.
  SD-JWT VC  sd-jwt (the reference implementation, on jwcrypto): EdDSA and ES256, 5 decoys, KB-JWT.
  mdoc       pymdoccbor: ES256 only (its MSO issuer takes ES256/384/512), IssuerSigned only — see MDOC_NOTES.
  VCDM       di.py (a harness built from PyLD + cryptography, not a published library): eddsa-rdfc-2022,
             eddsa-jcs-2022 (Ed25519), ecdsa-rdfc-2019, ecdsa-jcs-2019 (P-256); ecdsa-sd-2023 is skipped.
Usage: python exchange.py [--iterations N] [--runs R] [--warmup-seconds S] [--warmup-max-seconds M]
                          [--format all|vcdm|sd-jwt|mdoc] [--alg ed25519|p256|both]
Defaults: N 50, R 5, S 1, M 10, all, both. Bad options: one line on stderr, exit 2.
Also imported by interop.py (SdJwt, Mdoc, the constants).
"""
import datetime as _dt, hashlib, json, logging, os, random, sys, types
from importlib.metadata import version

import cbor2
import sd_jwt.holder
from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature
from cryptography.x509.oid import NameOID
from jwcrypto.jwk import JWK
from jwcrypto.jws import InvalidJWSSignature
from sd_jwt.common import SDObj
from sd_jwt.holder import SDJWTHolder
from sd_jwt.issuer import SDJWTIssuer
from sd_jwt.verifier import SDJWTVerifier
import pymdoccbor.mso.issuer as _mso_issuer
import pymdoccbor.settings as _mdoc_settings
from pymdoccbor.mdoc.issuer import MdocCborIssuer
from pymdoccbor.mdoc.verifier import MdocCbor

import di
import steady

CREDENTIAL = os.path.join(di.ROOT, "schemas-education", "simple", "person-20.json")
PERSON = json.load(open(CREDENTIAL))
SUBJECT = {k: v for k, v in PERSON["credentialSubject"].items() if k not in ("id", "type")}
DISCLOSED = sorted(SUBJECT)[:5]
ISS, IAT, VCT, NONCE, AUD, KB_IAT = ("https://issuer.example", 1767225600, "https://credentials.example/person",
                                     "n-0S6_WzA2Mj", "https://verifier.example", 1767225700)
NS, DOC_TYPE, HANDOVER = "org.iso.18013.5.1", "org.iso.18013.5.1.mDL", "canonprof-handover"
SESSION_TRANSCRIPT = cbor2.dumps([None, None, HANDOVER])
MDOC_NOW = "2026-06-01T00:00:00Z"
JWS_ALG = {"ed25519": "EdDSA", "p256": "ES256"}
logging.getLogger("sd_jwt").setLevel(logging.ERROR)   # its deterministic-salt mode warns on every salt
logging.getLogger("pymdoccbor").setLevel(logging.CRITICAL)


class Rejected(Exception):
    """A verification failure (as opposed to an error)."""


def implementation():
    names = ["PyLD", "rfc8785", "cryptography", "sd-jwt", "jwcrypto", "pymdoccbor", "pycose", "cbor2"]
    return f"Python {sys.version.split()[0]}; " + "; ".join(f"{n} {version(n)}" for n in names)


LINEAGE = (f"PyLD {version('PyLD')} (jsonld.normalize, URDNA2015 = RDFC-1.0, its own pure-Python implementation: "
           "Digital Bazaar lineage, a port of jsonld.js / rdf-canonize); JCS: rfc8785 " + version("rfc8785"))


# ---- SD-JWT VC ------------------------------------------------------------------------------------------------
sd_jwt.holder.time = lambda: KB_IAT     # the library stamps the KB-JWT with int(time()); the spec fixes iat


class _Issuer(SDJWTIssuer):
    DECOY_MIN_ELEMENTS = DECOY_MAX_ELEMENTS = 5     # the library draws 2..5 decoys per object; the spec wants 5
    unsafe_randomness = True                       # the library's deterministic salts (random.getrandbits)


class _Verifier(SDJWTVerifier):
    def _verify_key_binding_jwt(self, expected_aud=None, expected_nonce=None, sign_alg=None):
        # sd-jwt 0.10.4 verifies the KB-JWT with alg "ES256" unless told otherwise and never tells itself:
        # an EdDSA KB-JWT fails ('"alg" mismatch'). Pass the algorithm of the holder key in `cnf`.
        jwk = (self._holder_public_key_payload or {}).get("jwk", {})
        alg = "EdDSA" if jwk.get("kty") == "OKP" else {"P-256": "ES256", "P-384": "ES384"}.get(jwk.get("crv"))
        return super()._verify_key_binding_jwt(expected_aud, expected_nonce, alg)


def _digests(value):
    """Every digest the issuer signed: `_sd` entries and `{"...": d}` array elements, recursively."""
    if isinstance(value, dict):
        out = set(value.get("_sd", []))
        for k, v in value.items():
            out |= _digests(v) if k != "_sd" else set()
        return out
    if isinstance(value, list):
        out = set()
        for v in value:
            out |= {v["..."]} if isinstance(v, dict) and set(v) == {"..."} else _digests(v)
        return out
    return set()


def sd_jwt_verify(presentation, issuer_jwk, key_binding=None, disclosed=()):
    """Verifies a compact SD-JWT (+ KB-JWT when `key_binding` = {"nonce", "aud"}); returns the disclosed claims.
    Raises Rejected on a verification failure, anything else on malformed input."""
    if not key_binding and not presentation.endswith("~"):
        raise Rejected("a KB-JWT is present but none was expected")
    try:
        verifier = _Verifier(presentation, lambda iss, header: issuer_jwk,
                             (key_binding or {}).get("aud"), (key_binding or {}).get("nonce"))
        claims = verifier.get_verified_payload()
    except json.JSONDecodeError:
        raise
    except (InvalidJWSSignature, ValueError, KeyError) as e:
        raise Rejected(f"sd-jwt: {type(e).__name__}: {e}") from None
    # RFC 9901 §7.1 (processing step 5): a Disclosure not referenced by a signed digest must be rejected;
    # sd-jwt 0.10.4 skips such Disclosures silently, so the harness checks it.
    unreferenced = set(verifier._hash_to_disclosure) - _digests(verifier._sd_jwt_payload)
    if unreferenced:
        raise Rejected(f"{len(unreferenced)} Disclosure(s) match no digest the issuer signed "
                       "(harness check; sd-jwt 0.10.4 ignores them)")
    missing = [k for k in disclosed if k not in claims]
    if missing:
        raise Rejected(f"claims not disclosed: {', '.join(missing)}")
    return claims


class SdJwt:
    """SD-JWT VC issue / present / verify with `alg` ed25519 (EdDSA) or p256 (ES256)."""

    def __init__(self, alg):
        self.alg, self.jws_alg = alg, JWS_ALG[alg]
        self.issuer = JWK.from_pyca(di.seeded_key(alg, "issuer").private)
        self.holder = JWK.from_pyca(di.seeded_key(alg, "holder").private)
        self.issuer_public = JWK.from_json(self.issuer.export_public())
        self.claims = {"iss": ISS, "iat": IAT, "vct": VCT, **{SDObj(k): v for k, v in SUBJECT.items()}}

    def issue(self):
        return _Issuer(self.claims, self.issuer, holder_key=self.holder, sign_alg=self.jws_alg,
                       add_decoy_claims=True, extra_header_parameters={"typ": "dc+sd-jwt"}).sd_jwt_issuance

    def present(self, issuance, key_binding=True):
        holder = SDJWTHolder(issuance)
        if key_binding:
            holder.create_presentation({k: True for k in DISCLOSED}, NONCE, AUD, self.holder, self.jws_alg)
        else:
            holder.create_presentation({k: True for k in DISCLOSED})
        return holder.sd_jwt_presentation

    def verify(self, presentation):
        return sd_jwt_verify(presentation, self.issuer_public, {"nonce": NONCE, "aud": AUD}, DISCLOSED)


SD_JWT_NOTES = ("sd-jwt 0.10.4: issuer signature, every presented Disclosure digest, KB-JWT (sd_hash, nonce, aud, "
                "holder signature). Harness additions: KB-JWT alg taken from cnf (library hard-codes ES256, EdDSA "
                "KB-JWTs fail otherwise); rejection of unreferenced Disclosures (library ignores them); KB-JWT iat "
                "pinned by replacing sd_jwt.holder.time; 5 decoys by subclass constants; salts from the library's "
                "deterministic mode (unsafe_randomness); typ dc+sd-jwt via extra_header_parameters.")


# ---- mdoc (pymdoccbor) -----------------------------------------------------------------------------------------
class _FixedClock(_dt.datetime):
    @classmethod
    def utcnow(cls):
        return cls(2026, 1, 1)


# pymdoccbor stamps validityInfo.signed (and validFrom, if later than the issuance date) with the wall clock and
# takes dates only; pin its clock to 2026-01-01T00:00:00Z and make validUntil = signed + 8760 h = 2027-01-01.
_mso_issuer.datetime = types.SimpleNamespace(datetime=_FixedClock, timedelta=_dt.timedelta)
_mdoc_settings.PYMDOC_EXP_DELTA_HOURS = 8760


def _name(cn):
    return x509.Name([x509.NameAttribute(NameOID.COUNTRY_NAME, "DE"), x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def _xy(key):
    n = key.public.public_numbers()
    return n.x.to_bytes(32, "big"), n.y.to_bytes(32, "big")


class Mdoc:
    """mdoc issue / present / verify, ES256 (DS and device keys P-256), DS certificate from a generated IACA."""

    def __init__(self, alg="p256"):
        if alg != "p256":
            raise ValueError("pymdoccbor 1.4.0 signs MSOs with ES256/ES384/ES512 only (MsoIssuer alg_map), no EdDSA")
        iaca, ds, device = (di.seeded_key("p256", r) for r in ("iaca", "mdoc-issuer", "mdoc-device"))
        start, end = _dt.datetime(2026, 1, 1, tzinfo=_dt.timezone.utc), _dt.datetime(2031, 1, 1, tzinfo=_dt.timezone.utc)
        builder = lambda subject, key, serial: (x509.CertificateBuilder().subject_name(_name(subject))
                                                .issuer_name(_name("canonprof Python peer IACA")).public_key(key.public)
                                                .serial_number(serial).not_valid_before(start).not_valid_after(end))
        self.iaca_cert = (builder("canonprof Python peer IACA", iaca, 1)
                          .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
                          .sign(iaca.private, hashes.SHA256()))
        self.ds_cert = builder("canonprof Python peer DS", ds, 2).sign(iaca.private, hashes.SHA256())
        x, y = _xy(ds)
        self.private = {"KTY": "EC2", "CURVE": "P_256", "ALG": "ES256", "X": x, "Y": y,
                        "D": ds.private.private_numbers().private_value.to_bytes(32, "big")}
        dx, dy = _xy(device)
        self.device = device
        self.device_key = {"KTY": "EC2", "CURVE": "P_256", "X": dx, "Y": dy}
        self.ds_der = self.ds_cert.public_bytes(serialization.Encoding.DER)

    def issue(self):
        issuer = MdocCborIssuer(private_key=self.private, alg="ES256")
        issuer.new(data={NS: dict(SUBJECT)}, doctype=DOC_TYPE, devicekeyinfo=self.device_key,
                   validity={"issuance_date": "2026-01-01", "expiry_date": "2027-01-01"}, x509_chain=[self.ds_der])
        return issuer.dump()

    def present(self, issued, disclosed=DISCLOSED):
        """pymdoccbor has no presentation API: keep the disclosed IssuerSignedItems (harness, cbor2) and add the
        device signature over the SessionTranscript (harness, device_signed: pymdoccbor has no DeviceAuth)."""
        response = cbor2.loads(issued)
        doc = response["documents"][0]
        items = [i for i in doc["issuerSigned"]["nameSpaces"][NS]
                 if cbor2.loads(i.value)["elementIdentifier"] in disclosed]
        return cbor2.dumps({"version": response["version"], "status": 0, "documents": [
            {"docType": doc["docType"], "issuerSigned": {"nameSpaces": {NS: items},
                                                         "issuerAuth": doc["issuerSigned"]["issuerAuth"]},
             "deviceSigned": device_signed(self.device, doc["docType"], SESSION_TRANSCRIPT)}]}, canonical=True)

    def verify(self, presented, disclosed=DISCLOSED):
        elements = mdoc_verify(presented, [self.iaca_cert], disclosed)
        device_verify(presented, SESSION_TRANSCRIPT)
        return elements


# ---- mdoc device authentication (ISO/IEC 18013-5 §9.1.3.4, COSE_Sign1 RFC 9052 §4.4): a harness, pymdoccbor has none
def _device_authentication_bytes(doc_type, transcript_bytes, name_spaces_bytes):
    """DeviceAuthenticationBytes = #6.24(bstr .cbor ["DeviceAuthentication", SessionTranscript, DocType,
    DeviceNameSpacesBytes]), with the SessionTranscript and DeviceNameSpacesBytes as received."""
    array = b"\x84" + cbor2.dumps("DeviceAuthentication") + transcript_bytes + cbor2.dumps(doc_type) + name_spaces_bytes
    return cbor2.dumps(cbor2.CBORTag(24, array))


def _to_be_signed(protected, payload):
    return cbor2.dumps(["Signature1", protected, b"", payload])


def device_signed(device, doc_type, transcript_bytes):
    """DeviceSigned with no device-signed elements and a deviceSignature (ES256, detached payload)."""
    name_spaces = cbor2.CBORTag(24, cbor2.dumps({}))
    protected = cbor2.dumps({1: -7})
    payload = _device_authentication_bytes(doc_type, transcript_bytes, cbor2.dumps(name_spaces))
    r, s = decode_dss_signature(device.private.sign(_to_be_signed(protected, payload), ec.ECDSA(hashes.SHA256())))
    return {"nameSpaces": name_spaces,
            "deviceAuth": {"deviceSignature": [protected, {}, None, r.to_bytes(32, "big") + s.to_bytes(32, "big")]}}


def device_verify(presented, transcript_bytes):
    """Checks the first document's deviceSignature with the MSO's deviceKey (EC2 P-256 / ES256 or OKP Ed25519 /
    EdDSA). Raises Rejected when it does not verify or is missing."""
    doc = cbor2.loads(presented)["documents"][0]
    signed = doc.get("deviceSigned")
    if not signed or "deviceSignature" not in (signed.get("deviceAuth") or {}):
        raise Rejected("no deviceSigned deviceSignature (ISO/IEC 18013-5 §8.3.2.1.2.2; deviceMac not checked)")
    auth = doc["issuerSigned"]["issuerAuth"]
    auth = auth.value if isinstance(auth, cbor2.CBORTag) else auth
    mso = cbor2.loads(auth[2])
    mso = cbor2.loads(mso.value) if isinstance(mso, cbor2.CBORTag) else mso
    key = mso["deviceKeyInfo"]["deviceKey"]
    protected, _, _, signature = signed["deviceAuth"]["deviceSignature"]
    message = _to_be_signed(protected, _device_authentication_bytes(doc["docType"], transcript_bytes,
                                                                    cbor2.dumps(signed["nameSpaces"])))
    try:
        if key.get(1) == 2:   # EC2, P-256
            public = ec.EllipticCurvePublicNumbers(int.from_bytes(key[-2], "big"), int.from_bytes(key[-3], "big"),
                                                   ec.SECP256R1()).public_key()
            r, s = int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")
            public.verify(encode_dss_signature(r, s), message, ec.ECDSA(hashes.SHA256()))
        elif key.get(1) == 1 and key.get(-1) == 6:   # OKP, Ed25519
            ed25519.Ed25519PublicKey.from_public_bytes(key[-2]).verify(signature, message)
        else:
            raise Rejected(f"device key of kty {key.get(1)} / crv {key.get(-1)} not supported by the harness")
    except InvalidSignature:
        raise Rejected("the device signature does not verify over DeviceAuthenticationBytes")


def mdoc_verify(presented, trust_anchors, disclosed=()):
    """pymdoccbor MdocCbor.verify (DS signed by a trust anchor, MSO signature, digests of the presented items);
    returns the disclosed elements. Raises Rejected when it says no."""
    verifier = MdocCbor()
    verifier.loads(presented)
    if not verifier.verify(trusted_root_certs=trust_anchors):
        bad = verifier.documents_invalid[0] if verifier.documents_invalid else None
        failed = getattr(bad, "hash_verification", None) or {}
        why = "; ".join(f"{f.get('elementIdentifier')}: {f.get('reason')}" for f in failed.get("failed", []))
        raise Rejected(f"pymdoccbor: document invalid ({why or 'MSO signature or DS chain'})")
    elements = verifier.disclosure_map.get(NS, {})
    missing = [k for k in disclosed if k not in elements]
    if missing:
        raise Rejected(f"elements not disclosed: {', '.join(missing)}")
    return elements


MDOC_NOTES = ("pymdoccbor 1.4.0 — included: issue = MSO (ES256, SHA-256 digests, 20 elements, DS cert in x5chain, "
              "validity 2026-01-01..2027-01-01 after pinning its wall clock), verify = DS certificate signature by "
              "the IACA (one level, DS dates against the wall clock), MSO COSE_Sign1 signature, digests of the 5 "
              "presented items. Harness (pymdoccbor has no DeviceSigned/DeviceAuth): present = drop the 15 undisclosed "
              "IssuerSignedItems with cbor2 and sign DeviceAuthenticationBytes over the SessionTranscript (ES256, "
              "cryptography); verify = that device signature with the MSO's deviceKey. NOT included: validityInfo "
              "check at 2026-06-01, docType check, IACA validity/key usage. Salts (secrets) and digestID order (random shuffle) are the library's own "
              "randomness. EdDSA: not supported by the MSO issuer.")


# ---- VCDM (di.py) ---------------------------------------------------------------------------------------------
def disclose(credential):
    reduced = json.loads(json.dumps(credential))
    keep = set(DISCLOSED) | {"id", "type"}
    reduced["credentialSubject"] = {k: v for k, v in credential["credentialSubject"].items() if k in keep}
    return reduced


class Vcdm:
    def __init__(self, suite, alg):
        self.suite = suite
        self.issuer, self.holder = di.seeded_key(alg, "issuer"), di.seeded_key(alg, "holder")
        self.unsecured = di.unsecured(PERSON)

    def issue(self):
        return di.add_proof(self.unsecured, self.suite, self.issuer)

    def present(self, issued):
        # the study's method: the holder re-signs the credential reduced to the disclosed attributes
        return di.add_proof(disclose({k: v for k, v in issued.items() if k != "proof"}), self.suite, self.holder)

    def verify(self, presented):
        ok, why = di.verify(presented, issuer_must_control=False)
        if not ok:
            raise Rejected(why)
        return presented


VCDM_SUITES = {"ed25519": ["eddsa-rdfc-2022", "eddsa-jcs-2022"], "p256": ["ecdsa-rdfc-2019", "ecdsa-jcs-2019"]}
VCDM_NOTES = ("di.py: a harness built from PyLD + cryptography, not a published library; issuer proof, holder "
              "re-signs the 5-attribute subset; verify = the holder's proof (proofPurpose, did:key resolution, "
              "signature). PyLD has no 'safe mode' (jsonld.js safe: true), so undefined terms would be dropped silently.")


# ---- measurement ----------------------------------------------------------------------------------------------
def measure(row, settings, iterations, run_count):
    issued = row.issue()
    presented = row.present(issued)
    row.verify(presented)
    report = steady.warm_up(lambda: row.verify(row.present(row.issue())), settings)
    samples = {"issue": [], "present": [], "verify": []}
    for _ in range(run_count):
        samples["issue"] += steady.runs(row.issue, iterations, 1)
        samples["present"] += steady.runs(lambda: row.present(issued), iterations, 1)
        samples["verify"] += steady.runs(lambda: row.verify(presented), iterations, 1)
    size = len(presented) if isinstance(presented, bytes) else len(
        (presented if isinstance(presented, str) else json.dumps(presented)).encode())
    return report, [{"operation": op, "total": steady.stats(s)} for op, s in samples.items()], size


def fail(message):
    print(f"exchange.py: {message}", file=sys.stderr)
    sys.exit(2)


def main(args):
    known = {"--iterations", "--runs", "--warmup-seconds", "--warmup-max-seconds", "--format", "--alg"}
    for a in args[::2]:
        if a not in known or args.index(a) + 1 >= len(args):
            fail(f"unknown option or missing value: {a} (known: {' '.join(sorted(known))})")
    opt = lambda name, default: args[args.index(name) + 1] if name in args else default
    try:
        iterations, run_count = int(opt("--iterations", 50)), int(opt("--runs", 5))
        settings = steady.warmup_settings(args)
    except ValueError as e:
        fail(f"bad number: {e}")
    fmt, alg = opt("--format", "all"), opt("--alg", "both")
    if iterations < 1 or run_count < 1:
        fail("--iterations and --runs must be at least 1")
    if fmt not in ("all", "vcdm", "sd-jwt", "mdoc") or alg not in ("ed25519", "p256", "both"):
        fail("--format takes all|vcdm|sd-jwt|mdoc, --alg ed25519|p256|both")
    random.seed(hashlib.sha256(b"canonprof-peer-sd-jwt-salts").digest())
    algs = ["ed25519", "p256"] if alg == "both" else [alg]
    plan, skipped = [], []
    for a in algs:
        if fmt in ("all", "sd-jwt"):
            plan.append((a, "SD-JWT VC", f"sd-jwt {version('sd-jwt')} (jwcrypto {version('jwcrypto')})", 0,
                         lambda a=a: SdJwt(a), SD_JWT_NOTES))
        if fmt in ("all", "mdoc"):
            if a == "p256":
                plan.append((a, "mdoc", f"pymdoccbor {version('pymdoccbor')} (pycose {version('pycose')})", 0,
                             Mdoc, MDOC_NOTES))
            else:
                skipped.append({"alg": a, "format": "mdoc", "reason": "pymdoccbor 1.4.0 cannot sign with EdDSA "
                                "(MsoIssuer accepts ES256/ES384/ES512 only)"})
        if fmt in ("all", "vcdm"):
            lib = f"di.py harness (PyLD {version('PyLD')}, rfc8785 {version('rfc8785')}, cryptography {version('cryptography')})"
            for suite in VCDM_SUITES[a]:
                plan.append((a, f"VCDM {suite}", lib, 6, lambda s=suite, a=a: Vcdm(s, a), VCDM_NOTES))
            if a == "p256":
                skipped.append({"alg": a, "format": "VCDM ecdsa-sd-2023", "reason": di.SKIPPED["ecdsa-sd-2023"]})
    results = []
    for a, name, library, canonicalizations, make, notes in plan:
        print(f"exchange.py: {name} {a} …", file=sys.stderr)
        report, operations, size = measure(make(), settings, iterations, run_count)
        results.append({"alg": a, "format": name, "library": library, "canonicalizations": canonicalizations,
                        "bytes": size, "warmup": report, "operations": operations, "notes": notes})
    print(json.dumps({"implementation": implementation(), "lineage": LINEAGE,
                      "config": {"iterations": iterations, "runs": run_count,
                                 "warmup": {k: settings[k] for k in ("min_seconds", "max_seconds", "tolerance")}},
                      "credential": "person-20", "disclosed": DISCLOSED, "results": results, "skipped": skipped},
                     indent=2))


if __name__ == "__main__":
    main(sys.argv[1:])
