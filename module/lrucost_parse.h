/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The strict parser of lrucost's sysfs writes, free of kernel and libc
 * headers so that the unit tests and the fuzzer run the module's own code.
 */
#ifndef LRUCOST_PARSE_H
#define LRUCOST_PARSE_H

/* Longest write accepted: "-1" .. "1024", a newline, and some slack. */
#define LRUCOST_PARSE_MAX_INPUT	8

/* Longest id accepted: 2^64-1 is 20 digits, and a newline. */
#define LRUCOST_PARSE_MAX_ID_INPUT	21

int lrucost_parse_int(const char *buf, unsigned long count, int min, int max,
		      int *out);
int lrucost_parse_u64(const char *buf, unsigned long count,
		      unsigned long long *out);
int lrucost_parse_word(const char *buf, unsigned long count,
		       const char *word);

#endif /* LRUCOST_PARSE_H */
