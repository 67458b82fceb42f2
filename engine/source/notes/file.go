package notes

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/BurntSushi/toml"
)

// DefaultPath is where a repository keeps its notes.
func DefaultPath(root string) string {
	return filepath.Join(root, ".loupe", "notes.toml")
}

// document is the file's shape.
type document struct {
	Memory     []Memory     `toml:"memory"`
	Experience []Experience `toml:"experience"`
	Principle  []Principle  `toml:"principle"`
}

// File is a loaded notes file. It is safe for concurrent use.
type File struct {
	mu      sync.Mutex
	doc     document
	raw     []byte  // the bytes last read or written, for line numbers
	pending []Entry // added since the last load or save
	now     func() time.Time
	wrap    func(io.Writer) io.Writer // tests: inject a failing writer
}

// Load reads a notes file. A missing file is an empty memory; a file that
// does not parse, holds an unknown key or an invalid entry is an error
// wrapping ErrCorrupt that names the line.
func Load(path string) (*File, error) {
	raw, err := readConfined(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &File{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("notes: read %s: %w", path, err)
	}
	doc, err := decode(path, raw)
	if err != nil {
		return nil, err
	}
	return &File{doc: doc, raw: raw}, nil
}

func decode(path string, raw []byte) (document, error) {
	var doc document
	md, err := toml.NewDecoder(bytes.NewReader(raw)).Decode(&doc)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return doc, fmt.Errorf("notes: %s: line %d: %s: %w", path, pe.Position.Line, pe.Message, ErrCorrupt)
		}
		return doc, fmt.Errorf("notes: %s: %v: %w", path, err, ErrCorrupt)
	}
	if keys := md.Undecoded(); len(keys) > 0 {
		k := keys[0]
		return doc, fmt.Errorf("notes: %s: line %d: unknown key %q (loupe would drop it on save): %w",
			path, keyLine(raw, k[len(k)-1]), k.String(), ErrCorrupt)
	}
	fillIDs(&doc)
	return doc, validateDoc(path, raw, doc)
}

// validateDoc checks every entry, naming the line of the first bad one.
func validateDoc(path string, raw []byte, doc document) error {
	check := func(table string, k int, e Entry) error {
		if err := e.Validate(); err != nil {
			return fmt.Errorf("notes: %s: line %d: %s %d: %w: %w", path, headerLine(raw, table, k), table, k+1, err, ErrCorrupt)
		}
		return nil
	}
	for k := range doc.Memory {
		if err := check("memory", k, Entry{Memory: &doc.Memory[k]}); err != nil {
			return err
		}
	}
	for k := range doc.Experience {
		if err := check("experience", k, Entry{Experience: &doc.Experience[k]}); err != nil {
			return err
		}
	}
	for k := range doc.Principle {
		if err := check("principle", k, Entry{Principle: &doc.Principle[k]}); err != nil {
			return err
		}
	}
	return nil
}

// fillIDs gives hand-written entries without an id a stable one derived
// from their content, so every load names them the same.
func fillIDs(doc *document) {
	for k := range doc.Memory {
		if m := &doc.Memory[k]; m.ID == "" {
			m.ID = contentID("m", m.Kind, m.Text, m.Created)
		}
	}
	for k := range doc.Experience {
		if x := &doc.Experience[k]; x.ID == "" {
			x.ID = contentID("x", x.Domain, x.Goal+x.Action, x.Created)
		}
	}
	for k := range doc.Principle {
		if p := &doc.Principle[k]; p.ID == "" {
			p.ID = contentID("p", p.Domain, p.Text, p.Created)
		}
	}
}

func contentID(prefix, a, b string, t time.Time) string {
	h := fnv.New32a()
	fmt.Fprintf(h, "%s\x00%s\x00%s", a, b, t.Format(time.RFC3339))
	return fmt.Sprintf("%s-%08x", prefix, h.Sum32())
}

func randomID(prefix string) string {
	var b [4]byte
	if _, err := rand.Read(b[:]); err != nil {
		return contentID(prefix, "", "", time.Now())
	}
	return prefix + "-" + hex.EncodeToString(b[:])
}

// Add validates an entry, fills its id and creation time when missing, and
// adds it; Save writes it.
func (f *File) Add(e Entry) error {
	e = e.clone()
	f.mu.Lock()
	defer f.mu.Unlock()
	f.fill(e)
	if err := e.Validate(); err != nil {
		return err
	}
	if f.has(e.ID()) {
		return invalid("id %q already exists", e.ID())
	}
	f.doc.append(e)
	f.pending = append(f.pending, e)
	return nil
}

func (f *File) fill(e Entry) {
	now := time.Now
	if f.now != nil {
		now = f.now
	}
	t := now().UTC().Truncate(time.Second)
	switch {
	case e.Memory != nil:
		setIDTime(&e.Memory.ID, &e.Memory.Created, "m", t)
	case e.Experience != nil:
		setIDTime(&e.Experience.ID, &e.Experience.Created, "x", t)
	case e.Principle != nil:
		setIDTime(&e.Principle.ID, &e.Principle.Created, "p", t)
	}
}

func setIDTime(id *string, created *time.Time, prefix string, now time.Time) {
	if *id == "" {
		*id = randomID(prefix)
	}
	if created.IsZero() {
		*created = now
	}
}

// clone copies the entry so the caller's value is not shared.
func (e Entry) clone() Entry {
	var c Entry
	if e.Memory != nil {
		m := *e.Memory
		c.Memory = &m
	}
	if e.Experience != nil {
		x := *e.Experience
		c.Experience = &x
	}
	if e.Principle != nil {
		p := *e.Principle
		c.Principle = &p
	}
	return c
}

func (f *File) has(id string) bool {
	for _, e := range f.doc.entries() {
		if e.ID() == id {
			return true
		}
	}
	return false
}

func (d *document) append(e Entry) {
	switch {
	case e.Memory != nil:
		d.Memory = append(d.Memory, *e.Memory)
	case e.Experience != nil:
		d.Experience = append(d.Experience, *e.Experience)
	case e.Principle != nil:
		d.Principle = append(d.Principle, *e.Principle)
	}
}

// entries lists the document's entries in file order; the pointers are to
// copies.
func (d *document) entries() []Entry {
	out := make([]Entry, 0, len(d.Memory)+len(d.Experience)+len(d.Principle))
	for _, m := range d.Memory {
		out = append(out, Entry{Memory: &m})
	}
	for _, x := range d.Experience {
		out = append(out, Entry{Experience: &x})
	}
	for _, p := range d.Principle {
		out = append(out, Entry{Principle: &p})
	}
	return out
}

// Entries returns every entry, memories then experiences then principles,
// each in file order.
func (f *File) Entries() []Entry {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.doc.entries()
}

// lineOf helpers find where a key or a table's k-th header is in raw.
func keyLine(raw []byte, key string) int {
	for n, l := range strings.Split(string(raw), "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, key) && strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(t, key)), "=") {
			return n + 1
		}
	}
	return 0
}
