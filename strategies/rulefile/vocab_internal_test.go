package rulefile

import (
	"strings"
	"testing"
)

// TestReadWords reads words.tsv as Explain does, and refuses a table that misses the
// reading of one thing of the language, or reads one that is not.
func TestReadWords(t *testing.T) {
	ws, err := readWords("words.tsv", wordsTable)
	if err != nil {
		t.Fatal(err)
	}
	if len(ws) != 2 || ws["en"] == nil || ws["fr"] == nil {
		t.Fatalf("languages %v", ws)
	}
	fr := ws["fr"]
	if fr.feature[ThreeOfAKind] != "un brelan" || fr.compare[GE] != "%s vaut au moins %s" || fr.face[5] != "six" ||
		fr.verb[KeepGroupKicker] != "garder le groupe et le plus haut des autres dés" || fr.sets[UpperBoxes] != "les cases du haut" ||
		fr.implicitAveraged[BoxRule] != "Sinon, marquer là où ça rapporte le plus au-dessus de la moyenne de la case (par défaut)." {
		t.Errorf("French read as %+v", *fr)
	}
	for f := Pair; f < numFeatures; f++ {
		if f.Numeric() && f.hasSubject() && ws["en"].subject[f] == "" || !f.Numeric() && (ws["en"].feature[f] == "" || ws["en"].notFeature[f] == "") {
			t.Errorf("feature %s reads as nothing", featureKey(f))
		}
	}

	lines := strings.Split(string(wordsTable), "\n")
	without := func(prefix string) []byte {
		var kept []string
		for _, l := range lines {
			if !strings.HasPrefix(l, prefix) {
				kept = append(kept, l)
			}
		}
		return []byte(strings.Join(kept, "\n"))
	}
	for _, c := range []struct {
		table []byte
		want  string
	}{
		{without("Verb.scratch\t"), "words.tsv: no row for Verb.scratch"},
		{without("NotFeature.bonus_won\t"), "no row for NotFeature.bonus_won"},
		{without("Compare.!=\t"), "no row for Compare.!="},
		{without("ImplicitAveraged.box\t"), "no row for ImplicitAveraged.box"},
		{append(append([]byte{}, wordsTable...), "Sets.middle\tthe middle boxes\tles cases du milieu\n"...), "row Sets.middle: no such key (want points, upper, lower)"},
		{append(append([]byte{}, wordsTable...), "Subject.pays\twhat it pays\tce qu’elle rapporte\n"...), "row Subject.pays: no such key"},
		{without("Averages\t"), "no row for Averages"},
	} {
		if _, err := readWords("words.tsv", c.table); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
}
