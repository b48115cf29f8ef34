# The two commands of the README: `make run` and `make test`.
# Both install what the machine lacks first (scripts/setup).

export PATH := $(PATH):/usr/local/go/bin

.PHONY: run test setup build

setup:
	@./scripts/setup

build: setup
	go build -o bin/fieldkit ./cmd/fieldkit

# The main job. Until the table server exists: draw a new Duet key card and show it.
run: build
	./bin/fieldkit keycard new --game duet --show

test: setup
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || { echo "gofmt -l lists files:"; gofmt -l .; exit 1; }
	go vet ./...
	go test ./...
