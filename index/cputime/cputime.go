// Package cputime reads the CPU time this process has used, for the
// benchmarks' cpu-ms/op: on a shared, loaded machine wall time per op
// says more about the neighbours than about the code. One copy serves
// every package's benchmarks; where the platform has no getrusage the
// figures read 0.
package cputime

import (
	"testing"
	"time"
)

// Report reports the CPU time used since start per op of b as
// "cpu-ms/op" (nothing when b ran no op).
func Report(b *testing.B, start time.Duration) {
	if b.N > 0 {
		b.ReportMetric(float64(Self()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
	}
}
