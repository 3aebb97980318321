/*
 * Cross-check of falcon512-ct.jsonl / falcon1024-ct.jsonl against the round-3
 * Falcon reference implementation in C (Thomas Pornin's falcon.c / falcon.h,
 * as vendored by the falcon-det-sys 0.1.0 crate; see run.sh).
 *
 * For every vector i of each file, this program
 *   1. regenerates it with the C reference from the same seed as
 *      ../src/main.rs: shake256_init_prng_from_seed("pq4337 test vectors /
 *      falcon-reference / <scheme>/ct/<i>"), falcon_keygen_make, 32-byte
 *      message from shake256_extract, falcon_sign_start + falcon_sign_dyn_finish
 *      with FALCON_SIG_CT, and again with FALCON_SIG_COMPRESSED from a copy of
 *      the PRNG and hash states taken after falcon_sign_start, and requires
 *      publicKey, message, signature and compressed to be byte-identical to
 *      the file;
 *   2. verifies the file's signature and compressed fields with falcon_verify:
 *      sig_type 0 (auto-detect) and the explicit type must accept, the other
 *      explicit type must reject, and a flipped message byte must be rejected.
 *
 * Usage: crosscheck FIXTURE_DIR        (exit status 0 iff every check passed)
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "falcon.h"

#define VECTORS 4
#define MAX_LINE 20000

static int failures = 0;

static void
fail(const char *scheme, int i, const char *what)
{
	fprintf(stderr, "  FAIL %s vector %d: %s\n", scheme, i, what);
	failures ++;
}

static void
to_hex(char *dst, const unsigned char *src, size_t len)
{
	size_t u;

	dst[0] = '0';
	dst[1] = 'x';
	for (u = 0; u < len; u ++) {
		sprintf(dst + 2 + 2 * u, "%02x", src[u]);
	}
	dst[2 + 2 * len] = 0;
}

/* Copies the string value of "key":"..." from a JSON line into out (NUL-terminated). */
static int
json_field(const char *line, const char *key, char *out, size_t out_len)
{
	char pat[64];
	const char *p, *e;

	snprintf(pat, sizeof pat, "\"%s\":\"", key);
	p = strstr(line, pat);
	if (p == NULL) {
		return 0;
	}
	p += strlen(pat);
	e = strchr(p, '"');
	if (e == NULL || (size_t)(e - p) >= out_len) {
		return 0;
	}
	memcpy(out, p, (size_t)(e - p));
	out[e - p] = 0;
	return 1;
}

static size_t
from_hex(unsigned char *dst, const char *src)
{
	size_t n;
	unsigned v;

	if (src[0] != '0' || src[1] != 'x') {
		return 0;
	}
	src += 2;
	for (n = 0; src[0] != 0 && src[1] != 0; n ++, src += 2) {
		if (sscanf(src, "%2x", &v) != 1) {
			return 0;
		}
		dst[n] = (unsigned char)v;
	}
	return n;
}

static int
verify(const unsigned char *sig, size_t sig_len, int sig_type,
	const unsigned char *pk, size_t pk_len,
	const unsigned char *msg, size_t msg_len)
{
	static unsigned char tmp[FALCON_TMPSIZE_VERIFY(10)];

	return falcon_verify(sig, sig_len, sig_type, pk, pk_len,
		msg, msg_len, tmp, sizeof tmp);
}

static void
check_file(const char *dir, const char *scheme, unsigned logn)
{
	static unsigned char sk[FALCON_PRIVKEY_SIZE(10)];
	static unsigned char pk[FALCON_PUBKEY_SIZE(10)];
	static unsigned char tmp[FALCON_TMPSIZE_KEYGEN(10) + FALCON_TMPSIZE_SIGNDYN(10)];
	static unsigned char sig[FALCON_SIG_CT_SIZE(10)];
	static unsigned char comp[FALCON_SIG_COMPRESSED_MAXSIZE(10)];
	static unsigned char fpk[MAX_LINE], fmsg[MAX_LINE], fsig[MAX_LINE], fcomp[MAX_LINE];
	static char line[MAX_LINE], field[MAX_LINE], hex[MAX_LINE];
	char path[4096], seed[128];
	FILE *f;
	int i, lines;

	snprintf(path, sizeof path, "%s/%s-ct.jsonl", dir, scheme);
	f = fopen(path, "r");
	if (f == NULL) {
		fprintf(stderr, "  FAIL cannot open %s\n", path);
		failures ++;
		return;
	}
	lines = 0;
	for (i = 0; fgets(line, sizeof line, f) != NULL; i ++) {
		shake256_context rng, hd, rng2, hd2;
		unsigned char msg[32], nonce[40], bad_msg[32];
		size_t sig_len, comp_len, pk_len, msg_len, fsig_len, fcomp_len;
		const char *keys[4] = { "publicKey", "message", "signature", "compressed" };
		const unsigned char *mine[4];
		size_t mine_len[4];
		int k;

		lines ++;
		if (i >= VECTORS) {
			fail(scheme, i, "more lines than expected");
			break;
		}

		/* 1. Regenerate from the seed with the C reference. */
		snprintf(seed, sizeof seed,
			"pq4337 test vectors / falcon-reference / %s/ct/%d", scheme, i);
		shake256_init_prng_from_seed(&rng, seed, strlen(seed));
		if (falcon_keygen_make(&rng, logn, sk, FALCON_PRIVKEY_SIZE(logn),
			pk, FALCON_PUBKEY_SIZE(logn), tmp, sizeof tmp) != 0)
		{
			fail(scheme, i, "falcon_keygen_make");
			continue;
		}
		shake256_extract(&rng, msg, sizeof msg);
		falcon_sign_start(&rng, nonce, &hd);
		shake256_inject(&hd, msg, sizeof msg);
		rng2 = rng;
		hd2 = hd;
		sig_len = sizeof sig;
		if (falcon_sign_dyn_finish(&rng, sig, &sig_len, FALCON_SIG_CT,
			sk, FALCON_PRIVKEY_SIZE(logn), &hd, nonce, tmp, sizeof tmp) != 0)
		{
			fail(scheme, i, "falcon_sign_dyn_finish(FALCON_SIG_CT)");
			continue;
		}
		comp_len = sizeof comp;
		if (falcon_sign_dyn_finish(&rng2, comp, &comp_len, FALCON_SIG_COMPRESSED,
			sk, FALCON_PRIVKEY_SIZE(logn), &hd2, nonce, tmp, sizeof tmp) != 0)
		{
			fail(scheme, i, "falcon_sign_dyn_finish(FALCON_SIG_COMPRESSED)");
			continue;
		}
		mine[0] = pk;   mine_len[0] = FALCON_PUBKEY_SIZE(logn);
		mine[1] = msg;  mine_len[1] = sizeof msg;
		mine[2] = sig;  mine_len[2] = sig_len;
		mine[3] = comp; mine_len[3] = comp_len;
		for (k = 0; k < 4; k ++) {
			if (!json_field(line, keys[k], field, sizeof field)) {
				fail(scheme, i, keys[k]);
				continue;
			}
			to_hex(hex, mine[k], mine_len[k]);
			if (strcmp(hex, field) != 0) {
				char what[128];
				snprintf(what, sizeof what,
					"%s differs from the C reference's output", keys[k]);
				fail(scheme, i, what);
			}
		}

		/* 2. Verify the file's bytes with falcon_verify. */
		if (!json_field(line, "publicKey", field, sizeof field)) continue;
		pk_len = from_hex(fpk, field);
		if (!json_field(line, "message", field, sizeof field)) continue;
		msg_len = from_hex(fmsg, field);
		if (!json_field(line, "signature", field, sizeof field)) continue;
		fsig_len = from_hex(fsig, field);
		if (!json_field(line, "compressed", field, sizeof field)) continue;
		fcomp_len = from_hex(fcomp, field);
		if (fsig_len != FALCON_SIG_CT_SIZE(logn) || fsig[0] != 0x50 + logn) {
			fail(scheme, i, "CT signature length/header");
		}
		if (verify(fsig, fsig_len, 0, fpk, pk_len, fmsg, msg_len) != 0) {
			fail(scheme, i, "falcon_verify(signature, auto-detect) rejects");
		}
		if (verify(fsig, fsig_len, FALCON_SIG_CT, fpk, pk_len, fmsg, msg_len) != 0) {
			fail(scheme, i, "falcon_verify(signature, FALCON_SIG_CT) rejects");
		}
		if (verify(fsig, fsig_len, FALCON_SIG_COMPRESSED, fpk, pk_len, fmsg, msg_len) == 0) {
			fail(scheme, i, "falcon_verify(signature, FALCON_SIG_COMPRESSED) accepts");
		}
		if (verify(fcomp, fcomp_len, 0, fpk, pk_len, fmsg, msg_len) != 0) {
			fail(scheme, i, "falcon_verify(compressed, auto-detect) rejects");
		}
		if (verify(fcomp, fcomp_len, FALCON_SIG_COMPRESSED, fpk, pk_len, fmsg, msg_len) != 0) {
			fail(scheme, i, "falcon_verify(compressed, FALCON_SIG_COMPRESSED) rejects");
		}
		if (verify(fcomp, fcomp_len, FALCON_SIG_CT, fpk, pk_len, fmsg, msg_len) == 0) {
			fail(scheme, i, "falcon_verify(compressed, FALCON_SIG_CT) accepts");
		}
		memcpy(bad_msg, fmsg, sizeof bad_msg);
		bad_msg[0] ^= 0x01;
		if (verify(fsig, fsig_len, 0, fpk, pk_len, bad_msg, msg_len) == 0
			|| verify(fcomp, fcomp_len, 0, fpk, pk_len, bad_msg, msg_len) == 0)
		{
			fail(scheme, i, "accepts a flipped message byte");
		}
	}
	fclose(f);
	if (lines != VECTORS) {
		fail(scheme, lines, "wrong number of vectors");
	}
	fprintf(stderr, "  %-10s %d vectors checked against the C reference\n", scheme, lines);
}

int
main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s FIXTURE_DIR\n", argv[0]);
		return 2;
	}
	check_file(argv[1], "falcon512", 9);
	check_file(argv[1], "falcon1024", 10);
	if (failures != 0) {
		fprintf(stderr, "C reference cross-check: %d failure(s)\n", failures);
		return 1;
	}
	fprintf(stderr, "C reference cross-check: byte-identical regeneration and falcon_verify OK\n");
	return 0;
}
