package packing_test

import (
	"fmt"

	"github.com/loupe-dev/loupe/engine"
	"github.com/loupe-dev/loupe/engine/packing"
	"github.com/loupe-dev/loupe/engine/tokens"
	"github.com/loupe-dev/loupe/index"
	"github.com/loupe-dev/loupe/render"
)

func ExampleAssemble() {
	cands := []engine.Candidate{{
		ID: "pay/retry.go#Retry", Source: engine.SourceCode, Score: 4.2,
		Text:  "// Retry runs f until it succeeds.\nfunc Retry(f func() error) error {\n\treturn f()\n}\n",
		Block: index.Block{Path: "pay/retry.go", Kind: index.KindFunction, Name: "Retry", StartLine: 10, EndLine: 13},
	}}
	counter, _ := tokens.New("o200k")
	md, _ := render.New("md")
	p, err := packing.Assemble(cands, packing.PackRequest{Budget: 200, Counter: counter, Formatter: md})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(md.Render(p))
	_, err = packing.Assemble(cands, packing.PackRequest{Budget: 10, Counter: counter, Formatter: md})
	fmt.Println(err)
	// Output:
	// ## code
	//
	// ### pay/retry.go:10-13 · function Retry · score 4.20
	// ```go
	// // Retry runs f until it succeeds.
	// func Retry(f func() error) error {
	// 	return f()
	// }
	// ```
	//
	// 1 block from 1 source · 66 of 200 tokens (o200k)
	// engine: pack: budget 10 is below the 32-token minimum for md
}
