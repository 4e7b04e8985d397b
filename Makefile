# SPDX-License-Identifier: GPL-3.0-or-later
# inlinetune: a GCC plugin that scopes inliner thresholds and never-inline lists.
#
#   make                      build build/<cc>/inlinetune.so for every installed target compiler, and the CLI
#   make plugin TARGET_CC=cc  build one, for any GCC on PATH (PLUGIN_CXX: the g++ that builds it)
#   make toolchains           the Debian roots of trixie and forky with GCC 12 to 16 (ROOTS; docs/toolchains.md)
#   make check-toolchains     the roots' scripts and what each root holds (testsuite/toolchains)
#   make check-compile-roots  in each root: its plugins built, compile tests with each of its compilers (ROOTS_CLI)
#   make check-kernel-roots   in a root: kernel TU and boot tests of a kernel line with its compiler (KERNEL_ROOT_RUNS)
#   make tools                build the inlinetune command (build/tools/inlinetune)
#   make check                install deps, build, run the tests (the parts below); FULL=1: the whole suite,
#                             the whole-kernel builds, boots and longest proofs too (what CI runs)
#   make check-unit           GoogleTest: the plugin's GCC-free code and the log library, under ASan+UBSan
#   make check-tools          the CLI's unit tests (sanitized) and lit tests (golden outputs included, both builds)
#   make check-compile        compile tests (lit + FileCheck) with every installed compiler
#   make check-bench          the kernel harness's own tests (fakes, no kernel build)
#   make check-kernel         kernel lit tests on linux-source-6.1 or KLINE's (CHECKS=tus; FULL=1: "tus small-kernel boot guest-profile")
#   make check-fuzz           each fuzz target once over its seeds
#   make check-torture        GCC's own execute tests forced and replayed, run; the ipa tests replayed (TORTURE_SAMPLE; testsuite/torture)
#   make guestprof            build build/guestprof/guestprof.so, the QEMU TCG plugin (docs/guest-profile.md)
#   make check-guestprof      guestprof booted on the small kernel: against QEMU's contrib cache plugin, determinism, bad input; in make check FULL=1
#   make bench-guestprof      what guestprof costs: the workload boot plain, with guestprof, with contrib's cache plugin
#   make check-readme         every command README.md shows, run as written after its setup (testsuite/readme)
#   make check-install        man pages and completion against --help, make install, the packages (lintian, a kernel TU)
#   make install              the plugins into their compilers' plugin directories (-fplugin=inlinetune), the CLI,
#                             man pages and bash completion under PREFIX (/usr/local); DESTDIR; make uninstall
#   make deb                  Debian packages into build/deb/: inlinetune (the CLI) and one per compiler's plugin
#   make man, make completion the man pages and the bash completion, from the CLI's --help, into build/man/
#   make demo                 install deps, build, run the demo on Debian's linux-source-6.1
#                             (SUITE=trixie|forky KLINE= CC_SMALL=: in that root, with its compiler; docs/kernel.md)
#   make golden-update        rewrite testsuite/golden/expected/ (for a change meant to change output)
#   make small-kernel         build the small arm64 kernel as VARIANTS (default: baseline plugin-rfc)
#   make selftests            boot VARIANTS under QEMU, run the kernel's ftrace selftests on each
#   make bench-overhead       compile-time overhead of the plugin against --param
#   make bench-log            what the decision log costs and weighs against GCC's own reports
#   make bench-kernel         kernel variants: selftests, workloads in instructions per op, HTML reports
#                             (KSRC=, CC_SMALL=, KLINE=; SUITE=: in a root of make toolchains, as the demo)
#   make bench-tools          how fast inlinetune reads a whole kernel's logs (summary, diff, explain, db)
#   make bench-fuzz           fuzz the log reader and the policy parser (FUZZ_SECONDS each)
#   make bench-fullkernel     arm64 defconfig built with and without the plugin: crashes, warnings, links, logs, cost
#   make deps                 install the Debian packages the project needs
#   make format, make clean   clang-format every C++ file; remove build/

# The compilers `make` builds a plugin for when they are installed: Debian's
# GCC 11 to 16, native and aarch64 cross.  Debian 12 has 11 and 12; the roots
# of `make toolchains` have the others (docs/toolchains.md).
KNOWN_MAJORS := 11 12 13 14 15 16
KNOWN_CCS := $(foreach v,$(KNOWN_MAJORS),gcc-$(v)) $(foreach v,$(KNOWN_MAJORS),aarch64-linux-gnu-gcc-$(v))
INSTALLED_CCS := $(foreach c,$(KNOWN_CCS),$(if $(shell command -v $(c) 2>/dev/null),$(c)))

# Inside a root of scripts/toolchains.sh (its /etc/inlinetune-root names the
# suite) everything builds into build/SUITE/: the repository is shared with
# the host and the other roots, whose gcc-14 is another build of GCC 14.
ROOT_SUITE := $(strip $(shell cat /etc/inlinetune-root 2>/dev/null))
BUILD := build$(if $(ROOT_SUITE),/$(ROOT_SUITE))
CXXSTD := -std=c++17
WARN := -Wall -Wextra -Wno-unused-parameter
# The plugins', the CLI's and guestprof's optimisation: -O2 without debug
# info by default (-g took 40-80% of the compile time of the heavier files,
# simdjson's and fmt's templates; make check builds 16 plugins); OPT='-O2 -g'
# to debug them.  The objects built with it depend on OPT_STAMP, so a new
# OPT rebuilds them.
OPT ?= -O2
# The sanitized builds of the unit tests and the CLI.  -O0: CLI11 and
# nlohmann-json are header-only, and at -O1 under the sanitizers the CLI took
# twice as long to compile as its tests take to run (the unit tests: 327 s of
# CPU at -O1, about 165 s at -O0).  -g1: line tables, all a sanitizer's
# report needs to name file:line in its stack traces; full -g took a sixth
# more of their compile time (tools/commands/report.cc: 16.5 s of CPU against
# 13.7 s) for types and locals only a debugger reads.
SANITIZE := -O0 -g1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

# GCC-free code the plugin and the CLI share (common/), and the decision
# log library (log/): the plugin links its encoder, the CLI and the fuzzers
# its decoder (which needs simdjson, the plugin does not).
COMMON_SRCS := common/glob.cc common/symbol_names.cc common/atomic_file.cc common/did_you_mean.cc \
  common/project_version.cc
# format and records (names, ids) serve both halves.
LOG_ENCODE_SRCS := log/format.cc log/records.cc log/encode.cc
LOG_DECODE_SRCS := log/decode_line.cc log/decode.cc
LOG_SRCS := $(LOG_ENCODE_SRCS) $(LOG_DECODE_SRCS)
LIB_INCLUDES := -Ilog -Icommon
LIB_HDRS := $(wildcard log/*.h log/*.def common/*.h)
# The project's version (VERSION) and the git commit the build is made from
# (`git describe --always --dirty`; "unknown" when this tree is not a git
# checkout of its own, as a tarball or a package build, or without git;
# GIT=... another git; INLINETUNE_COMMIT=... on the command line names it
# where there is no git, as check-compile-roots does in the roots).  One definition for the plugin and the CLI:
# common/project_version.cc gets both as defines, and only its objects depend on
# $(VERSION_STAMP), rewritten when either changes.
GIT ?= git
INLINETUNE_VERSION := $(strip $(file < VERSION))
INLINETUNE_COMMIT = $(eval INLINETUNE_COMMIT := $(or $(shell top=$$($(GIT) -C '$(CURDIR)' rev-parse --show-toplevel 2>/dev/null) && [ "$$top" = '$(realpath $(CURDIR))' ] && $(GIT) -C '$(CURDIR)' describe --always --dirty 2>/dev/null),unknown))$(INLINETUNE_COMMIT)
VERSION_DEFS = -DINLINETUNE_VERSION='"$(INLINETUNE_VERSION)"' -DINLINETUNE_COMMIT='"$(INLINETUNE_COMMIT)"'
VERSION_STAMP := $(BUILD)/version.txt
.PHONY: FORCE
$(VERSION_STAMP): FORCE
	@mkdir -p $(@D)
	@echo '$(INLINETUNE_VERSION) $(INLINETUNE_COMMIT)' | cmp -s - $@ || echo '$(INLINETUNE_VERSION) $(INLINETUNE_COMMIT)' > $@
OPT_STAMP := $(BUILD)/opt.txt
$(OPT_STAMP): FORCE
	@mkdir -p $(@D)
	@echo '$(OPT)' | cmp -s - $@ || echo '$(OPT)' > $@
VERSION_OBJS = $(foreach d,$(patsubst %,$(BUILD)/%,$(sort $(KNOWN_CCS) $(TARGET_CC))) $(foreach v,$(KNOWN_MAJORS),$(BUILD)/core-gcc-$(v)) $(BUILD)/tools $(BUILD)/tools-sanitize $(BUILD)/unit-sanitize $(BUILD)/launcher,$(d)/obj/common/project_version.o)
$(VERSION_OBJS): $(VERSION_STAMP)
$(VERSION_OBJS): VERSION_FLAGS = $(VERSION_DEFS)

# The plugin's GCC-free sources: shared with its unit tests.  Replay reads
# logs with the CLI's own reader (tools/read/) and the log decoder.
PLUGIN_READ_SRCS := tools/read/log_reader.cc tools/read/elf_file.cc tools/read/decoded_cache.cc \
  $(LOG_DECODE_SRCS)
CORE_SRCS := plugin/policy.cc plugin/source_path.cc plugin/options.cc plugin/log_sink.cc \
  plugin/replay_log.cc $(COMMON_SRCS) $(LOG_ENCODE_SRCS) $(PLUGIN_READ_SRCS)
# Those the CLI builds too (tools/): compiled once for both where the
# compilers and flags agree (see TOOLS_CORE_DIR and unit_rules).
CLI_CORE_SRCS := $(COMMON_SRCS) $(LOG_SRCS) $(filter tools/%,$(PLUGIN_READ_SRCS))
# shared_objs DIR SHARED_DIR SRCS: the objects of SRCS in DIR, those of
# CLI_CORE_SRCS in SHARED_DIR when it is set.
shared_objs = $(patsubst %.cc,$(1)/obj/%.o,$(if $(2),$(filter-out $(CLI_CORE_SRCS),$(3)),$(3))) \
  $(if $(2),$(patsubst %.cc,$(2)/obj/%.o,$(filter $(CLI_CORE_SRCS),$(3))))
# inlinetune-cc's own GCC-free sources, and those it takes from the plugin
# (see its section below).
LAUNCHER_LIB_SRCS := launcher/policy_slice.cc launcher/compiler_command.cc launcher/replay_slice.cc
LAUNCHER_CORE_SRCS := plugin/policy.cc plugin/source_path.cc plugin/options.cc plugin/replay_log.cc \
  $(COMMON_SRCS) $(LOG_ENCODE_SRCS) $(PLUGIN_READ_SRCS)
# Sources that include GCC headers (only through plugin/gcc_compat.h).
GCC_SRCS := $(filter-out $(CORE_SRCS),$(wildcard plugin/*.cc))
PLUGIN_HDRS := $(wildcard plugin/*.h tools/read/*.h tools/support/*.h) $(LIB_HDRS)
# guestprof's QEMU-free sources (the QEMU TCG plugin, see its section below).
GUESTPROF_LIB_SRCS := guestprof/cache_model.cc guestprof/presets.cc guestprof/args.cc guestprof/symbols.cc \
  guestprof/profile.cc
GUESTPROF_HDRS := $(wildcard guestprof/*.h) $(LIB_HDRS)

.PHONY: all plugin check check-unit check-compile check-kernel check-bench demo deps bench-overhead bench-log clean format
all: plugins tools launcher $(GUESTPROF_ALL)
# The plugin for every known compiler installed here (PLUGIN_CCS).
# SKIP_MAJORS leaves out the compilers of the GCC majors it names:
# check-compile-roots tests each major once, where it is found first (the
# host, then ROOTS in order), not again in a later root.
SKIP_MAJORS ?=
cc_major = $(lastword $(subst -, ,$(1)))
INSTALLED_MAJORS = $(sort $(foreach c,$(INSTALLED_CCS),$(call cc_major,$(c))))
PLUGIN_CCS ?= $(foreach c,$(INSTALLED_CCS),$(if $(filter $(call cc_major,$(c)),$(SKIP_MAJORS)),,$(c)))
.PHONY: plugins installed-majors
plugins: $(foreach c,$(PLUGIN_CCS),$(BUILD)/$(c)/inlinetune.so)
installed-majors:
	@echo $(INSTALLED_MAJORS)

# TARGET_CC: any GCC found on PATH, by name (the build goes to
# build/TARGET_CC/), not only the known ones: gcc, x86_64-linux-gnu-gcc-13,
# a distribution's own aarch64-linux-gnu-gcc...
ifneq ($(TARGET_CC),)
ifneq ($(findstring /,$(TARGET_CC)),)
$(error TARGET_CC=$(TARGET_CC): give a compiler's name, not a path (put its directory on PATH: the build goes to $(BUILD)/NAME/))
endif
ifeq ($(shell command -v $(TARGET_CC) 2>/dev/null),)
$(error TARGET_CC=$(TARGET_CC) is not on PATH$(if $(filter $(TARGET_CC),$(KNOWN_CCS)),; Debian's newer compilers are in the roots of 'make toolchains': scripts/in-root.sh SUITE -- make plugin TARGET_CC=$(TARGET_CC) (docs/toolchains.md)))
endif
plugin: $(BUILD)/$(TARGET_CC)/inlinetune.so
else
plugin:
	@echo "make plugin: set TARGET_CC to a GCC on PATH (installed here: $(or $(strip $(INSTALLED_CCS)),none of $(KNOWN_CCS)))" >&2; exit 2
endif

# One build per target compiler, by the host g++ of the same GCC version, against
# that compiler's own plugin headers: params' enum values differ between targets
# and the version check refuses any other compiler.  The g++: PLUGIN_CXX, else
# g++-MAJOR, else g++ when its major is the compiler's (a distribution that
# names its compilers without versions); plugin_cxx_check says which is missing.
plugin_inc = $(shell $(1) -print-file-name=plugin)/include
plugin_major = $(shell $(1) -dumpversion 2>/dev/null | cut -d. -f1)
major_cxx = $(or $(PLUGIN_CXX),$(shell command -v g++-$(1) 2>/dev/null),$(if $(filter $(1),$(call plugin_major,g++)),g++),no-g++-$(1))
plugin_cxx = $(call major_cxx,$(call plugin_major,$(1)))
major_cxx_check = case '$(call major_cxx,$(1))' in no-g++-*) echo "inlinetune: no host g++ of GCC $(1) to build the plugin for $(2) (a plugin is built by the g++ of its compiler's version): install g++-$(1) or set PLUGIN_CXX" >&2; exit 1 ;; esac
plugin_cxx_check = $(call major_cxx_check,$(call plugin_major,$(1)),$(1))

# The plugin's GCC-free objects (CORE_SRCS: half of a plugin's compile time,
# most of it the log reader's simdjson and fmt code) depend on the g++ that
# compiles them, not on the target: the known compilers of one GCC version
# (gcc-12, aarch64-linux-gnu-gcc-12) share them, in build/core-gcc-MAJOR/.
# A TARGET_CC of another name keeps them in its own directory.
core_dir = $(if $(filter $(1),$(KNOWN_CCS)),$(BUILD)/core-gcc-$(call cc_major,$(1)),$(BUILD)/$(1))
define core_rules
$(BUILD)/core-gcc-$(1)/obj/%.o: %.cc $(PLUGIN_HDRS) Makefile $(OPT_STAMP)
	@mkdir -p $$(@D)
	@$$(call major_cxx_check,$(1),GCC $(1))
	@echo "  CXX     $$@"
	@$$(call major_cxx,$(1)) $(CXXSTD) $(OPT) $(WARN) -fPIC -fvisibility=hidden -Iplugin -Itools $(LIB_INCLUDES) $$(VERSION_FLAGS) -c $$< -o $$@
endef
$(foreach v,$(KNOWN_MAJORS),$(eval $(call core_rules,$(v))))

define plugin_rules
$(BUILD)/$(1)/obj/%.o: %.cc $(PLUGIN_HDRS) Makefile $(OPT_STAMP)
	@mkdir -p $$(@D)
	@$(1) -v 2>&1 | grep -q '^gcc version' || { echo "inlinetune: $(1) is not GCC ('$(1) -v' prints no 'gcc version'): the plugin is a GCC plugin" >&2; exit 1; }
	@test -f $$(call plugin_inc,$(1))/gcc-plugin.h || { echo "inlinetune: no plugin headers for $(1) ($$(call plugin_inc,$(1))): is it a GCC with plugin support? Debian: gcc-N-plugin-dev (run 'make deps'), gcc-N-plugin-dev-aarch64-linux-gnu" >&2; exit 1; }
	@$$(call plugin_cxx_check,$(1))
	@echo "  CXX     $$@"
	@$$(call plugin_cxx,$(1)) $(CXXSTD) $(OPT) $(WARN) -fPIC $$(PLUGIN_RTTI) -fvisibility=hidden \
	  -I$$(call plugin_inc,$(1)) -Iplugin -Itools $(LIB_INCLUDES) -DINLINETUNE_TARGET_CC='"$(1)"' $$(VERSION_FLAGS) -c $$< -o $$@

# GCC is built without RTTI: code that includes its headers (opt_pass
# subclasses) must be too; the GCC-free code (the log reader) keeps it.
$(patsubst %.cc,$(BUILD)/$(1)/obj/%.o,$(GCC_SRCS)): PLUGIN_RTTI := -fno-rtti

# cc1 dlopens plugins with RTLD_NOW: a build for another GCC would fail to load
# on a missing symbol before plugin_init could say what is wrong.  Weak
# references load anywhere; plugin_init checks the version before using any.
# (--no-as-needed: with only weak references, libstdc++ and libinih would be
# dropped from the needed list.)
$(BUILD)/$(1)/inlinetune.so: $(patsubst %.cc,$(call core_dir,$(1))/obj/%.o,$(CORE_SRCS)) $(patsubst %.cc,$(BUILD)/$(1)/obj/%.o,$(GCC_SRCS))
	@echo "  LD      $$@"
	@ld -r $$^ -o $$(@D)/inlinetune.o
	@nm -u $$(@D)/inlinetune.o | awk '{print $$$$2}' > $$(@D)/undefined.txt
	@objcopy --weaken-symbols=$$(@D)/undefined.txt $$(@D)/inlinetune.o
	@$$(call plugin_cxx,$(1)) -shared $$(@D)/inlinetune.o -o $$@ -Wl,--no-as-needed -linih -lzstd -lelf -lfmt -lsimdjson -pthread
endef
$(foreach c,$(sort $(KNOWN_CCS) $(TARGET_CC)),$(eval $(call plugin_rules,$(c))))

# ---- tests ---------------------------------------------------------------
# The plugin's GCC-free code and the whole log library (the round trip from
# encoder to decoder: log_roundtrip_test.cc).
UNIT_SRCS := $(wildcard testsuite/unit/*.cc)
UNIT_LIBS := -lgtest -lgtest_main -pthread -linih -liberty -lzstd -lsimdjson -lfmt
# guestprof's QEMU-free parts (the cache model, presets, arguments, symbols, profile) too.
UNIT_SRCS += $(GUESTPROF_LIB_SRCS)
UNIT_LIBS += -lelf
UNIT_CXXFLAGS += -Iguestprof
# inlinetune-cc's GCC-free parts (the policy slice, the compiler command).
UNIT_SRCS += $(LAUNCHER_LIB_SRCS)
UNIT_CXXFLAGS += -Ilauncher
# Built and run under AddressSanitizer and UndefinedBehaviorSanitizer
# (SANITIZE), which catch what a plain build's run would and more: a second,
# -O2 build of the tests cost make check some 180 s of CPU and found nothing
# the sanitized one did not.  One object per source: the compiles share make's
# jobs.
define unit_rules
$(1)/obj/%.o: %.cc $(PLUGIN_HDRS) $(GUESTPROF_HDRS) $(wildcard launcher/*.h testsuite/unit/*.h) Makefile
	@mkdir -p $$(@D)
	@echo "  CXX     $$@"
	@$(CXX) $(CXXSTD) $(2) $(WARN) $(UNIT_CXXFLAGS) -Iplugin -Itools $(LIB_INCLUDES) $$(VERSION_FLAGS) -c $$< -o $$@

$(1)/unit_tests: $(call shared_objs,$(1),$(3),$(UNIT_SRCS) $(CORE_SRCS))
	@echo "  LD      $$@"
	@$(CXX) $(2) $$^ -o $$@ $(UNIT_LIBS)
endef
# The sources they share with the CLI (the log library and reader, common/)
# are the sanitized CLI's objects: the same flags, compiled once.
$(eval $(call unit_rules,$(BUILD)/unit-sanitize,$(SANITIZE),$(BUILD)/tools-sanitize))

# Debian's llvm-14-tools on the host; inside a root, its suite's llvm-N-tools
# (build/utils/lit/lit.py up to LLVM 19, bin/lit from 21 on).
LIT := python3 $(firstword $(wildcard /usr/lib/llvm-14/build/utils/lit/lit.py) $(lastword $(sort $(wildcard /usr/lib/llvm-*/build/utils/lit/lit.py /usr/lib/llvm-*/bin/lit))) /usr/lib/llvm-14/build/utils/lit/lit.py)
# -sv: what failed, in full; --time-tests: the slowest tests at the end (where a
# part's time goes).
LIT_OPTS ?= -sv --time-tests

# The builds run in parallel (every core); then the test parts in two
# lanes side by side (scripts/check.sh says how, and why): CHECK_PARTS one
# after another, and CHECK_KERNEL_PARTS (the host's kernel builds and QEMU
# boots) one after another beside them, their output printed when they
# end.  check-kernel-roots is in the first lane: with it in the second
# (a cold run of 2026-12-03, 2,530 s in all), the first lane ended at about
# 2,020 s and the second at 2,519 s.  Each
# part's wall and CPU time (its processes', children included: CPU near
# twice the wall time is a part that keeps both cores busy) is said as it
# ends and all of them at the end (the 45-minute budget of a cold run is
# kept by these figures).  The roots of `make toolchains` (minutes of
# downloading and unpacking when missing, little CPU) are made beside the
# builds and the first parts, outside make's job slots, and waited for
# before the first part that needs them.
#
# FULL=1: the whole suite, as CI runs it (.ci/run: `make check FULL=1`);
# without it, make check and each part leave out what builds whole kernels
# or boots them, and the longest proofs (docs/testing.md says which), to
# keep a cold `make check` under 45 minutes on 2 cores.  The whole suite
# took 5,134 s cold in CI (2026-12-05); of a cold run's 10,300 s of CPU
# (2026-12-04) about half went to the three small kernels (850 s each),
# GCC's torture suite (1,548 s) and the kernel-scale replay proof (613 s).
FULL ?= 0
ifeq ($(filter 0 1,$(FULL)),)
$(error FULL=$(FULL): want 0 or 1)
endif
FULL_ON := $(filter 1,$(FULL))
CHECK_PARTS := check-unit check-tools check-compile check-torture check-toolchains check-compile-roots \
  check-kernel-roots check-fuzz check-install check-readme
CHECK_KERNEL_PARTS := check-bench $(if $(FULL_ON),check-guestprof )check-kernel
CHECK_BUILD = all $(BUILD)/unit-sanitize/unit_tests $(TOOLS_BINS) $(RELOCATABLE_CLI) fuzz-check
# make -n: the recipe names $(MAKE), so make would run it (and its
# sub-makes with -n, and the roots' in the background) and overwrite the
# times of the last run: under -n it only says what it would do.
DRY_RUN = $(findstring n,$(firstword -$(MAKEFLAGS)))
check: deps
	@$(if $(DRY_RUN),echo "make check$(if $(FULL_ON), FULL=1): would build everything and make the roots and then run $(CHECK_PARTS) and beside them $(CHECK_KERNEL_PARTS)"; exit 0;) \
	  echo "make check: $(if $(FULL_ON),the whole suite (FULL=1),the suite without whole-kernel builds, boots and the longest proofs (FULL=1 runs them))"; \
	  bash scripts/check.sh $(MAKE) $(BUILD) '$(CHECK_BUILD)' '$(CHECK_PARTS)' '$(CHECK_KERNEL_PARTS)' check-compile-roots

# GCC's own tests (Debian's gcc-12 source package, fetched into the cache
# by scripts/gcc-testsuite.sh), with -fchecking: gcc.c-torture/execute
# built and run without the plugin, with every call site forced, and with
# the RFC's decisions replayed at GCC's params: what passes without the
# plugin must pass both ways (testsuite/torture/execute.sh); gcc.dg/ipa and
# g++.dg/ipa replayed (self replay a fixed point, the RFC's decisions
# replayed at GCC's params: testsuite/torture/replay.sh).
# Without FULL=1 the execute tests are sampled: every TORTURE_SAMPLE-th of
# them in name order (8: 199 of the 1,592 files; execute.sh's SAMPLE), the ipa tests
# all (their goals are shares of the whole set).
TORTURE_CC ?= gcc-12
TORTURE_SAMPLE ?= $(if $(FULL_ON),1,8)
.PHONY: check-torture
check-torture: $(BUILD)/$(TORTURE_CC)/inlinetune.so
	tests=$$(bash scripts/gcc-testsuite.sh $(TORTURE_CC)) && \
	  SAMPLE=$(TORTURE_SAMPLE) bash testsuite/torture/execute.sh $(TORTURE_CC) $(BUILD)/$(TORTURE_CC)/inlinetune.so \
	    "$$tests/gcc.c-torture/execute" $(BUILD)/torture/execute-$(TORTURE_CC) && \
	  bash testsuite/torture/replay.sh $(TORTURE_CC) $(BUILD)/$(TORTURE_CC)/inlinetune.so \
	    $(BUILD)/torture/replay-$(TORTURE_CC) "$$tests/gcc.dg/ipa" "$$tests/g++.dg/ipa"

check-unit: $(BUILD)/unit-sanitize/unit_tests
	ASAN_OPTIONS=detect_leaks=1 $(BUILD)/unit-sanitize/unit_tests --gtest_brief=1

# Every compiler's run, then one line naming those that failed.
# TESTS_CLI: the CLI the compile and kernel tests run (default: this
# build's, made first with the rest of `all`; else only the plugins are
# built: check-compile-roots and check-kernel-roots give the host's).
check-compile: $(if $(TESTS_CLI),plugins,all)
	@failed=; for c in $(PLUGIN_CCS); do \
	  echo "== compile tests with $$c"; \
	  $(LIT) $(LIT_OPTS) --param cc=$$c --param build=$(abspath $(BUILD)) $(if $(TESTS_CLI),--param inlinetune=$(TESTS_CLI)) testsuite/compile || failed="$$failed $$c"; \
	done; \
	if [ -n "$$failed" ]; then echo "check-compile: failed with:$$failed" >&2; exit 1; fi

# The newer compilers (docs/toolchains.md): make toolchains makes (or finds
# up to date in $(INLINETUNE_CACHE)/roots/) a Debian root per suite of ROOTS
# with its GCCs, native and aarch64 cross (scripts/toolchains.sh).
# check-toolchains (in make check: seconds) tests the scripts and, in each
# root that is up to date, what it holds (testsuite/toolchains, lit; a root
# that is missing or stale is named in a warning and its tests reported
# unsupported).  check-compile-roots builds, in each root of ROOTS, the
# plugin for each of its compilers whose GCC major was not tested before (on
# the host, or in an earlier root of ROOTS: SKIP_MAJORS; trixie's GCC 12 and
# forky's GCC 14 are left out) into build/SUITE/, and runs the compile
# tests once per compiler there (scripts/in-root.sh), with the host's CLI
# (ROOTS_CLI=host, RELOCATABLE_CLI) or with one built in the root by its
# suite's g++ and libraries (ROOTS_CLI=root: `make all` there, 20 minutes
# or more per root); a root that is missing or stale is an error naming
# make toolchains.  make check makes the roots when they are missing
# (toolchains, minutes; cached after) and runs check-compile-roots.
ROOTS ?= trixie forky
ROOTS_CLI ?= host
RELOCATABLE_CLI := $(BUILD)/tools/relocatable/inlinetune
.PHONY: toolchains check-toolchains check-compile-roots
toolchains:
	@bash scripts/toolchains.sh $(ROOTS)

check-toolchains: $(RELOCATABLE_CLI)
	$(LIT) $(LIT_OPTS) --param build=$(abspath $(BUILD)) testsuite/toolchains

check-compile-roots:
	@case '$(ROOTS_CLI)' in host | root) ;; *) echo "check-compile-roots: ROOTS_CLI=$(ROOTS_CLI): host or root" >&2; exit 2 ;; esac
	@bash scripts/toolchains.sh --status $(ROOTS) || { echo "check-compile-roots: a root above is not up to date: run 'make toolchains' (ROOTS=\"$(ROOTS)\")" >&2; exit 1; }
	@[ '$(ROOTS_CLI)' = root ] || $(MAKE) -s --no-print-directory -j$$(nproc) $(RELOCATABLE_CLI)
	@set -e; tested='$(INSTALLED_MAJORS)'; for s in $(ROOTS); do \
	  commit='INLINETUNE_COMMIT=$(INLINETUNE_COMMIT)'; skip="SKIP_MAJORS=$$tested"; \
	  if [ '$(ROOTS_CLI)' = host ]; then \
	    echo "== in the $$s root: the plugin for each compiler of a GCC major not tested before ($$tested); the compile tests with the host's CLI"; \
	    bash scripts/in-root.sh $$s -- make -j$$(nproc) plugins "$$commit" "$$skip"; \
	    bash scripts/in-root.sh $$s -- make check-compile LIT_OPTS='$(LIT_OPTS)' "$$commit" "$$skip" TESTS_CLI=$(abspath $(RELOCATABLE_CLI)); \
	  else \
	    echo "== in the $$s root: the plugin for each compiler of a GCC major not tested before ($$tested), the CLI; the compile tests"; \
	    bash scripts/in-root.sh $$s -- make -j$$(nproc) all "$$commit" "$$skip"; \
	    bash scripts/in-root.sh $$s -- make check-compile LIT_OPTS='$(LIT_OPTS)' "$$commit" "$$skip"; \
	  fi; \
	  tested=$$(printf '%s\n' $$tested $$(bash scripts/in-root.sh $$s -- make -s --no-print-directory installed-majors) | sort -nu | xargs); \
	done

# The kernel tests (testsuite/kernel, lit): testsuite/kernel/prepare.sh
# builds (or finds in the cache) the trees they read, then lit runs them,
# once per installed aarch64 cross compiler: tus/ with each, small-kernel/
# (the small kernels linked, relinked, booted; the golden outputs against the
# CLI of testsuite/golden/REF) and guest-profile/ (profiling boots with
# guestprof) with the first only. CHECKS picks the parts.
# KLINE: the kernel line (harness/kernel.sh: 6.1, the host's, by default);
# another line's inputs and results are named for it (CC-LINE).
KERNEL_CCS := $(shell printf '%s\n' $(filter aarch64-linux-gnu-%,$(INSTALLED_CCS)) | sort -rV)
# Without FULL=1: tus/ only, and there not the tests that REQUIRE full
# (lit's feature, --param full=1).
CHECKS ?= tus $(if $(FULL_ON),small-kernel boot guest-profile)
KLINE ?= 6.1
KERNEL_TAG = $(if $(filter-out 6.1,$(KLINE)),-$(KLINE))
check-kernel: $(if $(TESTS_CLI),plugins,all)
	@test -n "$(KERNEL_CCS)" || { echo "check-kernel: no aarch64 cross compiler installed (run 'make deps')" >&2; exit 1; }
	@set -e; first=1; for cc in $(KERNEL_CCS); do \
	  parts=$$(for p in $(CHECKS); do if [ $$first = 1 ] || [ $$p = tus ]; then echo $$p; fi; done); newest=$$first; first=0; \
	  [ -n "$$parts" ] || continue; \
	  echo "== kernel tests with $$cc (Linux $(KLINE)): "$$parts; \
	  BUILD=$(BUILD) KLINE=$(KLINE) bash testsuite/kernel/prepare.sh $$cc $(BUILD)/check-kernel/$$cc$(KERNEL_TAG).env $$parts; \
	  $(LIT) $(LIT_OPTS) --param cc=$$cc --param kline=$(KLINE) --param build=$(abspath $(BUILD)) --param newest_cc=$$newest --param full=$(FULL) \
	    $(if $(TESTS_CLI),--param inlinetune=$(TESTS_CLI)) $$(printf 'testsuite/kernel/%s ' $$parts); \
	done

# The kernel TU tests in the roots of `make toolchains` (scripts/in-root.sh):
# each word of KERNEL_ROOT_RUNS, SUITE:LINE:CC, runs check-kernel
# CHECKS=KERNEL_ROOT_CHECKS in that root for that kernel line with that cross
# compiler, the tests KERNEL_ROOT_TESTS names (a lit --filter; default the
# identity of profile=rfc with the RFC's flags on harness/kernel-tus.txt, the
# decision log's agreement with -fopt-info-inline, and the boots: plugin-rfc
# passes kprobe_args_user.tc, the RFC's kernel fails it), with the host's CLI.
# make check runs the default: Linux 6.12 with trixie's GCC 14.
KERNEL_ROOT_RUNS ?= trixie:6.12:aarch64-linux-gnu-gcc-14
KERNEL_ROOT_CHECKS ?= tus $(if $(FULL_ON),boot)
KERNEL_ROOT_TESTS ?= rfc-equals-plugin|decision-log|boot/
.PHONY: check-kernel-roots
check-kernel-roots:
	@set -e; for run in $(KERNEL_ROOT_RUNS); do \
	  case $$run in *:*:*) ;; *) echo "check-kernel-roots: '$$run': not SUITE:LINE:CC" >&2; exit 2 ;; esac; \
	  bash scripts/toolchains.sh --status $${run%%:*} || { echo "check-kernel-roots: the $${run%%:*} root is not up to date: run 'make toolchains'" >&2; exit 1; }; \
	done
	@$(MAKE) -s --no-print-directory -j$$(nproc) $(RELOCATABLE_CLI)
	@# Each line's source is unpacked on the host first (under its lock, which
	@# a parallel check-bench may hold): a root cannot fetch it from its root.
	@set -e; for run in $(KERNEL_ROOT_RUNS); do \
	  suite=$${run%%:*} rest=$${run#*:}; line=$${rest%%:*} cc=$${rest#*:}; \
	  KT_TOOL=check-kernel-roots KLINE=$$line KSRC= bash -c 'set -eu; . harness/kernel.sh; kt_ensure_ksrc'; \
	  echo "== in the $$suite root: Linux $$line with $$cc"; \
	  bash scripts/in-root.sh $$suite -- make check-kernel CHECKS='$(KERNEL_ROOT_CHECKS)' FULL=$(FULL) KLINE=$$line KERNEL_CCS=$$cc PLUGIN_CCS=$$cc \
	    INLINETUNE_COMMIT=$(INLINETUNE_COMMIT) TESTS_CLI=$(abspath $(RELOCATABLE_CLI)) \
	    LIT_OPTS="$(LIT_OPTS) --filter='$(KERNEL_ROOT_TESTS)'"; \
	done

# The harness's own tests (testsuite/bench: never-inline derivation, initramfs,
# qm_run against a fake QEMU); no kernel build, no boot.  The kernel sources
# of every line are unpacked first (once; harness/kernel.sh, the roots'
# lines in their roots): without them the tests that need linux-source-LINE
# would be reported unsupported instead of run.
check-bench: all
	@KT_TOOL=check-bench bash -c 'set -eu; . harness/kernel.sh; kt_ensure_line_sources' # their linux-source-LINE features
	$(LIT) $(LIT_OPTS) testsuite/bench

# Every command README.md shows, run in order as a reader types them, in one
# bash session in a scratch copy of the checkout with a scratch HOME
# (testsuite/readme: run_readme.py; commands.toml maps make demo/check and
# whole-kernel builds to short real commands). They load the arm64 plugin and
# the CLI; their kbuild commands start from the cached arm64 defconfig O= tree
# of README_CC (harness/kernel.sh, made once: the tree check-kernel uses).
README_CC := aarch64-linux-gnu-gcc-12
.PHONY: check-readme
check-readme: $(BUILD)/$(README_CC)/inlinetune.so tools
	@KT_TOOL=check-readme bash harness/run.sh - kt_ensure_kobj $(README_CC)
	$(LIT) $(LIT_OPTS) --param build=$(abspath $(BUILD)) testsuite/readme

# The demo and bench-kernel in a root of `make toolchains` (docs/kernel.md,
# "The demo and bench-kernel in a root"): SUITE=trixie or forky runs them
# there through scripts/bench-in-root.sh, the kernels built by that root's
# CC_SMALL (default its newest aarch64 cross GCC) from kernel line KLINE
# (default the suite's own: trixie 6.12, forky 7.2) or KSRC=; the plugin
# and guestprof (against the root's QEMU) are built in the root, the CLI is
# the host's (RELOCATABLE_CLI).  The host's deps and `all` are not made:
# only the `boot` packages, for the initramfs's busybox in the cache.  The
# arguments are checked (bench-in-root.sh --print) before anything is built.
# Without SUITE: the host, as before.
SUITE ?=
BENCH_IN_ROOT = bash scripts/bench-in-root.sh --print $(1) >/dev/null && \
  bash scripts/install-deps.sh boot && \
  $(MAKE) -s --no-print-directory -j$$(nproc) $(RELOCATABLE_CLI) && \
  INLINETUNE=$(abspath $(RELOCATABLE_CLI)) INLINETUNE_COMMIT=$(INLINETUNE_COMMIT) bash scripts/bench-in-root.sh $(1)

# The demo needs the arm64 plugin, the CLI and guestprof only: built in parallel, the
# rest of `all` is left for make check.
demo:
ifneq ($(SUITE),)
	@$(call BENCH_IN_ROOT,demo)
else
	@bash scripts/install-deps.sh demo
	$(MAKE) -j$$(nproc) $(BUILD)/aarch64-linux-gnu-gcc-12/inlinetune.so guestprof
	@# The CLI is first needed after the kernels are built and booted: it is
	@# built meanwhile at low priority (kt_wait_cli in harness/kernel.sh).
	@# (`make`, not $$(MAKE): a line naming MAKE runs even under make -n.)
	@mkdir -p $(BUILD); rm -f $(BUILD)/demo-cli.status; \
	  echo "demo: the CLI is built beside the kernels (nice 19; log: $(BUILD)/demo-cli.log)"; \
	  { nice -n 19 make -j$$(nproc) tools > $(BUILD)/demo-cli.log 2>&1; echo $$? > $(BUILD)/demo-cli.status; } & \
	  INLINETUNE_PENDING=$(abspath $(BUILD))/demo-cli.status bash bench/demo.sh; rc=$$?; wait; exit $$rc
endif

bench-overhead: deps
	$(MAKE) all
	bash bench/overhead.sh

bench-log: deps
	$(MAKE) all
	bash bench/log.sh

# The small kernel built under two policies through inlinetune-cc and
# ccache: what a build costs when only the TUs whose settings changed are
# compiled (bench/incremental.sh; POLICY_A, POLICY_B).
.PHONY: bench-incremental
bench-incremental: deps
	$(MAKE) all
	bash bench/incremental.sh

# A profile-guided policy search on the small kernel (search/search.py,
# docs/search.md): which of the RFC's decisions keep its gain for how much
# code; SEARCH_ARGS adds search.py's options (--evaluations, --jobs,
# --sshloginfile, --slurm, --keep, --growth, ...); its directory,
# build/bench/search by default (SEARCH_DIR), resumes when run again.
SEARCH_DIR ?= $(BUILD)/bench/search
SEARCH_ARGS ?=
.PHONY: bench-search
bench-search: deps
	$(MAKE) all
	python3 search/search.py $(SEARCH_ARGS) $(SEARCH_DIR)

# The small arm64 kernel (tinyconfig + kernel-configs/qemu-small.config), built
# whole as each of VARIANTS (baseline, rfc-params, plugin-rfc; cached until
# their inputs change): build times, vmlinux .text (bench/small-kernel.sh,
# docs/kernel.md).
VARIANTS ?= baseline plugin-rfc
.PHONY: small-kernel
small-kernel: deps
	$(MAKE) all
	bash bench/small-kernel.sh $(VARIANTS)

# The kernel's own ftrace selftests (SELFTESTS, default test.d/kprobe) on the
# small kernel booted under QEMU as each of VARIANTS (built first when their
# tree is not cached), with an initramfs of busybox and ftracetest: a table of
# results per test and variant, build/bench/selftests.csv (bench/selftests.sh,
# docs/kernel.md).  The `boot` packages: QEMU, and busybox-static:arm64
# unpacked into the cache.
.PHONY: selftests
selftests: deps
	@bash scripts/install-deps.sh boot
	$(MAKE) all
	bash bench/selftests.sh $(VARIANTS)

# The kernel benchmark (bench/bench-kernel.sh, docs/kernel.md): the small
# kernel built as each variant (default baseline rfc-params plugin-rfc, plus
# one per file of POLICIES), booted to run the ftrace selftests and, over
# LAYOUTS fixed layouts x RUNS boots under -icount, the workloads of
# harness/workloads/ (instructions per operation); build/bench/kernel/
# results.csv, a table against baseline, and `inlinetune report` of each
# variant against baseline.  KSRC= another kernel tree.  VARIANTS here
# defaults to the three, not to the small-kernel targets' default.
# SUITE=: in that root, as the demo (above).
.PHONY: bench-kernel
bench-kernel: $(if $(SUITE),,deps)
ifneq ($(SUITE),)
	@$(call BENCH_IN_ROOT,bench-kernel $(if $(filter file,$(origin VARIANTS)),,$(VARIANTS)))
else
	@bash scripts/install-deps.sh boot
	$(MAKE) all
	bash bench/bench-kernel.sh $(if $(filter file,$(origin VARIANTS)),,$(VARIANTS))
endif

# ---- guestprof: the project's QEMU TCG plugin -----------------------------
# build/guestprof/guestprof.so (guestprof/, docs/guest-profile.md): per
# measured region and kernel function, instructions, calls and cache-model
# misses.  Built against qemu-plugin.h of Debian's own qemu source package,
# the installed qemu-system-arm's version, which scripts/qemu-plugin-src.sh
# fetches into $(INLINETUNE_CACHE)/qemu-src/VERSION/ (`make deps` does it);
# QEMU_PLUGIN_H=FILE builds against another header.  The link is followed
# by a probe load into the installed QEMU (scripts/guestprof-probe.sh): a
# plugin API version that QEMU refuses stops the build with QEMU's reason.
# Only plugin.cc includes the header; the rest is QEMU-free and in the unit
# tests.  GUESTPROF_BUILD puts plugin.o and the .so elsewhere (the version
# test).  $(GUESTPROF_BUILD)/contrib/libcache.so is QEMU's contrib cache
# plugin from the same package, for the comparison test and bench.
GUESTPROF_BUILD ?= $(BUILD)/guestprof
GUESTPROF_OBJ := $(BUILD)/guestprof/obj
QEMU_PLUGIN_SRC = $(eval QEMU_PLUGIN_SRC := $(shell bash scripts/qemu-plugin-src.sh --print-dir 2>/dev/null))$(QEMU_PLUGIN_SRC)
QEMU_PLUGIN_H ?= $(QEMU_PLUGIN_SRC)/qemu-plugin.h
GUESTPROF_SRCS := $(GUESTPROF_LIB_SRCS) common/atomic_file.cc common/did_you_mean.cc common/project_version.cc
GUESTPROF_CXXFLAGS := $(CXXSTD) $(OPT) $(WARN) -fPIC -fvisibility=hidden -Iguestprof $(LIB_INCLUDES)
# Tests only: -DGUESTPROF_QEMU_API=1 builds the API-1 calls against a header
# of another version (testsuite/guestprof/version.test).
GUESTPROF_DEFS ?=
# In `make all` where a QEMU is installed to check it against (as the GCC
# plugin is built for the installed compilers).
GUESTPROF_ALL := $(if $(shell command -v qemu-system-aarch64 2>/dev/null),$(GUESTPROF_BUILD)/guestprof.so)

.PHONY: guestprof check-guestprof bench-guestprof format-guestprof
guestprof: $(GUESTPROF_BUILD)/guestprof.so

$(GUESTPROF_OBJ)/common/project_version.o: $(VERSION_STAMP)
$(GUESTPROF_OBJ)/common/project_version.o: VERSION_FLAGS = $(VERSION_DEFS)
$(GUESTPROF_OBJ)/%.o: %.cc $(GUESTPROF_HDRS) Makefile $(OPT_STAMP)
	@mkdir -p $(@D)
	@echo "  CXX     $@"
	@$(CXX) $(GUESTPROF_CXXFLAGS) $(VERSION_FLAGS) -c $< -o $@

$(QEMU_PLUGIN_SRC)/qemu-plugin.h $(QEMU_PLUGIN_SRC)/cache.c:
	@bash scripts/qemu-plugin-src.sh >/dev/null

$(GUESTPROF_BUILD)/plugin.o: guestprof/plugin.cc $(GUESTPROF_HDRS) $(QEMU_PLUGIN_H) Makefile $(OPT_STAMP)
	@test -n "$(QEMU_PLUGIN_SRC)$(filter-out $(QEMU_PLUGIN_SRC)/qemu-plugin.h,$(QEMU_PLUGIN_H))" || \
	  { echo "guestprof: no qemu-system-arm installed, so no QEMU plugin header to build against; run 'make deps'" >&2; exit 1; }
	@mkdir -p $(@D)
	@! grep -q '^#include <glib.h>' $(QEMU_PLUGIN_H) || pkg-config --exists glib-2.0 || \
	  { echo "guestprof: $(QEMU_PLUGIN_H) includes glib.h (QEMU 8 on): install glib's headers (libglib2.0-dev, pkgconf)" >&2; exit 1; }
	@echo "  CXX     $@ (against $(QEMU_PLUGIN_H))"
	@$(CXX) $(GUESTPROF_CXXFLAGS) $(GUESTPROF_DEFS) -I$(dir $(QEMU_PLUGIN_H)) \
	  $$(grep -q '^#include <glib.h>' $(QEMU_PLUGIN_H) && pkg-config --cflags glib-2.0) -c $< -o $@

$(GUESTPROF_BUILD)/guestprof.so: $(GUESTPROF_BUILD)/plugin.o $(patsubst %.cc,$(GUESTPROF_OBJ)/%.o,$(GUESTPROF_SRCS)) \
  scripts/guestprof-probe.sh
	@echo "  LD      $@"
	@$(CXX) -shared $(filter %.o,$^) -o $@.tmp -lelf -lfmt
	@bash scripts/guestprof-probe.sh $@.tmp $(QEMU_PLUGIN_H) || { rm -f $@.tmp; exit 1; }
	@mv $@.tmp $@

$(GUESTPROF_BUILD)/contrib/libcache.so: $(QEMU_PLUGIN_SRC)/cache.c $(QEMU_PLUGIN_H)
	@mkdir -p $(@D)
	@pkg-config --exists glib-2.0 || { echo "guestprof: QEMU's contrib cache plugin needs glib (libglib2.0-dev); run 'make deps'" >&2; exit 1; }
	@echo "  CC      $@ (QEMU's contrib cache plugin)"
	@gcc -O2 -shared -fPIC -I$(dir $(QEMU_PLUGIN_H)) $$(pkg-config --cflags glib-2.0) $< -o $@ $$(pkg-config --libs glib-2.0)

# The plugin booted on the small kernel (testsuite/guestprof, lit): the
# contrib comparison, determinism, bad input.  testsuite/guestprof/prepare.sh
# finds (or builds) the baseline small kernel and the workloads' initramfs.
GUESTPROF_CC := aarch64-linux-gnu-gcc-12
check-guestprof: $(GUESTPROF_BUILD)/guestprof.so $(GUESTPROF_BUILD)/contrib/libcache.so
	@KT_TOOL=check-guestprof bash testsuite/guestprof/prepare.sh $(GUESTPROF_CC) $(BUILD)/check-guestprof.env
	$(LIT) $(LIT_OPTS) --param build=$(abspath $(BUILD)) --param inputs=$(abspath $(BUILD))/check-guestprof.env \
	  --param qemu_plugin_h=$(abspath $(QEMU_PLUGIN_H)) testsuite/guestprof

# Boots the demo's workloads (all 17, one layout) on the baseline small
# kernel plain under -icount, with guestprof (none, n1, n1+small) and with QEMU's
# contrib cache plugin (n1's geometry): wall seconds and ratios
# (bench/guestprof.sh).
bench-guestprof: deps
	@bash scripts/install-deps.sh boot
	$(MAKE) $(GUESTPROF_BUILD)/guestprof.so $(GUESTPROF_BUILD)/contrib/libcache.so
	bash bench/guestprof.sh $(GUESTPROF_CC) $(abspath $(GUESTPROF_BUILD))

format-guestprof:
	clang-format -i guestprof/*.cc guestprof/*.h
# ---- end of guestprof ------------------------------------------------------

# ---- tools: the inlinetune command ----------------------------------------
# build/tools/inlinetune (tools/*.cc; docs/log-format.md) and the unit tests of
# its log-reading library, each built twice: as is, and with ASan+UBSan in
# build/tools-sanitize.  check-tools runs both unit-test builds and the lit
# tests in testsuite/tools against both binaries.
# The CLI links the log library and common/ (explain matches names as the
# plugin's never-inline lists do: common/glob, common/symbol_names), and no
# plugin source.
TOOLS_SHARED_SRCS := $(LOG_SRCS) $(COMMON_SRCS)
# tools/ in the order data flows: read/ (objects, notes, frames, log sets) ->
# model/ (a build, two builds compared, a correlation) <- inputs/ (results,
# execution profiles, CSV) -> output/ (tables, the HTML page, SQLite, files)
# -> commands/ (main, the command table, option groups, one file per
# subcommand); support/ (threads, hashing) serves them all.
TOOLS_LAYERS := read model inputs output commands support
TOOLS_SRCS := $(foreach l,$(TOOLS_LAYERS),$(wildcard tools/$(l)/*.cc)) $(TOOLS_SHARED_SRCS)
# The unit tests link every layer but commands/.
TOOLS_LIB_SRCS := $(filter-out tools/commands/%,$(TOOLS_SRCS))
TOOLS_HDRS := $(foreach l,$(TOOLS_LAYERS),$(wildcard tools/$(l)/*.h)) $(LIB_HDRS)
TOOLS_UNIT_SRCS := $(wildcard testsuite/tools/unit/*.cc)
TOOLS_LIBS := -lelf -lzstd -lfmt -liberty -lsimdjson
TOOLS_LIBS += -lsqlite3
# The lit tests that compile C with the plugin use this one (testsuite/tools/lit.cfg.py).
TOOLS_TEST_CC := gcc-12

# Rewrites testsuite/golden/expected/ with what the CLI and the plugin print
# now: only for a change meant to change their output (say so in its commit).
.PHONY: golden-update
golden-update: tools $(BUILD)/$(TOOLS_TEST_CC)/inlinetune.so
	rm -rf $(BUILD)/golden/inputs
	bash testsuite/golden/inputs.sh $(abspath $(BUILD))/tools/inlinetune $(TOOLS_TEST_CC) \
	  $(abspath $(BUILD))/$(TOOLS_TEST_CC)/inlinetune.so $(BUILD)/golden/inputs
	rm -rf testsuite/golden/expected && cp -r $(BUILD)/golden/inputs/out testsuite/golden/expected

.PHONY: tools check-tools format-tools
tools: $(BUILD)/tools/inlinetune

# $(1): build directory, $(2): optimisation and sanitizer flags, $(3): where
# the objects of CLI_CORE_SRCS are (empty: $(1)), $(4): what the objects also
# depend on (OPT_STAMP for the build made at OPT)
define tools_rules
$(1)/obj/%.o: %.cc $(TOOLS_HDRS) Makefile $(4)
	@mkdir -p $$(@D)
	@echo "  CXX     $$@"
	@$(CXX) $(CXXSTD) $(2) -Wall -Wextra -Itools $(LIB_INCLUDES) $$(VERSION_FLAGS) -c $$< -o $$@

$(1)/inlinetune: $(call shared_objs,$(1),$(3),$(TOOLS_SRCS))
	@echo "  LD      $$@"
	@$(CXX) $(2) $$^ -o $$@ $(TOOLS_LIBS)

$(patsubst %.cc,$(1)/obj/%.o,$(TOOLS_UNIT_SRCS)): $(wildcard testsuite/tools/unit/*.h)

$(1)/tools_tests: $(call shared_objs,$(1),$(3),$(TOOLS_LIB_SRCS) $(TOOLS_UNIT_SRCS))
	@echo "  LD      $$@"
	@$(CXX) $(2) $$^ -o $$@ $(TOOLS_LIBS) -lgtest -lgtest_main -pthread
endef

# The sources the CLI shares with the plugin (the log library, the log
# reader, common/: 13 objects, some 65 s of CPU at -O2 -g, most of it
# simdjson's and fmt's templates) are compiled once for both when $(CXX) is
# the g++ that compiles a known GCC version's core objects: same compiler,
# same $(OPT); their -fPIC and hidden visibility change nothing an
# executable needs (Debian's g++ makes position-independent executables
# anyway).  Any other $(CXX) compiles its own.
CXX_MAJOR := $(call plugin_major,$(CXX))
same_binary = $(and $(1),$(2),$(filter $(realpath $(shell command -v $(1) 2>/dev/null)),$(realpath $(shell command -v $(2) 2>/dev/null))))
TOOLS_CORE_DIR := $(if $(and $(filter $(CXX_MAJOR),$(KNOWN_MAJORS)),$(call same_binary,$(CXX),$(call major_cxx,$(CXX_MAJOR)))),$(BUILD)/core-gcc-$(CXX_MAJOR))
$(eval $(call tools_rules,$(BUILD)/tools,$(OPT),$(TOOLS_CORE_DIR),$(OPT_STAMP)))
$(eval $(call tools_rules,$(BUILD)/tools-sanitize,$(SANITIZE)))

# The CLI that runs inside the roots of `make toolchains` (check-compile-roots):
# this build's objects linked with an rpath to lib/ beside it, where the
# shared libraries it needs are copied, all but the C and C++ runtimes, which
# each root has in newer, backward compatible versions.  The roots' suites
# have other sonames (fmt 10 and 11, newer simdjson) and a build of the CLI
# there took 20 to 27 minutes per root, for code that does not depend on the
# compiler whose logs it reads.  DT_RPATH, not RUNPATH: it also serves the
# copies' own needs (libelf's libz).
RUNTIME_LIBS := libc libm libstdc++ libgcc_s
$(RELOCATABLE_CLI): $(call shared_objs,$(BUILD)/tools,$(TOOLS_CORE_DIR),$(TOOLS_SRCS))
	@echo "  LD      $@"
	@rm -rf $(@D) && mkdir -p $(@D)/lib
	@$(CXX) $(OPT) $^ -o $@.tmp $(TOOLS_LIBS) -Wl,-rpath,'$$ORIGIN/lib' -Wl,--disable-new-dtags
	@ldd $@.tmp | awk '/not found/ { print "$@: " $$0 " (ldd)" > "/dev/stderr"; bad = 1 } END { exit bad }'
	@ldd $@.tmp | awk '$$3 ~ /^\// { print $$3 }' | grep -Ev '/($(subst $(eval) ,|,$(subst +,\+,$(RUNTIME_LIBS))))\.so' | xargs -r cp -L -t $(@D)/lib
	@mv $@.tmp $@

# The unit tests run sanitized only (as testsuite/unit's, above); the lit
# tests with both CLIs, the one users run and the sanitized one.
TOOLS_BINS := $(BUILD)/tools/inlinetune $(BUILD)/tools-sanitize/inlinetune $(BUILD)/tools-sanitize/tools_tests \
  $(if $(filter $(TOOLS_TEST_CC),$(INSTALLED_CCS)),$(BUILD)/$(TOOLS_TEST_CC)/inlinetune.so)
# `make check` runs its sub-makes serially; the binaries build in
# parallel here (unless make already runs with -j) to keep check-tools short.
check-tools:
	@case " $(MAKEFLAGS) " in *" -j"*) jobs= ;; *) jobs=-j$$(nproc) ;; esac; \
	  $(MAKE) -s --no-print-directory $$jobs $(TOOLS_BINS)
	rm -rf $(BUILD)/tools-sanitize/decoded-cache
	ASAN_OPTIONS=detect_leaks=1 INLINETUNE_DECODED_CACHE=$(abspath $(BUILD))/tools-sanitize/decoded-cache \
	  $(BUILD)/tools-sanitize/tools_tests --gtest_brief=1
	@set -e; for d in tools tools-sanitize; do \
	  echo "== tools lit tests with $(BUILD)/$$d/inlinetune"; \
	  $(LIT) $(LIT_OPTS) --param inlinetune=$(abspath $(BUILD))/$$d/inlinetune \
	    --param build=$(abspath $(BUILD)) --param cc=$(TOOLS_TEST_CC) testsuite/tools; \
	done

format: format-tools
format: format-guestprof
format-tools:
	clang-format -i tools/*/*.cc tools/*/*.h testsuite/tools/unit/*.cc testsuite/tools/unit/*.h
# ---- end of tools ----------------------------------------------------------

# ---- inlinetune-cc: the compiler launcher -----------------------------------
# build/launcher/inlinetune-cc (launcher/main.cc): runs a compiler, or a
# compiler cache, with the plugin's policy files replaced by the part that
# applies to the TU compiled (launcher/policy_slice.h; docs/search.md), and
# a replay's log by the TU's own recorded log (launcher/replay_slice.h).  It
# links the plugin's GCC-free policy, option, source path and replay log
# code (and the log reader), so that it names TUs, applies rules and finds
# recorded logs as the plugin does; no GCC header.
LAUNCHER_HDRS := $(wildcard launcher/*.h plugin/policy.h plugin/source_path.h plugin/options.h \
  plugin/replay_log.h tools/read/*.h tools/support/*.h) $(LIB_HDRS)
.PHONY: launcher
launcher: $(BUILD)/launcher/inlinetune-cc
$(BUILD)/launcher/obj/%.o: %.cc $(LAUNCHER_HDRS) Makefile $(OPT_STAMP)
	@mkdir -p $(@D)
	@echo "  CXX     $@"
	@$(CXX) $(CXXSTD) $(OPT) $(WARN) -Ilauncher -Iplugin -Itools $(LIB_INCLUDES) $(VERSION_FLAGS) -c $< -o $@
# The core objects of the CLI's g++ where there are (the same flags, see
# TOOLS_CORE_DIR), else its own.
$(BUILD)/launcher/inlinetune-cc: $(patsubst %.cc,$(BUILD)/launcher/obj/%.o,launcher/main.cc $(LAUNCHER_LIB_SRCS)) \
  $(patsubst %.cc,$(or $(TOOLS_CORE_DIR),$(BUILD)/launcher)/obj/%.o,$(LAUNCHER_CORE_SRCS))
	@echo "  LD      $@"
	@$(CXX) $(OPT) $^ -o $@ -linih -liberty -lelf -lzstd -lfmt -lsimdjson -pthread

# ---- fuzz: libFuzzer targets ------------------------------------------------
# build/fuzz/TARGET from fuzz/TARGET_fuzzer.cc and the GCC-free sources it
# fuzzes, built by clang++-14 with libFuzzer, ASan and UBSan (the 'fuzz'
# packages of scripts/install-deps.sh); seeds in testsuite/fuzz-corpus/TARGET/.
# bench-fuzz fuzzes each target for FUZZ_SECONDS from a copy of its seeds under
# build/fuzz/corpus (FUZZ_UPDATE_CORPUS=1 merges inputs that reach new edges into
# testsuite/); check-fuzz runs each once over its seeds.  fuzz/run.sh does both.
FUZZ_CXX := clang++-14
FUZZ_TARGETS := log_reader log_reader_elf policy
FUZZ_FLAGS := $(CXXSTD) -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
  -fno-sanitize-recover=all $(WARN)
FUZZ_SECONDS ?= 600
FUZZ_LOG_READER_SRCS := tools/read/log_reader.cc tools/read/decoded_cache.cc tools/read/elf_file.cc common/atomic_file.cc $(LOG_DECODE_SRCS) log/format.cc log/records.cc
FUZZ_LOG_READER_LIBS := -lelf -lzstd -lfmt -lsimdjson

.PHONY: fuzz bench-fuzz check-fuzz
fuzz: $(FUZZ_TARGETS:%=$(BUILD)/fuzz/%)

# The code under test gets libFuzzer's coverage instrumentation, not its main().
$(BUILD)/fuzz/obj/%.o: %.cc $(PLUGIN_HDRS) $(TOOLS_HDRS) $(LAUNCHER_HDRS) Makefile
	@mkdir -p $(@D)
	@test -x "$$(command -v $(FUZZ_CXX))" || { echo "inlinetune: no $(FUZZ_CXX); run 'make deps'" >&2; exit 1; }
	@echo "  CXX     $@ (libFuzzer+ASan+UBSan)"
	@$(FUZZ_CXX) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link -Iplugin -Ilauncher -Itools $(LIB_INCLUDES) -c $< -o $@

fuzz_objs = $(patsubst %.cc,$(BUILD)/fuzz/obj/%.o,fuzz/$(1)_fuzzer.cc $(2))
$(BUILD)/fuzz/log_reader: $(call fuzz_objs,log_reader,$(FUZZ_LOG_READER_SRCS))
$(BUILD)/fuzz/log_reader_elf: $(call fuzz_objs,log_reader_elf,$(FUZZ_LOG_READER_SRCS))
$(BUILD)/fuzz/log_reader $(BUILD)/fuzz/log_reader_elf: FUZZ_LIBS := $(FUZZ_LOG_READER_LIBS)
$(BUILD)/fuzz/policy: $(call fuzz_objs,policy,plugin/policy.cc launcher/policy_slice.cc common/glob.cc common/did_you_mean.cc)
$(BUILD)/fuzz/policy: FUZZ_LIBS := -linih
$(FUZZ_TARGETS:%=$(BUILD)/fuzz/%):
	@echo "  LD      $@"
	@$(FUZZ_CXX) $(FUZZ_FLAGS) -fsanitize=fuzzer $^ -o $@ $(FUZZ_LIBS)

bench-fuzz: deps
	$(MAKE) fuzz
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash fuzz/run.sh bench $(FUZZ_TARGETS)

# check-fuzz runs the seeds only, which needs libFuzzer's driver (its
# -timeout, -rss_limit_mb, crash and leak reports) but not its coverage
# instrumentation: the targets there are the sanitized CLI's and unit tests'
# objects (g++, SANITIZE: compiled for them anyway) linked with Debian's
# libFuzzer.a, in build/fuzz-check/.  That spares make check the 14 clang
# compiles of the fuzzing build (`make fuzz`, which bench-fuzz makes).
FUZZ_CHECK := $(BUILD)/fuzz-check
LIBFUZZER := /usr/lib/llvm-14/lib/libFuzzer.a
$(FUZZ_CHECK)/obj/%.o: %.cc $(PLUGIN_HDRS) $(TOOLS_HDRS) $(LAUNCHER_HDRS) Makefile
	@mkdir -p $(@D)
	@echo "  CXX     $@"
	@$(CXX) $(CXXSTD) $(SANITIZE) $(WARN) -Iplugin -Ilauncher -Itools $(LIB_INCLUDES) -c $< -o $@
fuzz_check_objs = $(FUZZ_CHECK)/obj/fuzz/$(1)_fuzzer.o $(call shared_objs,$(BUILD)/unit-sanitize,$(BUILD)/tools-sanitize,$(2))
$(FUZZ_CHECK)/log_reader: $(call fuzz_check_objs,log_reader,$(FUZZ_LOG_READER_SRCS))
$(FUZZ_CHECK)/log_reader_elf: $(call fuzz_check_objs,log_reader_elf,$(FUZZ_LOG_READER_SRCS))
$(FUZZ_CHECK)/log_reader $(FUZZ_CHECK)/log_reader_elf: FUZZ_LIBS := $(FUZZ_LOG_READER_LIBS)
$(FUZZ_CHECK)/policy: $(call fuzz_check_objs,policy,plugin/policy.cc launcher/policy_slice.cc common/glob.cc common/did_you_mean.cc)
$(FUZZ_CHECK)/policy: FUZZ_LIBS := -linih
$(FUZZ_TARGETS:%=$(FUZZ_CHECK)/%):
	@test -f $(LIBFUZZER) || { echo "inlinetune: no $(LIBFUZZER) (libfuzzer-14-dev); run 'make deps'" >&2; exit 1; }
	@echo "  LD      $@"
	@$(CXX) $(SANITIZE) $^ $(LIBFUZZER) -o $@ $(FUZZ_LIBS)
.PHONY: fuzz-check
fuzz-check: $(FUZZ_TARGETS:%=$(FUZZ_CHECK)/%)

check-fuzz: fuzz-check
	FUZZ_BIN=$(abspath $(FUZZ_CHECK)) bash fuzz/run.sh check $(FUZZ_TARGETS)
# ---- end of fuzz -----------------------------------------------------------

# ---- bench-fullkernel: the plugin on a whole defconfig kernel --------------
# linux-source-6.1 arm64 defconfig + kernel-configs/defconfig-ftrace.config,
# `Image modules`, built as rfc-params (no plugin) and plugin-rfc (rfc.ini, the
# never-inline list, log=obj), side by side (FK_SIDE_BY_SIDE); then no crash,
# the same warnings, vmlinux and every module linked, one log per C object,
# and the cost (bench/fullkernel.sh, docs/kernel.md).  Hours on 2 cores.
.PHONY: bench-fullkernel
bench-fullkernel: deps
	$(MAKE) all
	bash bench/fullkernel.sh

# ---- bench-tools: inlinetune on a whole kernel's logs ----------------------
# A synthetic arm64 defconfig build (7005 TUs with 6.1.192, made of 100 real ones compiled
# with the plugin, profile=gcc and profile=rfc; bench/synth_logs.py), cached in
# build/bench/tools/; times summary, diff, explain '*' --format csv, db and
# extract into build/bench/tools.csv (RUNS, SAMPLE, NTUS, LAYOUTS, COMMANDS, INLINETUNE_JOBS,
# INLINETUNE_TOOL; bench/tools.sh).  Goals: summary and diff in <= 3 s and
# <= 512 MiB each, explain in <= 300 MiB; db's time, peak and file size measured.
.PHONY: bench-tools
bench-tools: deps
	$(MAKE) all
	bash bench/tools.sh

# ---- install, man pages, bash completion, Debian packages -----------------
# make install: the CLI, its man pages, the plugin's and the policy format's
# pages, bash completion and docs under PREFIX (default /usr/local), and each
# plugin (INSTALL_CCS: TARGET_CC's, else every installed compiler's) into its
# compiler's own plugin directory, $(CC -print-file-name=plugin), so that
# `gcc-12 -fplugin=inlinetune` loads it by name.  DESTDIR is prepended to every
# path.  The man pages are generated from the CLI's --help by help2man and the
# plugin's option table (packaging/gen-man.sh), the completion from --help
# (packaging/gen-completion.py): they cannot go stale.  make deb: Debian
# packages of this build into build/deb/ (packaging/gen-debian.sh), checked
# with lintian by check-install.
VERSION := $(shell cat VERSION)
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DOCDIR ?= $(PREFIX)/share/doc/inlinetune
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
INSTALL ?= install
INSTALL_CCS ?= $(or $(TARGET_CC),$(INSTALLED_CCS))
MAN_PAGES := $(BUILD)/man/pages
COMPLETION := $(BUILD)/man/inlinetune.bash-completion

.PHONY: man completion install uninstall deb check-install
man: $(MAN_PAGES).stamp
completion: $(COMPLETION)

# The plugin's option table printed as man(7) paragraphs: options.cc is GCC-free.
$(BUILD)/man/plugin-options: packaging/man/plugin_options.cc plugin/options.cc plugin/options.h \
  common/did_you_mean.cc common/did_you_mean.h common/glob.cc common/glob.h Makefile
	@mkdir -p $(@D)
	@echo "  CXX     $@"
	@$(CXX) $(CXXSTD) $(OPT) $(WARN) -Iplugin -Icommon packaging/man/plugin_options.cc \
	  plugin/options.cc common/did_you_mean.cc common/glob.cc -o $@

$(MAN_PAGES).stamp: $(BUILD)/tools/inlinetune $(BUILD)/man/plugin-options packaging/gen-man.sh \
  $(wildcard packaging/man/*.h2m packaging/man/*.in) VERSION
	@echo "  MAN     $(MAN_PAGES)/"
	@bash packaging/gen-man.sh $(BUILD)/tools/inlinetune $(BUILD)/man/plugin-options $(MAN_PAGES)
	@touch $@

$(COMPLETION): $(BUILD)/tools/inlinetune packaging/gen-completion.py
	@mkdir -p $(@D)
	@echo "  GEN     $@"
	@python3 packaging/gen-completion.py $(BUILD)/tools/inlinetune > $@.tmp && mv $@.tmp $@

install: $(foreach c,$(INSTALL_CCS),$(BUILD)/$(c)/inlinetune.so) tools man completion
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 \
	  $(DESTDIR)$(MANDIR)/man7 $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(DOCDIR)
	$(INSTALL) -m 755 $(BUILD)/tools/inlinetune $(DESTDIR)$(BINDIR)/inlinetune
	$(INSTALL) -m 644 $(MAN_PAGES)/*.1 $(DESTDIR)$(MANDIR)/man1/
	$(INSTALL) -m 644 $(MAN_PAGES)/*.5 $(DESTDIR)$(MANDIR)/man5/
	$(INSTALL) -m 644 $(MAN_PAGES)/*.7 $(DESTDIR)$(MANDIR)/man7/
	$(INSTALL) -m 644 $(COMPLETION) $(DESTDIR)$(BASHCOMPDIR)/inlinetune
	$(INSTALL) -m 644 README.md docs/*.md docs/log-schema.json $(DESTDIR)$(DOCDIR)/
	@set -e; for c in $(INSTALL_CCS); do \
	  dir=$$($$c -print-file-name=plugin); \
	  case $$dir in /*) ;; *) echo "make install: $$c has no plugin directory ($$c -print-file-name=plugin: $$dir)" >&2; exit 1 ;; esac; \
	  echo "$(INSTALL) -d $(DESTDIR)$$dir && $(INSTALL) -m 644 $(BUILD)/$$c/inlinetune.so $(DESTDIR)$$dir/inlinetune.so"; \
	  $(INSTALL) -d $(DESTDIR)$$dir && $(INSTALL) -m 644 $(BUILD)/$$c/inlinetune.so $(DESTDIR)$$dir/inlinetune.so; \
	done

# Removes what install put there (the directories only when left empty).
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/inlinetune $(DESTDIR)$(BASHCOMPDIR)/inlinetune \
	  $(DESTDIR)$(MANDIR)/man1/inlinetune.1 $(DESTDIR)$(MANDIR)/man1/inlinetune-*.1 \
	  $(DESTDIR)$(MANDIR)/man5/inlinetune-policy.5 $(DESTDIR)$(MANDIR)/man7/inlinetune-plugin.7
	rm -rf $(DESTDIR)$(DOCDIR)
	@set -e; for c in $(INSTALL_CCS); do \
	  dir=$$($$c -print-file-name=plugin); \
	  case $$dir in /*) rm -f $(DESTDIR)$$dir/inlinetune.so ;; esac; \
	done

# The packages of this tree's build (as the kernel's bindeb-pkg): debian/ is
# generated in build/deb/src, dpkg-buildpackage leaves the .debs in build/deb/.
DEB_DIR := $(BUILD)/deb
DEB_CCS ?= $(INSTALLED_CCS)
deb: $(foreach c,$(DEB_CCS),$(BUILD)/$(c)/inlinetune.so) tools man completion
	@bash scripts/install-deps.sh packaging
	rm -rf $(DEB_DIR)
	mkdir -p $(DEB_DIR)/src
	OPT='$(OPT)' bash packaging/gen-debian.sh $(DEB_DIR)/src $(abspath $(BUILD)) $(DEB_CCS)
	cd $(DEB_DIR)/src && dpkg-buildpackage -us -uc -b
	@ls $(DEB_DIR)/*.deb

# Installing: the man pages and the completion against the CLI's --help, the
# pages rendered without warnings, make install into a scratch DESTDIR, the
# packages built and lintian-clean, installed into a scratch root whose plugin
# a kernel TU loads by name (testsuite/install, lit).
check-install: deb
	$(LIT) $(LIT_OPTS) --param inlinetune=$(abspath $(BUILD))/tools/inlinetune \
	  --param build=$(abspath $(BUILD)) --param ccs="$(DEB_CCS)" testsuite/install

deps:
	@bash scripts/install-deps.sh check

clean:
	rm -rf $(BUILD)

format:
	clang-format -i plugin/*.cc plugin/*.h log/*.cc log/*.h common/*.cc common/*.h launcher/*.cc launcher/*.h testsuite/unit/*.cc
