package keymap

// Budget is the key that sets the token budget.
func Budget() string {
	return "b"
}
