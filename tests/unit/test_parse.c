// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of module/parse.c, the strict parser behind every sysfs
 * write: what it takes, what it refuses, and that a refusal leaves the
 * output untouched.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "lrucost_parse.h"

struct good { const char *in; size_t len; int want; };

static void test_accepts(void **state)
{
	static const struct good cases[] = {
		{ "0", 1, 0 }, { "0\n", 2, 0 }, { "1", 1, 1 }, { "1\n", 2, 1 },
		{ "-1", 2, -1 }, { "-1\n", 3, -1 }, { "200\n", 4, 200 },
		{ "1024\n", 5, 1024 }, { "-0", 2, 0 }, { "10", 2, 10 },
	};
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int v = 12345;

		assert_int_equal(lrucost_parse_int(cases[i].in, cases[i].len,
						   -1, 1024, &v), 0);
		assert_int_equal(v, cases[i].want);
	}
}

static void test_refuses(void **state)
{
	static const struct good cases[] = {
		{ "", 0, 0 }, { "\n", 1, 0 }, { "-", 1, 0 }, { "-\n", 2, 0 },
		{ "+", 1, 0 }, { "+1", 2, 0 }, { " 1", 2, 0 }, { "1 ", 2, 0 },
		{ "\t1", 2, 0 }, { "1\t", 2, 0 }, { "0x1", 3, 0 }, { "010", 3, 0 },
		{ "00", 2, 0 }, { "-01", 3, 0 }, { "1a", 2, 0 }, { "1\n\n", 3, 0 },
		{ "\n1", 2, 0 }, { "1025", 4, 0 }, { "-2", 2, 0 },
		{ "99999999", 8, 0 }, { "123456789", 9, 0 }, { "1\0", 2, 0 },
		{ "\0" "1", 2, 0 }, { "--1", 3, 0 }, { "+-1", 3, 0 },
		{ "1.0", 3, 0 }, { "one", 3, 0 }, { "1e3", 3, 0 },
		{ "1\r\n", 3, 0 }, { "-1-", 3, 0 },
	};
	char big[4096];
	unsigned int i;
	int v = 777;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(lrucost_parse_int(cases[i].in, cases[i].len,
						   -1, 1024, &v), -1);
		assert_int_equal(v, 777);
	}
	memset(big, '1', sizeof(big));
	assert_int_equal(lrucost_parse_int(big, sizeof(big), -1, 1024, &v), -1);
	assert_int_equal(lrucost_parse_int("12345678", 8, 0, 0x7fffffff, &v), 0);
	assert_int_equal(v, 12345678);
	/* the range is the caller's: reset_stats takes 1 and nothing else */
	assert_int_equal(lrucost_parse_int("0", 1, 1, 1, &v), -1);
	assert_int_equal(lrucost_parse_int("2\n", 2, 1, 1, &v), -1);
	assert_int_equal(lrucost_parse_int("1\n", 2, 1, 1, &v), 0);
}

struct id { const char *in; size_t len; unsigned long long want; };

/* cgroup ids: 64-bit, positive, the same strictness less the sign */
static void test_ids(void **state)
{
	static const struct id good[] = {
		{ "1", 1, 1 }, { "1\n", 2, 1 }, { "4294967296", 10, 1ULL << 32 },
		{ "18446744073709551615", 20, ~0ULL },
		{ "18446744073709551615\n", 21, ~0ULL },
	};
	static const struct id bad[] = {
		{ "", 0, 0 }, { "\n", 1, 0 }, { "0", 1, 0 }, { "0\n", 2, 0 },
		{ "01", 2, 0 }, { "-1", 2, 0 }, { "+1", 2, 0 }, { " 1", 2, 0 },
		{ "1 ", 2, 0 }, { "1\n\n", 3, 0 }, { "0x10", 4, 0 },
		{ "18446744073709551616", 20, 0 },
		{ "99999999999999999999", 20, 0 },
		{ "184467440737095516150", 21, 0 }, { "1\0", 2, 0 },
		{ "1/", 2, 0 }, { "1:", 2, 0 },
	};
	unsigned long long v;
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		v = 5;
		assert_int_equal(lrucost_parse_u64(good[i].in, good[i].len, &v),
				 0);
		assert_true(v == good[i].want);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		v = 5;
		assert_int_equal(lrucost_parse_u64(bad[i].in, bad[i].len, &v),
				 -1);
		assert_true(v == 5);
	}
}

static void test_word(void **state)
{
	(void)state;
	assert_int_equal(lrucost_parse_word("follow", 6, "follow"), 0);
	assert_int_equal(lrucost_parse_word("follow\n", 7, "follow"), 0);
	assert_int_equal(lrucost_parse_word("follow\n\n", 8, "follow"), -1);
	assert_int_equal(lrucost_parse_word("follo", 5, "follow"), -1);
	assert_int_equal(lrucost_parse_word("followx", 7, "follow"), -1);
	assert_int_equal(lrucost_parse_word("Follow", 6, "follow"), -1);
	assert_int_equal(lrucost_parse_word(" follow", 7, "follow"), -1);
	assert_int_equal(lrucost_parse_word("follow\0", 7, "follow"), -1);
	assert_int_equal(lrucost_parse_word("", 0, "follow"), -1);
	assert_int_equal(lrucost_parse_word("\n", 1, "follow"), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_accepts),
		cmocka_unit_test(test_refuses),
		cmocka_unit_test(test_ids),
		cmocka_unit_test(test_word),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
