package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/loupe-dev/loupe/engine/source/notes"
)

// noteFieldNames are the flags of `loupe note add`, named as the fields
// notes.ParseEntry takes.
var noteFieldNames = []string{
	"category", "importance", "domain", "strategy", "goal", "hypothesis", "action",
	"prediction", "status", "result", "surprise", "lesson", "confidence",
}

func newNoteCmd(g *globalFlags) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "note",
		Short: "Add to and list the project's memory (.loupe/notes.toml)",
		Long: "The project's memory is a TOML file committed with the repository: facts,\n" +
			"preferences, decisions and errors (memories), experiences (goal, hypothesis, action,\n" +
			"prediction, outcome, lesson) and principles. loupe retrieves them as the notes source.",
	}
	cmd.AddCommand(newNoteAddCmd(g), newNoteListCmd(g))
	return cmd
}

func newNoteAddCmd(g *globalFlags) *cobra.Command {
	var kind string
	fields := map[string]*string{}
	cmd := &cobra.Command{
		Use:   "add [TEXT...]",
		Short: "Add a memory, experience or principle",
		Long: "Add a note. The words are a memory's or a principle's text, and an experience's goal\n" +
			"(or give --goal); an experience's other parts come from the flags.",
		Example: `  loupe note add --kind decision --importance 4 "payments retry at most 5 times"
  loupe note add --kind experience --domain payments --strategy backoff \
      --hypothesis "jitter avoids bursts" --status falsified --lesson "the gateway rate-limits per card" \
      "retry declined cards without bursts"`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			in := map[string]string{}
			for k, v := range fields {
				in[k] = *v
			}
			if err := placeNoteText(kind, strings.Join(args, " "), in); err != nil {
				return usageError{err}
			}
			return addNote(cmd, g, kind, in)
		},
	}
	cmd.Flags().StringVar(&kind, "kind", "fact", "fact, preference, decision, error, experience or principle")
	for _, name := range noteFieldNames {
		fields[name] = cmd.Flags().String(name, "", name+" of the note")
	}
	return cmd
}

// placeNoteText puts the positional words where the kind keeps its text:
// an experience has no text of its own, so its words are its goal.
func placeNoteText(kind, text string, fields map[string]string) error {
	text = strings.TrimSpace(text)
	if strings.EqualFold(strings.TrimSpace(kind), "experience") {
		switch {
		case text != "" && fields["goal"] != "":
			return fmt.Errorf("an experience's words are its goal: give the words or --goal, not both")
		case text != "":
			fields["goal"] = text
		}
		return nil
	}
	if text == "" {
		return fmt.Errorf("a %s needs its text: loupe note add --kind %s \"…\"", kind, kind)
	}
	fields["text"] = text
	return nil
}

func addNote(cmd *cobra.Command, g *globalFlags, kind string, fields map[string]string) error {
	root, err := resolveRoot(g.root)
	if err != nil {
		return err
	}
	e, err := notes.ParseEntry(kind, fields)
	if err != nil {
		return usageError{err}
	}
	id, err := appendNote(root, e)
	if err != nil {
		return err
	}
	fmt.Fprintf(cmd.OutOrStdout(), "added %s %s to %s\n", e.Type(), id, notes.DefaultPath(root))
	return nil
}

// appendNote loads the notes file of root, adds e and saves atomically.
func appendNote(root string, e notes.Entry) (string, error) {
	path := notes.DefaultPath(root)
	f, err := notes.Load(path)
	if err != nil {
		return "", err
	}
	if err := f.Add(e); err != nil {
		return "", err
	}
	if err := f.Save(path); err != nil {
		return "", err
	}
	all := f.Entries()
	return all[len(all)-1].ID(), nil
}

func newNoteListCmd(g *globalFlags) *cobra.Command {
	var flt notes.Filter
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List notes, optionally filtered",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			f, err := loadNotes(g)
			if err != nil {
				return err
			}
			list := f.List(flt)
			if len(list) == 0 {
				fmt.Fprintln(cmd.OutOrStdout(), "no notes yet: add one with loupe note add \"…\"")
			}
			for _, e := range list {
				fmt.Fprintln(cmd.OutOrStdout(), e.String())
			}
			return nil
		},
	}
	fs := cmd.Flags()
	fs.StringVar(&flt.Type, "type", "", "memory, experience or principle")
	fs.StringVar(&flt.Kind, "kind", "", "memory kind: fact, preference, decision, error")
	fs.StringVar(&flt.Category, "category", "", "memory category")
	fs.StringVar(&flt.Domain, "domain", "", "experience or principle domain")
	fs.StringVar(&flt.Status, "status", "", "experience status")
	fs.IntVar(&flt.MinImportance, "min-importance", 0, "leave out memories below this importance")
	fs.StringVar(&flt.Contains, "contains", "", "text to look for")
	return cmd
}

func newPremortemCmd(g *globalFlags) *cobra.Command {
	var strategy string
	cmd := &cobra.Command{
		Use:   "premortem DOMAIN",
		Short: "Assemble what went wrong before in a domain: failures, strategies, surprises, lessons",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := loadNotes(g)
			if err != nil {
				return err
			}
			_, err = fmt.Fprint(cmd.OutOrStdout(), notes.Premortem(f, args[0], strategy))
			return err
		},
	}
	cmd.Flags().StringVar(&strategy, "strategy", "", "focus on one strategy")
	return cmd
}

// loadNotes reads the notes file of the repository the flags point at.
func loadNotes(g *globalFlags) (*notes.File, error) {
	root, err := resolveRoot(g.root)
	if err != nil {
		return nil, err
	}
	return notes.Load(notes.DefaultPath(root))
}
