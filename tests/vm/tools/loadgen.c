// SPDX-License-Identifier: GPL-2.0
/*
 * loadgen: the benchmark's load generator (tests/bench), built statically
 * for the VM.  It runs one kind of operation in a loop for SECONDS, times
 * every operation, and prints one JSON object: operations, throughput and
 * the latency mean, p50, p99, stddev and max.  With -s FILE it also
 * writes one line a second: "second ops workingset_refault_file pswpin
 * pswpout", the vmstat counters as deltas over that second.
 *
 *   loadgen [-s FILE] randread FILE SECONDS   random 4 KiB preads over
 *                  FILE with readahead off (POSIX_FADV_RANDOM)
 *   loadgen [-s FILE] seqread FILE SECONDS    1 MiB reads, from the start
 *                  again at the end of FILE
 *   loadgen [-s FILE] anon MIB SECONDS        an active anonymous working
 *                  set: one operation reads a word of each of 64 pages
 *   loadgen [-s FILE] faults MIB SECONDS      map MIB of anonymous memory,
 *                  write every page, unmap; one operation faults 1 MiB
 *   loadgen [-s FILE] coldread FILE SECONDS   one operation reads 1 MiB of
 *                  FILE after the whole file was dropped from the page
 *                  cache (POSIX_FADV_DONTNEED) at the start of each pass,
 *                  so every page read is added to the LRU again
 *
 * Latencies go into a log-linear histogram (16 steps per power of two,
 * so p50 and p99 are within about 3%), not an array: a run may do tens
 * of millions of operations in a VM short of memory.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define PAGE		4096UL
#define CHUNK		(1UL << 20)
#define SUB_BITS	4
#define SUB		(1U << SUB_BITS)
#define BUCKETS		(64 * SUB)

struct lat {
	uint64_t hist[BUCKETS];
	uint64_t n;
	double mean, m2;	/* Welford's running mean and sum of squares */
	uint64_t max;
};

struct vmsnap {
	unsigned long long refault_file, pswpin, pswpout;
};

struct load {
	const char *mode, *op;
	int fd;
	off_t size;
	size_t mib, pos;
	unsigned char *buf, *anon;
	uint64_t rng;
};

static unsigned int bucket_of(uint64_t ns)
{
	unsigned int e;

	if (ns < SUB)
		return ns;
	e = 63 - __builtin_clzll(ns);
	return (e - SUB_BITS + 1) * SUB + ((ns >> (e - SUB_BITS)) & (SUB - 1));
}

/* the middle of bucket b, the value reported for a percentile in it */
static double bucket_mid(unsigned int b)
{
	unsigned int e, m;

	if (b < SUB)
		return b;
	e = b / SUB + SUB_BITS - 1;
	m = b % SUB;
	return (double)((SUB + m) << (e - SUB_BITS)) +
	       (double)(1ULL << (e - SUB_BITS)) / 2;
}

static void lat_add(struct lat *l, uint64_t ns)
{
	double d = (double)ns - l->mean;

	l->hist[bucket_of(ns)]++;
	l->n++;
	l->mean += d / (double)l->n;
	l->m2 += d * ((double)ns - l->mean);
	if (ns > l->max)
		l->max = ns;
}

static double lat_percentile(const struct lat *l, double p)
{
	uint64_t want = (uint64_t)ceil(p * (double)l->n), seen = 0;
	unsigned int b;

	if (!want)
		want = 1;
	for (b = 0; b < BUCKETS; b++) {
		seen += l->hist[b];
		if (seen >= want)
			return bucket_mid(b);
	}
	return 0;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static void vm_read(struct vmsnap *s)
{
	char name[64];
	unsigned long long v;
	FILE *f = fopen("/proc/vmstat", "r");

	memset(s, 0, sizeof(*s));
	if (!f)
		return;
	while (fscanf(f, "%63s %llu", name, &v) == 2) {
		if (!strcmp(name, "workingset_refault_file"))
			s->refault_file = v;
		else if (!strcmp(name, "pswpin"))
			s->pswpin = v;
		else if (!strcmp(name, "pswpout"))
			s->pswpout = v;
	}
	fclose(f);
}

static uint64_t xorshift(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545f4914f6cdd1dULL;
}

static void die(const char *what)
{
	fprintf(stderr, "loadgen: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void read_full(struct load *ld, size_t len, off_t at)
{
	ssize_t n = pread(ld->fd, ld->buf, len, at);

	if (n < 0)
		die("pread");
}

/* one operation of the chosen kind */
static void op_once(struct load *ld)
{
	size_t i;

	if (!strcmp(ld->mode, "randread")) {
		off_t pages = ld->size / (off_t)PAGE;

		read_full(ld, PAGE, (off_t)(xorshift(&ld->rng) % pages) * PAGE);
	} else if (!strcmp(ld->mode, "seqread") ||
		   !strcmp(ld->mode, "coldread")) {
		if (ld->pos + CHUNK > (size_t)ld->size)
			ld->pos = 0;
		if (!ld->pos && ld->mode[0] == 'c' &&
		    posix_fadvise(ld->fd, 0, 0, POSIX_FADV_DONTNEED))
			die("posix_fadvise");
		read_full(ld, CHUNK, (off_t)ld->pos);
		ld->pos += CHUNK;
	} else if (!strcmp(ld->mode, "anon")) {
		volatile unsigned char *p = ld->anon;
		size_t len = ld->mib << 20;

		for (i = 0; i < 64; i++) {
			if (ld->pos >= len)
				ld->pos = 0;
			(void)p[ld->pos];
			ld->pos += PAGE;
		}
	} else {
		unsigned char *p = mmap(NULL, CHUNK, PROT_READ | PROT_WRITE,
					MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED)
			die("mmap");
		for (i = 0; i < CHUNK; i += PAGE)
			p[i] = 1;
		munmap(p, CHUNK);
	}
}

static void setup(struct load *ld, const char *arg)
{
	struct stat st;
	size_t i;

	ld->rng = 0x9e3779b97f4a7c15ULL ^ (uint64_t)getpid();
	if (!strcmp(ld->mode, "anon") || !strcmp(ld->mode, "faults")) {
		ld->mib = strtoul(arg, NULL, 10);
		if (!ld->mib)
			die("MIB must be a positive number");
		ld->op = !strcmp(ld->mode, "anon") ? "64 pages read" :
			 "1 MiB mapped, written, unmapped";
		if (ld->mode[0] == 'f')
			return;
		ld->anon = mmap(NULL, ld->mib << 20, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (ld->anon == MAP_FAILED)
			die("mmap");
		for (i = 0; i < ld->mib << 20; i += PAGE)
			ld->anon[i] = (unsigned char)(i / PAGE);
		return;
	}
	if (strcmp(ld->mode, "randread") && strcmp(ld->mode, "seqread") &&
	    strcmp(ld->mode, "coldread")) {
		fprintf(stderr, "loadgen: unknown mode %s\n", ld->mode);
		exit(2);
	}
	ld->op = ld->mode[0] == 'r' ? "4 KiB pread" : "1 MiB pread";
	ld->fd = open(arg, O_RDONLY);
	if (ld->fd < 0 || fstat(ld->fd, &st))
		die(arg);
	ld->size = st.st_size;
	if (ld->size < (off_t)CHUNK) {
		fprintf(stderr, "loadgen: %s is smaller than 1 MiB\n", arg);
		exit(2);
	}
	if (ld->mode[0] == 'r' &&
	    posix_fadvise(ld->fd, 0, 0, POSIX_FADV_RANDOM))
		die("posix_fadvise");
	ld->buf = malloc(CHUNK);
	if (!ld->buf)
		die("malloc");
}

int main(int argc, char **argv)
{
	static struct lat lat;
	struct load ld = { 0 };
	struct vmsnap v0, v1;
	FILE *series = NULL;
	uint64_t start, end, t, next, ops_sec = 0;
	unsigned int sec = 0;
	double secs, sd;
	int opt;

	while ((opt = getopt(argc, argv, "s:")) != -1) {
		if (opt != 's')
			goto usage;
		series = fopen(optarg, "w");
		if (!series)
			die(optarg);
	}
	if (argc - optind != 3)
		goto usage;
	ld.mode = argv[optind];
	setup(&ld, argv[optind + 1]);
	secs = strtod(argv[optind + 2], NULL);
	if (!(secs > 0))
		goto usage;

	vm_read(&v0);
	start = now_ns();
	end = start + (uint64_t)(secs * 1e9);
	next = start + 1000000000ULL;
	for (t = start; t < end; ) {
		uint64_t t0 = t;

		op_once(&ld);
		t = now_ns();
		lat_add(&lat, t - t0);
		ops_sec++;
		while (series && t >= next) {
			vm_read(&v1);
			fprintf(series, "%u %llu %llu %llu %llu\n", ++sec,
				(unsigned long long)ops_sec,
				v1.refault_file - v0.refault_file,
				v1.pswpin - v0.pswpin, v1.pswpout - v0.pswpout);
			v0 = v1;
			ops_sec = 0;
			next += 1000000000ULL;
		}
	}
	if (series && fclose(series))
		die("series");
	secs = (double)(t - start) / 1e9;
	sd = lat.n > 1 ? sqrt(lat.m2 / (double)(lat.n - 1)) : 0;
	printf("{\"mode\":\"%s\",\"op\":\"%s\",\"seconds\":%.3f,"
	       "\"ops\":%llu,\"ops_per_sec\":%.1f,\"lat_us\":{\"mean\":%.2f,"
	       "\"p50\":%.2f,\"p99\":%.2f,\"stddev\":%.2f,\"max\":%.2f}}\n",
	       ld.mode, ld.op, secs, (unsigned long long)lat.n,
	       (double)lat.n / secs, lat.mean / 1e3,
	       lat_percentile(&lat, 0.50) / 1e3,
	       lat_percentile(&lat, 0.99) / 1e3, sd / 1e3,
	       (double)lat.max / 1e3);
	return 0;
usage:
	fprintf(stderr, "usage: loadgen [-s SERIES] randread|seqread|coldread FILE SECONDS\n"
		"       loadgen [-s SERIES] anon|faults MIB SECONDS\n");
	return 2;
}
