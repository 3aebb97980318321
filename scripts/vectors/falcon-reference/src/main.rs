//! Test-vector generator: Falcon-512/1024 signatures in the round-3 reference
//! implementation's **CT format** (falcon.h `FALCON_SIG_CT`), made with
//! `falcon-rs` 0.1.0, a pure-Rust port of Thomas Pornin's round-3 reference
//! code that keeps the falcon.h API (`falcon_keygen_make`, `falcon_sign_start`
//! / `falcon_sign_dyn_finish`, `falcon_verify`, and the `codec` module with
//! `comp_encode` / `comp_decode` / `trim_i16_encode` / `trim_i16_decode`).
//!
//! Output (JSON lines, hex `0x`-prefixed): `falcon512-ct.jsonl`,
//! `falcon1024-ct.jsonl`, 4 vectors each, every vector with its own key pair:
//!
//! ```text
//! {"scheme":"falcon512","source":"falcon-reference (crate falcon-rs v0.1.0)","variant":"ct",
//!  "publicKey":"0x09…","message":"0x…(32 bytes)","signature":"0x59…(809 bytes)","context":"0x",
//!  "compressed":"0x39…"}
//! ```
//!
//! `signature` is the CT signature: `0x50 + logn || nonce(40) || trim_i16_encode(s2, 12 bits)`
//! (809 bytes for Falcon-512, 1,577 for Falcon-1024). `compressed` is the
//! *same* signature (same nonce, same s2) in the compressed format
//! (`0x30 + logn || nonce || comp_encode(s2)`), i.e. what PQClean's
//! `falcon-512` / `falcon-1024` `crypto_sign_signature` returns.
//!
//! Randomness: everything comes from the library's own SHAKE256 PRNG
//! (`shake256_init_prng_from_seed`), seeded from a fixed label per vector
//! (`falcon512/ct/0`, …): key generation, then the 32-byte message
//! (`shake256_extract`), then the 40-byte nonce and the sampler seed consumed by
//! signing. The crate is built without its `std` feature, so it has no access to
//! OS randomness at all, and re-running reproduces the files byte for byte.
//!
//! Checks performed for every vector before anything is written (the program
//! panics otherwise):
//! * CT signature: header byte, exact length `FALCON_SIG_CT_SIZE(logn)`;
//!   `falcon_verify` accepts it with `sig_type = 0` (auto-detect from the header)
//!   and with `FALCON_SIG_CT`; rejects it with `FALCON_SIG_COMPRESSED` /
//!   `FALCON_SIG_PADDED` (wrong header); rejects a flipped signature byte, a
//!   flipped message byte, and the signature under another vector's key.
//! * `compressed` is obtained by transcoding with the library's codec
//!   (`trim_i16_decode(12 bits)` then `comp_encode`), and must equal what
//!   `falcon_sign_dyn_finish(FALCON_SIG_COMPRESSED)` outputs when rerun from the
//!   same PRNG and hash state (same nonce, same sampler randomness). The reverse
//!   transcoding (`comp_decode` then `trim_i16_encode`) must give back the CT
//!   signature, and `falcon_verify` must accept `compressed` (auto-detect and
//!   `FALCON_SIG_COMPRESSED`) and reject it as `FALCON_SIG_CT`.
//! * `falcon_make_public(privkey)` equals the public key from key generation,
//!   and a second run from the same seed gives byte-identical output.
//!
//! Usage: cargo run --release --locked -- [OUT_DIR]   (default: <repo>/test/fixtures)

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use falcon::codec;
use falcon::falcon::{
    falcon_keygen_make, falcon_make_public, falcon_privkey_size, falcon_pubkey_size,
    falcon_sig_compressed_maxsize, falcon_sig_ct_size, falcon_sign_dyn_finish, falcon_sign_start,
    falcon_tmpsize_keygen, falcon_tmpsize_makepub, falcon_tmpsize_signdyn, falcon_tmpsize_verify,
    falcon_verify, shake256_extract, shake256_init_prng_from_seed, shake256_inject,
    FALCON_SIG_COMPRESSED, FALCON_SIG_CT, FALCON_SIG_PADDED,
};
use falcon::shake::InnerShake256Context;

const VECTORS_PER_SCHEME: usize = 4;
const MSG_LEN: usize = 32;
const CRATE: &str = "falcon-rs";
const CRATE_VERSION: &str = "0.1.0";
/// Auto-detect the signature format from the header byte (falcon.h: `sig_type = 0`).
const SIG_AUTO: i32 = 0;

struct Vector {
    pk: Vec<u8>,
    msg: Vec<u8>,
    /// CT format.
    sig: Vec<u8>,
    /// Same signature, compressed format.
    compressed: Vec<u8>,
}

fn hex(b: &[u8]) -> String {
    let mut s = String::with_capacity(2 + 2 * b.len());
    s.push_str("0x");
    for x in b {
        write!(s, "{x:02x}").unwrap();
    }
    s
}

fn flip(v: &[u8], at: usize) -> Vec<u8> {
    let mut m = v.to_vec();
    m[at] ^= 0x01;
    m
}

fn seeded_prng(label: &str) -> InnerShake256Context {
    let mut rng = InnerShake256Context::new();
    let seed = format!("pq4337 test vectors / falcon-reference / {label}");
    shake256_init_prng_from_seed(&mut rng, seed.as_bytes());
    rng
}

fn verify(sig: &[u8], sig_type: i32, pk: &[u8], msg: &[u8], logn: u32) -> i32 {
    let mut tmp = vec![0u8; falcon_tmpsize_verify(logn)];
    falcon_verify(sig, sig_type, pk, msg, &mut tmp)
}

/// CT signature -> compressed signature, with the library's codec.
fn ct_to_compressed(ct: &[u8], logn: u32) -> Vec<u8> {
    let n = 1usize << logn;
    let mut s2 = vec![0i16; n];
    let bits = codec::MAX_SIG_BITS[logn as usize] as u32;
    assert_eq!(bits, 12);
    let used = codec::trim_i16_decode(&mut s2, logn, bits, &ct[41..]);
    assert_eq!(used, ct.len() - 41, "trim_i16_decode length");
    let body_len = codec::comp_encode(None, &s2, logn);
    assert!(body_len > 0, "comp_encode failed");
    let mut out = vec![0u8; 41 + body_len];
    out[0] = 0x30 + logn as u8;
    out[1..41].copy_from_slice(&ct[1..41]);
    assert_eq!(
        codec::comp_encode(Some(&mut out[41..]), &s2, logn),
        body_len
    );
    out
}

/// Compressed signature -> CT signature, with the library's codec.
fn compressed_to_ct(comp: &[u8], logn: u32) -> Vec<u8> {
    let n = 1usize << logn;
    let mut s2 = vec![0i16; n];
    let used = codec::comp_decode(&mut s2, logn, &comp[41..]);
    assert_eq!(used, comp.len() - 41, "comp_decode length");
    let bits = codec::MAX_SIG_BITS[logn as usize] as u32;
    let mut out = vec![0u8; falcon_sig_ct_size(logn)];
    out[0] = 0x50 + logn as u8;
    out[1..41].copy_from_slice(&comp[1..41]);
    assert_eq!(
        codec::trim_i16_encode(Some(&mut out[41..]), &s2, logn, bits),
        out.len() - 41
    );
    out
}

/// Key generation, message and signature for one label (pure function of the label).
fn make_vector(label: &str, logn: u32) -> (Vector, Vec<u8>) {
    let mut rng = seeded_prng(label);

    // Key pair.
    let mut sk = vec![0u8; falcon_privkey_size(logn)];
    let mut pk = vec![0u8; falcon_pubkey_size(logn)];
    let mut tmp = vec![0u8; falcon_tmpsize_keygen(logn)];
    assert_eq!(
        0,
        falcon_keygen_make(&mut rng, logn, &mut sk, Some(&mut pk), &mut tmp),
        "{label}: keygen"
    );

    // Message: 32 bytes from the same PRNG.
    let mut msg = vec![0u8; MSG_LEN];
    shake256_extract(&mut rng, &mut msg);

    // Sign, CT format (= falcon_sign_dyn, split in start/finish so the state can be replayed).
    let mut nonce = [0u8; 40];
    let mut hd = InnerShake256Context::new();
    assert_eq!(0, falcon_sign_start(&mut rng, &mut nonce, &mut hd));
    shake256_inject(&mut hd, &msg);
    let (mut rng_replay, mut hd_replay) = (rng.clone(), hd.clone());

    let mut tmp = vec![0u8; falcon_tmpsize_signdyn(logn)];
    let mut sig = vec![0u8; falcon_sig_ct_size(logn)];
    let mut sig_len = sig.len();
    assert_eq!(
        0,
        falcon_sign_dyn_finish(
            &mut rng,
            &mut sig,
            &mut sig_len,
            FALCON_SIG_CT,
            &sk,
            &mut hd,
            &nonce,
            &mut tmp
        ),
        "{label}: sign (CT)"
    );
    sig.truncate(sig_len);

    // The same signature in compressed form: transcoded by the library's codec...
    let compressed = ct_to_compressed(&sig, logn);
    // ...and equal to what the signer outputs in compressed mode from the same state.
    let mut comp2 = vec![0u8; falcon_sig_compressed_maxsize(logn)];
    let mut comp2_len = comp2.len();
    assert_eq!(
        0,
        falcon_sign_dyn_finish(
            &mut rng_replay,
            &mut comp2,
            &mut comp2_len,
            FALCON_SIG_COMPRESSED,
            &sk,
            &mut hd_replay,
            &nonce,
            &mut tmp
        ),
        "{label}: sign (compressed replay)"
    );
    comp2.truncate(comp2_len);
    assert_eq!(
        compressed, comp2,
        "{label}: transcoded compressed signature differs from the signer's compressed output"
    );

    (
        Vector {
            pk,
            msg,
            sig,
            compressed,
        },
        sk,
    )
}

fn check_vector(label: &str, logn: u32, v: &Vector, sk: &[u8], other_pk: &[u8]) {
    let ct_len = falcon_sig_ct_size(logn);
    let (pk, msg, sig, comp) = (&v.pk, &v.msg, &v.sig, &v.compressed);

    // Shapes.
    assert_eq!(pk.len(), falcon_pubkey_size(logn), "{label}: pk length");
    assert_eq!(pk[0], logn as u8, "{label}: pk header");
    assert_eq!(sig.len(), ct_len, "{label}: CT length");
    assert_eq!(sig[0], 0x50 + logn as u8, "{label}: CT header");
    assert_eq!(comp[0], 0x30 + logn as u8, "{label}: compressed header");
    assert!(
        comp.len() <= falcon_sig_compressed_maxsize(logn),
        "{label}: compressed length"
    );
    assert_eq!(sig[1..41], comp[1..41], "{label}: nonce");

    // Public key recomputed from the private key.
    let mut pk2 = vec![0u8; falcon_pubkey_size(logn)];
    let mut tmp = vec![0u8; falcon_tmpsize_makepub(logn)];
    assert_eq!(0, falcon_make_public(&mut pk2, sk, &mut tmp));
    assert_eq!(&pk2, pk, "{label}: falcon_make_public");

    // CT signature.
    assert_eq!(
        0,
        verify(sig, SIG_AUTO, pk, msg, logn),
        "{label}: CT, auto-detect"
    );
    assert_eq!(
        0,
        verify(sig, FALCON_SIG_CT, pk, msg, logn),
        "{label}: CT, FALCON_SIG_CT"
    );
    assert_ne!(
        0,
        verify(sig, FALCON_SIG_COMPRESSED, pk, msg, logn),
        "{label}: CT as compressed"
    );
    assert_ne!(
        0,
        verify(sig, FALCON_SIG_PADDED, pk, msg, logn),
        "{label}: CT as padded"
    );
    for at in [41, sig.len() / 2, sig.len() - 1] {
        assert_ne!(
            0,
            verify(&flip(sig, at), SIG_AUTO, pk, msg, logn),
            "{label}: CT flipped sig byte {at}"
        );
    }
    assert_ne!(
        0,
        verify(&flip(sig, 1), SIG_AUTO, pk, msg, logn),
        "{label}: CT flipped nonce"
    );
    assert_ne!(
        0,
        verify(sig, SIG_AUTO, pk, &flip(msg, 0), logn),
        "{label}: CT flipped msg"
    );
    assert_ne!(
        0,
        verify(sig, SIG_AUTO, other_pk, msg, logn),
        "{label}: CT under another key"
    );

    // Compressed form of the same signature.
    assert_eq!(
        0,
        verify(comp, SIG_AUTO, pk, msg, logn),
        "{label}: compressed, auto-detect"
    );
    assert_eq!(
        0,
        verify(comp, FALCON_SIG_COMPRESSED, pk, msg, logn),
        "{label}: compressed, FALCON_SIG_COMPRESSED"
    );
    assert_ne!(
        0,
        verify(comp, FALCON_SIG_CT, pk, msg, logn),
        "{label}: compressed as CT"
    );
    assert_ne!(
        0,
        verify(comp, SIG_AUTO, pk, &flip(msg, 0), logn),
        "{label}: compressed flipped msg"
    );
    assert_eq!(
        &compressed_to_ct(comp, logn),
        sig,
        "{label}: compressed -> CT transcoding"
    );
}

fn generate(scheme: &str, logn: u32) -> Vec<String> {
    let mut vectors = vec![];
    for i in 0..VECTORS_PER_SCHEME {
        let label = format!("{scheme}/ct/{i}");
        let (v, sk) = make_vector(&label, logn);
        // Determinism: the same label gives byte-identical output.
        let (again, sk2) = make_vector(&label, logn);
        assert!(
            again.pk == v.pk
                && sk2 == sk
                && again.msg == v.msg
                && again.sig == v.sig
                && again.compressed == v.compressed,
            "{label}: not reproducible"
        );
        vectors.push((label, v, sk));
    }
    let source = format!("falcon-reference (crate {CRATE} v{CRATE_VERSION})");
    let mut lines = vec![];
    for (i, (label, v, sk)) in vectors.iter().enumerate() {
        let other_pk = &vectors[(i + 1) % vectors.len()].1.pk;
        check_vector(label, logn, v, sk, other_pk);
        lines.push(format!(
            "{{\"scheme\":\"{scheme}\",\"source\":\"{source}\",\"variant\":\"ct\",\"publicKey\":\"{}\",\"message\":\"{}\",\"signature\":\"{}\",\"context\":\"0x\",\"compressed\":\"{}\"}}",
            hex(&v.pk),
            hex(&v.msg),
            hex(&v.sig),
            hex(&v.compressed)
        ));
    }
    eprintln!(
        "  {scheme:<11} ct: CT length {} (header 0x{:02x}); compressed lengths {:?}; all checks passed",
        falcon_sig_ct_size(logn),
        0x50 + logn,
        vectors.iter().map(|(_, v, _)| v.compressed.len()).collect::<Vec<_>>()
    );
    lines
}

fn write_jsonl(dir: &Path, name: &str, lines: &[String]) {
    let path = dir.join(name);
    let mut body = lines.join("\n");
    body.push('\n');
    fs::write(&path, body).expect("write fixture");
    eprintln!("wrote {} ({} vectors)", path.display(), lines.len());
}

fn main() {
    let out_dir: PathBuf = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../test/fixtures")
        });
    fs::create_dir_all(&out_dir).expect("create output dir");

    // Sizes from falcon.h: FALCON_SIG_CT_SIZE(9) = 809, FALCON_SIG_CT_SIZE(10) = 1577.
    assert_eq!(falcon_sig_ct_size(9), 809);
    assert_eq!(falcon_sig_ct_size(10), 1577);
    assert_eq!(codec::MAX_SIG_BITS[9], 12);
    assert_eq!(codec::MAX_SIG_BITS[10], 12);

    eprintln!("Falcon CT vectors via {CRATE} {CRATE_VERSION} (round-3 reference port)");
    write_jsonl(&out_dir, "falcon512-ct.jsonl", &generate("falcon512", 9));
    write_jsonl(&out_dir, "falcon1024-ct.jsonl", &generate("falcon1024", 10));
}
