package index

import "bytes"

// lineStride: a lineIndex keeps where every lineStride-th line starts and
// finds the lines between by their newlines. Keeping every line's offset
// took 8 bytes a line, a third of a Go file's own bytes: 9.6 of the 55 MB
// a resident process held after 40 questions on the Go tree, every page
// of it faulted in fresh. A block is found again by scanning at most
// lineStride-1 newlines from a mark at each end.
const lineStride = 32

// lineIndex finds lines of data by number (1-based). Line n runs from
// start(n) to start(n+1); a newline ending the data starts no line, and
// empty data is one empty line.
type lineIndex struct {
	marks []int // marks[k]: where line k*lineStride+1 starts
	lines int
}

func indexLines(data []byte) lineIndex {
	n := bytes.Count(data, []byte{'\n'})
	if len(data) == 0 || data[len(data)-1] != '\n' {
		n++
	}
	marks := make([]int, 1, (n-1)/lineStride+1)
	for line, i := 1, 0; ; line++ {
		j := bytes.IndexByte(data[i:], '\n')
		if j < 0 {
			break
		}
		if i += j + 1; i < len(data) && line%lineStride == 0 {
			marks = append(marks, i)
		}
	}
	return lineIndex{marks: marks, lines: n}
}

// start is where line n starts, len(data) past the last line.
func (x lineIndex) start(data []byte, n int) int {
	if n > x.lines {
		return len(data)
	}
	i := x.marks[(n-1)/lineStride]
	for range (n - 1) % lineStride {
		i += bytes.IndexByte(data[i:], '\n') + 1
	}
	return i
}

// block returns lines start..end (1-based, inclusive) of data, clamped.
func (x lineIndex) block(data []byte, start, end int) []byte {
	start = max(start, 1)
	end = min(end, x.lines)
	if start > end {
		return nil
	}
	return data[x.start(data, start):x.start(data, end+1)]
}
