//go:build amd64 && !safejson_safe && linux

package mem

import (
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// TestAppendCleanPageEnd puts strings whose escapes come last just before
// a page that may not be read: AppendClean reads past the end of a string
// only while it stays in the page of the string's last byte.
func TestAppendCleanPageEnd(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2 here: AppendClean appends nothing, which the escape tests cover")
	}
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Munmap(mem)
	if err := syscall.Mprotect(mem[page:], syscall.PROT_NONE); err != nil {
		t.Fatal(err)
	}
	for _, body := range []string{"a/b/c/d/", "é/", "<\"/", "https://example.com/a/b", "//////", "日本/\\"} {
		for n := 32; n <= 100; n++ {
			s := strings.Repeat(body, n/len(body)+1)[:n]
			for gap := range 40 {
				end := page - gap
				copy(mem[end-n:end], s)
				in := unsafe.String(&mem[end-n], n)
				for mode := range 3 {
					dst, got := appendCleanAll(nil, in, mode)
					if want := escapedRef(s[:got], mode); string(dst) != want {
						t.Fatalf("AppendClean(%q, %d) %d bytes before the page end = %q, want %q", s, mode, gap, dst, want)
					}
				}
			}
		}
	}
}
