// Package secrets finds secrets in text with gitleaks' maintained rule set
// (gitleaks.toml, copied from github.com/zricethezav/gitleaks/v8 v8.30.1,
// MIT licence in LICENSE.gitleaks) and replaces them with a marker naming
// the rule. It is a small detector over those rules, not the gitleaks
// library: the library brings about 170 packages (viper, archive readers,
// a WebAssembly RE2, Charm v1) and 10 MB of binary for what is, here, a
// loop over regular expressions.
//
// The semantics follow gitleaks' detect.detectRule: a rule runs only when
// the text holds one of its keywords; its regular expression's first
// non-empty group (or secretGroup) is the secret; a secret at or under the
// rule's entropy is ignored, as is one the global or the rule's allowlists
// allow (regexes on the secret, the match or the line; stopwords; path
// patterns; AND conditions). Rules that only match a file's path and the
// decoding of base64 or hex segments are not implemented: such files are
// kept out of the index by name (see Sensitive). The costliest rules
// first run a hand-written prefilter that rejects, without the regular
// expression, the windows it cannot match (prefilter.go).
//
// loupe adds a few rules gitleaks leaves to its generic one (passwords in
// connection strings and in .env files) and a few allowlist entries for
// source code (see extra.go).
package secrets

import (
	"crypto/sha256"
	_ "embed"
	"encoding/binary"
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/BurntSushi/toml"
)

//go:embed gitleaks.toml
var gitleaksTOML string

// Finding is one secret in a text: its rule and byte range, and the
// 1-based line it starts on.
type Finding struct {
	Rule       string
	Start, End int
	Line       int
}

// Detector finds secrets. It is immutable and safe for concurrent use.
type Detector struct {
	rules    []*rule
	global   allowlist
	keywords *keywordIndex
	// keyworded: every rule has a keyword, so a text holding none of
	// them holds no secret (most texts a pack redacts: signatures, docs).
	keyworded bool
	// verdicts memoizes what a path alone decides (path -> *pathVerdict):
	// the path regexes of the rules and allowlists cost as much as the
	// scan itself when every candidate of a pack is checked, and a pack
	// holds many blocks of few files.
	verdicts sync.Map
	nVerdict atomic.Int64
}

// maxVerdicts bounds the memo (a long-lived MCP server sees every path of
// a repository at most; past this it computes without storing).
const maxVerdicts = 1 << 16

// pathVerdict is what a path decides before the text is read: the file is
// allowlisted as a whole, or which rules may apply to it.
type pathVerdict struct {
	allowed bool
	rules   []bool
}

// verdict returns the memoized pathVerdict of path.
func (d *Detector) verdict(path string) *pathVerdict {
	if v, ok := d.verdicts.Load(path); ok {
		return v.(*pathVerdict)
	}
	pv := &pathVerdict{allowed: d.global.pathAllowed(path)}
	if !pv.allowed {
		pv.rules = make([]bool, len(d.rules))
		for i, r := range d.rules {
			pv.rules[i] = r.pathApplies(path)
		}
	}
	if d.nVerdict.Load() < maxVerdicts {
		if _, loaded := d.verdicts.LoadOrStore(path, pv); !loaded {
			d.nVerdict.Add(1)
		}
	}
	return pv
}

type rule struct {
	id          string
	re          func() *regexp.Regexp // the main expression, compiled on first use
	path        *regexp.Regexp
	entropy     float64
	secretGroup int
	keywords    []string
	allow       []allowlist
	// windowed rules run only on the lines around a keyword: Go's regexp
	// scans the generic shapes ("[\w.-]{0,50}?keyword…") slowly, and a
	// rule that cannot match across lines ("[\s\S]" is the multi-line
	// idiom of gitleaks' rules) never spans more than two.
	windowed bool
	// may is the rule's prefilter (prefilter.go), or nil: where it says
	// no, the expression cannot match and is not run.
	may func(window, lower string) bool
}

type allowlist struct {
	target    string // "" (the secret), "match" or "line"
	and       bool
	paths     []*regexp.Regexp
	regexes   []*regexp.Regexp
	stopwords []string
}

// fileConfig is gitleaks.toml as decoded.
type fileConfig struct {
	Allowlist fileAllow  `toml:"allowlist"`
	Rules     []fileRule `toml:"rules"`
}

type fileRule struct {
	ID          string      `toml:"id"`
	Regex       string      `toml:"regex"`
	Path        string      `toml:"path"`
	Entropy     float64     `toml:"entropy"`
	SecretGroup int         `toml:"secretGroup"`
	Keywords    []string    `toml:"keywords"`
	Allowlists  []fileAllow `toml:"allowlists"`
}

type fileAllow struct {
	RegexTarget string   `toml:"regexTarget"`
	Condition   string   `toml:"condition"`
	Paths       []string `toml:"paths"`
	Regexes     []string `toml:"regexes"`
	StopWords   []string `toml:"stopwords"`
}

// Default returns the detector of the embedded rule set plus loupe's own
// rules; it is parsed once per process. Its rules' main expressions (about
// 200) are compiled on first use, as a text holds one of their keywords:
// compiling them all cost every pack about 10 ms for the few a pack ever
// runs. TestDefaultCompiles compiles every one. The rule files are not
// decoded either: embeddedConfigs (rules_gen.go) holds them decoded, which
// TestEmbeddedConfigsAreTheTOML keeps true (decoding the TOML cost every
// pack about 6 ms).
var Default = sync.OnceValues(func() (*Detector, error) {
	return build(true, embeddedConfigs)
})

// Parse compiles gitleaks-format rule files; later files add rules and
// global allowlist entries.
func Parse(files ...string) (*Detector, error) {
	fcs, err := decode(files...)
	if err != nil {
		return nil, err
	}
	return build(false, fcs)
}

// decode reads gitleaks-format rule files.
func decode(files ...string) ([]fileConfig, error) {
	var out []fileConfig
	for _, f := range files {
		var fc fileConfig
		if _, err := toml.Decode(f, &fc); err != nil {
			return nil, fmt.Errorf("secrets: rules: %w", err)
		}
		out = append(out, fc)
	}
	return out, nil
}

// build compiles decoded rule files; lazy defers compiling the rules' main
// expressions to their first use (for rule files known to compile).
func build(lazy bool, fcs []fileConfig) (*Detector, error) {
	d := &Detector{}
	for _, fc := range fcs {
		g, err := compileAllow(fc.Allowlist)
		if err != nil {
			return nil, err
		}
		d.global = mergeAllow(d.global, g)
		for _, fr := range fc.Rules {
			r, err := compileRule(fr, lazy)
			if err != nil {
				return nil, err
			}
			if r != nil {
				d.rules = append(d.rules, r)
			}
		}
	}
	d.keywords = newKeywordIndex(d.rules)
	d.keyworded = !slices.ContainsFunc(d.rules, func(r *rule) bool { return len(r.keywords) == 0 })
	return d, nil
}

// compileRule compiles one rule; a path-only rule gives nil. lazy leaves
// the main expression to its first use.
func compileRule(fr fileRule, lazy bool) (*rule, error) {
	if fr.Regex == "" {
		return nil, nil
	}
	re := sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(fr.Regex) })
	if !lazy {
		compiled, err := regexp.Compile(fr.Regex)
		if err != nil {
			return nil, fmt.Errorf("secrets: rule %s: %w", fr.ID, err)
		}
		re = func() *regexp.Regexp { return compiled }
	}
	var err error
	r := &rule{id: fr.ID, re: re, entropy: fr.Entropy, secretGroup: fr.SecretGroup,
		windowed: len(fr.Keywords) > 0 && !strings.Contains(fr.Regex, `\s\S`), may: prefilters[fr.Regex]}
	for _, k := range fr.Keywords {
		r.keywords = append(r.keywords, strings.ToLower(k))
	}
	if fr.Path != "" {
		if r.path, err = regexp.Compile(fr.Path); err != nil {
			return nil, fmt.Errorf("secrets: rule %s path: %w", fr.ID, err)
		}
	}
	for _, fa := range fr.Allowlists {
		a, err := compileAllow(fa)
		if err != nil {
			return nil, fmt.Errorf("secrets: rule %s: %w", fr.ID, err)
		}
		r.allow = append(r.allow, a)
	}
	return r, nil
}

func compileAllow(fa fileAllow) (allowlist, error) {
	a := allowlist{target: fa.RegexTarget, and: strings.EqualFold(fa.Condition, "AND")}
	for _, p := range fa.Paths {
		re, err := regexp.Compile(p)
		if err != nil {
			return a, fmt.Errorf("secrets: allowlist path: %w", err)
		}
		a.paths = append(a.paths, re)
	}
	for _, p := range fa.Regexes {
		re, err := regexp.Compile(p)
		if err != nil {
			return a, fmt.Errorf("secrets: allowlist regex: %w", err)
		}
		a.regexes = append(a.regexes, re)
	}
	for _, w := range fa.StopWords {
		a.stopwords = append(a.stopwords, strings.ToLower(w))
	}
	return a, nil
}

func mergeAllow(a, b allowlist) allowlist {
	a.paths = append(a.paths, b.paths...)
	a.regexes = append(a.regexes, b.regexes...)
	a.stopwords = append(a.stopwords, b.stopwords...)
	return a
}

// Find returns the secrets in text, a file's content (or part of it) at
// path, sorted by position, overlaps merged.
func (d *Detector) Find(path, text string) []Finding {
	if text == "" {
		return nil
	}
	lower := asciiLower(text)
	found := d.keywords.find(lower)
	if len(found) == 0 && d.keyworded {
		return nil
	}
	pv := d.verdict(path)
	if pv.allowed {
		return nil
	}
	var out []Finding
	for i, r := range d.rules {
		if !pv.rules[i] || !r.keywordFound(found) {
			continue
		}
		if !r.windowed {
			out = append(out, r.findIn(d, path, text, lower, 0)...)
			continue
		}
		for _, w := range r.windows(lower, found) {
			out = append(out, r.findIn(d, path, text[w[0]:w[1]], lower[w[0]:w[1]], w[0])...)
		}
	}
	return merge(text, out)
}

// pathApplies reports whether r may match a file at path: its path
// pattern matches and no path allowlist excludes the file.
func (r *rule) pathApplies(path string) bool {
	if r.path != nil && !r.path.MatchString(path) {
		return false
	}
	for _, a := range r.allow {
		if !a.and && a.pathAllowed(path) {
			return false
		}
	}
	return true
}

// keywordFound reports whether a keyword of r occurs (a rule without
// keywords always may match).
func (r *rule) keywordFound(found map[string][]int) bool {
	if len(r.keywords) == 0 {
		return true
	}
	return slices.ContainsFunc(r.keywords, func(k string) bool { return len(found[k]) > 0 })
}

// windows returns the merged spans of text (byte offsets) made of the
// line holding a keyword of r and the line after it.
func (r *rule) windows(lower string, found map[string][]int) [][2]int {
	var ws [][2]int
	for _, k := range r.keywords {
		from := 0
		for _, i := range found[k] {
			if i < from {
				continue
			}
			start := strings.LastIndexByte(lower[:i], '\n') + 1
			end := lineEnd(lower, lineEnd(lower, i)+1)
			ws = append(ws, [2]int{start, end})
			from = end
		}
	}
	sort.Slice(ws, func(i, j int) bool { return ws[i][0] < ws[j][0] })
	var out [][2]int
	for _, w := range ws {
		if n := len(out); n > 0 && w[0] <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], w[1])
			continue
		}
		out = append(out, w)
	}
	return out
}

// lineEnd is the offset of the newline ending the line at i (or len(s)).
func lineEnd(s string, i int) int {
	if i >= len(s) {
		return len(s)
	}
	if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(s)
}

// findIn is find, unless r's prefilter says text (lower: its asciiLower)
// cannot match.
func (r *rule) findIn(d *Detector, path, text, lower string, base int) []Finding {
	if r.may != nil && !r.may(text, lower) {
		return nil
	}
	return r.find(d, path, text, base)
}

// find runs r over text (at offset base of the whole) and keeps the
// findings no allowlist allows.
func (r *rule) find(d *Detector, path, text string, base int) []Finding {
	var out []Finding
	for _, m := range r.re().FindAllStringSubmatchIndex(text, -1) {
		start, end := r.secretSpan(text, m)
		match := strings.Trim(text[m[0]:m[1]], "\n")
		secret := text[start:end]
		if secret == "" || (r.entropy != 0 && entropy(secret) <= r.entropy) || looksLikeName(r.id, secret) {
			continue
		}
		line := lineAt(text, m[0])
		if strings.Contains(line, "gitleaks:allow") || strings.Contains(line, "loupe:allow") {
			continue
		}
		if d.global.allows(path, secret, match, line) || slices.ContainsFunc(r.allow, func(a allowlist) bool {
			return a.allows(path, secret, match, line)
		}) {
			continue
		}
		out = append(out, Finding{Rule: r.id, Start: base + start, End: base + end})
	}
	return out
}

// secretSpan is the byte range of the secret in a match: secretGroup, or
// the first non-empty group, or the whole match.
func (r *rule) secretSpan(text string, m []int) (int, int) {
	if r.secretGroup > 0 && 2*r.secretGroup+1 < len(m) && m[2*r.secretGroup] >= 0 {
		return m[2*r.secretGroup], m[2*r.secretGroup+1]
	}
	for g := 1; 2*g+1 < len(m); g++ {
		if m[2*g] >= 0 && m[2*g+1] > m[2*g] {
			return m[2*g], m[2*g+1]
		}
	}
	s := strings.Trim(text[m[0]:m[1]], "\n")
	start := m[0] + strings.Index(text[m[0]:m[1]], s)
	return start, start + len(s)
}

func (a allowlist) pathAllowed(path string) bool {
	return path != "" && slices.ContainsFunc(a.paths, func(re *regexp.Regexp) bool { return re.MatchString(path) })
}

// allows reports whether the allowlist lets a finding through.
func (a allowlist) allows(path, secret, match, line string) bool {
	target := secret
	switch a.target {
	case "match":
		target = match
	case "line":
		target = line
	}
	regex := !(a.target == "" && randomToken(secret)) &&
		slices.ContainsFunc(a.regexes, func(re *regexp.Regexp) bool { return re.MatchString(target) })
	lower := strings.ToLower(secret)
	stop := !randomToken(secret) && slices.ContainsFunc(a.stopwords, func(w string) bool { return strings.Contains(lower, w) })
	if !a.and {
		return regex || stop
	}
	var checks []bool
	if len(a.paths) > 0 {
		checks = append(checks, a.pathAllowed(path))
	}
	if len(a.regexes) > 0 {
		checks = append(checks, regex)
	}
	if len(a.stopwords) > 0 {
		checks = append(checks, stop)
	}
	return len(checks) > 0 && !slices.Contains(checks, false)
}

// merge sorts findings, drops those inside another and numbers lines.
func merge(text string, fs []Finding) []Finding {
	sort.Slice(fs, func(i, j int) bool {
		if fs[i].Start != fs[j].Start {
			return fs[i].Start < fs[j].Start
		}
		return fs[i].End > fs[j].End
	})
	var out []Finding
	for _, f := range fs {
		if n := len(out); n > 0 && f.Start < out[n-1].End {
			out[n-1].End = max(out[n-1].End, f.End)
			if isGeneric(out[n-1].Rule) && !isGeneric(f.Rule) {
				out[n-1].Rule = f.Rule // name the specific kind
			}
			continue
		}
		out = append(out, f)
	}
	line, pos := 1, 0
	for i := range out {
		line += strings.Count(text[pos:out[i].Start], "\n")
		pos = out[i].Start
		out[i].Line = line
	}
	return out
}

// randomToken: a long value as random as a generated key. Neither
// stopwords (short words such as "rest" or "act.") nor allowlist patterns
// on the secret itself (the generic rule lets letters-only values through)
// let it go: a random 32-character token contains one of gitleaks'
// stopwords about 3 times in 100, and has no digit about once in 100, and
// gitleaks then drops it.
func randomToken(s string) bool { return len(s) >= 24 && entropy(s) >= 4.3 }

func isGeneric(rule string) bool { return strings.HasPrefix(rule, "generic") }

// Redact returns text with every secret replaced by
// "[REDACTED:<rule>]", and the findings. A secret spanning lines (a PEM
// key) leaves its newlines after the marker, so that line numbers of the
// rest of the text do not move.
func (d *Detector) Redact(path, text string) (string, []Finding) {
	fs := d.Find(path, text)
	if len(fs) == 0 {
		return text, nil
	}
	var b strings.Builder
	pos := 0
	for _, f := range fs {
		b.WriteString(text[pos:f.Start])
		b.WriteString(Marker(f.Rule))
		b.WriteString(strings.Repeat("\n", strings.Count(text[f.Start:f.End], "\n")))
		pos = f.End
	}
	b.WriteString(text[pos:])
	return b.String(), fs
}

// Marker is what replaces a secret found by rule.
func Marker(rule string) string { return "[REDACTED:" + rule + "]" }

// lineAt returns the line of text holding byte i.
func lineAt(text string, i int) string {
	start := strings.LastIndexByte(text[:i], '\n') + 1
	end := strings.IndexByte(text[i:], '\n')
	if end < 0 {
		return text[start:]
	}
	return text[start : i+end]
}

// entropy is the Shannon entropy of s in bits per byte, as gitleaks
// computes it.
func entropy(s string) float64 {
	var counts [256]int
	for i := 0; i < len(s); i++ {
		counts[s[i]]++
	}
	var h float64
	n := float64(len(s))
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / n
			h -= p * math.Log2(p)
		}
	}
	return h
}

// asciiLower lowers ASCII letters only, so that offsets in the result are
// offsets in s (strings.ToLower may change the length of non-ASCII text).
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// Fingerprint identifies the embedded rule set: a verdict recorded by an
// index ("this file held no secret") is only trusted by a detector whose
// rules have the same fingerprint. It is never zero.
var Fingerprint = sync.OnceValue(func() uint64 {
	sum := sha256.Sum256([]byte(gitleaksTOML + "\x00" + extraTOML))
	return binary.LittleEndian.Uint64(sum[:8]) | 1
})
