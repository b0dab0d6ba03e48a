# lrucost: build, test and demo.  See README.
#   make            module/lrucost.ko for $(KVER), and the host tools
#   make unit       userspace unit tests of the policy core and lrucost-ctl
#   make fuzz       libFuzzer (ASan+UBSan) on the parsers and policy core,
#                   FUZZ_SECONDS each (default 10; make stress: 600)
#   make vm-check   VM tests on the stock kernel, harness self-test, DKMS
#   make check-indirect  no indirect call in lrucost.ko (IBT), and its control
#   make deb        the Debian packages lrucost-dkms and lrucost-ctl, and
#                   lintian on them (make deb-check: installed, checked
#                   and purged on each release)
#   make check      unit, fuzz, check-indirect, deb-check, vm-check,
#                   bench-check and matrix, installing dependencies if
#                   missing
#   make stress     the long reliability runs and their table
#   make demo       boot the stock kernel, load lrucost, show its status
#   make lint       checkpatch and sparse (make C=1) on the module
#   make bench      the A/B benchmark: stock classic, stock MGLRU, lrucost
#                   (RUNS=N, default 3; WAYS="mglru lrucost-mglru": those
#                   only; SCENARIOS="thrash stream pgbench": those only)
#   make bench-quick  the same, one run each and short phases
#   make bench-check  bench-quick, then a check of its results' pipeline
#   make rootfs-check  PostgreSQL, pgbench and memcached from Debian's
#                   packages, run in the VM on the stock kernel
#   make install    tools/lrucost-ctl, its man page and completion (PREFIX)

# KVER= a kernel, or SUITE= the Debian suite whose kernel to target
# (tests/kernels/*.conf); default: Debian 12's newest 6.1
KVER ?= $(shell SUITE='$(SUITE)'; . ./tools/kver.sh && lrucost_kver)
# host: built here; chroot: in the Debian 13 chroot of tests/kernels/
BUILDER := $(shell . ./tools/kver.sh && lrucost_conf $(KVER) && \
	echo $$BUILDER)
KDIR ?= /lib/modules/$(KVER)/build
# the version's one place is debian/changelog (tools/version)
VERSION := $(shell tools/version)
CACHE := $(CURDIR)/.cache
BTF_61 := $(CACHE)/btf/vmlinux-$(KVER).btf
HOST_BTF := $(wildcard /sys/kernel/btf/vmlinux)
# what lrucost's status lists, in its order (NAME?: where the kernel has it)
SC_FIELDS := anon_cost file_cost target_mem_cgroup priority may_swap \
	cache_trim_mode file_is_tiny may_deactivate nr_scanned gfp_mask \
	reclaim_idx proactive_swappiness? mem_cgroup.swappiness?
HOOK_PROTOS := 'shrink_lruvec()' 'workingset_refault()' 'move_folios_to_lru()' \
	'isolate_folios()?' 'shrink_folio_list()?' 'get_swappiness()?'
VM_TESTS := tests/vm/t-load.sh tests/vm/t-cycles.sh tests/vm/t-refuse.sh \
	tests/vm/t-knobs.sh tests/vm/t-params.sh tests/vm/t-mglru.sh tests/vm/t-counters.sh \
	tests/vm/t-fidelity.sh tests/vm/t-ctl.sh tests/vm/t-memcg.sh \
	tests/vm/t-noswap.sh tests/vm/t-soak.sh tests/vm/t-lowprot.sh \
	tests/vm/t-churn.sh tests/vm/t-proactive.sh tests/vm/t-cgpolicy.sh
# t-cgpolicy.sh under each kernel's default LRU in make check (6.1's
# classic here, 7.x's MGLRU in the matrix), 10 s a phase; both LRUs and
# 25 s when run alone.  Which policy tests run here and which on the
# matrix's kernels: the comment above MATRIX_SHARED_trixie.
CGPOLICY_VM = LRUCOST_CGPOLICY_LRUS=classic LRUCOST_CGPOLICY_SECS=10
# the seed's set-up: file system on a slow disk, swap on a fast one
VM_TESTS_SLOWDISK := tests/vm/t-thrash.sh tests/vm/t-stream.sh
C ?= 0

export KVER

all: module tools

module/lrucost_version.h: debian/changelog tools/version
	tools/version --header >$@

module: module/lrucost_version.h
ifeq ($(BUILDER),chroot)
	tools/chroot-build $(KVER)
else
	@# a lrucost.ko built for another kernel (in the chroot) is not
	@# rebuilt by kbuild, whose objects are older: drop it
	@modinfo -F vermagic module/lrucost.ko 2>/dev/null | \
		grep -q "^$(KVER) " || rm -f module/lrucost.ko
	$(MAKE) -C $(KDIR) M=$(CURDIR) C=$(C) modules
endif

tools:
	$(MAKE) -C tests/unit btf_offsets
	$(MAKE) -C tools/lrucost-ctl VERSION=$(VERSION)

install:
	$(MAKE) -C tools/lrucost-ctl install PREFIX=$(or $(PREFIX),/usr/local)

deps:
	@./tools/install-deps

$(BTF_61): $(CACHE)/kernel/$(KVER)/.complete tests/unit/extract-btf
	mkdir -p $(dir $@)
	tests/unit/extract-btf $(CACHE)/kernel/$(KVER)/boot/vmlinuz-$(KVER) $@

# every kernel's BTF fetched so far (the matrix's, after matrix-deps)
BTF_ALL = $(subst $(space),:,$(sort $(BTF_61) $(wildcard $(CACHE)/btf/vmlinux-*.btf)))
space := $(subst ,, )
unit: $(BTF_61)
	$(MAKE) -C tests/unit run \
		BTF_FILES=$(BTF_ALL)$(if $(HOST_BTF),:$(HOST_BTF))
	$(MAKE) -C tests/ctl run

FUZZ_SECONDS ?= 10
fuzz: $(BTF_61)
	$(MAKE) -C tests/unit test_btf
	mkdir -p $(CACHE)/fuzz/fuzz_btf.seed
	tests/unit/test_btf --write-seed $(CACHE)/fuzz/fuzz_btf.seed/synthetic.btf
	$(MAKE) -C tests/fuzz run FUZZ_SECONDS=$(FUZZ_SECONDS) WORK=$(CACHE)/fuzz \
		BTF_SEEDS=$(BTF_61)$(if $(HOST_BTF),:$(HOST_BTF))

# IBT: no indirect call in lrucost.ko, and a control that has one fails
# the check (TCG cannot emulate IBT, so this is what guards it)
check-indirect: module
	tests/ibt/test

vm-data: $(BTF_61) tools
	mkdir -p $(CACHE)/vm-data
	tests/unit/btf_offsets $(BTF_61) $(SC_FIELDS) \
		>$(CACHE)/vm-data/scan_control.expected
	tests/unit/btf_offsets $(BTF_61) $(HOOK_PROTOS) \
		>$(CACHE)/vm-data/protos.expected
	tests/unit/btf_offsets $(BTF_61) memcg_low_skipped memcg_low_reclaim \
		priority >$(CACHE)/vm-data/scan_control.lowprot

vm-check: module vm-data
	LRUCOST_VM_MEM=512 $(CGPOLICY_VM) tests/vm/run $(VM_TESTS)
	LRUCOST_VM_MEM=512 LRUCOST_VM_DATA_IOPS=1000 tests/vm/run $(VM_TESTS_SLOWDISK)
	tests/vm/selftest
	tests/dkms/test

# The kernel matrix: Debian 13's kernels, each running the list below
# with MGLRU switched off (the harness's default), the seed's slow-disk
# pair and the harness self-test (and make dkms-install's test with
# MATRIX_DKMS=1; make deb-check builds the packaged module for each
# matrix kernel with DKMS anyway); $(KVER), Debian 12's 6.1 by
# default, runs everything in vm-check.  Each suite's kernel is what its
# linux-image-amd64 depends on today; a test its tests/kernels/*.conf
# names in MATRIX_NOT_YET is left out there, with the reason beside it
# (README, Kernels).  Like every VM test, they run single-threaded TCG
# (tests/vm/run's default; README, Known issues).
MATRIX_SUITES ?= trixie trixie-backports
VM_TESTS_MATRIX := tests/vm/t-load.sh tests/vm/t-cycles.sh \
	tests/vm/t-refuse.sh tests/vm/t-knobs.sh tests/vm/t-counters.sh \
	tests/vm/t-churn.sh tests/vm/t-mglru.sh tests/vm/t-proactive.sh
# What the kernel's interface decides (hooks attached, arguments and
# layouts read right, refusals, exact counters, MGLRU steered, churn) runs
# on each Debian 13 kernel above; what the policy makes of it, the same
# adapters everywhere, runs on one kernel each, so that make check stays
# under 50 minutes, where that LRU is the default: the decay, MGLRU's
# fidelity and per-cgroup policy on 7.x, MGLRU's thrash on 6.12 (where
# stock MGLRU thrashes longest); the classic LRU's fidelity, memory.low and
# the seed's slow-disk pair on 6.1 (vm-check).  MATRIX_FULL=1
# (or make matrix-one without MATRIX_SUITE) runs all of it on each
# kernel.
MATRIX_SHARED_trixie := tests/vm/t-mglru-thrash.sh
MATRIX_SHARED_trixie-backports := tests/vm/t-decay.sh \
	tests/vm/t-mglru-fidelity.sh tests/vm/t-cgpolicy.sh
MATRIX_SLOWDISK_SUITES :=
# The harness self-test's kernel part (a WARN seen by the in-VM log
# check, a lockup by the kernel's own detectors) on the newest kernel
# only: Debian builds both Debian 13 kernels with the same detectors, and
# its lockup case alone waits out the 60 s limit (about 80 s a kernel).
MATRIX_SELFTEST_SUITES := trixie-backports
matrix_part = $(and $(MATRIX_SUITE),$(if $(MATRIX_FULL),,1))
matrix_shared = $(if $(matrix_part),$(MATRIX_SHARED_$(MATRIX_SUITE)),\
	$(foreach s,$(MATRIX_SUITES),$(MATRIX_SHARED_$(s))))
matrix_slowdisk = $(strip $(if $(matrix_part),\
	$(filter $(MATRIX_SUITE),$(MATRIX_SLOWDISK_SUITES)),1))
matrix_selftest = $(strip $(if $(matrix_part),\
	$(filter $(MATRIX_SUITE),$(MATRIX_SELFTEST_SUITES)),1))
# (t-churn: 5 insmod/rmmod cycles a matrix kernel, 10 in vm-check; make
# stress runs 1,000)
MATRIX_VM = LRUCOST_VM_MEM=512 LRUCOST_CHURN_CYCLES=5 \
	LRUCOST_CGPOLICY_LRUS=mglru LRUCOST_CGPOLICY_SECS=10 \
	LRUCOST_CGPOLICY_CYCLES=300
matrix_kver = $$(env -u KVER SUITE=$(1) sh -c '. ./tools/kver.sh && lrucost_kver')

# fetch each matrix kernel, its chroot and its BTF
matrix-deps:
	@set -e; for s in $(MATRIX_SUITES); do \
		env -u KVER SUITE=$$s ./tools/install-deps; \
		k=$(call matrix_kver,$$s); \
		$(MAKE) --no-print-directory KVER=$$k $(CACHE)/btf/vmlinux-$$k.btf; \
	done

# one kernel of the matrix: KVER=
matrix-one: module vm-data
	tools/check-indirect-calls module/lrucost.ko
	not_yet=$$(. ./tools/kver.sh && lrucost_conf $(KVER) && \
		echo "$${MATRIX_NOT_YET:-}"); \
	for t in $(VM_TESTS_MATRIX) $(matrix_shared); do \
		case " $$not_yet " in \
		*" $${t##*/} "*) echo "matrix: $(KVER): not yet: $$t";; \
		*) tests="$${tests:-} $$t";; \
		esac; \
	done; \
	$(MATRIX_VM) tests/vm/run $$tests
	$(if $(matrix_slowdisk),$(MATRIX_VM) LRUCOST_VM_DATA_IOPS=1000 \
		tests/vm/run $(VM_TESTS_SLOWDISK))
	$(if $(matrix_selftest),tests/vm/selftest --kernel)
	@# DKMS: make deb-check builds the packaged module with DKMS for every
	@# matrix kernel, in the chroot a Debian 13 machine would use
	$(if $(MATRIX_DKMS),tests/dkms/test)

matrix: matrix-deps
	@fail=0; for s in $(MATRIX_SUITES); do \
		k=$(call matrix_kver,$$s); \
		echo "matrix: $$s, $$k"; \
		$(MAKE) --no-print-directory matrix-one KVER=$$k \
			MATRIX_SUITE=$$s || \
			{ fail=1; echo "matrix: $$s ($$k) FAILED"; }; \
	done; \
	$(MAKE) --no-print-directory module; \
	test $$fail = 0

check:
	@./tools/install-deps
	@$(MAKE) --no-print-directory matrix-deps
	@start=$$(date +%s); pass=0; fail=0; \
	for t in unit fuzz check-indirect deb-check vm-check bench-check \
		matrix; do \
		s=$$(date +%s); \
		if $(MAKE) --no-print-directory $$t; then \
			pass=$$((pass + 1)); \
		else \
			fail=$$((fail + 1)); echo "check: $$t FAILED"; \
		fi; \
		times="$$times $$t $$(($$(date +%s) - s))s"; \
	done; \
	echo "check: parts:$$times"; \
	echo "check: took $$(($$(date +%s) - start))s"; \
	echo "check: $$pass passed, $$fail failed"; \
	test $$fail = 0

demo:
	@./tools/install-deps
	$(MAKE) --no-print-directory module vm-data
	LRUCOST_VM_MEM=512 LRUCOST_VM_DATA_IOPS=1000 \
		LRUCOST_VM_EXTRA=$(CURDIR)/tests/bench/vm-lib.sh \
		tests/vm/run tests/vm/demo.sh

# The root file system of Debian packages (tools/rootfs-build) and its
# programs running on the stock kernel: PostgreSQL, pgbench, memcached.
rootfs-check: module vm-data tools
	@./tools/install-deps bench
	LRUCOST_VM_MEM=512 LRUCOST_VM_ROOTFS=$$(tools/rootfs-build) \
		LRUCOST_VM_EXTRA=$(CURDIR)/tests/bench/pg.sh \
		tests/vm/run tests/vm/t-rootfs.sh

# The A/B benchmark (tests/bench/run): results and plots under results/.
# bench-check runs the quick one with phases of seconds (--smoke) and
# checks the pipeline, not performance.
bench: module vm-data tools
	@./tools/install-deps bench
	tests/bench/run --runs $(or $(RUNS),3) $(if $(WAYS),--ways "$(WAYS)") \
		$(if $(SCENARIOS),--scenarios "$(SCENARIOS)")

bench-quick: module vm-data tools
	@./tools/install-deps bench
	tests/bench/run --quick

bench-check: module vm-data tools
	@./tools/install-deps bench
	rm -rf $(CACHE)/bench-quick
	tests/bench/run --smoke --out $(CACHE)/bench-quick
	tests/bench/check $(CACHE)/bench-quick

# insmod/rmmod churn under reclaim, and its control: the stock kernel's own
# kprobe events churned the same way with no lrucost.  TCG_THREAD=multi
# shows why every VM runs single-threaded TCG: QEMU's multi-threaded TCG
# breaks on live kernel text patching (README, Known issues).
CHURN_VM = LRUCOST_VM_MEM=512 LRUCOST_VM_TCG_THREAD=$(or $(TCG_THREAD),single)
churn: module vm-data
	$(CHURN_VM) tests/vm/run tests/vm/t-churn.sh

churn-control: module vm-data
	$(CHURN_VM) tests/vm/run tests/vm/t-churn-stock.sh

# make stress: the long versions (issue 6): fuzzing for 10 minutes a target,
# 1,000 insmod/rmmod cycles under reclaim, a 30-minute soak of mixed
# pressure, 10,000 memcgs through the default 4,096-slot table.  Prints one
# line per part; about 3 hours here.  STRESS_PARTS picks some of them.
STRESS_FUZZ_SECONDS ?= 600
STRESS_CYCLES ?= 1000
STRESS_MEMCGS ?= 10000
STRESS_SLOTS ?= 4096
STRESS_SOAK_SECONDS ?= 1800
STRESS_MEMCG_REUSE ?= 400
STRESS_PARTS ?= fuzz churn soak memcg
stress: module vm-data tools
	@./tools/install-deps
	@res=""; run() { n=$$1; what=$$2; shift 2; \
		case " $(STRESS_PARTS) " in *" $$n "*) ;; *) return 0 ;; esac; \
		s=$$(date +%s); \
		if "$$@" >$(CACHE)/stress-$$n.log 2>&1; then r=ok; else r=FAILED; fi; \
		res="$$res$$(printf '%-6s %-34s %-6s %6ss  %s' $$n "$$what" $$r \
			$$(($$(date +%s) - s)) $(CACHE)/stress-$$n.log)\n"; }; \
	run fuzz "3 targets x $(STRESS_FUZZ_SECONDS)s, ASan+UBSan" \
		$(MAKE) --no-print-directory fuzz \
		FUZZ_SECONDS=$(STRESS_FUZZ_SECONDS); \
	run churn "$(STRESS_CYCLES) insmod/rmmod under reclaim" \
		env LRUCOST_CHURN_CYCLES=$(STRESS_CYCLES) \
		LRUCOST_TEST_TIMEOUT=4800 LRUCOST_VM_TIMEOUT=5000 \
		$(CHURN_VM) tests/vm/run tests/vm/t-churn.sh; \
	run soak "$(STRESS_SOAK_SECONDS)s mixed pressure, sampled" \
		env LRUCOST_SOAK_SECONDS=$(STRESS_SOAK_SECONDS) \
		LRUCOST_SOAK_INTERVAL=60 \
		LRUCOST_TEST_TIMEOUT=$$(($(STRESS_SOAK_SECONDS) + 600)) \
		LRUCOST_VM_TIMEOUT=$$(($(STRESS_SOAK_SECONDS) + 900)) \
		LRUCOST_VM_MEM=512 tests/vm/run tests/vm/t-soak.sh; \
	run memcg "$(STRESS_MEMCGS) memcgs, $(STRESS_SLOTS) slots" \
		env LRUCOST_MEMCGS=$(STRESS_MEMCGS) \
		LRUCOST_MEMCG_REUSE=$(STRESS_MEMCG_REUSE) \
		LRUCOST_SLOTS=$(STRESS_SLOTS) \
		LRUCOST_TEST_TIMEOUT=4000 LRUCOST_VM_TIMEOUT=4300 \
		LRUCOST_VM_MEM=512 tests/vm/run tests/vm/t-memcg.sh; \
	printf "%-6s %-34s %-6s %7s  %s\n" part tried result time log; \
	printf "$$res"; \
	! printf "$$res" | grep -q FAILED

# DKMS on this machine, or for a Debian 13 kernel in its suite's chroot
# (DKMS_ROOT), which is where a Debian 13 machine would build it
DKMS_ROOT := $(if $(filter chroot,$(BUILDER)),$(CACHE)/chroot/$(shell \
	. ./tools/kver.sh && lrucost_conf $(KVER) && echo $$BUILD_SUITE))
IN_ROOT := $(if $(DKMS_ROOT),chroot $(DKMS_ROOT))
dkms-install: module/lrucost_version.h
	rm -rf $(DKMS_ROOT)/usr/src/lrucost-$(VERSION)
	mkdir -p $(DKMS_ROOT)/usr/src/lrucost-$(VERSION)/module
	cp Kbuild $(DKMS_ROOT)/usr/src/lrucost-$(VERSION)/
	sed 's/#MODULE_VERSION#/$(VERSION)/' dkms.conf \
		>$(DKMS_ROOT)/usr/src/lrucost-$(VERSION)/dkms.conf
	cp module/Kbuild module/*.c module/*.h \
		$(DKMS_ROOT)/usr/src/lrucost-$(VERSION)/module/
	@# objtool reads /proc on 7.x; unmounted however the build ends
	$(if $(DKMS_ROOT),mount -t proc proc $(DKMS_ROOT)/proc; \
		trap 'umount $(DKMS_ROOT)/proc' EXIT; trap 'exit 130' INT TERM;) \
	$(IN_ROOT) dkms add -m lrucost -v $(VERSION) && \
	$(IN_ROOT) dkms build -m lrucost -v $(VERSION) -k $(KVER) && \
	$(IN_ROOT) dkms install -m lrucost -v $(VERSION) -k $(KVER)

# The Debian packages lrucost-dkms and lrucost-ctl (debian/), built by
# dpkg-buildpackage from the files git would commit (tracked, or new and
# not ignored), as from a clean clone,
# into $(DEB_DIR); then lintian, which fails the build on an error or a
# warning (an override in debian/ says why where one is accepted).
DEB_DIR := $(CACHE)/deb
deb:
	@./tools/install-deps deb
	rm -rf $(DEB_DIR)
	mkdir -p $(DEB_DIR)/lrucost-$(VERSION)
	git ls-files -z --cached --others --exclude-standard | \
		tar --null -T - -cf - | \
		tar -xf - -C $(DEB_DIR)/lrucost-$(VERSION)
	cd $(DEB_DIR)/lrucost-$(VERSION) && dpkg-buildpackage -us -uc -b
	lintian -I --fail-on error,warning $(DEB_DIR)/lrucost_$(VERSION)_*.changes
	@ls $(DEB_DIR)/*.deb

# the packages installed, checked and purged on each release of the
# matrix: this Debian 12 machine, the Debian 13 chroot; then a Debian 12
# system with them booted in the VM, loading lrucost with /etc's settings
deb-check: deb module vm-data
	tests/deb/test
	tests/deb/boot

dkms-remove:
	-$(IN_ROOT) dkms remove -m lrucost -v $(VERSION) --all
	rm -rf $(DKMS_ROOT)/usr/src/lrucost-$(VERSION)

lint:
	@./tools/install-deps lint
	$(CACHE)/checkpatch/checkpatch.pl --no-tree -q -f \
		--ignore FILE_PATH_CHANGES,SPDX_LICENSE_TAG \
		module/*.c module/*.h
	$(MAKE) module C=2

clean:
	-$(MAKE) -C $(KDIR) M=$(CURDIR) clean
	-for d in tests/vm/modules/*/ tests/ibt/*/; do $(MAKE) -C $(KDIR) M=$(CURDIR)/$$d clean; done
	$(MAKE) -C tests/unit clean
	$(MAKE) -C tests/ctl clean
	$(MAKE) -C tests/fuzz clean
	rm -rf $(CACHE)/fuzz
	$(MAKE) -C tools/lrucost-ctl clean
	rm -f module/lrucost_version.h
	rm -rf $(CACHE)/vm-data $(CACHE)/btf

.PHONY: all module tools install deps unit fuzz check-indirect matrix matrix-deps matrix-one stress rootfs-check bench bench-quick bench-check vm-data vm-check check demo churn churn-control dkms-install deb deb-check \
	dkms-remove lint clean
