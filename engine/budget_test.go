package engine

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

func TestShareOut(t *testing.T) {
	w := map[Source]float64{SourceCode: 3, SourceDocs: 1, SourceNotes: 1}
	tests := []struct {
		name      string
		total     int
		srcs      []Source
		demand    map[Source]int
		wantShare map[Source]int
	}{
		{"by weight", 500, []Source{SourceCode, SourceDocs, SourceNotes},
			map[Source]int{SourceCode: 1000, SourceDocs: 1000, SourceNotes: 1000},
			map[Source]int{SourceCode: 300, SourceDocs: 100, SourceNotes: 100}},
		{"leftover goes to the others", 500, []Source{SourceCode, SourceDocs, SourceNotes},
			map[Source]int{SourceCode: 1000, SourceDocs: 20, SourceNotes: 1000},
			map[Source]int{SourceCode: 360, SourceDocs: 20, SourceNotes: 120}},
		{"everyone satisfied", 500, []Source{SourceCode, SourceDocs},
			map[Source]int{SourceCode: 10, SourceDocs: 20},
			map[Source]int{SourceCode: 10, SourceDocs: 20}},
		{"nothing to share", 0, []Source{SourceCode}, map[Source]int{SourceCode: 10}, map[Source]int{SourceCode: 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := shareOut(tc.total, tc.srcs, w, tc.demand)
			if !reflect.DeepEqual(got, tc.wantShare) {
				t.Errorf("shares %v, want %v", got, tc.wantShare)
			}
		})
	}
}

// pkProblem is an abstract multiple-choice knapsack: per item, options
// (richest first) with a cost and a value.
type pkProblem struct {
	costs  [][]int
	values [][]float64
	budget int
}

func pkRandomProblem(r *rand.Rand, n int) pkProblem {
	var pr pkProblem
	total := 0
	for range n {
		score := 0.1 + r.Float64()*5
		full := 20 + r.IntN(400)
		var cs []int
		var vs []float64
		for lv := LevelFull; lv <= LevelReference; lv++ {
			if lv != LevelFull && lv != LevelReference && r.IntN(3) == 0 {
				continue
			}
			c := full >> (2 * int(lv))
			cs = append(cs, max(c, 4+r.IntN(6)))
			vs = append(vs, score*levelWeight(lv))
		}
		pr.costs = append(pr.costs, cs)
		pr.values = append(pr.values, vs)
		total += full
	}
	pr.budget = total * (10 + r.IntN(60)) / 100
	return pr
}

// pkBruteForce is the exact optimum by exhaustive search (branch and bound:
// a branch is cut only when even the best value of every remaining item
// could not beat the best found).
func pkBruteForce(pr pkProblem) float64 {
	n := len(pr.costs)
	rest := make([]float64, n+1)
	for i := n - 1; i >= 0; i-- {
		rest[i] = rest[i+1] + slices.Max(pr.values[i])
	}
	best := 0.0
	var walk func(i, room int, v float64)
	walk = func(i, room int, v float64) {
		if v > best {
			best = v
		}
		if i == n || v+rest[i] <= best {
			return
		}
		for j, c := range pr.costs[i] {
			if c <= room {
				walk(i+1, room-c, v+pr.values[i][j])
			}
		}
		walk(i+1, room, v)
	}
	walk(0, pr.budget, 0)
	return best
}

// pkGreedy runs the packer's greedy on an abstract problem.
func pkGreedy(pr pkProblem) (float64, int) {
	p := &packer{packed: map[Source]int{}, groups: map[Source]int{}}
	var all []int
	for i := range pr.costs {
		ch := packChoice{cur: -1}
		for j := range pr.costs[i] {
			ch.opts = append(ch.opts, levelOption{est: pr.costs[i][j], exact: pr.costs[i][j], value: pr.values[i][j]})
		}
		p.ch = append(p.ch, ch)
		p.cands = append(p.cands, Candidate{Source: SourceCode})
		all = append(all, i)
	}
	budget := pr.budget
	p.greedy(all, &budget)
	p.rescue(all, budget)
	v, used := 0.0, 0
	for i, ch := range p.ch {
		if ch.cur >= 0 {
			v += ch.opts[ch.cur].value
			used += pr.costs[i][ch.cur]
		}
	}
	return v, used
}

// TestGreedyVersusBruteForce compares the greedy with the exact optimum on
// random instances of up to 10 blocks. Measured on 400 instances: the
// greedy with its rescue reaches on average 98.9 % of the optimum and at
// worst 73.4 % (67.9 % without the rescue; -v prints the figures); the
// test fails below 95 % on average or 65 % on any instance.
func TestGreedyVersusBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	const runs = 400
	sum, worst := 0.0, 1.0
	for k := range runs {
		pr := pkRandomProblem(r, 1+k%10)
		opt := pkBruteForce(pr)
		got, used := pkGreedy(pr)
		if used > pr.budget {
			t.Fatalf("greedy spent %d of %d", used, pr.budget)
		}
		if got > opt+1e-9 {
			t.Fatalf("greedy %.4f beats the optimum %.4f: the reference is wrong", got, opt)
		}
		ratio := 1.0
		if opt > 0 {
			ratio = got / opt
		}
		sum += ratio
		worst = min(worst, ratio)
	}
	mean := sum / runs
	t.Logf("greedy/optimum over %d instances (n <= 10): mean %.3f, worst %.3f", runs, mean, worst)
	if mean < 0.95 || worst < 0.65 {
		t.Errorf("greedy too far from the optimum: mean %.3f, worst %.3f", mean, worst)
	}
}
