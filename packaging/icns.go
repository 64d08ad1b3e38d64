package packaging

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image/png"
	"io"
)

// icnsTypes are the .icns entries holding PNG data, with the pixel size of
// each: 16 to 512 points at 1x and 2x.
var icnsTypes = []struct {
	code string
	size int
}{
	{"icp4", 16}, {"ic11", 32}, {"icp5", 32}, {"ic12", 64}, {"icp6", 64},
	{"ic07", 128}, {"ic13", 256}, {"ic08", 256}, {"ic14", 512}, {"ic09", 512}, {"ic10", 1024},
}

// WriteICNS writes the macOS icon set (an .icns file) of the app icon, one
// PNG entry for each size Finder and the Dock use, each drawn at its size.
func WriteICNS(w io.Writer) error {
	var body bytes.Buffer
	pngs := map[int][]byte{}
	for _, t := range icnsTypes {
		data, ok := pngs[t.size]
		if !ok {
			var b bytes.Buffer
			if err := png.Encode(&b, Icon(t.size)); err != nil {
				return err
			}
			data = b.Bytes()
			pngs[t.size] = data
		}
		body.WriteString(t.code)
		binary.Write(&body, binary.BigEndian, uint32(8+len(data)))
		body.Write(data)
	}
	var head [8]byte
	copy(head[:], "icns")
	binary.BigEndian.PutUint32(head[4:], uint32(8+body.Len()))
	if _, err := w.Write(head[:]); err != nil {
		return err
	}
	_, err := w.Write(body.Bytes())
	return err
}

// ICNSEntry is one entry of an .icns file.
type ICNSEntry struct {
	// Type is the four-character entry type, e.g. "ic08".
	Type string
	// Data is the entry's content (a PNG for the types WriteICNS writes).
	Data []byte
}

// ReadICNS parses an .icns file into its entries, checking that the lengths
// add up.
func ReadICNS(data []byte) ([]ICNSEntry, error) {
	if len(data) < 8 || string(data[:4]) != "icns" {
		return nil, errors.New("icns: no icns header")
	}
	if n := binary.BigEndian.Uint32(data[4:]); int(n) != len(data) {
		return nil, fmt.Errorf("icns: header says %d bytes, file has %d", n, len(data))
	}
	var out []ICNSEntry
	for rest := data[8:]; len(rest) > 0; {
		if len(rest) < 8 {
			return nil, errors.New("icns: truncated entry header")
		}
		n := int(binary.BigEndian.Uint32(rest[4:]))
		if n < 8 || n > len(rest) {
			return nil, fmt.Errorf("icns: entry %q: bad length %d", rest[:4], n)
		}
		out = append(out, ICNSEntry{Type: string(rest[:4]), Data: rest[8:n]})
		rest = rest[n:]
	}
	return out, nil
}
