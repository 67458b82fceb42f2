package engine

import "example.com/shop/keymap"

// Pack packs under the budget key.
func Pack() string {
	return keymap.Budget()
}
