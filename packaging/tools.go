package packaging

// GoWinres is the go-winres command, pinned, that embeds the Windows
// resources: `go run GoWinres patch --in winres.json FILE.exe`. The
// Makefile and the release workflow name the same version (a test checks).
const GoWinres = "github.com/tc-hib/go-winres@v0.3.3"

// Actionlint is the GitHub Actions workflow checker, pinned, that `make
// test` runs over .github/workflows (a test checks the Makefile names it).
const Actionlint = "github.com/rhysd/actionlint/cmd/actionlint@v1.7.12"
