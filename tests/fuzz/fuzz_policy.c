// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for module/policy.c and module/steer.c: arbitrary
 * costs, LRU sizes, swappiness, io_cost and steering debt.  UBSan catches
 * overflow and division by zero; the oracle checks the model's promises:
 * pressure moves away from the costlier list, swappiness 0 and 200 are
 * one-sided, and steering yields a valid mode with bounded costs.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lrucost_policy.h"
#include "lrucost_steer.h"

struct input {
	unsigned long anon, file, lru, scan_a, scan_f, pages_a, pages_f;
	unsigned long debt_anon, debt_total;
	unsigned int swappiness, io_cost, divisor, nr;
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct lrucost_steer_debt debt;
	struct lrucost_cost cost;
	struct lrucost_steer st;
	unsigned long ap, fp, ap2, fp2, w;
	struct input in;
	unsigned int s;

	if (size < sizeof(in))
		return 0;
	memcpy(&in, data, sizeof(in));
	s = in.swappiness % (LRUCOST_SWAPPINESS_MAX + 1);

	w = lrucost_weight(LRUCOST_IO, in.nr, in.io_cost % 1024 + 1);
	if (in.nr && w < in.nr)
		abort();
	cost.anon = in.anon;
	cost.file = in.file;
	lrucost_note(&cost, in.nr & 1, in.nr & 2 ? LRUCOST_IO : LRUCOST_CPU,
		     in.nr, in.io_cost % 1024 + 1);
	if (cost.anon < in.anon || cost.file < in.file)
		abort();	/* saturates, never wraps */
	lrucost_decay(&cost, in.lru, in.divisor % LRUCOST_DECAY_DIV_MAX + 1);

	lrucost_split(in.anon, in.file, s, &ap, &fp);
	if (s == 0 && ap)
		abort();
	if (s == LRUCOST_SWAPPINESS_MAX && fp)
		abort();
	/*
	 * More anon cost never means more anon pressure, up to the integer
	 * truncation that get_scan_count() has too (ap and fp each lose less
	 * than 1), for costs below the point where policy.c scales them down
	 * (LRUCOST_SPLIT_LIMIT / 2 = 2^47; real costs decay long before).
	 */
	{
		unsigned long a = in.anon & ((1UL << 47) - 2);
		unsigned long f = in.file & ((1UL << 47) - 1);

		lrucost_split(a, f, s, &ap, &fp);
		lrucost_split(a + 1, f, s, &ap2, &fp2);
		if ((unsigned __int128)ap2 * fp >
		    (unsigned __int128)(ap + 1) * (fp2 + 1))
			abort();
	}

	lrucost_steer_costs(ap, fp, s, &st);
	if (st.mode > LRUCOST_STEER_FILE)
		abort();
	/* its contract with lrucost_stock_split(): costs below 2^40 */
	if (st.anon_cost >> 40 || st.file_cost >> 40)
		abort();
	lrucost_stock_split(st.anon_cost, st.file_cost, s, &ap2, &fp2);
	debt.anon = in.debt_anon;
	debt.total = in.debt_total;
	lrucost_steer_pass(ap, fp, s, in.pages_a, in.pages_f, &debt, &st);
	if (st.mode > LRUCOST_STEER_FILE)
		abort();
	lrucost_steer_account(&debt, in.scan_a, in.scan_f, in.pages_a,
			      in.pages_f);
	return 0;
}
