package index

import (
	"reflect"
	"strings"
	"testing"
)

func TestCommitRecordRoundTrip(t *testing.T) {
	many := make([]string, 20000)
	for i := range many {
		many[i] = "vendor/ünï/" + strings.Repeat("x", i%40) + ".go"
	}
	for _, c := range []Commit{
		{},
		{SHA: "abc", Author: "Ada", Email: "a@x", Time: -5, Subject: "s", Body: "b\nc", Files: []string{"a b.go", "dir/\"q\".go"}, Added: 3, Deleted: 1},
		{SHA: "def", Time: 1 << 40, Files: many, Added: 1 << 31, First: true},
		{SHA: "123", Subject: "cut", Cut: true},
	} {
		got, err := decodeCommit(encodeCommit(c))
		if err != nil || !reflect.DeepEqual(got, c) {
			t.Errorf("round trip of %q: %v, %+v", c.SHA, err, got.SHA)
		}
	}
}

func TestCommitRecordRejectsDamage(t *testing.T) {
	good := encodeCommit(Commit{SHA: "abc", Subject: "s", Files: []string{"a.go"}})
	for name, b := range map[string][]byte{
		"empty":     nil,
		"JSON":      []byte(`{"SHA":"abc"}`),
		"cut short": good[:len(good)-3],
		"one more":  append(append([]byte{}, good...), 0),
		"long len":  append([]byte{commitRecord, 0xff, 0xff, 0xff, 0x7f}, good[1:]...),
	} {
		if _, err := decodeCommit(b); err == nil {
			t.Errorf("%s: decoded", name)
		}
	}
}

func FuzzDecodeCommit(f *testing.F) {
	f.Add(encodeCommit(Commit{SHA: "abc", Files: []string{"a", "b"}, First: true}))
	f.Add([]byte{commitRecord})
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := decodeCommit(b)
		if err == nil {
			if again, err := decodeCommit(encodeCommit(c)); err != nil || !reflect.DeepEqual(again, c) {
				t.Fatalf("a decoded record does not survive a round trip: %+v", c)
			}
		}
	})
}
