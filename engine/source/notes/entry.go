package notes

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// Sentinel errors.
var (
	// ErrInvalid: an entry fails validation (a bad kind, importance, status…).
	ErrInvalid = errors.New("invalid note")
	// ErrCorrupt: the notes file cannot be parsed; it is left untouched.
	ErrCorrupt = errors.New("corrupt notes file")
)

// Memory kinds.
const (
	KindFact       = "fact"
	KindPreference = "preference"
	KindDecision   = "decision"
	KindError      = "error"
)

// Outcome statuses of an experience.
const (
	StatusConfirmed = "confirmed"
	StatusFalsified = "falsified"
	StatusPartial   = "partial"
	StatusOpen      = "open"
)

// Memory is something to remember: a fact, a preference, a decision or an
// error, with a category and an importance from 1 (trivia) to 5 (a rule).
type Memory struct {
	ID         string    `toml:"id"`
	Kind       string    `toml:"kind"`
	Category   string    `toml:"category,omitempty"`
	Importance int       `toml:"importance"`
	Text       string    `toml:"text"`
	Created    time.Time `toml:"created"`
}

// Experience is one attempt: the goal, the hypothesis, the action, what was
// predicted and what happened (Status, Result), what surprised, the lesson,
// and how confident the lesson is (0 to 1).
type Experience struct {
	ID         string    `toml:"id"`
	Domain     string    `toml:"domain"`
	Strategy   string    `toml:"strategy,omitempty"`
	Goal       string    `toml:"goal"`
	Hypothesis string    `toml:"hypothesis,omitempty"`
	Action     string    `toml:"action,omitempty"`
	Prediction string    `toml:"prediction,omitempty"`
	Status     string    `toml:"status"`
	Result     string    `toml:"result,omitempty"`
	Surprise   string    `toml:"surprise,omitempty"`
	Lesson     string    `toml:"lesson,omitempty"`
	Confidence float64   `toml:"confidence"`
	Created    time.Time `toml:"created"`
}

// Principle is a rule of thumb, optionally limited to a domain.
type Principle struct {
	ID      string    `toml:"id"`
	Text    string    `toml:"text"`
	Domain  string    `toml:"domain,omitempty"`
	Created time.Time `toml:"created"`
}

// Entry is one note: exactly one of its fields is set.
type Entry struct {
	Memory     *Memory
	Experience *Experience
	Principle  *Principle
}

// Type names an entry's table: "memory", "experience" or "principle".
func (e Entry) Type() string {
	switch {
	case e.Memory != nil:
		return "memory"
	case e.Experience != nil:
		return "experience"
	case e.Principle != nil:
		return "principle"
	}
	return ""
}

// ID returns the entry's id.
func (e Entry) ID() string {
	switch {
	case e.Memory != nil:
		return e.Memory.ID
	case e.Experience != nil:
		return e.Experience.ID
	case e.Principle != nil:
		return e.Principle.ID
	}
	return ""
}

// Validate checks one entry.
func (e Entry) Validate() error {
	n := 0
	for _, set := range []bool{e.Memory != nil, e.Experience != nil, e.Principle != nil} {
		if set {
			n++
		}
	}
	if n != 1 {
		return fmt.Errorf("notes: an entry holds exactly one memory, experience or principle, got %d: %w", n, ErrInvalid)
	}
	switch {
	case e.Memory != nil:
		return e.Memory.validate()
	case e.Experience != nil:
		return e.Experience.validate()
	default:
		return e.Principle.validate()
	}
}

func (m *Memory) validate() error {
	switch {
	case !oneOf(m.Kind, KindFact, KindPreference, KindDecision, KindError):
		return invalid("memory kind %q is not fact, preference, decision or error", m.Kind)
	case m.Importance < 1 || m.Importance > 5:
		return invalid("importance %d is not between 1 and 5", m.Importance)
	case strings.TrimSpace(m.Text) == "":
		return invalid("a memory needs text")
	}
	return nil
}

func (x *Experience) validate() error {
	switch {
	case strings.TrimSpace(x.Domain) == "":
		return invalid("an experience needs a domain")
	case strings.TrimSpace(x.Goal) == "":
		return invalid("an experience needs a goal")
	case !oneOf(x.Status, StatusConfirmed, StatusFalsified, StatusPartial, StatusOpen):
		return invalid("status %q is not confirmed, falsified, partial or open", x.Status)
	case x.Confidence < 0 || x.Confidence > 1 || x.Confidence != x.Confidence:
		return invalid("confidence %v is not between 0 and 1", x.Confidence)
	}
	return nil
}

func (p *Principle) validate() error {
	if strings.TrimSpace(p.Text) == "" {
		return invalid("a principle needs text")
	}
	return nil
}

func invalid(format string, args ...any) error {
	return fmt.Errorf("notes: "+format+": %w", append(args, ErrInvalid)...)
}

func oneOf(s string, options ...string) bool {
	for _, o := range options {
		if s == o {
			return true
		}
	}
	return false
}
