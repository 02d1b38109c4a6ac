# Packsmith. The two commands a newcomer needs:
#   make run    set up everything and open the window on the bundled demo
#   make test   run every test (installs what they need on Debian 12)

GO        ?= go
BIN       := build/bin
LDFLAGS   := -w -s -X packsmith/backend/sys/version.Version=$(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
GOPKGS     = $(shell $(GO) list ./... )
# The Wails CLI, built from the pinned tools module (tools/wails/go.mod).
WAILS     := build/tools/wails
# The WebKitGTK API the Linux window builds against (Wails 2.9.2's tags):
# none = the legacy asset path, which drops every response header and
# status; webkit2_36 = WebKitGTK >= 2.36 with webkit2gtk-4.0 (what
# scripts/deps.sh installs: Debian 12 ships 2.4x, the build machine 2.50),
# headers and statuses pass; webkit2_40 adds request bodies (unused);
# webkit2_41 = webkit2gtk-4.1 with libsoup 3. scripts/release.sh uses it too.
WEBKIT    ?= webkit2_36

.PHONY: release test-release run deps frontend build build-cli build-windows dev wails bindings bindings-check icons test test-go test-fuzz test-frontend test-e2e test-window vet bench fuzz clean deps-check mutate

deps:
	@bash scripts/deps.sh

frontend: deps
	cd frontend && npm run build --silent

# The desktop build: window + command line in one binary (cgo, GTK/WebKit on Linux).
build: frontend
	$(GO) build -tags desktop,production,$(WEBKIT) -ldflags "$(LDFLAGS)" -o $(BIN)/packsmith .

# The command line alone: no cgo, no Node.
build-cli:
	CGO_ENABLED=0 $(GO) build -ldflags "$(LDFLAGS)" -o $(BIN)/packsmith-cli .

# Windows: the window uses WebView2; cross-compiles from Linux without cgo.
build-windows: frontend
	CGO_ENABLED=0 GOOS=windows GOARCH=amd64 $(GO) build -tags desktop,production,wv2runtime.download \
		-ldflags "$(LDFLAGS) -H windowsgui" -o $(BIN)/packsmith.exe .

# Opens the window on the demo workspace (testdata/demo). Without a display
# (a server, CI) it runs under Xvfb.
run: build
	@bash scripts/run.sh

# What is behind: direct modules and golang.org/x (which come in through
# Wails) with a newer version on the Go proxy, for the program and for the
# pinned Wails CLI (tools/wails).
deps-check:
	@bash scripts/deps-check.sh

# Mutation testing with go-gremlins (scripts/mutate.sh; slow, one package
# at a time; not part of make test). MUTATE names the packages.
MUTATE ?= backend/tl2/merge backend/tl2/mergepatch backend/tl2/check formats/ogre/skeleton formats/ogre/skin backend/workspace/backups backend/tl2/modpack
mutate:
	MUTATE="$(MUTATE)" bash scripts/mutate.sh

vet:
	$(GO) vet $(GOPKGS)
	$(GO) mod tidy -diff

# Inside scripts/hermetic.sh: a fresh HOME, XDG folders and TMPDIR for the
# whole run (packages with a TestMain also get one per test binary), and a
# failure if anything Packsmith writes appeared in the real HOME.
# internal/distcheck checks dist/: test-release runs it after make release.
test-go:
	bash scripts/hermetic.sh $(GO) test -count=1 $(filter-out packsmith/internal/distcheck,$(GOPKGS))
	CGO_ENABLED=0 $(GO) build -o /dev/null .

# A fuzz smoke run: every fuzz target for 2 s, two at a time, hermetic;
# corpora go to Go's fuzz cache, never into testdata (scripts/fuzz-smoke.sh).
test-fuzz:
	bash scripts/hermetic.sh bash scripts/fuzz-smoke.sh

test-frontend: deps
	cd frontend && npx vitest run

test-e2e: frontend
	bash scripts/e2e.sh

# The native window under Xvfb: file dialog and drag and drop, real input,
# pictures checked on screen; then the 3D view of a mesh and a level.
test-window: build
	bash scripts/window-test.sh
	bash scripts/window-3d-test.sh

test: deps vet test-go test-fuzz bindings-check test-frontend test-e2e test-window test-release

bench:
	bash scripts/bench.sh

# A short fuzz run of every fuzz target (seeds are in each package's testdata).
fuzz:
	@for p in $(GOPKGS); do \
		for f in $$($(GO) test -list '^Fuzz' $$p 2>/dev/null | grep '^Fuzz'); do \
			echo "fuzz $$p $$f"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $${FUZZTIME:-20s} $$p || exit 1; \
		done; \
	done

# The Wails CLI (wails dev, wails build), pinned in tools/wails: the same
# wails version as go.mod, with golang.org/x/tools new enough for Go 1.26.
wails: $(WAILS)
$(WAILS): tools/wails/go.mod tools/wails/go.sum
	cd tools/wails && GOFLAGS=-mod=readonly $(GO) build -trimpath -o ../../$(WAILS) github.com/wailsapp/wails/v2/cmd/wails
	@$(WAILS) version | head -1

# wails dev: the window with the Vite dev server (live reload); bindings
# are regenerated on start (commit frontend/wailsjs when they change).
dev: deps $(WAILS)
	$(WAILS) dev -m -tags $(WEBKIT)

# The front end's Go bindings (frontend/wailsjs, committed), generated as
# `wails generate module` does; bindings-check fails when they are stale.
bindings:
	bash scripts/bindings.sh
bindings-check:
	bash scripts/bindings.sh -check

# Packsmith's icons (build/appicon.png, build/windows/icon.ico and the
# archives' fileicon), drawn by internal/appicon.
icons:
	$(GO) run ./internal/appicon/cmd -out build

# What users download, in dist/: the Windows portable zip and installer,
# the Linux tarball, macOS command-line tarballs and SHA256SUMS.
release: deps $(WAILS)
	WEBKIT=$(WEBKIT) bash scripts/release.sh

# make release, then its checks (internal/distcheck): the executables'
# resources, the archives' contents, the Windows console build under wine
# against the Linux build, and the Go tests cross-compiled for Windows
# under wine (scripts/wine/gotest.sh). The 64-bit programs run under wine's
# 64-bit loader (scripts/wine/wine64); the 32-bit installer runs only where
# the machine runs 32-bit programs (scripts/wine/can-run-32bit.sh), and
# the run says so loudly where it cannot.
test-release: release
	@bash scripts/wine/can-run-32bit.sh -q || printf '%s\n' \
		'======================================================================' \
		'test-release: THIS MACHINE CANNOT RUN 32-BIT PROGRAMS.' \
		'The installer (NSIS, 32-bit) is NOT run under wine here: its contents' \
		'and its script are still checked; every 64-bit wine test runs in full.' \
		'======================================================================'
	PACKSMITH_REQUIRE_DIST=1 bash scripts/hermetic.sh $(GO) test -count=1 ./internal/distcheck
	bash scripts/hermetic.sh bash scripts/wine/gotest.sh

clean:
	rm -rf $(BIN) frontend/dist dist
