package changes

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseDiff(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []FileDiff
	}{
		{
			name: "modified file, two hunks",
			in: `diff --git a/pay/retry.go b/pay/retry.go
index 1111111..2222222 100644
--- a/pay/retry.go
+++ b/pay/retry.go
@@ -3,4 +3,5 @@ import "time"
 func a() {
-	x := 1
+	x := 2
+	y := 3
 }
@@ -20 +21 @@ func retryWithBackoff(n int) error {
-	return nil
+	return err
`,
			want: []FileDiff{{OldPath: "pay/retry.go", NewPath: "pay/retry.go", Hunks: []Hunk{
				{OldStart: 3, OldLines: 4, NewStart: 3, NewLines: 5, Section: `import "time"`,
					Lines: []string{" func a() {", "-\tx := 1", "+\tx := 2", "+\ty := 3", " }"}, Added: 2, Deleted: 1},
				{OldStart: 20, OldLines: 1, NewStart: 21, NewLines: 1, Section: "func retryWithBackoff(n int) error {",
					Lines: []string{"-\treturn nil", "+\treturn err"}, Added: 1, Deleted: 1},
			}}},
		},
		{
			name: "new file without trailing newline",
			in:   "diff --git a/n.txt b/n.txt\nnew file mode 100644\nindex 0000000..3b18e51\n--- /dev/null\n+++ b/n.txt\n@@ -0,0 +1,2 @@\n+hello\n+world\n\\ No newline at end of file\n",
			want: []FileDiff{{NewPath: "n.txt", Hunks: []Hunk{
				{OldStart: 0, OldLines: 0, NewStart: 1, NewLines: 2, Lines: []string{"+hello", "+world"}, Added: 2},
			}}},
		},
		{
			name: "deleted file",
			in:   "diff --git a/old.py b/old.py\ndeleted file mode 100644\nindex 3b18e51..0000000\n--- a/old.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-print(1)\n",
			want: []FileDiff{{OldPath: "old.py", Hunks: []Hunk{
				{OldStart: 1, OldLines: 1, NewStart: 0, NewLines: 0, Lines: []string{"-print(1)"}, Deleted: 1},
			}}},
		},
		{
			name: "pure rename",
			in:   "diff --git a/a.go b/b.go\nsimilarity index 100%\nrename from a.go\nrename to b.go\n",
			want: []FileDiff{{OldPath: "a.go", NewPath: "b.go"}},
		},
		{
			name: "binary",
			in:   "diff --git a/img.png b/img.png\nindex 1..2 100644\nBinary files a/img.png and b/img.png differ\n",
			want: []FileDiff{{OldPath: "img.png", NewPath: "img.png", Binary: true}},
		},
		{
			name: "quoted non-ASCII name",
			in:   "diff --git \"a/caf\\303\\251.go\" \"b/caf\\303\\251.go\"\n--- \"a/caf\\303\\251.go\"\n+++ \"b/caf\\303\\251.go\"\n@@ -1 +1 @@\n-a\n+b\n",
			want: []FileDiff{{OldPath: "café.go", NewPath: "café.go", Hunks: []Hunk{
				{OldStart: 1, OldLines: 1, NewStart: 1, NewLines: 1, Lines: []string{"-a", "+b"}, Added: 1, Deleted: 1},
			}}},
		},
		{
			name: "name with a space gets a tab from git",
			in:   "diff --git a/my file.txt b/my file.txt\n--- a/my file.txt\t\n+++ b/my file.txt\t\n@@ -1,2 +1,2 @@\n \n-x\n+y\n",
			want: []FileDiff{{OldPath: "my file.txt", NewPath: "my file.txt", Hunks: []Hunk{
				{OldStart: 1, OldLines: 2, NewStart: 1, NewLines: 2, Lines: []string{" ", "-x", "+y"}, Added: 1, Deleted: 1},
			}}},
		},
		{
			name: "plain unified diff without git header",
			in:   "--- a/x.c\t2026-01-01 10:00:00\n+++ b/x.c\t2026-01-01 10:00:01\n@@ -5,0 +6 @@\n+int y;\n",
			want: []FileDiff{{OldPath: "x.c", NewPath: "x.c", Hunks: []Hunk{
				{OldStart: 5, OldLines: 0, NewStart: 6, NewLines: 1, Lines: []string{"+int y;"}, Added: 1},
			}}},
		},
		{
			name: "malformed hunk header is skipped",
			in:   "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -a,b +c @@\n+z\n",
			want: []FileDiff{{OldPath: "x", NewPath: "x"}},
		},
		{name: "empty", in: "", want: nil},
		{name: "garbage", in: "hello\nworld\n@@\n+++\n", want: nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := ParseDiff(tc.in)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("ParseDiff:\n got %#v\nwant %#v", got, tc.want)
			}
		})
	}
}

func TestHunkRangeAndText(t *testing.T) {
	tests := []struct {
		h          Hunk
		start, end int
		header     string
	}{
		{Hunk{OldStart: 3, OldLines: 4, NewStart: 3, NewLines: 5, Section: "func f()"}, 3, 7, "@@ -3,4 +3,5 @@ func f()"},
		{Hunk{OldStart: 1, OldLines: 1, NewStart: 0, NewLines: 0}, 1, 1, "@@ -1 +0,0 @@"},
		{Hunk{OldStart: 9, OldLines: 2, NewStart: 8, NewLines: 0}, 8, 8, "@@ -9,2 +8,0 @@"},
	}
	for _, tc := range tests {
		s, e := tc.h.NewRange()
		if s != tc.start || e != tc.end {
			t.Errorf("%s: NewRange = %d-%d, want %d-%d", tc.header, s, e, tc.start, tc.end)
		}
		if got := tc.h.Header(); got != tc.header {
			t.Errorf("Header = %q, want %q", got, tc.header)
		}
	}
}

func TestHunkTextRoundTrip(t *testing.T) {
	in := "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@ ctx\n a\n-b\n+c\n d\n"
	files := ParseDiff(in)
	if len(files) != 1 || len(files[0].Hunks) != 1 {
		t.Fatalf("got %#v", files)
	}
	if got, want := files[0].Hunks[0].Text(), in[strings.Index(in, "@@"):]; got != want {
		t.Errorf("Text = %q, want %q", got, want)
	}
}

func FuzzParseDiff(f *testing.F) {
	f.Add("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,2 +1,3 @@ f\n a\n-b\n+c\n+d\n")
	f.Add("--- /dev/null\n+++ b/n\n@@ -0,0 +1 @@\n+x\n\\ No newline at end of file\n")
	f.Add("diff --git \"a/\\303\" b/x\nrename from \"q\\\"\"\n@@ -99999999999,1 +1,-1 @@\n")
	f.Fuzz(func(t *testing.T, in string) {
		for _, fd := range ParseDiff(in) {
			if fd.Path() == "" {
				t.Fatalf("file without a path: %#v", fd)
			}
			for _, h := range fd.Hunks {
				s, e := h.NewRange()
				if s < 1 || e < s {
					t.Fatalf("bad range %d-%d for %#v", s, e, h)
				}
				if h.Added+h.Deleted > len(h.Lines) {
					t.Fatalf("counts %d+%d above %d lines", h.Added, h.Deleted, len(h.Lines))
				}
				_ = h.Text()
			}
		}
	})
}
