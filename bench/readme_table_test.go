package bench

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// mdTable is a Markdown table: its header cells and its rows of cells.
type mdTable struct {
	header []string
	rows   [][]string
}

// cells splits one Markdown table line.
func cells(line string) []string {
	parts := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

// firstTable returns the first table after the line that matches heading
// in md, before the next heading of the same or a higher level, and the
// heading line.
func firstTable(t *testing.T, md, name string, heading *regexp.Regexp) (string, mdTable) {
	t.Helper()
	lines := strings.Split(md, "\n")
	for i, line := range lines {
		if !heading.MatchString(line) {
			continue
		}
		level := len(line) - len(strings.TrimLeft(line, "#"))
		var tab mdTable
		for _, l := range lines[i+1:] {
			if strings.HasPrefix(l, "#") && len(l)-len(strings.TrimLeft(l, "#")) <= level {
				break
			}
			if !strings.HasPrefix(l, "|") {
				if tab.header != nil {
					break
				}
				continue
			}
			switch c := cells(l); {
			case tab.header == nil:
				tab.header = c
			case strings.Trim(strings.Join(c, ""), "-:") == "":
			default:
				tab.rows = append(tab.rows, c)
			}
		}
		if tab.header == nil {
			t.Fatalf("%s: no table under %q", name, line)
		}
		return line, tab
	}
	t.Fatalf("%s: no heading matches %s", name, heading)
	return "", mdTable{}
}

// figure is the leading ratio of a RESULTS.md cell: "1.31×" of
// "1.31× (slowest: citm_catalog 1.20–1.21×)".
var figure = regexp.MustCompile(`^[0-9.]+(–[0-9.]+)?×`)

var (
	resultsHeading = regexp.MustCompile(`^### (Go 1\.2[0-9]) \(go[0-9.]+\), measured at ([0-9a-f]{7,}) \(([0-9-]{10})\)$`)
	readmeHeading  = regexp.MustCompile(`^## Performance$`)
)

// TestReadmeTable fails when the performance table of the root README.md
// and the current tables of RESULTS.md disagree: every row of each
// toolchain's table must be in the README with the same leading figure for
// each type set, a row a toolchain lacks must read "—" there, the README
// must have no other rows, and it must name the commit and date of each
// toolchain's measurement.
func TestReadmeTable(t *testing.T) {
	results := readDoc(t, "RESULTS.md")
	readme := readDoc(t, "../README.md")
	_, rtab := firstTable(t, readme, "README.md", readmeHeading)
	readmeSection := readme[strings.Index(readme, "\n## Performance\n"):]

	// want[row][column] as the README should show it.
	want := map[string]map[string]string{}
	var toolchains []string
	current := results[strings.Index(results, "\n## Current figures\n"):]
	for _, line := range strings.Split(current, "\n") {
		m := resultsHeading.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		toolchain, commit, date := m[1], m[2], m[3]
		toolchains = append(toolchains, toolchain)
		if !strings.Contains(readmeSection, "at "+commit+" ("+date+")") {
			t.Errorf("README.md's Performance section does not say the figures were measured at %s (%s), as RESULTS.md's %s table does", commit, date, toolchain)
		}
		_, tab := firstTable(t, current, "RESULTS.md", regexp.MustCompile("^"+regexp.QuoteMeta(line)+"$"))
		for _, row := range tab.rows {
			if want[row[0]] == nil {
				want[row[0]] = map[string]string{}
			}
			for i, set := range tab.header[1:] {
				want[row[0]][toolchain+", "+set] = figure.FindString(row[i+1])
			}
		}
	}
	if len(toolchains) < 2 {
		t.Fatalf("RESULTS.md's current figures have tables for %v; want one per toolchain (Go 1.26, Go 1.27)", toolchains)
	}

	got := map[string]map[string]string{}
	for _, row := range rtab.rows {
		got[row[0]] = map[string]string{}
		for i, column := range rtab.header[1:] {
			if row[i+1] != "—" {
				got[row[0]][column] = row[i+1]
			}
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("README.md's performance table and RESULTS.md's current tables disagree (-RESULTS.md +README.md):\n%s", diff)
	}
}

func readDoc(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
