# ECS storage benchmark suite.
#   make bench   build every strategy, measure every scenario's designs side by side in many processes (the
#                paired program, build/bench-paired-L), simulate caches, cross-check with hyperfine, plot:
#                results/MACHINE_ID/ (results.csv, results.json, runs and samples (.columns.xz), pairs.csv, plots/,
#                report.md); QUICK=1 for a short run; PAIRED=0 runs each strategy in processes of its own instead
#                (scripts/bench.sh) into results/MACHINE_ID-separate
#   make bench-noise   the paired measurement of a few small blocks beside a CPU hog switched on and off
#   make test    conformance tests for every strategy (plain and ASan+UBSan), harness and pipeline tests;
#                STRATEGY=NAME: only strategies/NAME's suites, a short fuzz and its checksums in every scenario
#   make test-faults   the pipeline on a full disk and under a signal at every step (root; about ten minutes)
#   make cachesim   simulated cache misses per unit for every strategy under valgrind (build/cachesim.csv)
#   make fuzz    libFuzzer differential fuzzing of every strategy against the reference model (FUZZ_SECONDS each,
#                five minutes by default), with each variant's coverage before and after; STRATEGY=NAME: its variants only
#   make memcheck   the conformance suites under valgrind memcheck: no error, no leak
# Strategies are discovered: every folder strategies/NAME/ with .c files (not starting with '_') builds
# build/bench-NAME, build/test-NAME and build/test-NAME-asan, plus one set per line of its 'variants' file
# (lines marked test: build only the tests). Objects go to build/obj/ and are reused between binaries; V=1 prints
# the compiler's command lines.

## CC                    the C compiler (gcc for the bench binaries: their units need its whole-program partial link)
CC ?= cc
BUILD := build
SHELL := /bin/sh

# The defaults of the bench settings live in scripts/defaults.mk, which the analysis package reads too; each setting
# below is NAME ?= $(call default,NAME). A default may differ with the run's mode (QUICK=1, PAIRED=0): the mode's
# value where the file gives one (.quick-separate, .quick, .separate, in that order), else the plain one.
include scripts/defaults.mk
## QUICK                 1: make bench's short run at small N, into results/MACHINE_ID-quick
QUICK ?= $(call default,QUICK)
## PAIRED                1: designs side by side in one process; 0: each strategy in processes of its own
PAIRED ?= $(call default,PAIRED)
default_modes = $(if $(filter 1,$(QUICK)),.quick-separate .quick .separate,.separate)
mode_suffixes = $(if $(filter 1,$(PAIRED)),$(filter-out %separate,$(default_modes)),$(default_modes))
default = $(DEFAULT_$(1)$(firstword $(foreach m,$(if $(filter QUICK PAIRED,$(1)),,$(mode_suffixes)),\
    $(if $(filter undefined,$(origin DEFAULT_$(1)$(m))),,$(m)))))

WARNINGS := -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Wpedantic
# The whole-program (-flto) builds let gcc's inliner grow the program as much as its per-call decisions ask: with
# its default budget for the whole program's growth (inline-unit-growth, 40%), whether a strategy's esb_get is
# inlined into a scenario's loop would depend on how much unrelated code (the checks, other scenarios) was inlined
# first, so that editing one scenario would move other cells' figures (docs/decisions.md). clang has no such budget.
CC_IS_CLANG := $(shell $(CC) --version 2>/dev/null | grep -q clang && echo yes)
INLINE_BUDGET := $(if $(CC_IS_CLANG),,--param inline-unit-growth=1000)
# Every function, loop and jump target of a timed build starts a 64-byte line: where a hot loop falls within its
# line otherwise follows the code before it, so a design's speed moved with the link order and with edits to
# unrelated code (docs/decisions.md gives the spread between processes with and without).
CODE_ALIGN := $(if $(CC_IS_CLANG),,-falign-functions=64 -falign-loops=64 -falign-jumps=64)
RELEASE_FLAGS := -O3 -flto=auto -march=native -DNDEBUG $(INLINE_BUDGET) $(CODE_ALIGN)
# Test, sanitizer and fuzz builds assert every internal invariant (ESB_CHECKED, strategies/_common/check.h);
# bench and cache-simulation builds compile the checks out.
TEST_FLAGS := -O2 -g -DESB_MEMORY_CHECKED -DESB_CHECKED
ASAN_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all \
              -DESB_MEMORY_CHECKED -DESB_CHECKED

# What -march=native means on this machine, recorded beside every result (gcc reports it; clang does not).
NATIVE_ARCH := $(shell $(CC) -march=native -Q --help=target 2>/dev/null | awk '$$1 == "-march=" {print $$2; exit}')
BUILD_FLAGS_NOTE := $(RELEASE_FLAGS)$(if $(NATIVE_ARCH), (native=$(NATIVE_ARCH)))
# The flags a binary records in its rows are stripped: an empty part (a variant without flags of its own, the
# inline budget under clang) would otherwise leave a trailing or doubled blank in every row's flags field.

# With PAPI (libpapi-dev) the bench binaries count hardware events around the timed work
# (harness/hwcounters.c); without it they build all the same and leave those columns empty.
HAVE_PAPI := $(shell $(CC) -E -x c -include papi.h /dev/null >/dev/null 2>&1 && echo yes)
PAPI_CFLAGS := $(if $(HAVE_PAPI),-DESB_HAVE_PAPI)
PAPI_LIBS := $(if $(HAVE_PAPI),-lpapi)

# The cache-simulator builds (make cachesim) run under valgrind, whose 3.19 cannot decode AVX-512: a fixed ISA
# it can decode stands in for -march=native. (-flto=auto generates the same code as -flto, but without gcc's
# warning that it does so serially once a program is large enough to be split.) Vectors stay 128-bit wide:
# callgrind counts an access that straddles two cache lines as one miss even when both lines miss, and the
# unaligned 32-byte loads of AVX2 loops straddle often enough to report fewer misses than lines touched.
CACHESIM_FLAGS := -O3 -flto=auto -march=x86-64-v3 -mprefer-vector-width=128 -DNDEBUG -DESB_CACHESIM $(INLINE_BUDGET)
# Fuzz targets: libFuzzer comes with clang. UBSan's checks stop at the first report, like ASan's, so libFuzzer
# keeps the input.
## FUZZ_CC               the compiler of the fuzz targets (libFuzzer)
FUZZ_CC ?= clang
FUZZ_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
              -DCONF_FUZZ -DESB_MEMORY_CHECKED -DESB_CHECKED

# Sources by layer. Each layer compiles with its own include path, so that a layer can only include the headers it
# is meant to see: the contract (strategies/*.h) is all a scenario or a test knows of a strategy; a strategy sees
# the contract, _common/ and its own folder; the harness sees itself and the allocator hooks it implements.
# A bench binary is a main and one or more design units (harness/unit.h): a unit holds what runs a cell (the
# runner, the allocator hooks, the layout stream, the hardware counters, and the unit's table), the scenarios and
# the design; a main parses, seeds, configures the heap and writes the rows. bench-NAME links harness/main.c with
# NAME's unit, the paired program harness/paired.c with every unit.
MAIN_SRC := harness/main.c harness/args.c harness/output.c platform/layout.c harness/heap.c
PAIRED_MAIN_SRC := harness/paired.c harness/args.c harness/output.c platform/layout.c harness/heap.c harness/stats.c
# The bottom layer (platform/): the allocator hooks, the layout they place blocks by, the scenarios' scratch
# memory and the clock, below the contract.
PLATFORM_SRC := $(wildcard platform/*.c)
UNIT_HARNESS_SRC := $(filter-out harness/main.c harness/paired.c harness/args.c harness/output.c harness/heap.c,\
                    $(wildcard harness/*.c)) $(PLATFORM_SRC)
SCENARIO_SRC := $(wildcard scenarios/*.c)
# The raw baselines share the contract scenarios' descriptors (scenarios/info.c).
RAW_SRC := $(wildcard scenarios/raw/*.c) scenarios/info.c
# The strategies' shared code: the data structures (strategies/_common/) and the cores every design embeds
# (strategies/_core/).
SHARED_SRC := $(wildcard strategies/_common/*.c strategies/_core/*.c)
TEST_SRC := $(wildcard tests/*.c)
# The fuzz targets share the conformance suite's model, checks and driver, without Criterion and its tests.
FUZZ_SRC := tests/fuzz/target.c tests/driver.c tests/driver_batched.c tests/check.c tests/model.c \
            tests/model_batched.c tests/support.c tests/support_batched.c
# Unit tests of the shared code (set index, match list, edges, sparse set, growth, entity table, query
# registry), below the contract: one binary, build/test-common (and -asan), run by the plain make test.
COMMON_TEST_SRC := $(wildcard tests/common/*.c)
# The allocator hooks and the layout they place blocks by: the only platform code the tests link.
HOOKS_SRC := platform/memory.c platform/layout.c
# The few shared files that print the variant's name: compiled once per variant, like the strategy's own code.
NAMED_SRC := $(shell grep -l ESB_STRATEGY_NAME $(SHARED_SRC) $(TEST_SRC) $(FUZZ_SRC) 2>/dev/null)

# Binaries are independent: build them on every core (the benchmark itself runs one process at a time).
## JOBS                  parallel compile jobs (default: the cores)
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

$(shell mkdir -p $(BUILD))
$(shell scripts/variants.sh > $(BUILD)/variants.mk.tmp && mv $(BUILD)/variants.mk.tmp $(BUILD)/variants.mk)
include $(BUILD)/variants.mk

# The A/A control: AA_STRATEGY built a second time, from the same sources with the same flags, as AA_VARIANT.
# make bench measures it as one more strategy; the two never differ but by chance, so their ratio shows how
# large a difference noise alone makes (results/README.md). Not tested separately: it is the same code.
## AA_STRATEGY           the strategy built twice for the A/A control
AA_STRATEGY ?= $(call default,AA_STRATEGY)
ifeq ($(filter $(AA_STRATEGY),$(VARIANTS)),)
$(error AA_STRATEGY=$(AA_STRATEGY) is not a strategy variant (make list))
endif
AA_VARIANT := $(AA_STRATEGY)~aa
$(AA_VARIANT)_DIR := $($(AA_STRATEGY)_DIR)
$(AA_VARIANT)_FLAGS := $($(AA_STRATEGY)_FLAGS)
$(AA_VARIANT)_SETS := $($(AA_STRATEGY)_SETS)
MEASURED := $(VARIANTS) $(AA_VARIANT)

# The paired program's controls, measured as ordinary designs in every cell: A/A twins (each strategy of
# PAIRED_TWINS built once more, a separate copy of its code) and a planted positive control (PLANTED_STRATEGY
# built with every timed run made PLANTED_PERCENT % longer in wall time, harness/runner.c), whose true ratio to
# its strategy is known.
## PAIRED_TWINS          the strategies the paired program measures beside an A/A twin of themselves
PAIRED_TWINS ?= $(call default,PAIRED_TWINS)
## PLANTED_STRATEGY      the strategy of the planted positive control
PLANTED_STRATEGY ?= $(call default,PLANTED_STRATEGY)
## PLANTED_PERCENT       how much slower the planted control is made, in percent of wall time
PLANTED_PERCENT ?= $(call default,PLANTED_PERCENT)
## PLANTED_HITCH_FRAME   the frame of every framed sequence in which the planted control also stalls (a known hitch)
PLANTED_HITCH_FRAME ?= $(call default,PLANTED_HITCH_FRAME)
## PLANTED_HITCH_PERCENT how much longer that frame is made, in percent of its CPU time
PLANTED_HITCH_PERCENT ?= $(call default,PLANTED_HITCH_PERCENT)
$(foreach t,$(PAIRED_TWINS) $(PLANTED_STRATEGY),$(if $(filter $(t),$(VARIANTS)),,\
    $(error PAIRED_TWINS and PLANTED_STRATEGY name strategy variants (make list); $(t) is not one)))
$(foreach t,$(filter-out $(AA_STRATEGY),$(PAIRED_TWINS)),$(eval $(t)~aa_DIR := $($(t)_DIR))$(eval $(t)~aa_FLAGS := $($(t)_FLAGS))\
    $(eval $(t)~aa_SETS := $($(t)_SETS)))
PLANTED_VARIANT := $(PLANTED_STRATEGY)~slower$(PLANTED_PERCENT)
$(PLANTED_VARIANT)_DIR := $($(PLANTED_STRATEGY)_DIR)
$(PLANTED_VARIANT)_FLAGS := $($(PLANTED_STRATEGY)_FLAGS) -DESB_PLANTED_PERCENT=$(PLANTED_PERCENT) \
    -DESB_PLANTED_HITCH_FRAME=$(PLANTED_HITCH_FRAME) -DESB_PLANTED_HITCH_PERCENT=$(PLANTED_HITCH_PERCENT)
$(PLANTED_VARIANT)_SETS := $($(PLANTED_STRATEGY)_SETS)
PAIRED_DESIGNS := $(sort $(VARIANTS) $(addsuffix ~aa,$(PAIRED_TWINS)) $(PLANTED_VARIANT))

BENCH_BINS := $(BUILD)/bench-raw $(addprefix $(BUILD)/bench-,$(sort $(MEASURED) $(PAIRED_DESIGNS)))
CACHESIM_BINS := $(BUILD)/cachesim-raw $(addprefix $(BUILD)/cachesim-,$(MEASURED))
ALL_TESTED := $(VARIANTS) $(TEST_VARIANTS)
TEST_BINS := $(addprefix $(BUILD)/test-,$(ALL_TESTED)) $(addsuffix -asan,$(addprefix $(BUILD)/test-,$(ALL_TESTED))) \
             $(if $(COMMON_TEST_SRC),$(BUILD)/test-common $(BUILD)/test-common-asan)
FUZZ_BINS := $(addprefix $(BUILD)/fuzz-,$(ALL_TESTED))

.PHONY: help build-paired bench-noise all bench bench-settings reanalyse test test-faults report prune-runs cachesim fuzz memcheck docs format build-bench build-tests build-cachesim build-fuzz deps-test \
        deps-bench clean list
## all                   build-bench and build-tests
all: build-bench build-tests

## list                  the strategy variants, the test-only variants and the A/A control
list:
	@echo "variants: $(VARIANTS)"
	@echo "tests only: $(TEST_VARIANTS)"
	@echo "A/A control: $(AA_VARIANT)"

## build-bench           every bench binary: bench-NAME, bench-raw and the paired program
build-bench: $(BENCH_BINS)
## build-tests           every test binary: test-NAME, test-NAME-asan, test-common
build-tests: $(TEST_BINS)
## build-cachesim        every cache-simulator binary (cachesim-NAME)
build-cachesim: $(CACHESIM_BINS)
## build-fuzz            every libFuzzer target (fuzz-NAME)
build-fuzz: $(FUZZ_BINS)

# The include paths are the layers: each sees its own folder and the layers below it, nothing above. From the
# bottom: the platform (platform/), the contract (strategies/*.h), the shared data structures
# (strategies/_common/, with its source sets), the cores every design embeds and the contract's shared checks
# (strategies/_core/), a design (strategies/NAME/); the scenarios (scenarios/, their interface scenario.h); the
# harness (harness/), which runs the scenarios. tests/structure.py checks that no source reaches past them.
PLATFORM_INCLUDES := -Iplatform
CONTRACT_INCLUDES := -Istrategies $(PLATFORM_INCLUDES)
COMMON_INCLUDES := $(CONTRACT_INCLUDES) -Istrategies/_common
CORE_INCLUDES := $(COMMON_INCLUDES) -Istrategies/_core
SCENARIO_INCLUDES := -Iscenarios $(CONTRACT_INCLUDES)
RAW_INCLUDES := -Iscenarios/raw $(SCENARIO_INCLUDES)
HARNESS_INCLUDES := -Iharness -Iscenarios $(PLATFORM_INCLUDES)
# The conformance suites test the contract; a few unit tests of the shared code and the scenarios' data
# generators reach below it, and the hooks' tests read the layout.
TEST_INCLUDES := -Itests $(CORE_INCLUDES) -Iharness -Iscenarios
# The include path of a source file, from its folder: strategies/NAME/... sees NAME's folder; its tests/ also see
# the helpers of the conformance suite (tests/support.h), as the other tests do.
includes_of = $(strip \
    $(if $(filter strategies/_common/%,$(1)),$(if $(filter tests,$(subst /, ,$(1))),-Itests) $(COMMON_INCLUDES), \
    $(if $(filter strategies/_core/%,$(1)),$(CORE_INCLUDES), \
    $(if $(filter strategies/%,$(1)),$(if $(filter tests,$(subst /, ,$(1))),-Itests) $(CORE_INCLUDES) \
                                     -Istrategies/$(word 2,$(subst /, ,$(1))), \
    $(if $(filter scenarios/raw/%,$(1)),$(RAW_INCLUDES), \
    $(if $(filter scenarios/%,$(1)),$(SCENARIO_INCLUDES), \
    $(if $(filter platform/%,$(1)),$(PLATFORM_INCLUDES), \
    $(if $(filter harness/%,$(1)),$(HARNESS_INCLUDES), \
    $(TEST_INCLUDES)))))))))

# Objects: $(OBJ)/FLAVOR/KEY/PATH.o. A flavor is a set of compiler and flags (test, asan, fuzz, bench, cachesim);
# KEY is var-VARIANT for a variant's own sources (its folder and source sets, NAMED_SRC) and flags-SUM for shared
# sources, one per distinct set of variant flags and sets of _common/ (SUM: their checksum), since those flags may
# change the contract's constants and a set of _common/ what a shared header declares. A key's source sets are on
# its include path, before the layers. So a change to one strategy recompiles that strategy's objects and relinks
# its binaries only.
# Dependencies on headers come from the compiler (-MMD). The bench and cachesim flavors compile to LTO objects
# and link as whole programs with the same flags: the code is that of one compile of every source.
OBJ := $(BUILD)/obj
test_CC := $(CC)
test_CFLAGS := $(TEST_FLAGS)
asan_CC := $(CC)
asan_CFLAGS := $(ASAN_FLAGS)
fuzz_CC := $(FUZZ_CC)
fuzz_CFLAGS := $(FUZZ_FLAGS)
bench_CC := $(CC)
bench_CFLAGS := $(RELEASE_FLAGS) $(PAPI_CFLAGS)
bench_NOTE := $(BUILD_FLAGS_NOTE)
cachesim_CC := $(CC)
cachesim_CFLAGS := $(CACHESIM_FLAGS)
cachesim_NOTE := $(CACHESIM_FLAGS)

# $(1) variant: its keys, and the flags and source sets each key compiles with.
define VARIANT_KEYS
$(1)_SHARED_BUILD := $$(strip $$($(1)_FLAGS) $$(addprefix @,$$(filter _common/%,$$($(1)_SETS))))
$(1)_FLAGS_KEY := flags-$$(if $$($(1)_SHARED_BUILD),$$(firstword $$(shell printf '%s' '$$($(1)_SHARED_BUILD)' | cksum)),none)
KEY_FLAGS_var-$(1) := $$($(1)_FLAGS)
KEY_SETS_var-$(1) := $$($(1)_SETS)
KEY_NAME_var-$(1) := -DESB_STRATEGY_NAME='"$(1)"'
KEY_FLAGS_$$($(1)_FLAGS_KEY) := $$($(1)_FLAGS)
KEY_SETS_$$($(1)_FLAGS_KEY) := $$(filter _common/%,$$($(1)_SETS))
endef
$(foreach v,$(sort $(VARIANTS) $(TEST_VARIANTS) $(AA_VARIANT) $(PAIRED_DESIGNS)),$(eval $(call VARIANT_KEYS,$(v))))
KEY_FLAGS_raw :=
# The unit tests of _common/ build like a variant named "common" without flags or strategy sources, with the
# default sets of _common/.
common_SETS := $(COMMON_SETS)
$(eval $(call VARIANT_KEYS,common))
COMMON_SET_SRC := $(wildcard $(addprefix strategies/,$(addsuffix /*.c,$(COMMON_SETS))))

obj = $(patsubst %.c,$(OBJ)/$(1)/$(2)/%.o,$(3))
# The objects of variant $(2) in flavor $(1), from its shared sources $(3) (those of NAMED_SRC move to the
# variant's key) and its own sources $(4).
variant_objs = $(call obj,$(1),$($(2)_FLAGS_KEY),$(filter-out $(NAMED_SRC),$(3))) \
               $(call obj,$(1),var-$(2),$(filter $(NAMED_SRC),$(3)) $(4))

# One pattern rule per flavor: FLAVOR/KEY/PATH.o from PATH.c (the stem is KEY/PATH).
source_of = $(subst $(eval) ,/,$(wordlist 2,999,$(subst /, ,$(1)))).c
key_of = $(firstword $(subst /, ,$(1)))
# The contract's two narrow-build knobs (strategies/contract.h) at the contract's full width, for every compile whose
# key does not narrow them (the test-only NAME-wrap4 and NAME-retire4, sparse-compact), so that every source reads
# both as numbers and none needs a default of its own.
CONTRACT_KNOBS := -DESB_VERSION_BITS=32 -DESB_INDEX_LIMIT=0xFFFFFFFFu
contract_knobs = $(foreach k,$(CONTRACT_KNOBS),$(if $(filter $(firstword $(subst =, ,$(k)))=%,$(1)),,$(k)))
define OBJECT_RULE
$(OBJ)/$(1)/%.o: $$$$(call source_of,$$$$*) Makefile
	$$(show) "CC $(1) $$<"
	@mkdir -p $$(@D)
	$$(quiet)$$($(1)_CC) $$(WARNINGS) $$($(1)_CFLAGS) $$(KEY_FLAGS_$$(call key_of,$$*)) $$(KEY_NAME_$$(call key_of,$$*)) \
	    $$(call contract_knobs,$$(KEY_FLAGS_$$(call key_of,$$*))) \
	    $$(if $$($(1)_NOTE),-DESB_BUILD_FLAGS='"$$(strip $$($(1)_NOTE) $$(KEY_FLAGS_$$(call key_of,$$*)) \
	        $$(addprefix @,$$(KEY_SETS_$$(call key_of,$$*))))"') \
	    $$(addprefix -Istrategies/,$$(KEY_SETS_$$(call key_of,$$*))) $$(call includes_of,$$<) -MMD -MP -c $$< -o $$@ \
	    $$(call record_failure,$$<)
endef
.SECONDEXPANSION:
$(foreach f,test asan fuzz bench cachesim,$(eval $(call OBJECT_RULE,$(f))))

# Short lines while building ("CC test strategies/x.c", "LD build/test-x"), none under make -s; V=1 prints the
# full commands instead.
## V                     1: print the compiler's command lines
V ?= 0
show = $(if $(or $(filter 1,$(V)),$(findstring s,$(firstword -$(MAKEFLAGS)))),@:,@echo)
quiet = $(if $(filter 1,$(V)),,@)
# make bench's build records what failed (a source, or the folder of a design whose link failed) in the file
# BUILD_FAILURES names, one a line, so that it can name the folder in one line after the compiler's messages
# (scripts/build-failures.sh).
record_failure = $(if $(BUILD_FAILURES),|| { echo '$(1)' >>'$(BUILD_FAILURES)'; exit 1; })

# A design unit (harness/unit.h) of folder $(2) from its LTO objects (the prerequisites) in flavor $(1): gcc's
# -fwhole-program over them without the linker plugin gives one relocatable object optimised as a whole program, in
# which every symbol is hidden but the unit's table (externally_visible); objcopy then makes the hidden ones local,
# so that units link side by side. gcc only: clang has no whole-program partial link.
UNIT_LINK_FLAGS := -fno-use-linker-plugin -fwhole-program -flto-partition=one -r -nostdlib
define UNIT_LINK
$(show) "LD $@"
@mkdir -p $(@D)
$(if $(CC_IS_CLANG),@echo "make: the bench binaries are linked from design units that need gcc's whole-program partial link (CC=gcc)" >&2; exit 2)
$(quiet)$($(1)_CC) $($(1)_CFLAGS) $(UNIT_LINK_FLAGS) $^ -o $@.tmp $(call record_failure,$(2))
$(quiet)objcopy --localize-hidden $@.tmp $@
@rm -f $@.tmp
endef

# $(1) variant, $(2) strategy folder
define VARIANT_RULES
$(1)_OWN_SRC := $$(wildcard strategies/$(2)/*.c $$(addprefix strategies/,$$(addsuffix /*.c,$$($(1)_SETS))))
$(1)_OWN_TEST_SRC := $$(wildcard strategies/$(2)/tests/*.c $$(addprefix strategies/,$$(addsuffix /tests/*.c,$$($(1)_SETS))))
$(BUILD)/units/bench/$(1).o: $$(call variant_objs,bench,$(1),$(UNIT_HARNESS_SRC) $(SCENARIO_SRC) $(SHARED_SRC),$$($(1)_OWN_SRC))
	$$(call UNIT_LINK,bench,strategies/$(2)/)
$(BUILD)/units/cachesim/$(1).o: $$(call variant_objs,cachesim,$(1),$(UNIT_HARNESS_SRC) $(SCENARIO_SRC) $(SHARED_SRC),$$($(1)_OWN_SRC))
	$$(call UNIT_LINK,cachesim,strategies/$(2)/)
$(BUILD)/bench-$(1): $(call obj,bench,main,$(MAIN_SRC)) $(BUILD)/units/bench/$(1).o
	$$(show) "LD $$@"
	$$(quiet)$$(bench_CC) $$(bench_CFLAGS) $$^ $(PAPI_LIBS) -lm -o $$@ $$(call record_failure,strategies/$(2)/)
$(BUILD)/cachesim-$(1): $(call obj,cachesim,main,$(MAIN_SRC)) $(BUILD)/units/cachesim/$(1).o
	$$(show) "LD $$@"
	$$(quiet)$$(cachesim_CC) $$(cachesim_CFLAGS) $$^ -lm -o $$@ $$(call record_failure,strategies/$(2)/)
# Test binaries: the conformance suite (tests/) plus the strategy's own tests of what it offers beyond the
# contract (strategies/NAME/tests/*.c, if any).
$(BUILD)/test-$(1): $$(call variant_objs,test,$(1),$(TEST_SRC) $(HOOKS_SRC) $(SHARED_SRC),$$($(1)_OWN_SRC) $$($(1)_OWN_TEST_SRC))
	$$(show) "LD $$@"
	$$(quiet)$$(test_CC) $$(test_CFLAGS) $$^ -lcriterion -lm -o $$@
$(BUILD)/test-$(1)-asan: $$(call variant_objs,asan,$(1),$(TEST_SRC) $(HOOKS_SRC) $(SHARED_SRC),$$($(1)_OWN_SRC) $$($(1)_OWN_TEST_SRC))
	$$(show) "LD $$@"
	$$(quiet)$$(asan_CC) $$(asan_CFLAGS) $$^ -lcriterion -lm -o $$@
$(BUILD)/fuzz-$(1): $$(call variant_objs,fuzz,$(1),$(FUZZ_SRC) $(HOOKS_SRC) $(SHARED_SRC),$$($(1)_OWN_SRC))
	$$(show) "LD $$@"
	$$(quiet)$$(fuzz_CC) $$(fuzz_CFLAGS) $$^ -o $$@
endef

$(foreach v,$(sort $(ALL_TESTED) $(AA_VARIANT) $(PAIRED_DESIGNS)),$(eval $(call VARIANT_RULES,$(v),$($(v)_DIR))))

$(BUILD)/test-common: $(call variant_objs,test,common,$(HOOKS_SRC) $(SHARED_SRC),$(COMMON_SET_SRC) $(COMMON_TEST_SRC))
	$(show) "LD $@"
	$(quiet)$(test_CC) $(test_CFLAGS) $^ -lcriterion -lm -o $@
$(BUILD)/test-common-asan: $(call variant_objs,asan,common,$(HOOKS_SRC) $(SHARED_SRC),$(COMMON_SET_SRC) $(COMMON_TEST_SRC))
	$(show) "LD $@"
	$(quiet)$(asan_CC) $(asan_CFLAGS) $^ -lcriterion -lm -o $@

# The paired program (harness/paired.c): one ordinary link of every design's unit with the paired main, in
# PAIRED_ORDERS link orders with random gaps between the units (scripts/paired-link.sh), so that code placement is
# drawn per process as data placement is.
## PAIRED_ORDERS         how many link orders of the paired program, one drawn per process
PAIRED_ORDERS ?= $(call default,PAIRED_ORDERS)
PAIRED_BINS := $(addprefix $(BUILD)/bench-paired-,$(shell seq 0 $$(($(PAIRED_ORDERS) - 1))))
# Each unit's copy whose table is renamed after its design (esb_design_unit_HEX, HEX the name in hexadecimal), so
# that the units link side by side. The units are raw's and every design's, or in a run narrowed by STRATEGIES
# those of the designs it measures (BENCH_NAMES) and of their controls, the ones its blocks measure beside them
# (scripts/analysis/blocks.py): a narrowed run builds no other design.
PAIRED_LINKED = $(if $(STRATEGIES),$(filter $(BENCH_NAMES) $(addsuffix ~aa,$(BENCH_NAMES)) \
    $(if $(filter $(PLANTED_STRATEGY),$(BENCH_NAMES)),$(PLANTED_VARIANT)),$(PAIRED_DESIGNS)),$(PAIRED_DESIGNS))
PAIRED_UNITS = $(addprefix $(BUILD)/paired/units/,$(addsuffix .o,raw $(PAIRED_LINKED)))
unit_symbol = esb_design_unit_$(shell printf '%s' '$(1)' | od -An -tx1 | tr -d ' \n')
$(BUILD)/paired/units/%.o: $(BUILD)/units/bench/%.o
	@mkdir -p $(@D)
	$(quiet)objcopy --redefine-sym esb_design_unit=$(call unit_symbol,$*) $< $@
PAIRED_MAIN_OBJS := $(call obj,bench,paired,$(PAIRED_MAIN_SRC))
KEY_FLAGS_paired :=
KEY_FLAGS_main :=
# The link orders' seed, drawn once per build folder (scripts/paired-link.sh): a new build draws new link orders.
$(BUILD)/paired/link-seed:
	@mkdir -p $(@D)
	$(quiet)od -An -N3 -tu4 /dev/urandom | tr -d ' \n' >$@.tmp && mv $@.tmp $@
# The units the paired program links, one a line, rewritten only when they change: a narrowed run's program is
# linked again for the next full run, and the other way round.
$(BUILD)/paired/units.list: FORCE
	@mkdir -p $(@D)
	@printf '%s\n' $(PAIRED_UNITS) >$@.tmp && if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi
.PHONY: FORCE
FORCE:
$(PAIRED_BINS): $(BUILD)/bench-paired-%: $(PAIRED_MAIN_OBJS) $$(PAIRED_UNITS) $(BUILD)/paired/units.list \
    scripts/paired-link.sh | $(BUILD)/paired/link-seed
	$(show) "LD $@"
	$(quiet)sh scripts/paired-link.sh $* $(BUILD)/paired "$(bench_CC) $(bench_CFLAGS) $(HARNESS_INCLUDES)" "$(PAPI_LIBS) -lm" $@ \
	    $(PAIRED_MAIN_OBJS) -- $(PAIRED_UNITS)
## build-paired          the paired program in each of PAIRED_ORDERS link orders (bench-paired-K)
build-paired: $(PAIRED_BINS)
build-bench: $(PAIRED_BINS)

$(BUILD)/units/bench/raw.o: $(call obj,bench,raw,$(UNIT_HARNESS_SRC) $(RAW_SRC))
	$(call UNIT_LINK,bench,scenarios/raw/)
$(BUILD)/units/cachesim/raw.o: $(call obj,cachesim,raw,$(UNIT_HARNESS_SRC) $(RAW_SRC))
	$(call UNIT_LINK,cachesim,scenarios/raw/)
$(BUILD)/bench-raw: $(call obj,bench,main,$(MAIN_SRC)) $(BUILD)/units/bench/raw.o
	$(show) "LD $@"
	$(quiet)$(bench_CC) $(bench_CFLAGS) $^ $(PAPI_LIBS) -lm -o $@
$(BUILD)/cachesim-raw: $(call obj,cachesim,main,$(MAIN_SRC)) $(BUILD)/units/cachesim/raw.o
	$(show) "LD $@"
	$(quiet)$(cachesim_CC) $(cachesim_CFLAGS) $^ -lm -o $@

-include $(shell find $(OBJ) -name '*.d' 2>/dev/null)

## deps-test             installs what make test needs (scripts/setup.sh test)
deps-test:
	@scripts/setup.sh test
## deps-bench            installs what make bench needs (scripts/setup.sh bench)
deps-bench:
	@scripts/setup.sh bench

# Tests: dependencies first, then every binary, then the runner (which prints the closing tally), including
# FUZZ_TEST_SECONDS of fuzzing per variant and the make bench pipeline at tiny N.
## FUZZ_TEST_SECONDS     seconds of fuzzing per variant in make test (default 10)
FUZZ_TEST_SECONDS ?= 10
# make test STRATEGY=NAME: the plug-in author's loop, for the variants of strategies/NAME only: their conformance
# suites (plain and sanitized, the narrow-limit variants included), FUZZ_TEST_SECONDS of fuzzing each, and every
# scenario at two small sizes with the checksums of STRATEGY_REFERENCE and of raw (tests/strategy.sh). The
# project-wide tests (harness, pipeline, template, analysis) run under the plain `make test`.
## STRATEGY              make test and make fuzz for the variants of strategies/NAME only
STRATEGY ?=
ifneq ($(STRATEGY),)
STRATEGY_TESTED := $(foreach v,$(ALL_TESTED),$(if $(filter $(STRATEGY),$($(v)_DIR)),$(v)))
ifeq ($(strip $(STRATEGY_TESTED)),)
$(error STRATEGY=$(STRATEGY): no strategies/$(STRATEGY)/ with variants (make list names them))
endif
STRATEGY_MEASURED := $(filter $(STRATEGY_TESTED),$(VARIANTS))
# The strategy whose checksums the new one must reproduce: bitmask (the simplest), or the first other one.
## STRATEGY_REFERENCE    the strategy whose checksums STRATEGY must reproduce (default bitmask)
STRATEGY_REFERENCE ?= $(firstword $(filter bitmask,$(filter-out $(STRATEGY_TESTED),$(VARIANTS))) \
                                  $(filter-out $(STRATEGY_TESTED),$(VARIANTS)))
## test                  every suite (conformance, sanitizers, fuzz, harness, pipeline, analysis, structure); STRATEGY=NAME: one
test: deps-test
	@$(MAKE) --no-print-directory -j$(JOBS) $(foreach v,$(STRATEGY_TESTED),$(BUILD)/test-$(v) $(BUILD)/test-$(v)-asan \
	    $(BUILD)/fuzz-$(v)) $(addprefix $(BUILD)/bench-,$(STRATEGY_MEASURED) $(STRATEGY_REFERENCE)) $(BUILD)/bench-raw
	@FUZZ_SECONDS=$(FUZZ_TEST_SECONDS) TEST_STRATEGY=$(STRATEGY) STRATEGY_REFERENCE=$(STRATEGY_REFERENCE) \
	    scripts/run-tests.sh $(BUILD) "$(filter-out $(STRATEGY_MEASURED),$(STRATEGY_TESTED))" - $(STRATEGY_MEASURED)
else
test: deps-test
	@$(MAKE) --no-print-directory -j$(JOBS) build-tests build-bench build-fuzz build-cachesim
	@FUZZ_SECONDS=$(FUZZ_TEST_SECONDS) scripts/run-tests.sh $(BUILD) "$(TEST_VARIANTS)" $(AA_VARIANT) $(VARIANTS)
endif

# The pipeline's faults that need root or minutes (tests/faults.sh): a nearly full disk (tmpfs mounts of several
# sizes: a run fails loudly or publishes a whole run) and a signal at every step of make bench (the published
# folder is always one whole run). About ten minutes; the disk cases are skipped without root.
## test-faults           the pipeline on a full disk and under a signal at every step (root; about ten minutes)
test-faults: deps-bench
	@$(MAKE) --no-print-directory -j$(JOBS) build-bench build-cachesim
	@sh tests/faults.sh $(BUILD) $(AA_VARIANT) $(VARIANTS)

# Fuzzing in depth: every variant (test-only ones included) for FUZZ_SECONDS, two at a time, starting from the
# committed corpus (tests/fuzz/corpus) and the regression inputs (tests/fuzz/regressions). New inputs collect in
# build/fuzz-corpus/VARIANT; FUZZ_MERGE=1 merges those that add coverage into the committed corpus. A failing
# input is saved as build/fuzz-artifacts/VARIANT-crash-... Each variant reports its edges, features and corpus
# inputs when the corpus is loaded and at the end (scripts/fuzz.sh), so a run shows what it added.
# Five minutes per variant by default (about 50 minutes for all of them on two cores, ten more for a merge),
# because this is the deep run and new coverage takes minutes to turn up from the committed corpus
# (docs/decisions.md). make test's ten seconds per variant (FUZZ_TEST_SECONDS) are the smoke run.
## FUZZ_SECONDS          seconds of make fuzz per variant (default 300)
FUZZ_SECONDS ?= 300
## FUZZ_MERGE            1: make fuzz merges the inputs that add coverage into the committed corpus
FUZZ_MERGE ?= 0
# STRATEGY=NAME: the variants of strategies/NAME only.
FUZZED = $(if $(STRATEGY),$(STRATEGY_TESTED),$(ALL_TESTED))
## fuzz                  libFuzzer differential fuzzing of every variant for FUZZ_SECONDS, coverage before and after
fuzz: deps-test
	@$(MAKE) --no-print-directory -j$(JOBS) $(addprefix $(BUILD)/fuzz-,$(FUZZED))
	@FUZZ_MERGE=$(FUZZ_MERGE) scripts/fuzz.sh $(BUILD) $(FUZZ_SECONDS) $(FUZZED)

# Benchmarks (scripts/pipeline.sh): every variant, the A/A twin and raw, every scenario at the entity counts it declares
# within BENCH_MIN_N .. BENCH_MAX_N, every BENCH_STEP-th power of two (2: a factor of 4 between sizes; 1: every power).
# PAIRED=1: a block is one scenario at one N; each process of the paired program measures every design of a block
# side by side (scripts/analysis.sh blocks, docs/pipeline.md): BENCH_MIN_PROCS processes per block first, then, while
# BENCH_BUDGET_S seconds of measuring last, more for the blocks in which a design's ratio to PAIRED_REFERENCE has a 95%
# interval wider than +/-BENCH_TARGET_CI, up to BENCH_MAX_PROCS. PAIRED=0: each cell (strategy x scenario x N) in
# processes of its own (scripts/bench.sh), BENCH_REPS samples of about BENCH_TARGET_MS each (fewer, at least 3, where
# they would last over BENCH_ROW_MS: large N), after a warm-up of BENCH_WARMUP_MS per cell, BENCH_FIRST_WARMUP_MS for a
# process's first cell, into results/MACHINE_ID-separate. Then the cache simulation at FIXED_N replaying the timed
# layouts (each cell's median process, its fastest and slowest where they spread by more than CACHESIM_SPREAD, every
# process of the cells CACHESIM_ALL_LAYOUTS names) and, beyond the caches at CACHESIM_LARGE_N, of the two designs
# each first-page workload's why compares there, the hyperfine cross-check, the published results, plots and this
# run's copy of the report, all in RESULTS_DIR (results/MACHINE_ID). QUICK=1: the same pipeline at small N, few
# processes per block or cell, one simulated layout per cell, into results/MACHINE_ID-quick. Every default, and why
# it is what it is, is in scripts/defaults.mk; make help prints the values a run would take.
quick = $(if $(filter 1,$(QUICK)),$(1),$(2))
MACHINE_ID := $(shell scripts/machine-id.sh)
paired = $(if $(filter 1,$(PAIRED)),$(1),$(2))
# A run narrowed by STRATEGIES, SCENARIOS or BENCH_SIZES publishes beside the machine's full run, never over it.
subset = $(if $(strip $(STRATEGIES)$(SCENARIOS)$(BENCH_SIZES)),$(1),$(2))
## RESULTS_DIR           where make bench publishes its run (default results/MACHINE_ID; -subset for a narrowed run)
RESULTS_DIR ?= results/$(MACHINE_ID)$(call paired,,-separate)$(call quick,-quick,)$(call subset,-subset,)
## BENCH_MIN_N           the smallest entity count measured
BENCH_MIN_N ?= $(call default,BENCH_MIN_N)
## BENCH_MAX_N           the largest entity count measured
BENCH_MAX_N ?= $(call default,BENCH_MAX_N)
## BENCH_STEP            every BENCH_STEP-th power of two between them (2: a factor of 4)
BENCH_STEP ?= $(call default,BENCH_STEP)
# Only these entity counts (comma-separated), of those the bounds and the step give; empty: all of them.
## BENCH_SIZES           only these entity counts, comma-separated (empty: all the bounds and step give)
BENCH_SIZES ?= $(call default,BENCH_SIZES)
## BENCH_REPS            PAIRED=0: samples per cell and process
BENCH_REPS ?= $(call default,BENCH_REPS)
## BENCH_ROW_MS          PAIRED=0: the most a cell's samples may last, in ms (fewer samples, at least 3, beyond)
BENCH_ROW_MS ?= $(call default,BENCH_ROW_MS)
## BENCH_TARGET_MS       PAIRED=0: the length of one sample, in ms
BENCH_TARGET_MS ?= $(call default,BENCH_TARGET_MS)
## BENCH_WARMUP_MS       PAIRED=0: the warm-up before each cell, in ms
BENCH_WARMUP_MS ?= $(call default,BENCH_WARMUP_MS)
## BENCH_FIRST_WARMUP_MS PAIRED=0: the warm-up before a process's first cell, in ms
BENCH_FIRST_WARMUP_MS ?= $(call default,BENCH_FIRST_WARMUP_MS)
## BENCH_MIN_PROCS       processes per block (or cell) before the stopping rule looks
BENCH_MIN_PROCS ?= $(call default,BENCH_MIN_PROCS)
## BENCH_MAX_PROCS       the most processes per block (or cell)
BENCH_MAX_PROCS ?= $(call default,BENCH_MAX_PROCS)
## BENCH_TARGET_CI       the interval half-width the stopping rule aims at, a fraction of the figure
BENCH_TARGET_CI ?= $(call default,BENCH_TARGET_CI)
## BENCH_BUDGET_S        seconds of measuring the stopping rule may spend
BENCH_BUDGET_S ?= $(call default,BENCH_BUDGET_S)
## BENCH_JOB_TIMEOUT_S   a bench process is stopped after this many seconds plus 20 times what it should take
BENCH_JOB_TIMEOUT_S ?= $(call default,BENCH_JOB_TIMEOUT_S)
## PROGRESS_EVERY        seconds between make bench's progress lines where stderr is not a terminal
PROGRESS_EVERY ?= $(call default,PROGRESS_EVERY)
## FIXED_N               the entity count of the figures at one size and of the cache simulation
FIXED_N ?= $(call default,FIXED_N)
## CACHESIM_SPREAD       make bench simulates a cell's extreme layouts where its processes spread more than this
CACHESIM_SPREAD ?= $(call default,CACHESIM_SPREAD)
## CACHESIM_ALL_LAYOUTS  STRATEGY:SCENARIO,...: cells simulated in every layout their processes had
CACHESIM_ALL_LAYOUTS ?= $(call default,CACHESIM_ALL_LAYOUTS)
# A run narrowed by STRATEGIES or SCENARIOS keeps of the default cells those it measures (the others would be
# refused); a value given on the command line or in the environment stays as given, and is checked.
CACHESIM_ALL_LAYOUTS_RUN = $(if $(filter file,$(origin CACHESIM_ALL_LAYOUTS)),$(call \
    measured_cells,$(CACHESIM_ALL_LAYOUTS)),$(CACHESIM_ALL_LAYOUTS))
measured_cells = $(subst $(space),$(comma),$(strip $(foreach c,$(subst $(comma), ,$(1)),$(call measured_cell,$(c)))))
measured_cell = $(if $(and $(filter $(firstword $(subst :, ,$(1))),$(BENCH_NAMES)),$(if $(SCENARIOS),$(filter \
    $(lastword $(subst :, ,$(1))),$(subst $(comma), ,$(SCENARIOS))),all)),$(1))
## CACHESIM_LARGE_N      the size beyond the caches the first page's why is simulated at too (empty: none)
CACHESIM_LARGE_N ?= $(call default,CACHESIM_LARGE_N)
## HYPERFINE_RUNS        runs of each whole-process cross-check command
HYPERFINE_RUNS ?= $(call default,HYPERFINE_RUNS)
## HYPERFINE_EXTRA_MS    the extra work, in ms, that makes a cross-check's process long enough to time
HYPERFINE_EXTRA_MS ?= $(call default,HYPERFINE_EXTRA_MS)
# A plug-in author's loop: STRATEGIES=NAME,... builds and measures those variants alone, with raw, PAIRED_REFERENCE
# and AA_STRATEGY and its twin (the ratios and the controls need them), and the controls of each (BENCH_BUILT);
# SCENARIOS=NAME,... those scenarios alone (and cross-checks them). Each name is checked before anything runs.
## STRATEGIES            NAME,...: make bench builds and measures these variants alone (with raw, reference, controls)
STRATEGIES ?=
## SCENARIOS             NAME,...: make bench measures these scenarios alone
SCENARIOS ?=
comma := ,
empty :=
space := $(empty) $(empty)
STRATEGIES_LISTED := $(subst $(comma), ,$(STRATEGIES))
BENCH_NAMES = raw $(if $(STRATEGIES),$(filter $(STRATEGIES_LISTED) $(PAIRED_REFERENCE) $(AA_STRATEGY),$(VARIANTS)) \
              $(AA_VARIANT),$(MEASURED))
# What make bench builds: every bench program (build-bench, build-cachesim), or in a run narrowed by STRATEGIES the
# programs of the designs it measures and, with PAIRED=1, the paired program of their units (PAIRED_LINKED), so that
# such a run neither waits for the other designs' builds nor fails with a folder it leaves out.
BENCH_BUILT = $(if $(STRATEGIES),$(addprefix $(BUILD)/bench-,$(BENCH_NAMES)) \
    $(addprefix $(BUILD)/cachesim-,$(BENCH_NAMES)) $(call paired,$(PAIRED_BINS),),build-bench build-cachesim)
## CROSSCHECK_SCENARIOS  the scenarios the whole-process cross-check times (SCENARIOS, where given)
CROSSCHECK_SCENARIOS ?= $(if $(SCENARIOS),$(SCENARIOS),$(call default,CROSSCHECK_SCENARIOS))
# The paired measurement (scripts/analysis.sh blocks): each process measures PAIRED_LAYOUTS layouts of
# PAIRED_ROUNDS rounds, a sample of about PAIRED_TARGET_MS per design per round; ratios are to PAIRED_REFERENCE, on
# the clock PAIRED_CLOCK (cpu: the thread's CPU time; wall: the monotonic clock; docs/pipeline.md says why cpu).
## PAIRED_LAYOUTS        memory layouts per process of the paired program
PAIRED_LAYOUTS ?= $(call default,PAIRED_LAYOUTS)
## PAIRED_ROUNDS         rounds per layout, each design once a round in a random order
PAIRED_ROUNDS ?= $(call default,PAIRED_ROUNDS)
## PAIRED_TARGET_MS      the length of one design's sample in a round, in ms
PAIRED_TARGET_MS ?= $(call default,PAIRED_TARGET_MS)
## PAIRED_REFERENCE      the design every paired ratio is to
PAIRED_REFERENCE ?= $(call default,PAIRED_REFERENCE)
## PAIRED_CLOCK          cpu: the thread's CPU time; wall: the monotonic clock
PAIRED_CLOCK ?= $(call default,PAIRED_CLOCK)
# The framed scenarios' frames (scripts/analysis/frames.py): FRAMES_PROCESSES processes of the paired program at
# FRAMES_N entities, each one layout of FRAMES_ROUNDS rounds, every design's frames in each round.
## FRAMES_N              the entity count the framed scenarios' frames are recorded at
FRAMES_N ?= $(call default,FRAMES_N)
## FRAMES_PROCESSES      processes of the paired program recording each framed scenario's frames
FRAMES_PROCESSES ?= $(call default,FRAMES_PROCESSES)
## FRAMES_ROUNDS         rounds of each, every design's frames once a round
FRAMES_ROUNDS ?= $(call default,FRAMES_ROUNDS)
BENCH_OPTIONS = --reps $(BENCH_REPS) --row-budget-ms $(BENCH_ROW_MS) --target-ms $(BENCH_TARGET_MS) \
                --warmup-ms $(BENCH_WARMUP_MS) --first-warmup-ms $(BENCH_FIRST_WARMUP_MS)
# Every setting make bench reads; another BENCH_, PAIRED_, CACHESIM_, HYPERFINE_, CROSSCHECK_ or FRAMES_ name given
# on the command line or in the environment is a typing error that would otherwise be ignored, and is refused.
BENCH_SETTINGS := BENCH_MIN_N BENCH_MAX_N BENCH_STEP BENCH_SIZES BENCH_REPS BENCH_ROW_MS BENCH_TARGET_MS \
    BENCH_WARMUP_MS BENCH_FIRST_WARMUP_MS BENCH_MIN_PROCS BENCH_MAX_PROCS BENCH_TARGET_CI BENCH_BUDGET_S BENCH_OPTIONS \
    BENCH_JOB_TIMEOUT_S \
    PAIRED_TWINS PAIRED_ORDERS PAIRED_LAYOUTS PAIRED_ROUNDS PAIRED_TARGET_MS PAIRED_REFERENCE PAIRED_CLOCK \
    CACHESIM_SPREAD CACHESIM_ALL_LAYOUTS CACHESIM_LARGE_N CACHESIM_N CACHESIM_OUT HYPERFINE_RUNS HYPERFINE_EXTRA_MS \
    CROSSCHECK_SCENARIOS \
    FRAMES_N FRAMES_PROCESSES FRAMES_ROUNDS
UNKNOWN_SETTINGS = $(foreach v,$(filter BENCH_% PAIRED_% CACHESIM_% HYPERFINE_% CROSSCHECK_% FRAMES_%,$(.VARIABLES)),\
    $(if $(filter command line environment,$(origin $(v))),$(filter-out $(BENCH_SETTINGS),$(v))))
## bench-settings        checks make bench's settings, before anything is built
bench-settings:
	$(if $(strip $(UNKNOWN_SETTINGS)),$(error make bench knows no setting $(strip $(UNKNOWN_SETTINGS)) (the Makefile lists \
	    them above the bench target)))
	$(if $(filter-out $(VARIANTS),$(STRATEGIES_LISTED)),$(error STRATEGIES names $(filter-out $(VARIANTS),\
	    $(STRATEGIES_LISTED)), not a strategy variant (make list names them)))
	$(if $(filter command line environment,$(origin STRATEGY) $(origin SCENARIO)),$(error make bench narrows by \
	    STRATEGIES=NAME$(comma)... and SCENARIOS=NAME$(comma)... (STRATEGY and SCENARIO are make test's)))
## bench                 measures every design side by side, simulates caches, cross-checks and plots into RESULTS_DIR
bench: bench-settings deps-bench
	@failures=$(BUILD)/build-failures.$$$$; rm -f "$$failures"; \
	    $(MAKE) --no-print-directory -j$(JOBS) $(BENCH_BUILT) BUILD_FAILURES="$$failures" || \
	    { rc=0; sh scripts/build-failures.sh "$$failures" || rc=$$?; rm -f "$$failures"; exit $$rc; }
	@BENCH_MIN_N="$(BENCH_MIN_N)" BENCH_MAX_N="$(BENCH_MAX_N)" BENCH_STEP="$(BENCH_STEP)" BENCH_SIZES="$(BENCH_SIZES)" \
	    BENCH_MIN_PROCS="$(BENCH_MIN_PROCS)" BENCH_MAX_PROCS="$(BENCH_MAX_PROCS)" \
	    BENCH_TARGET_CI="$(BENCH_TARGET_CI)" BENCH_BUDGET_S="$(BENCH_BUDGET_S)" BENCH_OPTIONS="$(BENCH_OPTIONS)" \
	    BENCH_JOB_TIMEOUT_S="$(BENCH_JOB_TIMEOUT_S)" PROGRESS_EVERY="$(PROGRESS_EVERY)" \
	    FIXED_N="$(FIXED_N)" HYPERFINE_RUNS="$(HYPERFINE_RUNS)" HYPERFINE_EXTRA_MS="$(HYPERFINE_EXTRA_MS)" \
	    CROSSCHECK_SCENARIOS="$(CROSSCHECK_SCENARIOS)" CACHESIM_SPREAD="$(CACHESIM_SPREAD)" \
	    CACHESIM_ALL_LAYOUTS="$(CACHESIM_ALL_LAYOUTS_RUN)" CACHESIM_LARGE_N="$(CACHESIM_LARGE_N)" \
	    QUICK="$(QUICK)" PAIRED="$(PAIRED)" PAIRED_LAYOUTS="$(PAIRED_LAYOUTS)" \
	    PAIRED_ROUNDS="$(PAIRED_ROUNDS)" PAIRED_TARGET_MS="$(PAIRED_TARGET_MS)" PAIRED_REFERENCE="$(PAIRED_REFERENCE)" \
	    PAIRED_CLOCK="$(PAIRED_CLOCK)" FRAMES_N="$(FRAMES_N)" FRAMES_PROCESSES="$(FRAMES_PROCESSES)" \
	    FRAMES_ROUNDS="$(FRAMES_ROUNDS)" BENCH_SCENARIOS="$(SCENARIOS)" \
	    scripts/pipeline.sh $(BUILD) "$(RESULTS_DIR)" $(BENCH_NAMES)

# The noise check (scripts/analysis.sh noise): a few blocks at small N measured by the paired program while a
# busy loop shares its CPU, switched on and off every 0.3 to 3 s; it prints the A/A band, the planted control and
# how far unpaired times spread against paired ratios, on both clocks, and writes build/noise/.
## bench-noise           the paired measurement of a few small blocks beside a CPU hog switched on and off
bench-noise: deps-bench
	@$(MAKE) --no-print-directory -j$(JOBS) build-paired
	@scripts/analysis.sh noise $(BUILD) $(BUILD)/noise

# The analysis again (results, cross-check figures, plots, this run's report) on the published run in RESULTS_DIR,
# from its own measurements, after a change of the analysis code; nothing is measured, the run's git_commit
# stays and reanalysed_commit records this source (scripts/pipeline.sh, REANALYSE).
## reanalyse             the analysis of the published run in RESULTS_DIR again, after a change of its code (nothing measured)
reanalyse: deps-bench
	@REANALYSE=1 scripts/pipeline.sh $(BUILD) "$(RESULTS_DIR)" raw $(MEASURED)

# Simulated cache misses alone: every variant and raw, every scenario at CACHESIM_N, each run once under
# callgrind with a pinned cache geometry in the layout of seed 1 (scripts/cachesim.sh). Deterministic, unlike
# the times: the same binary gives the same figures on every run. (make bench runs it at FIXED_N into its
# results folder, in the layouts its timed processes had; this one writes beside the binaries, so that it never
# mixes another N into a published run.)
## CACHESIM_N            make cachesim's entity count
CACHESIM_N ?= $(call default,CACHESIM_N)
## CACHESIM_OUT          make cachesim's output (default build/cachesim.csv)
CACHESIM_OUT ?= $(BUILD)/cachesim.csv
## cachesim              simulated cache misses per unit of every variant at CACHESIM_N, into CACHESIM_OUT
cachesim: deps-bench
	@$(MAKE) --no-print-directory -j$(JOBS) build-cachesim
	@scripts/cachesim.sh $(BUILD) $(CACHESIM_OUT) $(CACHESIM_N) - raw $(VARIANTS)

# Memory errors and leaks: every variant's conformance suite under valgrind memcheck (scripts/memcheck.sh).
## memcheck              the conformance suites under valgrind memcheck: no error, no leak
memcheck: deps-test
	@$(MAKE) --no-print-directory -j$(JOBS) $(addprefix $(BUILD)/test-,$(ALL_TESTED))
	@scripts/memcheck.sh $(BUILD) $(ALL_TESTED)

# The tables of REPORT.md and docs/results.md (between their <!-- table: ... --> markers) and the figures of their
# prose (<!-- v: ... -->), from a results folder (default: this machine's); the words are left alone. A QUICK run
# is refused unless REPORT_ALLOW_QUICK=1.
## REPORT_RESULTS        the run make report reads (default RESULTS_DIR)
REPORT_RESULTS ?= $(RESULTS_DIR)
## REPORT_ALLOW_QUICK    1: make report reads a QUICK run too (its figures are not the reference's)
REPORT_ALLOW_QUICK ?=
## report                REPORT.md and docs/results.md, generated from REPORT_RESULTS's run
report:
	@for text in REPORT.md docs/results.md; do \
	    REPORT_ALLOW_QUICK="$(REPORT_ALLOW_QUICK)" scripts/analysis.sh report "$(REPORT_RESULTS)/results.csv" $$text || exit 1; \
	done

# The run folders under results/ that a later whole run of their machine type supersedes (docs/pipeline.md), listed;
# with PRUNE=1 removed.
## PRUNE                 1: make prune-runs removes the superseded runs it lists
PRUNE ?=
## prune-runs            lists the superseded run folders under results/ (PRUNE=1 removes them)
prune-runs:
	@scripts/analysis.sh prune-runs results $(if $(filter 1,$(PRUNE)),--remove)

# The scenario table of docs/scenarios.md, from the scenarios' descriptors as the bench binaries print them (--describe).
## docs                  the scenario table of docs/scenarios.md, from the binaries' descriptors
docs: $(BUILD)/bench-raw $(BUILD)/bench-$(firstword $(VARIANTS))
	@sh scripts/describe.sh $(BUILD) raw $(firstword $(VARIANTS)) >$(BUILD)/scenarios.csv
	@scripts/analysis.sh scenarios table $(BUILD)/scenarios.csv docs/scenarios.md

# Lays out every C source (tracked or not, ignored files aside) as .clang-format says (make test checks it where
# clang-format 14 is installed).
## format                lays out every C source as .clang-format says
format:
	@git ls-files --cached --others --exclude-standard '*.c' '*.h' | xargs clang-format -i

## clean                 removes build/
clean:
	rm -rf $(BUILD)

# Every target and setting, one line each: the lines that begin with "## " above them in this file, targets (lower
# case) first; then the defaults of scripts/defaults.mk as this call's QUICK and PAIRED choose them. tests/structure.py
# checks that each target and setting has one, and that every make target the README and docs name is listed.
DEFAULTED = $(patsubst DEFAULT_%,%,$(shell sed -n 's/^\(DEFAULT_[A-Z0-9_]*\) :=.*/\1/p' scripts/defaults.mk))
## help                  this list
help:
	@echo "Targets (make TARGET):"
	@sed -n 's/^## \([a-z]\)/  \1/p' $(firstword $(MAKEFILE_LIST))
	@echo "Settings (make TARGET NAME=VALUE):"
	@sed -n 's/^## \([A-Z]\)/  \1/p' $(firstword $(MAKEFILE_LIST))
	@echo "Defaults (scripts/defaults.mk), with QUICK=$(QUICK) PAIRED=$(PAIRED):"
	@printf '  %s\n' $(foreach d,$(DEFAULTED),'$(d)=$(call default,$(d))')
