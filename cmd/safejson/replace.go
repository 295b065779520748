package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// replaceFile writes name through write, as `go build -o` writes its
// output: into a temporary file in name's directory, which is synced and
// renamed over name only if write succeeds, so that name is never seen
// half-written. On any error, name is left as it was, the temporary file
// is removed, and the error, whose text is write's or names the file,
// ends by saying so. An existing name keeps its permissions (a symbolic
// link is written through); a new one gets 0666 less the umask, as from
// os.Create.
func replaceFile(name string, write func(io.Writer) error) error {
	target, perm, existed, err := replaceTarget(name)
	if err != nil {
		return err
	}
	dir := filepath.Dir(target)
	f, err := createTemp(dir, "."+filepath.Base(target)+".", ".tmp")
	if err != nil {
		return fmt.Errorf("cannot write %s: cannot create a file in %s: %v", name, dir, reason(err))
	}
	err = fillTemp(f, name, perm, existed, write)
	if err == nil {
		err = os.Rename(f.Name(), target)
		if err != nil {
			err = fmt.Errorf("cannot write %s: %v", name, reason(err))
		}
	}
	if err != nil {
		os.Remove(f.Name())
		if existed {
			return fmt.Errorf("%w; %s left unchanged", err, name)
		}
		return fmt.Errorf("%w; %s not created", err, name)
	}
	return nil
}

// replaceTarget returns the file that replaceFile renames over, and the
// permissions it must keep if it exists.
func replaceTarget(name string) (target string, perm fs.FileMode, existed bool, err error) {
	fi, err := os.Stat(name)
	switch {
	case err != nil:
		// Missing, or unreachable: creating the temporary file says why.
		return name, 0, false, nil
	case fi.IsDir():
		return "", 0, false, fmt.Errorf("cannot write %s: it is a directory; name a file to write", name)
	case !fi.Mode().IsRegular():
		return "", 0, false, fmt.Errorf("cannot write %s: not a regular file; to write to a device or pipe, leave out -o and redirect the standard output", name)
	}
	target, err = filepath.EvalSymlinks(name)
	if err != nil {
		return "", 0, false, fmt.Errorf("cannot write %s: %v", name, reason(err))
	}
	return target, fi.Mode().Perm(), true, nil
}

// fillTemp writes f through write, then syncs and closes it, giving it
// perm if the file it replaces existed.
func fillTemp(f *os.File, name string, perm fs.FileMode, existed bool, write func(io.Writer) error) error {
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	var err error
	if existed {
		err = keepPerm(f, perm)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", name, reason(err))
	}
	return nil
}

// keepPerm gives f the permissions perm, unless the umask already did.
func keepPerm(f *os.File, perm fs.FileMode) error {
	fi, err := f.Stat()
	if err == nil && fi.Mode().Perm() == perm {
		return nil
	}
	return f.Chmod(perm)
}

// createTemp creates a new file in dir, named prefix, a random part, then
// suffix. Unlike os.CreateTemp, it asks for mode 0666, which the umask
// then reduces as it does for os.Create.
func createTemp(dir, prefix, suffix string) (f *os.File, err error) {
	for range 100 {
		name := filepath.Join(dir, prefix+strconv.FormatUint(rand.Uint64(), 36)+suffix)
		f, err = os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			break
		}
	}
	return f, err
}
