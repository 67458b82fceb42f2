package index

import (
	"encoding/binary"
	"errors"
	"strings"
)

// A commit's stored record. JSON cost a one-shot pack 10 ms on Loki, whose
// one commit lists 17,800 files (a commit that adds a tree or updates a
// vendor directory is as long): the record is now the commit's strings,
// each with its length as a uvarint, the files as one string (paths
// joined by NUL, which no git path holds), then Time, Added and Deleted
// as varints and a byte of flags. Decoding is one copy of the files and a
// split.
const (
	commitRecord  byte = 1 // the record's first byte: its layout
	flagFirst     byte = 1
	flagCut       byte = 2
	filesSep           = "\x00"
	maxRecordSize      = 1 << 30
)

var errBadRecord = errors.New("malformed commit record")

func encodeCommit(c Commit) []byte {
	files := strings.Join(c.Files, filesSep)
	b := make([]byte, 0, 64+len(c.SHA)+len(c.Author)+len(c.Email)+len(c.Subject)+len(c.Body)+len(files))
	b = append(b, commitRecord)
	for _, s := range []string{c.SHA, c.Author, c.Email, c.Subject, c.Body, files} {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	b = binary.AppendVarint(b, c.Time)
	b = binary.AppendVarint(b, int64(c.Added))
	b = binary.AppendVarint(b, int64(c.Deleted))
	var flags byte
	if c.First {
		flags |= flagFirst
	}
	if c.Cut {
		flags |= flagCut
	}
	return append(b, flags)
}

func decodeCommit(b []byte) (Commit, error) {
	if len(b) == 0 || b[0] != commitRecord || len(b) > maxRecordSize {
		return Commit{}, errBadRecord
	}
	b = b[1:]
	var s [6]string
	for i := range s {
		n, k := binary.Uvarint(b)
		if k <= 0 || n > uint64(len(b)-k) {
			return Commit{}, errBadRecord
		}
		s[i], b = string(b[k:k+int(n)]), b[k+int(n):]
	}
	var v [3]int64
	for i := range v {
		n, k := binary.Varint(b)
		if k <= 0 {
			return Commit{}, errBadRecord
		}
		v[i], b = n, b[k:]
	}
	if len(b) != 1 {
		return Commit{}, errBadRecord
	}
	c := Commit{SHA: s[0], Author: s[1], Email: s[2], Subject: s[3], Body: s[4],
		Time: v[0], Added: int(v[1]), Deleted: int(v[2]), First: b[0]&flagFirst != 0, Cut: b[0]&flagCut != 0}
	if s[5] != "" {
		c.Files = strings.Split(s[5], filesSep)
	}
	return c, nil
}
