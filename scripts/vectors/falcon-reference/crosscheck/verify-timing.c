#define _POSIX_C_SOURCE 199309L
/*
 * CPU time of one falcon_verify of the round-3 reference (a CT signature of a 32-byte message) on this machine: the
 * calibration point of docs/bench.md's aggregation section. Prints the median, min and max of 15 batches of 2,000 verifies.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "falcon.h"

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }

int main(int argc, char **argv) {
	unsigned logn = argc > 1 ? (unsigned)atoi(argv[1]) : 9, n = 2000, b, i;
	static unsigned char sk[FALCON_PRIVKEY_SIZE(10)], pk[FALCON_PUBKEY_SIZE(10)], sig[FALCON_SIG_CT_SIZE(10)];
	static unsigned char tmp[FALCON_TMPSIZE_KEYGEN(10) + FALCON_TMPSIZE_SIGNDYN(10)], vtmp[FALCON_TMPSIZE_VERIFY(10)];
	unsigned char msg[32];
	size_t sig_len = FALCON_SIG_CT_SIZE(logn);
	double batches[15];
	shake256_context rng;
	shake256_init_prng_from_seed(&rng, "pq4337 verify timing", 20);
	memset(msg, 0x42, sizeof msg);
	if (falcon_keygen_make(&rng, logn, sk, FALCON_PRIVKEY_SIZE(logn), pk, FALCON_PUBKEY_SIZE(logn), tmp, sizeof tmp) != 0) return 1;
	if (falcon_sign_dyn(&rng, sig, &sig_len, FALCON_SIG_CT, sk, FALCON_PRIVKEY_SIZE(logn), msg, sizeof msg, tmp, sizeof tmp) != 0) return 1;
	for (b = 0; b < 15; b++) {
		double t0 = now();
		for (i = 0; i < n; i++)
			if (falcon_verify(sig, sig_len, FALCON_SIG_CT, pk, FALCON_PUBKEY_SIZE(logn), msg, sizeof msg, vtmp, sizeof vtmp) != 0) return 2;
		batches[b] = (now() - t0) / n;
	}
	qsort(batches, 15, sizeof batches[0], cmp);
	printf("Falcon-%u falcon_verify (CT): median %.2f us, min %.2f us, max %.2f us over 15 batches of %u\n", 1u << logn, batches[7] * 1e6, batches[0] * 1e6, batches[14] * 1e6, n);
	return 0;
}
