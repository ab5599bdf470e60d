# Thin wrapper over CMake. `make demo` and `make test` are the README's quick start; both
# install missing packages first (scripts/setup.sh). `make check` is the edit-build-test loop
# (a few minutes): the release build, its tests but the slowest, the package and a quick
# pytest subset; `make test` runs every stage (scripts/test.sh).
BUILD ?= build
JOBS ?= 2

.PHONY: all setup build demo test check bench docs clean
all: build

setup:
	@scripts/setup.sh

# The build's own output goes to $(BUILD)/build.log, shown when it fails; V=1 shows it as it runs.
build: setup
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
ifeq ($(V),1)
	@cmake --build $(BUILD) -j$(JOBS)
else
	@echo "building $(BUILD)/ (its output: $(BUILD)/build.log; V=1 prints it)"
	@cmake --build $(BUILD) -j$(JOBS) >$(BUILD)/build.log 2>&1 || \
	  { tail -n 40 $(BUILD)/build.log; echo "the build failed: $(BUILD)/build.log"; exit 1; }
endif

demo: build
	@./$(BUILD)/tessera demo

test: setup
	JOBS=$(JOBS) scripts/test.sh

check: setup
	JOBS=$(JOBS) scripts/test.sh check

# docs/ops.md is generated from the op registries (src/ops); tests/cli/ops.sh checks it is current
docs: build
	./$(BUILD)/tessera ops --markdown > docs/ops.md

bench: build
	@for b in $$(./$(BUILD)/tessera bench --list); do ./$(BUILD)/tessera bench $$b; done

clean:
	rm -rf build build-clang build-asan build-tsan build-fuzz build-python build-wheel build-logs
