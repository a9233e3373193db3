# Football Gather: `make run` starts the server, `make test` runs every test.
# Both install the system libraries the build needs when they are missing (Debian/Ubuntu: apt-get).

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
# A file each Debian package provides, checked before building.
SYSTEM_HEADERS = /usr/include/sqlite3.h:libsqlite3-dev /usr/include/crypt.h:libcrypt-dev
# Programs the tests run (the README's curl examples; tmux drives fg in a pseudo-terminal).
TEST_TOOLS = /usr/bin/curl:curl /usr/bin/tmux:tmux
PORT ?= 8080

.PHONY: all deps build release run serve test bench clean help

all: build

help:
	@echo "make run    build and start fg-server on port $(PORT) with ./data/football-gather.sqlite"
	@echo "make serve  the same (the server alone)"
	@echo "make test   build and run every test"
	@echo "make bench  build in release mode and print server benchmarks"

deps:
	@missing=""; \
	for entry in $(SYSTEM_HEADERS) $(if $(filter test,$(MAKECMDGOALS)),$(TEST_TOOLS)); do \
		header=$${entry%%:*}; package=$${entry##*:}; \
		[ -f "$$header" ] || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		if ! command -v apt-get >/dev/null 2>&1; then \
			echo "Missing system packages:$$missing (install them with your package manager)"; exit 1; \
		fi; \
		sudo=""; [ "$$(id -u)" -eq 0 ] || sudo="sudo"; \
		echo "Installing$$missing"; \
		$$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	@command -v "$(SWIFT)" >/dev/null 2>&1 || { echo "Swift 6 toolchain not found (set SWIFT=/path/to/swift)"; exit 1; }

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product fg-server

run: serve

serve: release
	.build/release/fg-server --port $(PORT)

# --disable-swift-testing: every test is XCTest; this keeps the run's closing summary XCTest's.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-swift-testing

# Prints throughput, latency and memory per idle connection (Benchmarks/ServerBenchmark).
bench: deps
	$(SWIFT) build -c release --product fg-bench
	.build/release/fg-bench

clean:
	rm -rf .build
