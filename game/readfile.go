package game

import (
	"fmt"
	"io"
	"os"
)

// MaxSaveSize bounds an autosave (a game record, or a LAN host's record and
// session) that ReadLocalFile reads: a whole ten-seat game is tens of KiB.
const MaxSaveSize = 4 << 20

// ReadLocalFile reads a file the app keeps for itself (an autosave, the
// settings) that someone may have replaced: only a regular file (a symbolic
// link to one is fine) of at most max bytes is read. A link to /dev/zero,
// a FIFO or a folder is an error at once, before any byte is read, so
// neither memory nor a hanging read can stop the program (issue 18).
func ReadLocalFile(path string, max int64) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := checkLocalFile(path, st, max); err != nil {
		return nil, err
	}
	// The file may be swapped after the Stat: openFlags never waits for a
	// FIFO's writer, and the open file is checked again.
	f, err := os.OpenFile(path, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := checkLocalFile(path, st, max); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%s: larger than %d bytes", path, max)
	}
	return data, nil
}

func checkLocalFile(path string, st os.FileInfo, max int64) error {
	if m := st.Mode(); !m.IsRegular() {
		what := "something else"
		switch {
		case m.IsDir():
			what = "a folder"
		case m&os.ModeNamedPipe != 0:
			what = "a FIFO"
		case m&os.ModeDevice != 0:
			what = "a device"
		case m&os.ModeSocket != 0:
			what = "a socket"
		}
		return fmt.Errorf("%s: not a regular file but %s", path, what)
	}
	if st.Size() > max {
		return fmt.Errorf("%s: %d bytes, larger than %d", path, st.Size(), max)
	}
	return nil
}
