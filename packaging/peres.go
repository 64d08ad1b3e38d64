package packaging

import (
	"debug/pe"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"unicode/utf16"
)

// Resource types of a Windows executable (winuser.h).
const (
	rtIcon      = 3
	rtGroupIcon = 14
	rtVersion   = 16
	rtManifest  = 24
)

// Resource is one resource of a Windows executable.
type Resource struct {
	// Type is the resource type, e.g. 14 for an icon group.
	Type uint32
	// Name is "#N" for a numbered resource, else its name.
	Name string
	// Lang is the language id, e.g. 0x409 for en-US (0: neutral).
	Lang uint32
	// Data is the resource's bytes.
	Data []byte
}

// ReadResources reads the resources of the Windows executable at path
// (its resource directory, three levels: type, name, language).
func ReadResources(path string) ([]Resource, error) {
	f, err := pe.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var dir pe.DataDirectory
	switch oh := f.OptionalHeader.(type) {
	case *pe.OptionalHeader64:
		if len(oh.DataDirectory) > pe.IMAGE_DIRECTORY_ENTRY_RESOURCE {
			dir = oh.DataDirectory[pe.IMAGE_DIRECTORY_ENTRY_RESOURCE]
		}
	case *pe.OptionalHeader32:
		if len(oh.DataDirectory) > pe.IMAGE_DIRECTORY_ENTRY_RESOURCE {
			dir = oh.DataDirectory[pe.IMAGE_DIRECTORY_ENTRY_RESOURCE]
		}
	}
	if dir.VirtualAddress == 0 {
		return nil, errors.New("pe: no resources")
	}
	for _, s := range f.Sections {
		if dir.VirtualAddress < s.VirtualAddress || dir.VirtualAddress >= s.VirtualAddress+s.VirtualSize {
			continue
		}
		data, err := s.Data()
		if err != nil {
			return nil, err
		}
		r := rsrc{data: data, base: dir.VirtualAddress - s.VirtualAddress, va: s.VirtualAddress}
		return r.walk()
	}
	return nil, errors.New("pe: the resource directory lies in no section")
}

// rsrc reads a resource directory from the section that holds it.
type rsrc struct {
	data []byte
	base uint32 // offset of the root directory in data
	va   uint32 // virtual address of data[0]
}

func (r rsrc) u16(off uint32) (uint16, error) {
	if int(off)+2 > len(r.data) {
		return 0, errors.New("pe: resource directory out of bounds")
	}
	return binary.LittleEndian.Uint16(r.data[off:]), nil
}

func (r rsrc) u32(off uint32) (uint32, error) {
	if int(off)+4 > len(r.data) {
		return 0, errors.New("pe: resource directory out of bounds")
	}
	return binary.LittleEndian.Uint32(r.data[off:]), nil
}

type dirEntry struct {
	id, name string
	num      uint32
	off      uint32 // of a subdirectory (sub) or a data entry
	sub      bool
}

// entries reads the entries of the directory at off (relative to the root).
func (r rsrc) entries(off uint32) ([]dirEntry, error) {
	named, err := r.u16(r.base + off + 12)
	if err != nil {
		return nil, err
	}
	ids, err := r.u16(r.base + off + 14)
	if err != nil {
		return nil, err
	}
	var out []dirEntry
	for i := uint32(0); i < uint32(named)+uint32(ids); i++ {
		e := r.base + off + 16 + 8*i
		nameField, err := r.u32(e)
		if err != nil {
			return nil, err
		}
		to, err := r.u32(e + 4)
		if err != nil {
			return nil, err
		}
		d := dirEntry{off: to &^ (1 << 31), sub: to&(1<<31) != 0, num: nameField}
		if nameField&(1<<31) != 0 {
			so := r.base + nameField&^(1<<31)
			n, err := r.u16(so)
			if err != nil {
				return nil, err
			}
			if int(so)+2+2*int(n) > len(r.data) {
				return nil, errors.New("pe: resource name out of bounds")
			}
			u := make([]uint16, n)
			for j := range u {
				u[j] = binary.LittleEndian.Uint16(r.data[so+2+2*uint32(j):])
			}
			d.name = string(utf16.Decode(u))
		} else {
			d.name = fmt.Sprintf("#%d", nameField)
		}
		out = append(out, d)
	}
	return out, nil
}

func (r rsrc) walk() ([]Resource, error) {
	types, err := r.entries(0)
	if err != nil {
		return nil, err
	}
	var out []Resource
	for _, t := range types {
		if !t.sub {
			return nil, errors.New("pe: a resource type is not a directory")
		}
		names, err := r.entries(t.off)
		if err != nil {
			return nil, err
		}
		for _, n := range names {
			if !n.sub {
				return nil, errors.New("pe: a resource name is not a directory")
			}
			langs, err := r.entries(n.off)
			if err != nil {
				return nil, err
			}
			for _, l := range langs {
				rva, err := r.u32(r.base + l.off)
				if err != nil {
					return nil, err
				}
				size, err := r.u32(r.base + l.off + 4)
				if err != nil {
					return nil, err
				}
				if rva < r.va || uint64(rva-r.va)+uint64(size) > uint64(len(r.data)) {
					return nil, fmt.Errorf("pe: resource %s/%s out of its section", t.name, n.name)
				}
				out = append(out, Resource{Type: t.num, Name: n.name, Lang: l.num, Data: r.data[rva-r.va : rva-r.va+size]})
			}
		}
	}
	return out, nil
}

// Windows subsystems (the PE optional header's Subsystem field).
const (
	// SubsystemGUI starts without a console: a double-click opens no
	// terminal window (go build -ldflags -H=windowsgui).
	SubsystemGUI = pe.IMAGE_SUBSYSTEM_WINDOWS_GUI
	// SubsystemConsole gets a console, so its output shows in a terminal.
	SubsystemConsole = pe.IMAGE_SUBSYSTEM_WINDOWS_CUI
)

// Subsystem returns the Windows subsystem an executable asks for.
func Subsystem(path string) (uint16, error) {
	f, err := pe.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	switch oh := f.OptionalHeader.(type) {
	case *pe.OptionalHeader64:
		return oh.Subsystem, nil
	case *pe.OptionalHeader32:
		return oh.Subsystem, nil
	}
	return 0, errors.New("pe: no optional header")
}

// ExeInfo is what WindowsExeInfo found in an executable's resources.
type ExeInfo struct {
	// IconSizes are the pixel sizes of the first icon group's images.
	IconSizes []int
	// Version holds the version information's strings, e.g.
	// "ProductVersion".
	Version map[string]string
	// Manifest is the application manifest (XML), empty when there is none.
	Manifest string
}

// WindowsExeInfo reads an executable's icon sizes, version strings and
// manifest, and fails when the icon or the version information is missing
// or broken: what Explorer needs to show the icon and the file's details.
func WindowsExeInfo(path string) (ExeInfo, error) {
	res, err := ReadResources(path)
	if err != nil {
		return ExeInfo{}, err
	}
	var info ExeInfo
	icons := map[string]int{}
	for _, r := range res {
		if r.Type == rtIcon {
			icons[r.Name] = len(r.Data)
		}
	}
	for _, r := range res {
		switch {
		case r.Type == rtGroupIcon && info.IconSizes == nil:
			sizes, err := groupIconSizes(r.Data, icons)
			if err != nil {
				return info, err
			}
			info.IconSizes = sizes
		case r.Type == rtVersion && info.Version == nil:
			info.Version = map[string]string{}
			if err := versionStrings(r.Data, info.Version); err != nil {
				return info, err
			}
		case r.Type == rtManifest:
			info.Manifest = string(r.Data)
		}
	}
	if len(info.IconSizes) == 0 {
		return info, errors.New("pe: no icon")
	}
	if info.Version["ProductVersion"] == "" || info.Version["FileDescription"] == "" {
		return info, fmt.Errorf("pe: no version information (strings %v)", info.Version)
	}
	return info, nil
}

// groupIconSizes reads an icon group (GRPICONDIR) and checks that each image
// it names is there with the size it says.
func groupIconSizes(data []byte, icons map[string]int) ([]int, error) {
	if len(data) < 6 || binary.LittleEndian.Uint16(data[2:]) != 1 {
		return nil, errors.New("pe: bad icon group")
	}
	n := int(binary.LittleEndian.Uint16(data[4:]))
	if len(data) < 6+14*n {
		return nil, errors.New("pe: icon group cut short")
	}
	var sizes []int
	for i := 0; i < n; i++ {
		e := data[6+14*i:]
		w := int(e[0])
		if w == 0 {
			w = 256
		}
		id := fmt.Sprintf("#%d", binary.LittleEndian.Uint16(e[12:]))
		if got, ok := icons[id]; !ok || got != int(binary.LittleEndian.Uint32(e[8:])) {
			return nil, fmt.Errorf("pe: icon image %s missing or of the wrong size", id)
		}
		sizes = append(sizes, w)
	}
	return sizes, nil
}

// versionStrings reads a VS_VERSIONINFO block and its StringFileInfo
// tables' strings into out. Each block is: length, value length, type,
// a NUL-terminated UTF-16 key, padding to 4 bytes, the value, padding, and
// its child blocks.
func versionStrings(data []byte, out map[string]string) error {
	var block func(b []byte, depth int) error
	block = func(b []byte, depth int) error {
		if len(b) < 6 {
			return errors.New("pe: version block cut short")
		}
		length := int(binary.LittleEndian.Uint16(b))
		valueLen := int(binary.LittleEndian.Uint16(b[2:]))
		isText := binary.LittleEndian.Uint16(b[4:]) == 1
		if length < 6 || length > len(b) {
			return errors.New("pe: bad version block length")
		}
		b = b[:length]
		key, off := utf16z(b, 6)
		off = align4(off)
		if depth == 0 && key != "VS_VERSION_INFO" {
			return fmt.Errorf("pe: version block named %q", key)
		}
		if isText && valueLen > 0 {
			v, _ := utf16z(b, off)
			out[key] = v
			off += 2 * valueLen
		} else {
			off += valueLen
		}
		if depth == 3 {
			return nil
		}
		for off = align4(off); off+6 <= len(b); {
			n := int(binary.LittleEndian.Uint16(b[off:]))
			if n == 0 {
				break
			}
			if err := block(b[off:], depth+1); err != nil {
				return err
			}
			off = align4(off + n)
		}
		return nil
	}
	return block(data, 0)
}

// utf16z decodes the NUL-terminated UTF-16 string at b[off:], returning it
// and the offset just past the NUL.
func utf16z(b []byte, off int) (string, int) {
	var u []uint16
	for ; off+2 <= len(b); off += 2 {
		c := binary.LittleEndian.Uint16(b[off:])
		if c == 0 {
			return string(utf16.Decode(u)), off + 2
		}
		u = append(u, c)
	}
	return strings.TrimRight(string(utf16.Decode(u)), "\x00"), off
}

func align4(n int) int { return (n + 3) &^ 3 }
