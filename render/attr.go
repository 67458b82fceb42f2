package render

import (
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/index"
)

// title is a block's kind and name ("function Retry", "commit a1b2c3d").
func title(it packing.Item) string {
	name := it.Block.QualName
	if name == "" {
		name = it.Block.Name
	}
	kind := string(it.Block.Kind)
	switch {
	case kind == "" && name == "":
		return it.ID
	case kind == "":
		return name
	case name == "":
		return kind
	}
	return kind + " " + name
}

func score(f float64) string { return strconv.FormatFloat(f, 'f', 2, 64) }

// flags are the short markers after a block's title: its level when not
// full, pinned, stale, deleted.
func flags(it packing.Item) []string {
	var out []string
	if it.Level != engine.LevelFull {
		out = append(out, it.Level.String())
	}
	if it.Pinned {
		out = append(out, "pinned")
	}
	if it.Deleted {
		out = append(out, "deleted: stored text")
	} else if it.Stale {
		out = append(out, "stale: changed since indexing")
	}
	return out
}

// metaLine is "author: Ann · date: 2026-11-20 · sha: a1b2c3d" (sorted keys).
func metaLine(m map[string]string) string {
	keys := metaKeys(m)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, k+": "+oneLine(m[k]))
	}
	return strings.Join(parts, " · ")
}

func metaKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k, v := range m {
		if v != "" {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// oneLine folds newlines so an attribution stays on its line.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// language is the fence tag for a block: from the extension, else the
// block's language; diffs for hunks.
func language(it packing.Item) string {
	if it.Block.Kind == index.KindHunk || it.Block.Lang == "diff" { // a function united with its change is a diff
		return "diff"
	}
	if l, ok := extLanguage(strings.ToLower(path.Ext(it.Block.Path))); ok {
		return l
	}
	switch it.Block.Lang {
	case "", "text", "data":
		return ""
	}
	return it.Block.Lang
}

// extLanguage maps a file extension to a fence tag.
func extLanguage(ext string) (string, bool) {
	switch ext {
	case ".go":
		return "go", true
	case ".py":
		return "python", true
	case ".js", ".mjs", ".cjs":
		return "javascript", true
	case ".jsx":
		return "jsx", true
	case ".ts":
		return "typescript", true
	case ".tsx":
		return "tsx", true
	case ".rs":
		return "rust", true
	case ".java":
		return "java", true
	case ".c", ".h":
		return "c", true
	case ".cc", ".cpp", ".hpp", ".cxx":
		return "cpp", true
	case ".cs":
		return "csharp", true
	case ".rb":
		return "ruby", true
	case ".php":
		return "php", true
	case ".kt":
		return "kotlin", true
	case ".swift":
		return "swift", true
	case ".sh", ".bash":
		return "bash", true
	case ".md", ".markdown":
		return "markdown", true
	case ".json":
		return "json", true
	case ".yaml", ".yml":
		return "yaml", true
	case ".toml":
		return "toml", true
	case ".html":
		return "html", true
	case ".css":
		return "css", true
	case ".sql":
		return "sql", true
	case ".diff", ".patch":
		return "diff", true
	case ".txt":
		return "", true
	}
	return "", false
}
