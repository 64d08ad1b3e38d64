# goldvein: the two commands a newcomer needs are `make run` and `make test`.
# Both install the Debian packages they need first (scripts/deps.sh).

GO        ?= go
XVFB      := xvfb-run -a -s "-screen 0 1280x800x24"
# Packages that start goroutines run their tests under the race detector.
RACE_PKGS := ./game/... ./lan/... ./bot/...
# Scene tests draw real frames, so they run under Xvfb; so do the tests of
# every package that imports Ebitengine (it opens a display when loaded).
UI_PKGS   := ./scenes/... ./sprites/... .
ARGS      ?=

.PHONY: run build test fmt-check vet lint bench wasm dist deps deps-test clean

run: deps
	$(GO) run . $(ARGS)

build: deps
	$(GO) build -o goldvein .

deps:
	@scripts/deps.sh build

deps-test:
	@scripts/deps.sh test

test: deps-test fmt-check vet
	$(GO) test $$($(GO) list ./... | grep -v -E '/(game|lan|bot|scenes)(/|$$)|/sprites(/|$$)|^github.com/goldvein/goldvein$$')
	$(GO) test -race $$($(GO) list $(RACE_PKGS) 2>/dev/null)
	$(XVFB) $(GO) test $$($(GO) list $(UI_PKGS) 2>/dev/null)
	GOOS=js GOARCH=wasm $(GO) build -o /dev/null .

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet: deps
	$(GO) vet ./...

lint: fmt-check vet

bench: deps
	$(GO) test -run '^$$' -bench . -benchmem ./rules/... ./bot/... ./lan/...

wasm:
	mkdir -p dist/web
	GOOS=js GOARCH=wasm $(GO) build -o dist/web/goldvein.wasm .
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" dist/web/
	cp web/* dist/web/

clean:
	rm -rf goldvein dist
