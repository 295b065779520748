package doccheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// moduleRoot is the root module's directory, seen from this package.
const moduleRoot = "../.."

// snippet is one Go code block of a Markdown file: its import specs and its
// other lines, each with its spaces collapsed.
type snippet struct {
	line    int // of the opening fence
	imports []string
	code    []string
}

// runnable is the body of a function that go test runs: an Example with an
// Output comment, or a Test.
type runnable struct {
	name    string
	imports map[string]bool
	lines   []string
}

// TestReadmeSnippetsAreExamples checks that every Go block of README.md is
// part of a function go test runs: its lines, in order, in the body of one
// Example with an Output comment or one Test, and its imports among that
// file's imports. A snippet edited in the README without its example, or an
// example edited without the README, fails here.
func TestReadmeSnippetsAreExamples(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(moduleRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	snippets := goSnippets(string(readme))
	if len(snippets) == 0 {
		t.Fatal("README.md has no ```go blocks: has the fence changed?")
	}
	funcs := runnables(t)
	for _, s := range snippets {
		if f := findRunnable(s, funcs); f == "" {
			t.Errorf("README.md:%d: the Go block starting %q is in no Example with an Output comment or Test of the module (each line in order, imports in the same file)",
				s.line, first(s))
		} else {
			t.Logf("README.md:%d: run by %s", s.line, f)
		}
	}
}

func first(s snippet) string {
	if len(s.code) > 0 {
		return s.code[0]
	}
	return s.imports[0]
}

var (
	importLine    = regexp.MustCompile(`^import\s+(.*)$`)
	outputComment = regexp.MustCompile(`^(Unordered output|Output):`)
)

// goSnippets returns the Go blocks of a Markdown text.
func goSnippets(md string) []snippet {
	var out []snippet
	var cur *snippet
	inImports := false
	for i, line := range strings.Split(md, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case cur == nil && trimmed == "```go":
			cur = &snippet{line: i + 1}
		case cur == nil:
		case trimmed == "```":
			out = append(out, *cur)
			cur = nil
		case trimmed == "":
		case inImports && trimmed == ")":
			inImports = false
		case inImports:
			cur.imports = append(cur.imports, normalize(trimmed))
		case trimmed == "import (":
			inImports = true
		case importLine.MatchString(trimmed):
			cur.imports = append(cur.imports, normalize(importLine.FindStringSubmatch(trimmed)[1]))
		default:
			cur.code = append(cur.code, normalize(trimmed))
		}
	}
	return out
}

func normalize(line string) string { return strings.Join(strings.Fields(line), " ") }

// runnables parses every test file of the root module (not the nested
// modules bench and integrations) and returns the functions go test runs.
func runnables(t *testing.T) []runnable {
	var out []runnable
	fset := token.NewFileSet()
	err := filepath.WalkDir(moduleRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != moduleRoot && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || isModule(path)) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
		if err != nil {
			return err
		}
		imports := map[string]bool{}
		for _, spec := range f.Imports {
			imp := spec.Path.Value
			if spec.Name != nil {
				imp = spec.Name.Name + " " + imp
			}
			imports[imp] = true
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil || fn.Recv != nil || !runs(f, fn) {
				continue
			}
			body := src[fset.Position(fn.Body.Lbrace).Offset+1 : fset.Position(fn.Body.Rbrace).Offset]
			var lines []string
			for _, line := range strings.Split(string(body), "\n") {
				if line = normalize(line); line != "" {
					lines = append(lines, line)
				}
			}
			out = append(out, runnable{name: path + ": " + fn.Name.Name, imports: imports, lines: lines})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// isModule reports whether dir holds a module of its own.
func isModule(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "go.mod"))
	return err == nil
}

// runs reports whether go test runs fn: a Test, or an Example whose body
// has an Output comment.
func runs(f *ast.File, fn *ast.FuncDecl) bool {
	name := fn.Name.Name
	if strings.HasPrefix(name, "Test") {
		return true
	}
	if !strings.HasPrefix(name, "Example") {
		return false
	}
	for _, group := range f.Comments {
		if group.Pos() > fn.Body.Lbrace && group.End() < fn.Body.Rbrace &&
			outputComment.MatchString(strings.TrimSpace(group.Text())) {
			return true
		}
	}
	return false
}

// findRunnable returns the name of a function that holds s, or "".
func findRunnable(s snippet, funcs []runnable) string {
next:
	for _, f := range funcs {
		for _, imp := range s.imports {
			if !f.imports[imp] {
				continue next
			}
		}
		i := 0
		for _, line := range f.lines {
			if i < len(s.code) && line == s.code[i] {
				i++
			}
		}
		if i == len(s.code) {
			return f.name
		}
	}
	return ""
}
