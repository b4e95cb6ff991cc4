package rulefile

import (
	"sync"

	"yams/engine"
	"yams/strategies"
)

func init() {
	strategies.RegisterFamily(strategies.Family{
		Prefix:      "rules",
		Syntax:      "rules:FILE",
		Description: "plays the rules of a rule file: if CONDITION then ACTION, for the keeps and for the boxes, the first that applies deciding (docs/rules.md)",
		Info:        info,
	})
}

// warned holds the warnings of files played on other rules than they say, given once a
// process: a run resolves its strategies more than once (to check them, then to play).
var warned sync.Map

// info reads and parses the rule file a strategy rules:FILE names. Its strategy compiles
// the file once per rule set (the table of its decisions is shared by the workers).
func info(path string) (strategies.Info, error) {
	f, err := ReadFile(path)
	if err != nil {
		return strategies.Info{}, err
	}
	var mu sync.Mutex
	programs := map[string]*Program{}
	return strategies.Info{
		Name:        "rules:" + path,
		Description: "the rules of " + path,
		Identity:    f.String(), // its rules as written canonically: the same play, the same text
		Memory: func(r *engine.Rules) (map[string]int64, error) {
			need, err := TableMemory(path, r)
			if err != nil {
				return nil, err
			}
			return map[string]int64{r.Hash() + " rules:" + f.String(): need}, nil
		},
		New: func(r *engine.Rules) (strategies.Strategy, error) {
			// Box ids are not part of the rules' hash, and the file names boxes by id.
			key := r.Hash()
			for _, b := range r.Boxes() {
				key += " " + b.ID
			}
			mu.Lock()
			p := programs[key]
			if p == nil {
				var err error
				if p, err = Compile(f, r); err != nil {
					mu.Unlock()
					return nil, err
				}
				p.UseCache()
				programs[key] = p
				if w := f.PlayedOn(r); w != "" {
					if _, told := warned.LoadOrStore(w, true); !told {
						tell("%s", w)
					}
				}
			}
			mu.Unlock()
			return p.NewStrategy()
		},
	}, nil
}
