//! Test-vector generator: PQClean (through the `pqcrypto-*` crates) signs
//! random 32-byte messages with ML-DSA-65, ML-DSA-87 and Falcon-512/1024 (compressed and
//! padded), and writes JSON lines into `test/fixtures/`.
//!
//! Randomness: PQClean calls `randombytes()`, which `pqcrypto-internals`
//! forwards to `getrandom` 0.3. We install getrandom's "custom" backend (it
//! must be enabled with `RUSTFLAGS='--cfg getrandom_backend="custom"'`, as
//! `generate.sh` does) and feed it a SHAKE256 stream reseeded from a fixed
//! label before every vector, so key generation, the 32-byte message, ML-DSA's
//! hedged `rnd` and Falcon's nonce/sampler seed are all reproducible. The
//! program refuses to run when the custom backend is not active (it would
//! silently fall back to OS randomness otherwise).
//!
//! Usage: cargo run --release -- [OUT_DIR]   (default: <repo>/test/fixtures)

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::ptr;
use std::sync::Mutex;

use pqcrypto_falcon::{falcon1024, falcon512, falconpadded1024, falconpadded512};
use pqcrypto_mldsa::mldsa44;
use pqcrypto_mldsa::mldsa65;
use pqcrypto_mldsa::mldsa87;
use pqcrypto_traits::sign::{DetachedSignature as _, PublicKey as _, SecretKey as _};
use sha3::digest::{ExtendableOutput, Update, XofReader};
use sha3::{Shake256, Shake256Reader};

const VECTORS_PER_VARIANT: usize = 4;
const MSG_LEN: usize = 32;

// ---------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------

static DRBG: Mutex<Option<Shake256Reader>> = Mutex::new(None);

fn xof(label: &str) -> Shake256Reader {
    let mut h = Shake256::default();
    h.update(b"pq4337 test vectors / pqclean / ");
    h.update(label.as_bytes());
    h.finalize_xof()
}

fn reseed(label: &str) {
    *DRBG.lock().unwrap() = Some(xof(label));
}

fn drbg_bytes(n: usize) -> Vec<u8> {
    let mut out = vec![0u8; n];
    DRBG.lock()
        .unwrap()
        .as_mut()
        .expect("DRBG not seeded")
        .read(&mut out);
    out
}

/// getrandom 0.3 custom backend (only linked in when built with
/// `--cfg getrandom_backend="custom"`).
#[no_mangle]
unsafe extern "Rust" fn __getrandom_v03_custom(
    dest: *mut u8,
    len: usize,
) -> Result<(), getrandom::Error> {
    let buf = std::slice::from_raw_parts_mut(dest, len);
    match DRBG.lock().unwrap().as_mut() {
        Some(r) => {
            r.read(buf);
            Ok(())
        }
        None => Err(getrandom::Error::UNSUPPORTED),
    }
}

fn check_custom_backend() {
    reseed("self-check");
    let mut got = [0u8; 32];
    getrandom::fill(&mut got).expect("getrandom failed");
    let mut want = [0u8; 32];
    xof("self-check").read(&mut want);
    if got != want {
        eprintln!(
            "error: getrandom is not using the seeded custom backend, so the vectors would not be \
             reproducible.\nRebuild with: RUSTFLAGS='--cfg getrandom_backend=\"custom\"' cargo run --release"
        );
        std::process::exit(2);
    }
}

// ---------------------------------------------------------------------------
// One interface over "the crate's public API" and "PQClean clean via FFI"
// ---------------------------------------------------------------------------

struct Impl {
    keypair: fn() -> (Vec<u8>, Vec<u8>),
    /// (msg, sk) -> detached signature
    sign: fn(&[u8], &[u8]) -> Vec<u8>,
    /// (sig, msg, pk) -> accepted?
    verify: fn(&[u8], &[u8], &[u8]) -> bool,
}

/// The public, documented API of a pqcrypto module (dispatches to the AVX2
/// implementation at run time when the CPU has AVX2, otherwise to "clean").
macro_rules! public_api {
    ($m:ident) => {
        Impl {
            keypair: || {
                let (pk, sk) = $m::keypair();
                (pk.as_bytes().to_vec(), sk.as_bytes().to_vec())
            },
            sign: |msg, sk| {
                let sk = $m::SecretKey::from_bytes(sk).expect("secret key");
                $m::detached_sign(msg, &sk).as_bytes().to_vec()
            },
            verify: |sig, msg, pk| {
                let pk = match $m::PublicKey::from_bytes(pk) {
                    Ok(pk) => pk,
                    Err(_) => return false,
                };
                let sig = match $m::DetachedSignature::from_bytes(sig) {
                    Ok(s) => s,
                    Err(_) => return false,
                };
                $m::verify_detached_signature(&sig, msg, &pk).is_ok()
            },
        }
    };
}

/// PQClean's portable "clean" C implementation, called directly through the
/// crate's `ffi` module (independent of the run-time AVX2 dispatch).
macro_rules! clean_ffi {
    ($ffi:path, $pkb:ident, $skb:ident, $sigb:ident, $kp:ident, $sign:ident, $verify:ident) => {{
        use $ffi as f;
        Impl {
            keypair: || {
                let mut pk = vec![0u8; f::$pkb];
                let mut sk = vec![0u8; f::$skb];
                assert_eq!(0, unsafe { f::$kp(pk.as_mut_ptr(), sk.as_mut_ptr()) });
                (pk, sk)
            },
            sign: |msg, sk| {
                let mut sig = vec![0u8; f::$sigb];
                let mut len = 0usize;
                assert_eq!(0, unsafe {
                    f::$sign(
                        sig.as_mut_ptr(),
                        &mut len,
                        msg.as_ptr(),
                        msg.len(),
                        sk.as_ptr(),
                    )
                });
                sig.truncate(len);
                sig
            },
            verify: |sig, msg, pk| unsafe {
                f::$verify(
                    sig.as_ptr(),
                    sig.len(),
                    msg.as_ptr(),
                    msg.len(),
                    pk.as_ptr(),
                ) == 0
            },
        }
    }};
}

fn mldsa65_clean() -> Impl {
    use pqcrypto_mldsa::ffi as f;
    Impl {
        keypair: || {
            let mut pk = vec![0u8; f::PQCLEAN_MLDSA65_CLEAN_CRYPTO_PUBLICKEYBYTES];
            let mut sk = vec![0u8; f::PQCLEAN_MLDSA65_CLEAN_CRYPTO_SECRETKEYBYTES];
            assert_eq!(0, unsafe {
                f::PQCLEAN_MLDSA65_CLEAN_crypto_sign_keypair(pk.as_mut_ptr(), sk.as_mut_ptr())
            });
            (pk, sk)
        },
        // Pure ML-DSA, empty context: M' = 0x00 || 0x00 || M (FIPS 204 Alg. 2).
        sign: |msg, sk| {
            let mut sig = vec![0u8; f::PQCLEAN_MLDSA65_CLEAN_CRYPTO_BYTES];
            let mut len = 0usize;
            assert_eq!(0, unsafe {
                f::PQCLEAN_MLDSA65_CLEAN_crypto_sign_signature_ctx(
                    sig.as_mut_ptr(),
                    &mut len,
                    msg.as_ptr(),
                    msg.len(),
                    ptr::null(),
                    0,
                    sk.as_ptr(),
                )
            });
            sig.truncate(len);
            sig
        },
        verify: |sig, msg, pk| unsafe {
            f::PQCLEAN_MLDSA65_CLEAN_crypto_sign_verify_ctx(
                sig.as_ptr(),
                sig.len(),
                msg.as_ptr(),
                msg.len(),
                ptr::null(),
                0,
                pk.as_ptr(),
            ) == 0
        },
    }
}

fn mldsa44_clean() -> Impl {
    use pqcrypto_mldsa::ffi as f;
    Impl {
        keypair: || {
            let mut pk = vec![0u8; f::PQCLEAN_MLDSA44_CLEAN_CRYPTO_PUBLICKEYBYTES];
            let mut sk = vec![0u8; f::PQCLEAN_MLDSA44_CLEAN_CRYPTO_SECRETKEYBYTES];
            assert_eq!(0, unsafe {
                f::PQCLEAN_MLDSA44_CLEAN_crypto_sign_keypair(pk.as_mut_ptr(), sk.as_mut_ptr())
            });
            (pk, sk)
        },
        // Pure ML-DSA, empty context: M' = 0x00 || 0x00 || M (FIPS 204 Alg. 2).
        sign: |msg, sk| {
            let mut sig = vec![0u8; f::PQCLEAN_MLDSA44_CLEAN_CRYPTO_BYTES];
            let mut len = 0usize;
            assert_eq!(0, unsafe {
                f::PQCLEAN_MLDSA44_CLEAN_crypto_sign_signature_ctx(
                    sig.as_mut_ptr(),
                    &mut len,
                    msg.as_ptr(),
                    msg.len(),
                    ptr::null(),
                    0,
                    sk.as_ptr(),
                )
            });
            sig.truncate(len);
            sig
        },
        verify: |sig, msg, pk| unsafe {
            f::PQCLEAN_MLDSA44_CLEAN_crypto_sign_verify_ctx(
                sig.as_ptr(),
                sig.len(),
                msg.as_ptr(),
                msg.len(),
                ptr::null(),
                0,
                pk.as_ptr(),
            ) == 0
        },
    }
}

fn mldsa87_clean() -> Impl {
    use pqcrypto_mldsa::ffi as f;
    Impl {
        keypair: || {
            let mut pk = vec![0u8; f::PQCLEAN_MLDSA87_CLEAN_CRYPTO_PUBLICKEYBYTES];
            let mut sk = vec![0u8; f::PQCLEAN_MLDSA87_CLEAN_CRYPTO_SECRETKEYBYTES];
            assert_eq!(0, unsafe {
                f::PQCLEAN_MLDSA87_CLEAN_crypto_sign_keypair(pk.as_mut_ptr(), sk.as_mut_ptr())
            });
            (pk, sk)
        },
        // Pure ML-DSA, empty context: M' = 0x00 || 0x00 || M (FIPS 204 Alg. 2).
        sign: |msg, sk| {
            let mut sig = vec![0u8; f::PQCLEAN_MLDSA87_CLEAN_CRYPTO_BYTES];
            let mut len = 0usize;
            assert_eq!(0, unsafe {
                f::PQCLEAN_MLDSA87_CLEAN_crypto_sign_signature_ctx(
                    sig.as_mut_ptr(),
                    &mut len,
                    msg.as_ptr(),
                    msg.len(),
                    ptr::null(),
                    0,
                    sk.as_ptr(),
                )
            });
            sig.truncate(len);
            sig
        },
        verify: |sig, msg, pk| unsafe {
            f::PQCLEAN_MLDSA87_CLEAN_crypto_sign_verify_ctx(
                sig.as_ptr(),
                sig.len(),
                msg.as_ptr(),
                msg.len(),
                ptr::null(),
                0,
                pk.as_ptr(),
            ) == 0
        },
    }
}

// ---------------------------------------------------------------------------
// Vector generation
// ---------------------------------------------------------------------------

#[derive(Clone, Copy)]
enum SigShape {
    /// ML-DSA: always exactly this many bytes.
    Fixed(usize),
    /// Falcon compressed: header byte, 40-byte nonce, variable-length
    /// compressed s2; at most this many bytes.
    FalconCompressed { header: u8, max: usize },
    /// Falcon padded: header byte, 40-byte nonce, compressed s2 zero-padded
    /// to exactly this many bytes.
    FalconPadded { header: u8, len: usize },
}

fn hex(b: &[u8]) -> String {
    let mut s = String::with_capacity(2 + 2 * b.len());
    s.push_str("0x");
    for x in b {
        write!(s, "{x:02x}").unwrap();
    }
    s
}

fn mutate(v: &[u8], at: usize) -> Vec<u8> {
    let mut m = v.to_vec();
    m[at] ^= 0x01;
    m
}

struct Stats {
    lens: Vec<usize>,
    clean_identical: usize,
    /// How many signatures PQClean's verifier for the *other* Falcon encoding
    /// (compressed <-> padded) accepts. Informational: PQClean is lenient here.
    other_encoding_accepts: Option<usize>,
}

fn generate(
    scheme: &str,
    variant: &str,
    api: &Impl,
    clean: &Impl,
    shape: SigShape,
    other_encoding: Option<&Impl>,
    lines: &mut Vec<String>,
) -> Stats {
    let mut stats = Stats {
        lens: vec![],
        clean_identical: 0,
        other_encoding_accepts: other_encoding.map(|_| 0),
    };
    for i in 0..VECTORS_PER_VARIANT {
        let label = format!("{scheme}/{variant}/{i}");

        reseed(&label);
        let (pk, sk) = (api.keypair)();
        let msg = drbg_bytes(MSG_LEN);
        let sig = (api.sign)(&msg, &sk);

        // Shape of the detached signature.
        match shape {
            SigShape::Fixed(n) => assert_eq!(sig.len(), n, "{label}: signature length"),
            SigShape::FalconCompressed { header, max } => {
                assert_eq!(sig[0], header, "{label}: header byte");
                assert!(
                    sig.len() <= max && sig.len() > 41,
                    "{label}: length {}",
                    sig.len()
                );
            }
            SigShape::FalconPadded { header, len } => {
                assert_eq!(sig[0], header, "{label}: header byte");
                assert_eq!(sig.len(), len, "{label}: padded length");
            }
        }
        stats.lens.push(sig.len());

        // Self-consistency: both PQClean code paths accept it and reject
        // one-bit mutations of the signature body and of the message.
        for (name, imp) in [("public API", api), ("clean FFI", clean)] {
            assert!(
                (imp.verify)(&sig, &msg, &pk),
                "{label}: {name} rejects its own signature"
            );
            assert!(
                !(imp.verify)(&mutate(&sig, sig.len() / 2), &msg, &pk),
                "{label}: {name} accepts mutated sig"
            );
            assert!(
                !(imp.verify)(&sig, &mutate(&msg, 0), &pk),
                "{label}: {name} accepts mutated msg"
            );
        }

        if let (Some(other), Some(n)) = (other_encoding, stats.other_encoding_accepts.as_mut()) {
            if (other.verify)(&sig, &msg, &pk) {
                *n += 1;
            }
        }

        // Reproducibility across CPUs: the clean implementation with the same
        // seed must give byte-identical keys and signature.
        reseed(&label);
        let (pk2, sk2) = (clean.keypair)();
        let msg2 = drbg_bytes(MSG_LEN);
        let sig2 = (clean.sign)(&msg2, &sk2);
        if pk2 == pk && sk2 == sk && msg2 == msg && sig2 == sig {
            stats.clean_identical += 1;
        }

        lines.push(format!(
            "{{\"scheme\":\"{scheme}\",\"source\":\"pqclean\",\"variant\":\"{variant}\",\"publicKey\":\"{}\",\"message\":\"{}\",\"signature\":\"{}\",\"context\":\"0x\"}}",
            hex(&pk),
            hex(&msg),
            hex(&sig)
        ));
    }
    stats
}

fn report(scheme: &str, variant: &str, s: &Stats) {
    eprint!(
        "  {scheme:<11} {variant:<10} sig lengths {:?}; clean FFI byte-identical: {}/{}",
        s.lens,
        s.clean_identical,
        s.lens.len()
    );
    match s.other_encoding_accepts {
        Some(n) => eprintln!(
            "; PQClean's other-encoding verifier accepts {n}/{}",
            s.lens.len()
        ),
        None => eprintln!(),
    }
}

fn main() {
    let out_dir: PathBuf = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../test/fixtures")
        });
    fs::create_dir_all(&out_dir).expect("create output dir");

    check_custom_backend();

    #[cfg(target_arch = "x86_64")]
    let dispatch = if std::is_x86_feature_detected!("avx2") {
        "avx2"
    } else {
        "clean"
    };
    #[cfg(not(target_arch = "x86_64"))]
    let dispatch = "clean/aarch64";
    eprintln!("pqcrypto public API dispatches to: {dispatch}");

    // ML-DSA-44 (FIPS 204 final, pure, empty context).
    {
        let mut lines = vec![];
        let st = generate(
            "mldsa44",
            "fips",
            &public_api!(mldsa44),
            &mldsa44_clean(),
            SigShape::Fixed(mldsa44::signature_bytes()),
            None,
            &mut lines,
        );
        report("mldsa44", "fips", &st);
        write_jsonl(&out_dir, "mldsa44-pqclean.jsonl", &lines);
    }

    // ML-DSA-65 (FIPS 204 final, pure, empty context).
    {
        let mut lines = vec![];
        let st = generate(
            "mldsa65",
            "fips",
            &public_api!(mldsa65),
            &mldsa65_clean(),
            SigShape::Fixed(mldsa65::signature_bytes()),
            None,
            &mut lines,
        );
        report("mldsa65", "fips", &st);
        write_jsonl(&out_dir, "mldsa65-pqclean.jsonl", &lines);
    }

    // ML-DSA-87 (FIPS 204 final, pure, empty context).
    {
        let mut lines = vec![];
        let st = generate(
            "mldsa87",
            "fips",
            &public_api!(mldsa87),
            &mldsa87_clean(),
            SigShape::Fixed(mldsa87::signature_bytes()),
            None,
            &mut lines,
        );
        report("mldsa87", "fips", &st);
        write_jsonl(&out_dir, "mldsa87-pqclean.jsonl", &lines);
    }

    // Falcon-512: header 0x30 + logn = 0x39.
    {
        let mut lines = vec![];
        let st = generate(
            "falcon512",
            "compressed",
            &public_api!(falcon512),
            &clean_ffi!(
                pqcrypto_falcon::ffi,
                PQCLEAN_FALCON512_CLEAN_CRYPTO_PUBLICKEYBYTES,
                PQCLEAN_FALCON512_CLEAN_CRYPTO_SECRETKEYBYTES,
                PQCLEAN_FALCON512_CLEAN_CRYPTO_BYTES,
                PQCLEAN_FALCON512_CLEAN_crypto_sign_keypair,
                PQCLEAN_FALCON512_CLEAN_crypto_sign_signature,
                PQCLEAN_FALCON512_CLEAN_crypto_sign_verify
            ),
            SigShape::FalconCompressed {
                header: 0x39,
                max: falcon512::signature_bytes(),
            },
            Some(&public_api!(falconpadded512)),
            &mut lines,
        );
        report("falcon512", "compressed", &st);
        let st = generate(
            "falcon512",
            "padded",
            &public_api!(falconpadded512),
            &clean_ffi!(
                pqcrypto_falcon::ffi,
                PQCLEAN_FALCONPADDED512_CLEAN_CRYPTO_PUBLICKEYBYTES,
                PQCLEAN_FALCONPADDED512_CLEAN_CRYPTO_SECRETKEYBYTES,
                PQCLEAN_FALCONPADDED512_CLEAN_CRYPTO_BYTES,
                PQCLEAN_FALCONPADDED512_CLEAN_crypto_sign_keypair,
                PQCLEAN_FALCONPADDED512_CLEAN_crypto_sign_signature,
                PQCLEAN_FALCONPADDED512_CLEAN_crypto_sign_verify
            ),
            SigShape::FalconPadded {
                header: 0x39,
                len: falconpadded512::signature_bytes(),
            },
            Some(&public_api!(falcon512)),
            &mut lines,
        );
        report("falcon512", "padded", &st);
        write_jsonl(&out_dir, "falcon512-pqclean.jsonl", &lines);
    }

    // Falcon-1024: header 0x30 + logn = 0x3a.
    {
        let mut lines = vec![];
        let st = generate(
            "falcon1024",
            "compressed",
            &public_api!(falcon1024),
            &clean_ffi!(
                pqcrypto_falcon::ffi,
                PQCLEAN_FALCON1024_CLEAN_CRYPTO_PUBLICKEYBYTES,
                PQCLEAN_FALCON1024_CLEAN_CRYPTO_SECRETKEYBYTES,
                PQCLEAN_FALCON1024_CLEAN_CRYPTO_BYTES,
                PQCLEAN_FALCON1024_CLEAN_crypto_sign_keypair,
                PQCLEAN_FALCON1024_CLEAN_crypto_sign_signature,
                PQCLEAN_FALCON1024_CLEAN_crypto_sign_verify
            ),
            SigShape::FalconCompressed {
                header: 0x3a,
                max: falcon1024::signature_bytes(),
            },
            Some(&public_api!(falconpadded1024)),
            &mut lines,
        );
        report("falcon1024", "compressed", &st);
        let st = generate(
            "falcon1024",
            "padded",
            &public_api!(falconpadded1024),
            &clean_ffi!(
                pqcrypto_falcon::ffi,
                PQCLEAN_FALCONPADDED1024_CLEAN_CRYPTO_PUBLICKEYBYTES,
                PQCLEAN_FALCONPADDED1024_CLEAN_CRYPTO_SECRETKEYBYTES,
                PQCLEAN_FALCONPADDED1024_CLEAN_CRYPTO_BYTES,
                PQCLEAN_FALCONPADDED1024_CLEAN_crypto_sign_keypair,
                PQCLEAN_FALCONPADDED1024_CLEAN_crypto_sign_signature,
                PQCLEAN_FALCONPADDED1024_CLEAN_crypto_sign_verify
            ),
            SigShape::FalconPadded {
                header: 0x3a,
                len: falconpadded1024::signature_bytes(),
            },
            Some(&public_api!(falcon1024)),
            &mut lines,
        );
        report("falcon1024", "padded", &st);
        write_jsonl(&out_dir, "falcon1024-pqclean.jsonl", &lines);
    }
}

fn write_jsonl(dir: &Path, name: &str, lines: &[String]) {
    let path = dir.join(name);
    let mut body = lines.join("\n");
    body.push('\n');
    fs::write(&path, body).expect("write fixture");
    eprintln!("wrote {} ({} vectors)", path.display(), lines.len());
}
