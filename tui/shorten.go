package tui

import (
	"strings"
)

// shortName fits a qualified name in w cells keeping what tells it from
// its neighbours, which is its end: "packer.budgetFor" becomes
// "…budgetFor", never "packer.b…" (two rows then read the same).
func shortName(name string, w int) string {
	if cellWidth(name) <= w || w < 2 {
		return name
	}
	if i := strings.LastIndexByte(name, '.'); i >= 0 && cellWidth(name[i+1:])+1 <= w {
		tail := name[i+1:]
		// As much of the qualifier as fits, cut at its start.
		keep := w - cellWidth(tail) - 2
		if q := name[:i]; keep > 0 && keep < len(q) {
			return "…" + q[len(q)-keep:] + "." + tail
		}
		return "…" + tail
	}
	r := []rune(name)
	return "…" + string(r[len(r)-w+1:])
}

// shortPath fits "dir/sub/file.go:12-40" in w cells, giving up the least
// telling parts first: directories shrink to their first letter
// ("e/s/file.go:12-40"), then go ("…/file.go:12-40"), then the end line
// ("…/file.go:12"); the file name and the first line stay longest.
func shortPath(loc string, w int) string {
	if cellWidth(loc) <= w {
		return loc
	}
	path, lines, _ := strings.Cut(loc, ":")
	suffix := ""
	if lines != "" {
		suffix = ":" + lines
	}
	dir, file := "", path
	if i := strings.LastIndexByte(path, '/'); i >= 0 {
		dir, file = path[:i], path[i+1:]
	}
	var tries []string
	if dir != "" {
		tries = append(tries, abbreviateDirs(dir)+"/"+file+suffix, "…/"+file+suffix)
	}
	tries = append(tries, file+suffix)
	if start, _, ok := strings.Cut(lines, "-"); ok {
		tries = append(tries, file+":"+start)
	}
	for _, t := range tries {
		if cellWidth(t) <= w {
			return t
		}
	}
	return tries[len(tries)-1] // fitLeft cuts it from the left
}

// abbreviateDirs keeps the first letter of each directory, and a leading
// dot: "engine/source/.hidden" → "e/s/.h".
func abbreviateDirs(dir string) string {
	parts := strings.Split(dir, "/")
	for i, p := range parts {
		r := []rune(p)
		n := 1
		if len(r) > 1 && r[0] == '.' {
			n = 2
		}
		if len(r) > n {
			parts[i] = string(r[:n])
		}
	}
	return strings.Join(parts, "/")
}
