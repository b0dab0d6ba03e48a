// SPDX-License-Identifier: GPL-2.0
/*
 * Strict parsing of sysfs writes (see lrucost_parse.h).  What is accepted
 * is exactly: an optional '-', decimal digits with no leading zero (so
 * "010" is not read as ten by some and eight by others), and at most one
 * trailing newline; at most LRUCOST_PARSE_MAX_INPUT bytes in all, no NUL.
 * This is kstrtoint(buf, 10, ...) less its leniencies ('+', leading
 * zeros), done by hand so that it builds outside the kernel.
 */
#include "lrucost_parse.h"

/**
 * lrucost_parse_int - parse one sysfs write
 * @buf: the bytes written (not necessarily NUL-terminated)
 * @count: how many
 * @min: smallest value allowed
 * @max: largest value allowed
 * @out: the value; written only on success
 *
 * Return: 0, or -1 when the input is malformed or out of range.
 */
int lrucost_parse_int(const char *buf, unsigned long count, int min, int max,
		      int *out)
{
	unsigned long i = 0, end = count;
	long long v = 0;
	int neg = 0;

	if (count == 0 || count > LRUCOST_PARSE_MAX_INPUT)
		return -1;
	if (buf[end - 1] == '\n')
		end--;
	if (i < end && buf[i] == '-') {
		neg = 1;
		i++;
	}
	if (i == end || (buf[i] == '0' && i + 1 < end))
		return -1;
	for (; i < end; i++) {
		if (buf[i] < '0' || buf[i] > '9')
			return -1;
		/* at most 8 digits: no overflow of long long */
		v = v * 10 + (buf[i] - '0');
	}
	if (neg)
		v = -v;
	if (v < min || v > max)
		return -1;
	*out = (int)v;
	return 0;
}
