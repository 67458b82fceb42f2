package main

import (
	"fmt"
	"strings"
	"testing"
)

// TestPackSearchesThePackageAQualifierNames: through the binary, a query
// that names url.Parse gets the function of package url that matches the
// rest of the question ("accepts invalid port": validOptionalPort), where
// sixty files elsewhere say "port" more often and fill the global search,
// and seventy other functions of url.go come first in the search of path
// words (engine/retrieve.go, searchPackages).
func TestPackSearchesThePackageAQualifierNames(t *testing.T) {
	var url strings.Builder
	url.WriteString(`package url

// Parse parses a raw url into a URL structure.
func Parse(rawURL string) (*URL, error) {
	u, err := parse(rawURL)
	if err != nil {
		return nil, err
	}
	return u, nil
}

type URL struct{ Scheme, Host, Path string }

func parse(rawURL string) (*URL, error) {
	host, _ := splitHost(rawURL)
	return &URL{Host: host}, nil
}

func splitHost(rawURL string) (string, string) {
	if i := len(rawURL) - 1; i > 0 && !validOptionalPort(rawURL[i:]) {
		return rawURL, ""
	}
	return rawURL, ""
}

// validOptionalPort reports whether port is either an empty string or
// matches /^:\d*$/.
func validOptionalPort(port string) bool {
	if port == "" {
		return true
	}
	if port[0] != ':' {
		return false
	}
	for _, b := range port[1:] {
		if b < '0' || b > '9' {
			return false
		}
	}
	return true
}
`)
	for i := range 70 {
		fmt.Fprintf(&url, "\n// helper%02d parses the url rawURL and returns its part %d.\nfunc helper%02d(rawURL string) string {\n\tu, _ := parse(rawURL)\n\treturn u.Path + %q\n}\n", i, i, i, fmt.Sprint(i))
	}
	files := map[string]string{"go.mod": "module example.com/u\n\ngo 1.22\n", "url/url.go": url.String()}
	for i := range 60 {
		var f strings.Builder
		f.WriteString("package netx\n")
		for j := range 4 {
			fmt.Fprintf(&f, "\n// checkPort%d_%d accepts an invalid port: the port is a port number,\n// an invalid port is refused, a port that parses is accepted.\nfunc checkPort%d_%d(port int) bool { return port > %d }\n", i, j, i, j, j)
		}
		files[fmt.Sprintf("netx/port%02d.go", i)] = f.String()
	}
	p := packCodeOf(t, files, "url.Parse accepts invalid port", "4000")
	if len(p.Blocks) == 0 || p.Blocks[0].Name != "Parse" {
		t.Fatalf("blocks %v: want Parse first", blockNames(p))
	}
	for _, b := range p.Blocks {
		if b.Name == "validOptionalPort" {
			if b.Level == "reference" || !strings.Contains(strings.Join(b.Reasons, "; "), "in the package") {
				t.Errorf("validOptionalPort at %s, reasons %q", b.Level, b.Reasons)
			}
			return
		}
	}
	t.Errorf("no validOptionalPort among %v", blockNames(p))
}
