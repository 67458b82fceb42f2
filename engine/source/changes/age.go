package changes

import (
	"strconv"
	"time"
)

// Age says how long ago t was, relative to now, the way a person says it:
// "just now", "2 minutes ago", "3 hours ago", "yesterday", "5 days ago",
// "2 months ago", "3 years ago". A zero t is "at an unknown time"; a t in
// the future (clock skew) is "just now".
func Age(now, t time.Time) string {
	if t.IsZero() {
		return "at an unknown time"
	}
	d := now.Sub(t)
	day := 24 * time.Hour
	switch {
	case d < 45*time.Second:
		return "just now"
	case d < 90*time.Second:
		return "a minute ago"
	case d < time.Hour:
		return ago(int(d/time.Minute+0), "minute")
	case d < day:
		return ago(int(d/time.Hour), "hour")
	case d < 2*day:
		return "yesterday"
	case d < 30*day:
		return ago(int(d/day), "day")
	case d < 365*day:
		return ago(int(d/(30*day)), "month")
	}
	return ago(int(d/(365*day)), "year")
}

func ago(n int, unit string) string {
	if n <= 1 {
		return "1 " + unit + " ago"
	}
	return strconv.Itoa(n) + " " + unit + "s ago"
}
