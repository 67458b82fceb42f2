//go:build unix

package cputime

import "testing"

// TestSelf: a running process has used CPU, and its children's time only
// adds to it.
func TestSelf(t *testing.T) {
	self := Self()
	if self <= 0 {
		t.Fatalf("Self() = %v; a running test has used CPU", self)
	}
	if all := WithChildren(); all < self {
		t.Fatalf("WithChildren() = %v < Self() = %v", all, self)
	}
}
