package secrets

import (
	"cmp"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestPrefiltersApply: each prefilter is keyed by the expression of a rule
// of the embedded set, so it runs (a rule set that changed its expression
// would leave the prefilter unused and this test red).
func TestPrefiltersApply(t *testing.T) {
	d := detector(t)
	for re := range prefilters {
		used := false
		for _, r := range d.rules {
			if r.may != nil && r.re().String() == re {
				used = true
			}
		}
		if !used {
			t.Errorf("no rule of the embedded set has the expression %s", re)
		}
	}
}

// TestPrefiltersAreNecessary: a prefilter may say yes wrongly, never no.
// Texts are built from the pieces each expression is made of, around and
// across its bounds (lengths one short and one long, every operator, gap
// and terminator), and every text the expression matches must pass the
// prefilter. The test also requires that the generator reaches both
// sides: texts that match, and texts the prefilter turns away.
func TestPrefiltersAreNecessary(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 30000
	if raceEnabled {
		n = 5000
	}
	for re, may := range prefilters {
		x := regexp.MustCompile(re)
		matched, rejected := 0, 0
		for range n {
			s := generated(rng)
			ok := may(s, asciiLower(s))
			if !ok {
				rejected++
			}
			if x.MatchString(s) {
				matched++
				if !ok {
					t.Fatalf("%s matches %q, which its prefilter turned away", re[:min(len(re), 40)], s)
				}
			}
		}
		if matched < n/100 || rejected < n/100 {
			t.Errorf("%s: %d texts matched and %d were turned away: the generator misses a side", re[:min(len(re), 40)], matched, rejected)
		}
	}
}

// FuzzPrefilters checks the same on texts the fuzzer finds: go test
// ./index/secrets -fuzz FuzzPrefilters. Without -fuzz it runs its seeds.
func FuzzPrefilters(f *testing.F) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		f.Add(generated(rng))
	}
	compiled := map[string]*regexp.Regexp{}
	for re := range prefilters {
		compiled[re] = regexp.MustCompile(re)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for re, may := range prefilters {
			if compiled[re].MatchString(s) && !may(s, asciiLower(s)) {
				t.Fatalf("%s matches %q, which its prefilter turned away", re[:min(len(re), 40)], s)
			}
		}
	})
}

// generated is a text made of the pieces of the three expressions.
func generated(rng *rand.Rand) string {
	var b strings.Builder
	for range 1 + rng.IntN(3) {
		switch rng.IntN(4) {
		case 0, 1:
			assignment(rng, &b)
		case 2:
			b.WriteString(pick(rng, "hvs.", "s.", "xs.", "hv s.", ".s."))
			b.WriteString(chars(rng, "aZ09_-", pick(rng, 23, 24, 25, 89, 90, 91)))
		case 3:
			b.WriteString(pick(rng, "ey", "eY", "xey"))
			b.WriteString(chars(rng, "aZ09", pick(rng, 16, 17, 18, 30)))
			b.WriteString(pick(rng, ".ey", ".ey", ".ey", ".e", "ey", "._ey"))
			b.WriteString(chars(rng, `aZ09/\_-`, pick(rng, 16, 17, 18, 30)))
			b.WriteString(pick(rng, ".", "", "."+chars(rng, "aZ09", 10)+"=="))
		}
		b.WriteString(pick(rng, "", " ", "\n", "`", `'`, `"`, ";", `\n`, `\r`, ")", "x", "é", "\u212a"))
	}
	return b.String()
}

// assignment writes keyword, filler, operator, gap and secret, each
// sometimes out of its bounds.
func assignment(rng *rand.Rand, b *strings.Builder) {
	b.WriteString(chars(rng, "aZ_.-", rng.IntN(4)))
	b.WriteString(pick(rng, "access", "AUTH", "api", "Api", "API", "aPi", "credential", "creds", "Key", "passwd",
		"PassWord", "secret", "token", "tok", "ke", "\u212aey", "paſſword"))
	b.WriteString(chars(rng, " \taZ09_.-", pick(rng, 0, 1, 5, 19, 20, 21)))
	b.WriteString(chars(rng, " \t\n\f\r'\"", pick(rng, 0, 1, 3, 4)))
	b.WriteString(pick(rng, "=", ">", ":=", "::=", ":::=", "::::=", "||", "|", ":", "=>", "?=", "?", ",", ";", ""))
	b.WriteString(chars(rng, "`'\" \t\n=", pick(rng, 0, 1, 5, 6)))
	b.WriteString(pick(rng, "", "a", "Z", "0", "+", "/", "="))
	b.WriteString(chars(rng, pick(rng, "aZ09_.=-", "az09+/", "aZ09", "az09_", "az+"), pick(rng, 8, 9, 10, 11, 12, 24)))
	b.WriteString(pick(rng, "", "=", "==", "==="))
}

// chars is n bytes drawn from set, where a letter pair "aZ" or "az" stands
// for a run of letters of that case range and "09" for the digits.
func chars(rng *rand.Rand, set string, n int) string {
	var pool []byte
	for i := 0; i < len(set); i++ {
		switch {
		case i+1 < len(set) && set[i] == 'a' && set[i+1] == 'Z':
			pool = append(pool, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"...)
			i++
		case i+1 < len(set) && set[i] == 'a' && set[i+1] == 'z':
			pool = append(pool, "abcdefghijklmnopqrstuvwxyz"...)
			i++
		case i+1 < len(set) && set[i] == '0' && set[i+1] == '9':
			pool = append(pool, "0123456789"...)
			i++
		default:
			pool = append(pool, set[i])
		}
	}
	out := make([]byte, n)
	for i := range out {
		out[i] = pool[rng.IntN(len(pool))]
	}
	return string(out)
}

func pick[T any](rng *rand.Rand, xs ...T) T { return xs[rng.IntN(len(xs))] }

// TestPrefiltersFindTheSame: on a real tree, the detector finds the same
// secrets with its prefilters as without them. The tree is this
// repository (its tests hold made-up secrets of many kinds), or
// LOUPE_SCAN_DIR: LOUPE_SCAN_DIR=$(go env GOROOT)/src go test
// ./index/secrets -run TestPrefiltersFindTheSame.
func TestPrefiltersFindTheSame(t *testing.T) {
	dir := cmp.Or(os.Getenv("LOUPE_SCAN_DIR"), "../..")
	with := detector(t)
	without, err := build(false, embeddedConfigs)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range without.rules {
		r.may = nil
	}
	files, findings := 0, 0
	// files compared: up to 1 MiB, or 16 KiB under -race (the rule files
	// themselves hold every keyword and take a minute there)
	maxSize := 1 << 20
	if raceEnabled {
		maxSize = 16 << 10
	}
	filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil || !e.Type().IsRegular() {
			if e != nil && e.IsDir() && e.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil || len(b) > maxSize {
			return nil
		}
		files++
		rel := filepath.ToSlash(p)
		got, want := with.Find(rel, string(b)), without.Find(rel, string(b))
		findings += len(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: with prefilters %v, without %v", rel, got, want)
		}
		return nil
	})
	if files < 100 || findings == 0 {
		t.Errorf("%d files and %d findings under %s: nothing was compared", files, findings, dir)
	}
	if !t.Failed() {
		t.Logf("%d files, %d findings, the same", files, findings)
	}
}
