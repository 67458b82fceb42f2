package notes

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Defaults for fields a command line leaves out.
const (
	DefaultImportance = 3
	DefaultConfidence = 0.5
)

// Fields each entry type accepts in ParseEntry.
var (
	memoryFields     = []string{"text", "category", "importance", "kind", "created"}
	experienceFields = []string{"domain", "strategy", "goal", "hypothesis", "action", "prediction", "status", "result", "surprise", "lesson", "confidence", "created"}
	principleFields  = []string{"text", "domain", "created"}
)

// ParseEntry builds an entry from command-line style input, as `loupe note
// add --kind decision --importance 4 "text"` gives it: kind is a memory kind
// (fact, preference, decision, error), "memory" (then fields["kind"] says
// which), "experience" or "principle"; fields hold the flags by name
// (text, category, importance, domain, strategy, goal, hypothesis, action,
// prediction, status, result, surprise, lesson, confidence, created). Empty
// values are ignored; an unknown field is an error. The entry is validated;
// Add fills its id and creation time.
func ParseEntry(kind string, fields map[string]string) (Entry, error) {
	kind = strings.ToLower(strings.TrimSpace(kind))
	switch kind {
	case KindFact, KindPreference, KindDecision, KindError, "memory":
		return parseMemory(kind, fields)
	case "experience":
		return parseExperience(fields)
	case "principle":
		return parsePrinciple(fields)
	}
	return Entry{}, invalid("kind %q is not fact, preference, decision, error, experience or principle", kind)
}

func parseMemory(kind string, fields map[string]string) (Entry, error) {
	if err := known(fields, memoryFields); err != nil {
		return Entry{}, err
	}
	m := &Memory{Kind: kind, Category: get(fields, "category"), Text: get(fields, "text"), Importance: DefaultImportance}
	if kind == "memory" {
		m.Kind = strings.ToLower(get(fields, "kind"))
	} else if k := get(fields, "kind"); k != "" && k != kind {
		return Entry{}, invalid("kind %q contradicts %q", k, kind)
	}
	if v := get(fields, "importance"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return Entry{}, invalid("importance %q is not a number", v)
		}
		m.Importance = n
	}
	var err error
	if m.Created, err = parseTime(get(fields, "created")); err != nil {
		return Entry{}, err
	}
	e := Entry{Memory: m}
	return e, e.Validate()
}

func parseExperience(fields map[string]string) (Entry, error) {
	if err := known(fields, experienceFields); err != nil {
		return Entry{}, err
	}
	x := &Experience{
		Domain: get(fields, "domain"), Strategy: get(fields, "strategy"), Goal: get(fields, "goal"),
		Hypothesis: get(fields, "hypothesis"), Action: get(fields, "action"), Prediction: get(fields, "prediction"),
		Status: strings.ToLower(get(fields, "status")), Result: get(fields, "result"),
		Surprise: get(fields, "surprise"), Lesson: get(fields, "lesson"), Confidence: DefaultConfidence,
	}
	if x.Status == "" {
		x.Status = StatusOpen
	}
	if v := get(fields, "confidence"); v != "" {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return Entry{}, invalid("confidence %q is not a number", v)
		}
		x.Confidence = f
	}
	var err error
	if x.Created, err = parseTime(get(fields, "created")); err != nil {
		return Entry{}, err
	}
	e := Entry{Experience: x}
	return e, e.Validate()
}

func parsePrinciple(fields map[string]string) (Entry, error) {
	if err := known(fields, principleFields); err != nil {
		return Entry{}, err
	}
	p := &Principle{Text: get(fields, "text"), Domain: get(fields, "domain")}
	var err error
	if p.Created, err = parseTime(get(fields, "created")); err != nil {
		return Entry{}, err
	}
	e := Entry{Principle: p}
	return e, e.Validate()
}

func known(fields map[string]string, allowed []string) error {
	var unknown []string
	for k, v := range fields {
		if v != "" && !oneOf(k, allowed...) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return invalid("unknown field %s (allowed: %s)", strings.Join(unknown, ", "), strings.Join(allowed, ", "))
	}
	return nil
}

func get(fields map[string]string, k string) string { return strings.TrimSpace(fields[k]) }

// parseTime accepts RFC 3339 or a date; empty is the zero time (Add sets now).
func parseTime(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	for _, layout := range []string{time.RFC3339, "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("notes: created %q is not RFC 3339 or YYYY-MM-DD: %w", s, ErrInvalid)
}
