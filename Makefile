# The two commands of the README: `make run` and `make test` (the fast suite,
# `go test -short`: a few minutes on two cores). `make test-long` runs every
# test at full length (accuracy over many scenes, every language, browser
# games, stress, kill -9) and the gocv leak tests in a -tags matprofile build;
# CI (.ci/run) runs both. All install what the machine lacks first
# (scripts/setup).

export PATH := $(PATH):/usr/local/go/bin

.PHONY: run test test-long check build

build:
	@./scripts/setup run
	@test -x bin/fieldkit || echo "make: building bin/fieldkit (the first build compiles OpenCV bindings: a minute or two)"
	go build -o bin/fieldkit ./cmd/fieldkit

# The main job: the table server with its embedded database (fieldkit.db here),
# on the table's Wi-Fi: it prints the address phones use and a QR code of the
# host page. `make run ADDR=127.0.0.1:8080` keeps it on this machine only.
ADDR ?= 0.0.0.0:8080
run: build
	./bin/fieldkit serve --addr $(ADDR) --db fieldkit.db

# gofmt and go vet, before either suite.
check:
	@./scripts/setup test
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || { echo "gofmt -l lists files:"; gofmt -l .; exit 1; }
	go vet ./...

# The fast suite: every package and every browser page at least once, a
# handful of scenes per accuracy test, one language per print round trip.
test: check
	go test -short ./...

# The long suite: everything at full length, then the leak tests (named
# ...NoMatLeak) of the packages that have one, in one -tags matprofile build
# (gocv counts open Mats only with that tag; without it they skip).
LEAK_PKGS = $$(grep -rl --include='*_test.go' 'func Test[A-Za-z]*NoMatLeak' . | xargs -n1 dirname | sort -u)
test-long: check
	go test -timeout 60m ./...
	go test -tags matprofile -run 'NoMatLeak$$' $(LEAK_PKGS)
