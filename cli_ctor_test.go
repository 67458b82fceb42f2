package main

import (
	"fmt"
	"strings"
	"testing"
)

// TestPackShowsTheTypeNotItsConstructor: through the binary, a question
// that names a Java class in words ("JSON array") packs the class first,
// not its constructor, which shares the class's name and used to take
// its place (engine/score.go, constructorSymbol).
func TestPackShowsTheTypeNotItsConstructor(t *testing.T) {
	var methods strings.Builder
	for _, op := range []string{"add", "remove", "set", "get", "contains", "size"} {
		fmt.Fprintf(&methods, `
  /** %[1]s an element of the array. */
  public Object %[1]s(int index, Object element) {
    elements.%[1]s(index, element);
    return element;
  }
`, op)
	}
	files := map[string]string{
		"src/gson/JsonArray.java": `package gson;

import java.util.ArrayList;
import java.util.List;

/** A JSON array: an ordered list of elements. */
public final class JsonArray {
  private final List<Object> elements;

  /** Creates an empty JSON array. */
  public JsonArray() {
    elements = new ArrayList<>();
  }
` + methods.String() + "}\n",
	}
	p := packCodeOf(t, files, "JSON array operations", "4000")
	if len(p.Blocks) == 0 || p.Blocks[0].Name != "JsonArray" || p.Blocks[0].StartLine != 6 {
		t.Fatalf("blocks %v (first at line %d): want the class JsonArray first", blockNames(p), firstLine(p))
	}
}

func firstLine(p packJSON) int {
	if len(p.Blocks) == 0 {
		return 0
	}
	return p.Blocks[0].StartLine
}
