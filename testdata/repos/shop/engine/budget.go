package engine

import "fmt"

// BudgetError says a pack went over its budget.
type BudgetError struct {
	Budget int
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("over budget %d", e.Budget)
}
