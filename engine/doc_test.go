package engine

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// rankWeights are the ranking constants the essay's weights table lists.
var rankWeights = map[string]float64{
	"weightText": weightText, "weightSymbolQualified": weightSymbolQualified,
	"weightSymbolExact": weightSymbolExact, "weightSymbolCompound": weightSymbolCompound, "weightSymbolPart": weightSymbolPart,
	"weightSymbolElsewhere": weightSymbolElsewhere, "weightPackage": weightPackage,
	"weightSymbolFold": weightSymbolFold, "weightSymbolKeyword": weightSymbolKeyword,
	"weightPathExact": weightPathExact, "weightPathDir": weightPathDir,
	"weightPathKeyword": weightPathKeyword, "weightPathDirKeyword": weightPathDirKeyword,
	"weightFile": weightFile, "weightGraph": weightGraph, "delegateShare": delegateShare, "forwardLift": forwardLift, "weightCoverage": weightCoverage,
	"weightFileCoverage": weightFileCoverage, "weightCentral": weightCentral, "bonusPhrase": bonusPhrase,
	"bonusTestAsked": bonusTestAsked, "penaltyGraphOnly": penaltyGraphOnly,
	"penaltyTest": penaltyTest, "penaltySameFile": penaltySameFile, "penaltyTiny": penaltyTiny,
	"penaltyHeader": penaltyHeader, "penaltyPlatform": penaltyPlatform, "penaltyData": penaltyData, "penaltyWindow": penaltyWindow,
	"penaltyVendored": penaltyVendored, "penaltyGenerated": penaltyGenerated,
	"penaltyBuild": penaltyBuild, "penaltyTestData": penaltyTestData,
	"penaltyExample": penaltyExample, "penaltyLegacy": penaltyLegacy,
	"docsPrior": docsPrior, "historyPrior": historyPrior, "testsPrior": testsPrior, "neighbourPrior": neighbourPrior, "normFloor": normFloor, "declarationScale": declarationScale,
}

// TestDocWeightsTableMatchesConstants reads the weights table of doc.go:
// every constant is listed once, with its value.
func TestDocWeightsTableMatchesConstants(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(src), "\n# Weights\n")
	if !ok {
		t.Fatal("doc.go has no # Weights section")
	}
	table, _, _ = strings.Cut(table, "\n# ")
	row := regexp.MustCompile(`(?m)^\t(\w+)\s+([0-9.]+)$`)
	seen := map[string]bool{}
	for _, m := range row.FindAllStringSubmatch(table, -1) {
		want, ok := rankWeights[m[1]]
		if !ok {
			t.Errorf("doc.go lists %s, which is not a ranking constant", m[1])
			continue
		}
		got, err := strconv.ParseFloat(m[2], 64)
		if err != nil || got != want {
			t.Errorf("doc.go says %s = %s, the code %v", m[1], m[2], want)
		}
		seen[m[1]] = true
	}
	for name := range rankWeights {
		if !seen[name] {
			t.Errorf("doc.go's weights table lacks %s", name)
		}
	}
}
