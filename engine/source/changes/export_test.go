package changes

// WalkOf is walkOf for the package's external tests.
var WalkOf = walkOf
