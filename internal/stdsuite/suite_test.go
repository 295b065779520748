package stdsuite

import (
	"bytes"
	"fmt"
	"go/build"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// maxRounds bounds the compile-and-drop rounds; each round drops what the
// previous one showed cannot compile, which takes a handful of rounds.
const maxRounds = 30

// TestEncodingJSONSuite compiles the toolchain's encoding/json tests against
// compat and runs them. Every test and example they hold must pass.
func TestEncodingJSONSuite(t *testing.T) {
	root := moduleRoot(t)
	std, err := build.Default.Import("encoding/json", "", 0)
	if err != nil {
		t.Fatal(err)
	}
	s, err := newSuite(std)
	if err != nil {
		t.Fatal(err)
	}
	if buildTags == "safejson_safe" {
		// Its literals name methods that no MarshalerError made without
		// unsafe can carry, and it tests encoding/json's Error method on
		// them, not compat.
		if err := s.dropFunc("TestMarshalerError", "needs unsafe to build its MarshalerError values in the safe build"); err != nil {
			t.Fatal(err)
		}
	}
	runSuite(t, s, std, root, importPath)
}

// moduleRoot returns the module's root directory, where the go command
// builds a suite, and skips t on ports that cannot start the go command.
func moduleRoot(t *testing.T) string {
	t.Helper()
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skipf("%s cannot start the go command that builds the suite", runtime.GOOS)
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// runSuite compiles s against the module at root as the package at
// importPath, dropping what cannot compile, and runs it from the standard
// package's directory (for its testdata). Every test it holds must pass.
func runSuite(t *testing.T, s *suite, std *build.Package, root, importPath string) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "suite.test")
	for round := 0; ; round++ {
		overlay, err := s.writeOverlay(dir, root)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("go", "test", "-c", "-vet=off", "-tags="+buildTags, "-o", bin, "-overlay", overlay, "-gcflags=-e", importPath)
		cmd.Dir = root
		out, err := cmd.CombinedOutput()
		if err == nil {
			break
		}
		n, derr := s.dropFailing(out)
		if derr != nil {
			t.Fatal(derr)
		}
		if n == 0 || round == maxRounds {
			t.Fatalf("%s's tests do not compile against the drop-in after %d rounds:\n%s", std.ImportPath, round+1, out)
		}
	}
	t.Logf("%s: %d test files; dropped %d declarations (or cases) that need its internals:\n\t%s",
		std.Dir, len(std.TestGoFiles)+len(std.XTestGoFiles), len(s.dropped), strings.Join(s.dropped, "\n\t"))
	args := []string{"-test.count=1", "-test.v", "-test.timeout=20m"}
	if testing.Short() {
		args = append(args, "-test.short")
	}
	cmd, err := suiteCommand(bin, args)
	if err != nil {
		t.Fatal(err)
	}
	cmd.Dir = std.Dir
	cmd.Env = append(os.Environ(), "GOROOT="+filepath.Dir(filepath.Dir(std.Dir)))
	out, err := cmd.CombinedOutput()
	run, failed := topLevel(out, "=== RUN   "), topLevel(out, "--- FAIL: ")
	t.Logf("ran %d tests of %s's suite; %d failed", len(run), std.ImportPath, len(failed))
	if err != nil || len(failed) > 0 || len(run) == 0 {
		t.Errorf("%s's own tests fail against the drop-in (%v): %s\n%s", std.ImportPath, err, strings.Join(failed, ", "), failureLines(out))
	}
}

// suiteCommand runs the suite's binary bin, which the go command built for
// this test's platform, as the go command would: when that is not the
// host's (a test run under qemu), through the go_$GOOS_$GOARCH_exec program
// in PATH if there is one.
func suiteCommand(bin string, args []string) (*exec.Cmd, error) {
	out, err := exec.Command("go", "env", "GOHOSTOS", "GOHOSTARCH").Output()
	if err != nil {
		return nil, fmt.Errorf("go env: %v", err)
	}
	if host := strings.Fields(string(out)); len(host) == 2 && host[0] == runtime.GOOS && host[1] == runtime.GOARCH {
		return exec.Command(bin, args...), nil
	}
	if wrapper, err := exec.LookPath("go_" + runtime.GOOS + "_" + runtime.GOARCH + "_exec"); err == nil {
		return exec.Command(wrapper, append([]string{bin}, args...)...), nil
	}
	return exec.Command(bin, args...), nil
}

var subtest = regexp.MustCompile(`/`)

// topLevel lists the names of the top-level tests on lines starting with
// prefix in a verbose test log.
func topLevel(out []byte, prefix string) []string {
	var names []string
	for line := range strings.Lines(string(out)) {
		if !strings.HasPrefix(line, prefix) {
			continue
		}
		name, _, _ := strings.Cut(strings.TrimPrefix(line, prefix), " ")
		name = strings.TrimSpace(name)
		if !subtest.MatchString(name) {
			names = append(names, name)
		}
	}
	return names
}

// failureLines keeps the lines of a verbose log that say what failed,
// bounded so that a broken build does not flood the report.
func failureLines(out []byte) string {
	var b bytes.Buffer
	n := 0
	for line := range strings.Lines(string(out)) {
		if strings.HasPrefix(line, "=== ") || strings.HasPrefix(line, "--- PASS") || strings.HasPrefix(strings.TrimSpace(line), "--- PASS") {
			continue
		}
		if n++; n > 400 {
			b.WriteString("...\n")
			break
		}
		b.WriteString(line)
	}
	return b.String()
}
