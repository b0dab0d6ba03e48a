// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of module/cgpolicy.c: per-field inheritance down a cgroup
 * path, and the per-lruvec cached word, which must give back every valid
 * policy exactly and never a stale one.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "lrucost_cgpolicy.h"

#define F LRUCOST_FOLLOW

static void assert_set(const struct lrucost_knob_set *k, int e, int s, int io,
		       int ap)
{
	assert_int_equal(k->enabled, e);
	assert_int_equal(k->swappiness, s);
	assert_int_equal(k->io_cost, io);
	assert_int_equal(k->anon_percent, ap);
}

/* a leaf, its parent, the root's policy, then the global knobs */
static void test_inherit(void **state)
{
	const struct lrucost_knob_set parent = { F, 180, F, F };
	const struct lrucost_knob_set root = { 0, 60, 64, F };
	const struct lrucost_knob_set global = { 1, -1, 32, -1 };
	struct lrucost_knob_set k = { F, F, 16, F };

	(void)state;
	lrucost_knobs_inherit(&k, &parent);
	assert_set(&k, F, 180, 16, F);
	lrucost_knobs_inherit(&k, &root);
	assert_set(&k, 0, 180, 16, F);
	lrucost_knobs_inherit(&k, &global);
	/* the nearest setting of each field won; the rest came from above */
	assert_set(&k, 0, 180, 16, -1);

	/* a cgroup's own 0 is a setting, not "unset" */
	k = (struct lrucost_knob_set){ F, 0, F, 0 };
	lrucost_knobs_inherit(&k, &(struct lrucost_knob_set){ 1, 200, 1, 90 });
	assert_set(&k, 1, 0, 1, 0);
}

static void test_any_set_valid(void **state)
{
	struct lrucost_knob_set k;

	(void)state;
	lrucost_knobs_follow_all(&k);
	assert_false(lrucost_knobs_any_set(&k));
	assert_true(lrucost_knobs_valid(&k));
	k.anon_percent = 0;
	assert_true(lrucost_knobs_any_set(&k));
	assert_true(lrucost_knobs_valid(&k));
	k.anon_percent = 101;
	assert_false(lrucost_knobs_valid(&k));
	k = (struct lrucost_knob_set){ 2, F, F, F };
	assert_false(lrucost_knobs_valid(&k));
	k = (struct lrucost_knob_set){ F, 201, F, F };
	assert_false(lrucost_knobs_valid(&k));
	k = (struct lrucost_knob_set){ F, -2, F, F };
	assert_false(lrucost_knobs_valid(&k));
	k = (struct lrucost_knob_set){ F, F, 0, F };
	assert_false(lrucost_knobs_valid(&k));
	k = (struct lrucost_knob_set){ F, F, 1025, F };
	assert_false(lrucost_knobs_valid(&k));
	k = (struct lrucost_knob_set){ 0, 200, 1024, 100 };
	assert_true(lrucost_knobs_valid(&k));
}

/* every value of every field, FOLLOW included, comes back exactly */
static void test_pack_roundtrip(void **state)
{
	static const unsigned int gens[] = { 1, 2, 0x7fffffff, 0xffffffff };
	struct lrucost_knob_set k, back;
	unsigned int g;
	int v;

	(void)state;
	for (g = 0; g < sizeof(gens) / sizeof(gens[0]); g++) {
		for (v = -1; v <= 1024; v++) {
			k.enabled = v <= 1 && v >= 0 ? v : F;
			k.swappiness = v <= 200 ? v : F;
			k.io_cost = v >= 1 ? v : F;
			k.anon_percent = v <= 100 ? v : F;
			assert_true(lrucost_knobs_valid(&k));
			assert_int_equal(lrucost_knobs_unpack(
				lrucost_knobs_pack(&k, gens[g]), gens[g],
				&back), 0);
			assert_set(&back, k.enabled, k.swappiness, k.io_cost,
				   k.anon_percent);
		}
		lrucost_knobs_follow_all(&k);
		assert_int_equal(lrucost_knobs_unpack(
			lrucost_knobs_pack(&k, gens[g]), gens[g], &back), 0);
		assert_set(&back, F, F, F, F);
	}
}

/* a word of another generation, or never written, is not used */
static void test_stale(void **state)
{
	const struct lrucost_knob_set k = { 0, 200, 1024, 100 };
	struct lrucost_knob_set back = { 7, 7, 7, 7 };
	unsigned long long w = lrucost_knobs_pack(&k, 5);

	(void)state;
	assert_int_equal(lrucost_knobs_unpack(w, 6, &back), -1);
	assert_int_equal(lrucost_knobs_unpack(w, 4, &back), -1);
	assert_int_equal(lrucost_knobs_unpack(0, 1, &back), -1);
	/* a zeroed slot never matches: the generation is never 0 */
	assert_int_equal(lrucost_knobs_unpack(0, 0, &back), -1);
	assert_set(&back, 7, 7, 7, 7);
	assert_int_equal(lrucost_knobs_unpack(w, 5, &back), 0);
	assert_set(&back, 0, 200, 1024, 100);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_inherit),
		cmocka_unit_test(test_any_set_valid),
		cmocka_unit_test(test_pack_roundtrip),
		cmocka_unit_test(test_stale),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
