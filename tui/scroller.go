package tui

// scroller is the preview's scroll state over lines that the render command
// already cut to the pane's width. It replaces bubbles' viewport, whose
// View measured and restyled every visible line on every frame (a fifth of
// a 120×40 frame); here a frame is a slice of ready lines.
type scroller struct {
	lines      []string
	linesWidth int // the width the lines were cut to
	offset     int
	height     int
	width      int
}

// SetContentLines shows lines cut to width cells each.
func (s *scroller) SetContentLines(lines []string, width int) {
	s.lines, s.linesWidth = lines, width
	s.clamp()
}

func (s *scroller) SetSize(w, h int) {
	s.width, s.height = w, h
	s.clamp()
}

func (s *scroller) maxOffset() int { return max(len(s.lines)-s.height, 0) }

func (s *scroller) clamp() { s.offset = min(max(s.offset, 0), s.maxOffset()) }

func (s *scroller) ScrollDown(n int) { s.offset += n; s.clamp() }
func (s *scroller) ScrollUp(n int)   { s.offset -= n; s.clamp() }
func (s *scroller) PageDown()        { s.ScrollDown(max(s.height, 1)) }
func (s *scroller) PageUp()          { s.ScrollUp(max(s.height, 1)) }
func (s *scroller) GotoTop()         { s.offset = 0 }
func (s *scroller) GotoBottom()      { s.offset = s.maxOffset() }

// ScrollPercent is how far down the content the view is, 0 to 1.
func (s scroller) ScrollPercent() float64 {
	if s.maxOffset() == 0 {
		return 1
	}
	return float64(s.offset) / float64(s.maxOffset())
}

// View is exactly height lines of width cells. Between a resize and the
// re-render it asked for, the visible lines are refitted on the fly.
func (s scroller) View() []string {
	out := make([]string, s.height)
	blank := spaces(s.width)
	for i := range out {
		if j := s.offset + i; j < len(s.lines) {
			out[i] = s.lines[j]
			if s.linesWidth != s.width {
				out[i] = fitLine(out[i], s.width)
			}
		} else {
			out[i] = blank
		}
	}
	return out
}

// fitLines cuts content into lines of exactly w cells (done in the render
// command, off the event loop).
func fitLines(content string, w int) []string {
	if content == "" {
		return nil
	}
	lines := splitLines(content)
	for i, l := range lines {
		lines[i] = fitLine(l, w)
	}
	return lines
}
