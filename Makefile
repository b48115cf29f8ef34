# The two commands of the README: `make run` and `make test`.
# Both install what the machine lacks first (scripts/setup).

export PATH := $(PATH):/usr/local/go/bin

.PHONY: run test build

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

test:
	@./scripts/setup test
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || { echo "gofmt -l lists files:"; gofmt -l .; exit 1; }
	go vet ./...
	go test ./...
