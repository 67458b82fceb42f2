package chunk

import (
	"crypto/sha256"
	"encoding/hex"
	"path"
	"strconv"
	"strings"
)

// File chunks one file. It never panics and, for source files, every line
// belongs to some block. Languages without a dedicated chunker fall back to
// windows of about WindowLines lines cut at blank lines.
func File(p string, src []byte) []Block {
	return Windows(p, Language(p), src)
}

// Language names the language of a path from its extension.
func Language(p string) string {
	switch strings.ToLower(path.Ext(p)) {
	case ".go":
		return "go"
	case ".py", ".pyi":
		return "python"
	case ".js", ".mjs", ".cjs", ".jsx":
		return "javascript"
	case ".ts", ".mts", ".cts":
		return "typescript"
	case ".tsx":
		return "tsx"
	case ".rs":
		return "rust"
	case ".java":
		return "java"
	case ".c", ".h":
		return "c"
	case ".cc", ".cpp", ".cxx", ".hpp", ".hh":
		return "cpp"
	case ".md", ".markdown":
		return "markdown"
	case ".rst":
		return "rst"
	case ".txt":
		return "text"
	}
	return "text"
}

// WindowLines is the target size of a window block.
const WindowLines = 60

// Windows splits src into blocks of about WindowLines lines, preferring to
// cut at a blank line in the last third of a window.
func Windows(p, lang string, src []byte) []Block {
	lines := SplitLines(string(src))
	var out []Block
	for start := 0; start < len(lines); {
		end := windowEnd(lines, start)
		out = append(out, Block{
			ID:        p + ":" + strconv.Itoa(start+1),
			Path:      p,
			Lang:      lang,
			Kind:      KindWindow,
			StartLine: start + 1,
			EndLine:   end,
			Hash:      HashLines(lines[start:end]),
		})
		start = end
	}
	return out
}

// windowEnd returns the exclusive end index of the window starting at start.
func windowEnd(lines []string, start int) int {
	end := start + WindowLines
	if end >= len(lines) {
		return len(lines)
	}
	for i := end; i > start+WindowLines*2/3; i-- {
		if strings.TrimSpace(lines[i-1]) == "" {
			return i
		}
	}
	return end
}

// SplitLines splits text into lines without their terminators. A final
// newline does not start an empty extra line.
func SplitLines(s string) []string {
	if s == "" {
		return nil
	}
	s = strings.TrimSuffix(s, "\n")
	return strings.Split(s, "\n")
}

// HashLines hashes lines joined by newlines (hex, 16 bytes of SHA-256).
func HashLines(lines []string) string {
	h := sha256.New()
	for _, l := range lines {
		h.Write([]byte(l))
		h.Write([]byte{'\n'})
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}
