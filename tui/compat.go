package tui

import "errors"

// errBudgetTooSmall stands in for engine.ErrBudgetTooSmall until the engine
// defines it.
var errBudgetTooSmall = errors.New("engine: budget too small")
