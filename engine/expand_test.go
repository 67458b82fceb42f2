package engine

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/loupe-dev/loupe/index"
)

// graphSearcher is a fake index over a fixed set of blocks: Symbol by
// name, Callers by refs, Read gives "text of ID".
type graphSearcher struct {
	blocks    []index.Block
	failNames map[string]bool // Symbol or Callers of these fail
	unread    map[string]bool // Read of these IDs fails
}

var errIndexBroken = errors.New("index broken")

func (s *graphSearcher) Search(ctx context.Context, q index.Query) ([]index.Hit, error) {
	return nil, nil
}

func (s *graphSearcher) Symbol(ctx context.Context, name string) ([]index.Block, error) {
	if s.failNames[name] {
		return nil, errIndexBroken
	}
	var out []index.Block
	for _, b := range s.blocks {
		if b.Name == name || b.QualName == name {
			out = append(out, b)
		}
	}
	return out, nil
}

func (s *graphSearcher) Callers(ctx context.Context, name string, limit int) ([]index.Block, error) {
	if s.failNames[name] {
		return nil, errIndexBroken
	}
	var out []index.Block
	for _, b := range s.blocks {
		if slices.Contains(b.Refs, name) && len(out) < limit {
			out = append(out, b)
		}
	}
	return out, nil
}

func (s *graphSearcher) Read(b index.Block) (index.BlockText, error) {
	if s.unread[b.ID] {
		return index.BlockText{}, errors.New("gone")
	}
	return index.BlockText{Block: b, Text: "text of " + b.ID + "\n"}, nil
}

func blk(path string, kind index.Kind, name string, refs ...string) index.Block {
	return index.Block{ID: path + "#" + name, Path: path, Kind: kind, Name: name, Refs: refs, StartLine: 1, EndLine: 9}
}

func paymentGraph() *graphSearcher {
	test := blk("pay/pay_test.go", index.KindFunction, "TestProcessPayment", "processPayment")
	test.Test = true
	return &graphSearcher{blocks: []index.Block{
		blk("pay/pay.go", index.KindFunction, "processPayment", "retryWithBackoff", "Payment", "fmt", "Errorf", "log"),
		blk("pay/retry.go", index.KindFunction, "retryWithBackoff", "sleep"),
		blk("pay/types.go", index.KindType, "Payment"),
		blk("api/handler.go", index.KindFunction, "handleCharge", "processPayment"),
		test,
		// "log" is defined in five places: ambiguous, only pay/'s own kept.
		blk("a/log.go", index.KindFunction, "log"), blk("b/log.go", index.KindFunction, "log"),
		blk("c/log.go", index.KindFunction, "log"), blk("d/log.go", index.KindFunction, "log"),
		blk("pay/log.go", index.KindFunction, "log"),
	}}
}

func hitFor(s *graphSearcher, id string, score float64) Candidate {
	for _, b := range s.blocks {
		if b.ID == id {
			return Candidate{ID: b.ID, Source: SourceCode, Block: b, Score: score}
		}
	}
	panic("no block " + id)
}

type expanded struct {
	ID     string
	Reason string
	Level  Level
	Score  float64
}

func TestGraphFollower(t *testing.T) {
	s := paymentGraph()
	hit := hitFor(s, "pay/pay.go#processPayment", 4)
	got, err := NewGraphFollower(s).Follow(context.Background(), Query{}, []Candidate{hit})
	if err != nil {
		t.Fatal(err)
	}
	var sums []expanded
	for _, c := range got {
		if c.Source != SourceCode || c.Text != "text of "+c.ID+"\n" || c.Signals[0].Detail != c.Reason {
			t.Errorf("bad candidate %+v", c)
		}
		sums = append(sums, expanded{c.ID, c.Reason, c.Level, c.Score})
	}
	want := []expanded{
		{"pay/retry.go#retryWithBackoff", "called by processPayment", LevelSignature, 4 * factorCallee},
		{"pay/types.go#Payment", "type used by processPayment", LevelSignature, 4 * factorCallee},
		{"pay/log.go#log", "called by processPayment", LevelSignature, 4 * factorCallee},
		{"api/handler.go#handleCharge", "calls processPayment", LevelReference, 4 * factorCaller},
	}
	if !slices.Equal(sums, want) {
		t.Errorf("got\n%+v\nwant\n%+v", sums, want)
	}
}

func TestGraphFollowerLimits(t *testing.T) {
	s := &graphSearcher{}
	var refs []string
	for i := range 10 {
		name := "callee" + string(rune('A'+i))
		refs = append(refs, name)
		s.blocks = append(s.blocks, blk("x/c.go", index.KindFunction, name))
		s.blocks = append(s.blocks, blk("y/u.go", index.KindFunction, "user"+string(rune('A'+i)), "hub"))
	}
	s.blocks = append(s.blocks, blk("x/hub.go", index.KindFunction, "hub", refs...))
	got, err := NewGraphFollower(s).Follow(context.Background(), Query{}, []Candidate{hitFor(s, "x/hub.go#hub", 1)})
	if err != nil {
		t.Fatal(err)
	}
	var callees, callers int
	for _, c := range got {
		if strings.HasPrefix(c.Reason, "called by") {
			callees++
		} else {
			callers++
		}
		if c.Score >= 1 {
			t.Errorf("%s scores %v, not below its hit", c.ID, c.Score)
		}
	}
	if callees != expandFanOut || callers != expandFanOut {
		t.Errorf("callees %d, callers %d, want %d each", callees, callers, expandFanOut)
	}
}

func TestGraphFollowerSkipsTopAndUnreadable(t *testing.T) {
	s := paymentGraph()
	s.unread = map[string]bool{"pay/types.go#Payment": true}
	top := []Candidate{hitFor(s, "pay/pay.go#processPayment", 2), hitFor(s, "pay/retry.go#retryWithBackoff", 1)}
	got, err := NewGraphFollower(s).Follow(context.Background(), Query{}, top)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range got {
		if c.ID == "pay/retry.go#retryWithBackoff" || c.ID == "pay/types.go#Payment" || c.ID == "pay/pay.go#processPayment" {
			t.Errorf("offered %s: a top hit or an unreadable block", c.ID)
		}
	}
}

func TestGraphFollowerErrors(t *testing.T) {
	s := paymentGraph()
	s.failNames = map[string]bool{"Payment": true}
	_, err := NewGraphFollower(s).Follow(context.Background(), Query{}, []Candidate{hitFor(s, "pay/pay.go#processPayment", 1)})
	if !errors.Is(err, errIndexBroken) || !strings.HasPrefix(err.Error(), "engine: expand: symbol \"Payment\"") {
		t.Errorf("err = %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewGraphFollower(paymentGraph()).Follow(ctx, Query{}, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v", err)
	}
}

// The graph follower inside the engine: Expand of one block.
func TestEngineExpandWithGraph(t *testing.T) {
	s := paymentGraph()
	e := New(DefaultOptions(), nil, []Follower{NewGraphFollower(s)})
	got, err := e.Expand(context.Background(), hitFor(s, "pay/retry.go#retryWithBackoff", 1))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"pay/pay.go#processPayment"}; !slices.Equal(ids(got), want) {
		t.Errorf("expand %v, want %v", ids(got), want)
	}
}
