# goldvein: the two commands a newcomer needs are `make run` and `make test`.
# Both install the Debian packages they need first (scripts/deps.sh).

GO        ?= go
XVFB      := xvfb-run -a -s "-screen 0 1280x800x24"
# Packages that start goroutines run their tests under the race detector
# (the bots' sims run workers; Underground's bot starts none, and its
# hard player's playouts take minutes under the detector, so it runs with
# the plain tests).
RACE_PKGS := ./game/... ./lan/... ./rules/saboteur/bot/... ./rules/incangold/bot/...
# Scene tests draw real frames, so they run under Xvfb; so do the tests of
# every package that imports Ebitengine (it opens a display when loaded).
# go test starts packages in the order named, two at a time on two cores:
# the longest name themselves first (Underground's scenes take about
# 3 minutes, Saboteur's 3, Incan Gold's and the box's 1 to 2), so that
# they run side by side and the short ones fill in after them, instead of
# one long package running alone at the end. The same goes for the plain
# tests (Underground's bot and the box take a minute each; the rest
# seconds).
UI_PKGS   := ./scenes/underground ./scenes/saboteur ./scenes/incangold ./scenes/boxtest ./scenes/... ./sprites/... .
PLAIN_FIRST := ./rules/underground/bot ./box
ARGS      ?=

.PHONY: run build test fmt-check mod-check vet lint actionlint bench bench-web bench-startup wasm dist deps deps-test clean fonts

# On Linux the window needs an X or Wayland display, and Ebitengine panics
# while the program loads (before main runs) without one: say so plainly.
run: deps
	@if [ "$$(uname -s)" = Linux ] && [ -z "$$DISPLAY" ] && [ -z "$$WAYLAND_DISPLAY" ]; then \
		echo "goldvein needs a display: no DISPLAY or WAYLAND_DISPLAY is set; run it in a desktop session, or under xvfb-run for tests" >&2; \
		exit 1; \
	fi
	$(GO) run . $(ARGS)

build: deps
	$(GO) build -o goldvein .

deps:
	@scripts/deps.sh build

deps-test:
	@scripts/deps.sh test

# The browser tests (e2e) run beside the scene tests: much of their time
# is Chromium starting, the page's game ticking at 60 a second and waits,
# which left a core idle while they ran alone. Their output (-v) is kept
# and shown after the scene tests'; either failing fails make test.
test: deps-test fmt-check mod-check vet actionlint
	$(GO) test $$($(GO) list $(PLAIN_FIRST) ./... | grep -v -E '/(game|lan|saboteur/bot|incangold/bot|scenes)(/|$$)|/sprites(/|$$)|^github.com/goldvein/goldvein$$')
	$(GO) test -race $$($(GO) list $(RACE_PKGS) 2>/dev/null)
	$(MAKE) --no-print-directory wasm
	log=$$(mktemp); \
	GOLDVEIN_WEB=$(CURDIR)/dist/web $(GO) test -tags e2e -v -count=1 -timeout 30m ./e2e/ >$$log 2>&1 & e2e=$$!; \
	$(XVFB) $(GO) test -timeout 30m $$($(GO) list $(UI_PKGS) 2>/dev/null); ui=$$?; \
	wait $$e2e; e2e=$$?; echo "--- the browser tests (e2e):"; cat $$log; rm -f $$log; \
	test $$ui -eq 0 && test $$e2e -eq 0

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

# go.mod and go.sum must be as `go mod tidy` leaves them: every module
# required is imported, the direct ones not marked indirect. It reads the
# module cache (which the build fills); it changes nothing.
mod-check:
	@out=$$($(GO) mod tidy -diff 2>&1) || { echo "go.mod or go.sum is not tidy (run go mod tidy):"; echo "$$out"; exit 1; }

vet: deps
	$(GO) vet ./...

lint: fmt-check vet actionlint

bench: deps
	$(GO) test -tags benchsaboteur -run '^$$' -bench . -benchmem ./rules/... ./lan/...

# The browser build's start against a bare Ebitengine program's, side by
# side in headless Chromium (e2e/bench_test.go; docs/LAN.md, Figures):
# medians of the first frame and the gzip download, and their ratios.
# Minutes long; RUNS=N loads each page N times (default 5).
bench-web: deps-test wasm
	GOLDVEIN_WEB=$(CURDIR)/dist/web GOLDVEIN_RUNS=$(RUNS) $(GO) test -tags e2e,profile -run '^TestBenchWeb$$' -v -count=1 -timeout 60m ./e2e/

# The desktop window's start-up at two commits, side by side under Xvfb
# (scripts/bench-startup.sh; docs/TOOLS.md, Start-up time): medians of
# the milliseconds from the process's start to its first frame, and their
# ratio. BEFORE=REV (default: the commit before issue 28's work), AFTER=REV
# (default: the working tree), RUNS=N starts of each (default 7).
bench-startup: deps-test
	RUNS=$(or $(RUNS),7) scripts/bench-startup.sh $(or $(BEFORE),a856d82^) $(AFTER)

# The embedded fonts cut down from sprites/fonts/source/ to the ranges of
# sprites/fonts/subset.txt (fontTools' pyftsubset; installed like deps).
# The cut fonts are in the repository: run this after changing either.
fonts:
	@scripts/fonts.sh

# The browser build (docs/LAN.md, Browser): dist/web/ is the page, Go's
# wasm_exec.js, the loader and goldvein.wasm (with a gzip -9 copy beside it).
# scripts/dist.sh makes it in a folder of its own and moves it into place
# whole, with the version built in and shown on the loading screen.
wasm:
	@scripts/dist.sh wasm

# The release files (docs/RELEASING.md), all under dist/: the Windows zips
# (goldvein.exe with icon and version information, goldvein-cli.exe), the
# Linux tarball and headless servers, the relay's deployment files
# (packaging/relay/ in a tarball), the browser build's zip, the macOS
# bundle's skeleton (dist/macos/; its binary needs macOS: the release
# workflow builds it) and SHA256SUMS. Desktop binaries embed the browser
# build (package webdist, build tag "webdist"). VERSION=v1.2.3 names the
# version (default: the tag at HEAD, else dev). scripts/dist.sh does the
# work (the release workflow calls it on each system) and pins go-winres.
dist: deps
	rm -rf dist/macos dist/goldvein-* dist/SHA256SUMS
	scripts/dist.sh wasm web linux relay windows macos-skeleton sums

# The GitHub Actions workflows, checked as GitHub would read them.
ACTIONLINT := github.com/rhysd/actionlint/cmd/actionlint@v1.7.12
actionlint:
	$(GO) run $(ACTIONLINT) -no-color .github/workflows/ci.yml .github/workflows/package.yml .github/workflows/release.yml

clean:
	rm -rf goldvein dist
