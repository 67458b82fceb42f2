//go:build ignore

package main

// Logger logs a request.
func Logger(path string) {
	println(path)
}
