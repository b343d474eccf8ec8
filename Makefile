# ECS storage benchmark suite.
#   make bench   build every strategy and run the benchmark scenarios (results/bench.csv)
#   make test    conformance tests for every strategy (plain and ASan+UBSan), harness tests
# Strategies are discovered: every folder strategies/NAME/ with .c files (not starting with '_') builds
# build/bench-NAME, build/test-NAME and build/test-NAME-asan, plus one set per line of its 'variants' file
# (lines marked test: build only the tests).

CC ?= cc
BUILD := build
SHELL := /bin/sh

WARNINGS := -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Wpedantic
INCLUDES := -Istrategies -Istrategies/_common -Iharness -Iscenarios
RELEASE_FLAGS := -O3 -flto -march=native -DNDEBUG
TEST_FLAGS := -O2 -g -DESB_MEMORY_CHECKED
ASAN_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all \
              -DESB_MEMORY_CHECKED

# What -march=native means on this machine, recorded beside every result (gcc reports it; clang does not).
NATIVE_ARCH := $(shell $(CC) -march=native -Q --help=target 2>/dev/null | awk '$$1 == "-march=" {print $$2; exit}')
BUILD_FLAGS_NOTE := $(RELEASE_FLAGS)$(if $(NATIVE_ARCH), (native=$(NATIVE_ARCH)))

HARNESS_SRC := $(wildcard harness/*.c)
HARNESS_HDR := $(wildcard harness/*.h)
SCENARIO_SRC := $(wildcard scenarios/*.c)
SCENARIO_HDR := $(wildcard scenarios/*.h)
RAW_SRC := $(wildcard scenarios/raw/*.c)
COMMON_SRC := $(wildcard strategies/_common/*.c)
CONTRACT_HDR := $(wildcard strategies/*.h strategies/_common/*.h)
TEST_SRC := $(wildcard tests/*.c)
TEST_HDR := $(wildcard tests/*.h)

# Binaries are independent: build them on every core (the benchmark itself runs one process at a time).
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

$(shell mkdir -p $(BUILD))
$(shell scripts/variants.sh > $(BUILD)/variants.mk.tmp && mv $(BUILD)/variants.mk.tmp $(BUILD)/variants.mk)
include $(BUILD)/variants.mk

BENCH_BINS := $(BUILD)/bench-raw $(addprefix $(BUILD)/bench-,$(VARIANTS))
ALL_TESTED := $(VARIANTS) $(TEST_VARIANTS)
TEST_BINS := $(addprefix $(BUILD)/test-,$(ALL_TESTED)) $(addsuffix -asan,$(addprefix $(BUILD)/test-,$(ALL_TESTED)))

.PHONY: all bench test report build-bench build-tests deps-test deps-bench clean list
all: build-bench build-tests

list:
	@echo "variants: $(VARIANTS)"
	@echo "tests only: $(TEST_VARIANTS)"

build-bench: $(BENCH_BINS)
build-tests: $(TEST_BINS)

# $(1) variant, $(2) strategy folder, $(3) variant flags
define VARIANT_RULES
$(BUILD)/bench-$(1): $(HARNESS_SRC) $(SCENARIO_SRC) $(COMMON_SRC) $$(wildcard strategies/$(2)/*.c) \
                     $(HARNESS_HDR) $(SCENARIO_HDR) $(CONTRACT_HDR) $$(wildcard strategies/$(2)/*.h \
                     strategies/$(2)/variants) Makefile
	$$(CC) $(WARNINGS) $(RELEASE_FLAGS) $(3) -DESB_STRATEGY_NAME='"$(1)"' \
	    -DESB_BUILD_FLAGS='"$(BUILD_FLAGS_NOTE) $(3)"' $(INCLUDES) -Istrategies/$(2) \
	    $(HARNESS_SRC) $(SCENARIO_SRC) $(COMMON_SRC) $$(wildcard strategies/$(2)/*.c) -lm -o $$@

# Test binaries: the conformance suite (tests/) plus the strategy's own tests of what it offers beyond the
# contract (strategies/NAME/tests/*.c, if any).
$(BUILD)/test-$(1): $(TEST_SRC) $(TEST_HDR) harness/memory.c $(COMMON_SRC) $(CONTRACT_HDR) \
                    $$(wildcard strategies/$(2)/*.c strategies/$(2)/*.h strategies/$(2)/variants \
                    strategies/$(2)/tests/*.c) Makefile
	$$(CC) $(WARNINGS) $(TEST_FLAGS) $(3) -DESB_STRATEGY_NAME='"$(1)"' $(INCLUDES) -Istrategies/$(2) \
	    $(TEST_SRC) harness/memory.c $(COMMON_SRC) $$(wildcard strategies/$(2)/*.c strategies/$(2)/tests/*.c) \
	    -lcriterion -lm -o $$@

$(BUILD)/test-$(1)-asan: $(TEST_SRC) $(TEST_HDR) harness/memory.c $(COMMON_SRC) $(CONTRACT_HDR) \
                    $$(wildcard strategies/$(2)/*.c strategies/$(2)/*.h strategies/$(2)/variants \
                    strategies/$(2)/tests/*.c) Makefile
	$$(CC) $(WARNINGS) $(ASAN_FLAGS) $(3) -DESB_STRATEGY_NAME='"$(1)"' $(INCLUDES) -Istrategies/$(2) \
	    $(TEST_SRC) harness/memory.c $(COMMON_SRC) $$(wildcard strategies/$(2)/*.c strategies/$(2)/tests/*.c) \
	    -lcriterion -lm -o $$@
endef

$(foreach v,$(ALL_TESTED),$(eval $(call VARIANT_RULES,$(v),$($(v)_DIR),$($(v)_FLAGS))))

$(BUILD)/bench-raw: $(HARNESS_SRC) $(RAW_SRC) $(HARNESS_HDR) $(SCENARIO_HDR) $(CONTRACT_HDR) Makefile
	$(CC) $(WARNINGS) $(RELEASE_FLAGS) -DESB_BUILD_FLAGS='"$(BUILD_FLAGS_NOTE)"' $(INCLUDES) \
	    $(HARNESS_SRC) $(RAW_SRC) -lm -o $@

deps-test:
	@scripts/setup.sh test
deps-bench:
	@scripts/setup.sh bench

# Tests: dependencies first, then every binary, then the runner (which prints the closing tally).
test: deps-test
	@$(MAKE) --no-print-directory -j$(JOBS) build-tests build-bench
	@scripts/run-tests.sh $(BUILD) "$(TEST_VARIANTS)" $(VARIANTS)

# Benchmarks: every variant and raw, every scenario, N = 2^10 .. 2^20, each in BENCH_PROCS processes (memory
# layouts), merged into results/bench.csv; then the checksum agreement check and a summary.
BENCH_NS ?= 1024,2048,4096,8192,16384,32768,65536,131072,262144,524288,1048576
BENCH_REPS ?= 11
BENCH_PROCS ?= 5
bench: deps-bench
	@$(MAKE) --no-print-directory -j$(JOBS) build-bench
	@scripts/bench.sh $(BUILD) results/bench.csv "$(BENCH_NS)" $(BENCH_REPS) $(BENCH_PROCS) raw $(VARIANTS)

# The tables of REPORT.md (between its <!-- table: ... --> markers), from the last make bench.
report:
	@scripts/report.sh results/bench.csv REPORT.md

clean:
	rm -rf $(BUILD)
