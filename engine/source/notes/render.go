package notes

import (
	"fmt"
	"strconv"
	"strings"
)

// String is a one-line summary of the entry, as `loupe note list` prints it.
func (e Entry) String() string {
	switch {
	case e.Memory != nil:
		m := e.Memory
		return fmt.Sprintf("%s  %s%s ★%d  %s", m.ID, m.Kind, bracket(m.Category), m.Importance, oneLine(m.Text))
	case e.Experience != nil:
		x := e.Experience
		return fmt.Sprintf("%s  experience [%s%s] %s (%.2f)  %s", x.ID, x.Domain, slash(x.Strategy), x.Status, x.Confidence, oneLine(x.Goal))
	case e.Principle != nil:
		p := e.Principle
		return fmt.Sprintf("%s  principle%s  %s", p.ID, bracket(p.Domain), oneLine(p.Text))
	}
	return ""
}

// Text is the entry as packed for a model: a header line and its fields.
func (e Entry) Text() string {
	var b strings.Builder
	switch {
	case e.Memory != nil:
		m := e.Memory
		fmt.Fprintf(&b, "%s%s (importance %d, %s)\n%s\n", m.Kind, bracket(m.Category), m.Importance, m.Created.Format("2006-01-02"), strings.TrimSpace(m.Text))
	case e.Experience != nil:
		writeExperience(&b, e.Experience)
	case e.Principle != nil:
		p := e.Principle
		fmt.Fprintf(&b, "principle%s\n%s\n", bracket(p.Domain), strings.TrimSpace(p.Text))
	}
	return b.String()
}

func writeExperience(b *strings.Builder, x *Experience) {
	fmt.Fprintf(b, "experience [%s%s] %s, confidence %s (%s)\n", x.Domain, slash(x.Strategy), x.Status,
		strconv.FormatFloat(x.Confidence, 'f', -1, 64), x.Created.Format("2006-01-02"))
	for _, f := range [][2]string{
		{"goal", x.Goal}, {"hypothesis", x.Hypothesis}, {"action", x.Action}, {"prediction", x.Prediction},
		{"result", x.Result}, {"surprise", x.Surprise}, {"lesson", x.Lesson},
	} {
		if v := strings.TrimSpace(f[1]); v != "" {
			fmt.Fprintf(b, "%s: %s\n", f[0], v)
		}
	}
}

func bracket(s string) string {
	if s == "" {
		return ""
	}
	return " [" + s + "]"
}

func slash(s string) string {
	if s == "" {
		return ""
	}
	return " / " + s
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
