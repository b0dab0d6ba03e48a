// SPDX-License-Identifier: GPL-2.0
/*
 * Strict parsing of sysfs writes (see lrucost_parse.h).  What is accepted
 * is exactly: an optional '-', decimal digits with no leading zero (so
 * "010" is not read as ten by some and eight by others), and at most one
 * trailing newline; at most LRUCOST_PARSE_MAX_INPUT bytes in all, no NUL.
 * This is kstrtoint(buf, 10, ...) less its leniencies ('+', leading
 * zeros), done by hand so that it builds outside the kernel.  The same
 * rules, less the sign, for a 64-bit id (a cgroup's); and a word is
 * exactly its letters.
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

/**
 * lrucost_parse_u64 - parse one sysfs write of a positive 64-bit id
 * @buf: the bytes written (not necessarily NUL-terminated)
 * @count: how many
 * @out: the value; written only on success
 *
 * Decimal digits, no sign and no leading zero, at most one trailing
 * newline; 1..2^64-1.
 *
 * Return: 0, or -1 when the input is malformed, 0 or too large.
 */
int lrucost_parse_u64(const char *buf, unsigned long count,
		      unsigned long long *out)
{
	unsigned long i, end = count;
	unsigned long long v = 0;

	if (count == 0 || count > LRUCOST_PARSE_MAX_ID_INPUT)
		return -1;
	if (buf[end - 1] == '\n')
		end--;
	if (end == 0 || buf[0] == '0')
		return -1;
	for (i = 0; i < end; i++) {
		unsigned int d = (unsigned char)buf[i] - '0';

		if (d > 9 || v > (~0ULL - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	*out = v;
	return 0;
}

/**
 * lrucost_parse_word - whether a sysfs write is exactly one word
 * @buf: the bytes written (not necessarily NUL-terminated)
 * @count: how many
 * @word: the word, NUL-terminated
 *
 * Return: 0 if @buf is @word, with or without one trailing newline; -1
 * otherwise.
 */
int lrucost_parse_word(const char *buf, unsigned long count,
		       const char *word)
{
	unsigned long i;

	if (count && buf[count - 1] == '\n')
		count--;
	for (i = 0; i < count; i++)
		if (!word[i] || buf[i] != word[i])
			return -1;
	return word[i] ? -1 : 0;
}
