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
 *   loadgen [-s FILE] [-k KEYS] memcload SOCKET SECONDS   store KEYS
 *                  (default 24576) values of 4 KiB in the memcached
 *                  listening on the unix SOCKET, one an operation, and stop
 *   loadgen [-s FILE] [-k KEYS] memc SOCKET SECONDS   a steady client of
 *                  that memcached: one operation gets a random key of the
 *                  KEYS, or one time in ten stores it again
 *
 * SIGTERM ends the run early, with its result as at the end: a load that
 * lasts as long as something else (a copy) does.
 *
 * Latencies go into a log-linear histogram (16 steps per power of two,
 * so p50 and p99 are within about 3%), not an array: a run may do tens
 * of millions of operations in a VM short of memory.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#define PAGE		4096UL
#define CHUNK		(1UL << 20)
#define SUB_BITS	4
#define SUB		(1U << SUB_BITS)
#define BUCKETS		(64 * SUB)
#define MC_VALUE	4096

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
	unsigned long keys, next_key;	/* memc, memcload */
};

static volatile sig_atomic_t stop;

static void on_term(int sig)
{
	(void)sig;
	stop = 1;
}

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

static void write_full(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			die("memcached write");
		p += n;
		len -= (size_t)n;
	}
}

/*
 * memcached's reply, read until it ends with END (get: a value or none)
 * or with one line (set).  Values are 'v's: no END inside one.
 */
static void mc_reply(struct load *ld, int get)
{
	size_t have = 0;

	for (;;) {
		ssize_t n = read(ld->fd, ld->buf + have, CHUNK - have);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			die("memcached read");
		have += (size_t)n;
		if (get ? have >= 5 && !memcmp(ld->buf + have - 5, "END\r\n", 5) :
			  have >= 2 && !memcmp(ld->buf + have - 2, "\r\n", 2))
			break;
		if (have == CHUNK) {
			errno = EPROTO;
			die("memcached reply too long");
		}
	}
	if (!get && memcmp(ld->buf, "STORED\r\n", 8)) {
		fprintf(stderr, "loadgen: memcached: %.*s\n", (int)have,
			(char *)ld->buf);
		exit(1);
	}
}

static void mc_set(struct load *ld, unsigned long key)
{
	char cmd[64];
	int n = snprintf(cmd, sizeof(cmd), "set k%lu 0 0 %d\r\n", key,
			 MC_VALUE);

	write_full(ld->fd, cmd, (size_t)n);
	write_full(ld->fd, ld->anon, MC_VALUE + 2);
	mc_reply(ld, 0);
}

/* one operation of the chosen kind */
static void op_once(struct load *ld)
{
	size_t i;

	if (!strcmp(ld->mode, "memc")) {
		unsigned long key = xorshift(&ld->rng) % ld->keys;
		char cmd[64];
		int n;

		if (xorshift(&ld->rng) % 10 == 0) {
			mc_set(ld, key);
			return;
		}
		n = snprintf(cmd, sizeof(cmd), "get k%lu\r\n", key);
		write_full(ld->fd, cmd, (size_t)n);
		mc_reply(ld, 1);
	} else if (!strcmp(ld->mode, "memcload")) {
		mc_set(ld, ld->next_key++);
		if (ld->next_key == ld->keys)
			stop = 1;
	} else if (!strcmp(ld->mode, "randread")) {
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
	if (!strcmp(ld->mode, "memc") || !strcmp(ld->mode, "memcload")) {
		struct sockaddr_un sa = { .sun_family = AF_UNIX };

		ld->op = ld->mode[4] ? "memcached set of 4 KiB" :
			 "memcached get of 4 KiB, or a set one time in ten";
		if (strlen(arg) >= sizeof(sa.sun_path)) {
			fprintf(stderr, "loadgen: socket path too long\n");
			exit(2);
		}
		strcpy(sa.sun_path, arg);
		ld->fd = socket(AF_UNIX, SOCK_STREAM, 0);
		if (ld->fd < 0 ||
		    connect(ld->fd, (struct sockaddr *)&sa, sizeof(sa)))
			die(arg);
		ld->buf = malloc(CHUNK);
		ld->anon = malloc(MC_VALUE + 2);
		if (!ld->buf || !ld->anon)
			die("malloc");
		memset(ld->anon, 'v', MC_VALUE);
		memcpy(ld->anon + MC_VALUE, "\r\n", 2);
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

	ld.keys = 24576;
	while ((opt = getopt(argc, argv, "s:k:")) != -1) {
		if (opt == 'k') {
			ld.keys = strtoul(optarg, NULL, 10);
			if (!ld.keys)
				goto usage;
			continue;
		}
		if (opt != 's')
			goto usage;
		series = fopen(optarg, "w");
		if (!series)
			die(optarg);
	}
	signal(SIGTERM, on_term);
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
	for (t = start; t < end && !stop; ) {
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
		"       loadgen [-s SERIES] anon|faults MIB SECONDS\n"
		"       loadgen [-s SERIES] [-k KEYS] memc|memcload SOCKET SECONDS\n");
	return 2;
}
