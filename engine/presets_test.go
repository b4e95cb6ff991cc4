package engine

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestPresets(t *testing.T) {
	names := Presets()
	want := []string{"hasbro", "verhoeff", "yams", "yams-app", "yams-wiki", "yatzy"}
	if !slices.Equal(names, want) {
		t.Fatalf("presets %v", names)
	}
	hashes := map[string]string{}
	for _, n := range names {
		r := mustLoad(t, n)
		if r.Name() != n {
			t.Errorf("preset %s is named %s", n, r.Name())
		}
		if other, dup := hashes[r.Hash()]; dup {
			t.Errorf("presets %s and %s have the same hash", n, other)
		}
		hashes[r.Hash()] = n
		// A preset printed by JSON() is a rule file that compiles to the same rules.
		again, err := Parse("copy", r.JSON())
		if err != nil || again.Hash() != r.Hash() {
			t.Errorf("%s: JSON() does not round-trip: %v", n, err)
		}
	}
}

func TestLoadFileErrors(t *testing.T) {
	if _, err := Load("hasbr"); err == nil || !strings.Contains(err.Error(), `unknown rules "hasbr"`) {
		t.Errorf("unknown preset: %v", err)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "none.json")); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("missing file: %v", err)
	}
	p := filepath.Join(t.TempDir(), "mine.json")
	os.WriteFile(p, []byte(`{"extends": "hasbro", "name": "mine", "options": {"upper_bonus.threshold": 60}}`), 0o644)
	r, err := Load(p)
	if err != nil || r.UpperThreshold() != 60 || r.Name() != "mine" || r.NumBoxes() != 13 {
		t.Errorf("extends: %v %+v", err, r)
	}
}

// A rule file that an editor on Windows saved with a UTF-8 byte-order mark reads as the
// same file without it: the same rules, the same hash.
func TestLoadByteOrderMark(t *testing.T) {
	text := `{"extends": "hasbro", "name": "mine", "options": {"upper_bonus.threshold": 60}}`
	dir := t.TempDir()
	plain, marked := filepath.Join(dir, "plain.json"), filepath.Join(dir, "marked.json")
	os.WriteFile(plain, []byte(text), 0o644)
	os.WriteFile(marked, []byte("\uFEFF"+text), 0o644)
	a, err := Load(plain)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Load(marked)
	if err != nil {
		t.Fatalf("with a byte-order mark: %v", err)
	}
	if a.Hash() != b.Hash() || b.UpperThreshold() != 60 {
		t.Errorf("with a byte-order mark: hash %s, threshold %d; without: hash %s", b.Hash(), b.UpperThreshold(), a.Hash())
	}
}

// TestFrenchTitles checks that every preset and example has a title in each language and
// that titles, like labels, are left out of the rules hash.
func TestFrenchTitles(t *testing.T) {
	files, _ := filepath.Glob("../examples/rules/*.json")
	for _, name := range append(Presets(), files...) {
		t.Run(filepath.Base(name), func(t *testing.T) {
			r := mustLoad(t, name)
			spec := r.Spec()
			if spec.Title == "" || spec.TitleFR == "" || spec.TitleFR == spec.Title {
				t.Errorf("title %q, title_fr %q: want both, different", spec.Title, spec.TitleFR)
			}
			again := mustLoad(t, name, "title=Other", "title_fr=Autre")
			if again.Hash() != r.Hash() || again.Spec().TitleFR != "Autre" {
				t.Errorf("title_fr=Autre: hash %s (want %s), title_fr %q", again.Hash(), r.Hash(), again.Spec().TitleFR)
			}
			if !strings.Contains(string(r.JSON()), `"title_fr"`) {
				t.Error("JSON() leaves out title_fr")
			}
		})
	}
}
