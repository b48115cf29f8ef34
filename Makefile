# The two commands of the README: `make run` and `make test`.
# Both install what the machine lacks first (scripts/setup).

export PATH := $(PATH):/usr/local/go/bin

.PHONY: run test setup build

setup:
	@./scripts/setup

build: setup
	go build -o bin/fieldkit ./cmd/fieldkit

# The main job: the table server with its embedded database (fieldkit.db here);
# it prints the host page's address. ADDR=0.0.0.0:8080 lets phones on the Wi-Fi join.
ADDR ?= 127.0.0.1:8080
run: build
	./bin/fieldkit serve --addr $(ADDR) --db fieldkit.db

test: setup
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || { echo "gofmt -l lists files:"; gofmt -l .; exit 1; }
	go vet ./...
	go test ./...
