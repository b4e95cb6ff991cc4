package engine

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"syscall"
)

//go:embed presets/*.json
var presetFiles embed.FS

// DefaultPreset is the rule set used when none is named.
const DefaultPreset = "hasbro"

// Presets returns the names of the built-in rule sets, the default first.
func Presets() []string {
	entries, err := fs.ReadDir(presetFiles, "presets")
	if err != nil {
		panic(err) // embedded at build time
	}
	var names []string
	for _, e := range entries {
		if n := strings.TrimSuffix(e.Name(), ".json"); n != DefaultPreset {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return append([]string{DefaultPreset}, names...)
}

// PresetJSON returns the rule file of a preset as shipped.
func PresetJSON(name string) ([]byte, bool) {
	if name == "" || strings.ContainsAny(name, "/\\.") {
		return nil, false
	}
	b, err := presetFiles.ReadFile(path.Join("presets", name+".json"))
	return b, err == nil
}

// Load returns the rules named by a preset name or the path of a rule file (a regular
// file of at most MaxRuleFileBytes), with options ("key=value", see OptionKeys) applied in order.
func Load(nameOrPath string, options ...string) (*Rules, error) {
	if nameOrPath == "" {
		nameOrPath = DefaultPreset
	}
	var (
		data []byte
		file = nameOrPath
	)
	if b, ok := PresetJSON(nameOrPath); ok {
		data, file = b, "preset "+nameOrPath
	} else {
		var err error
		data, err = ReadFileLimited("rules", nameOrPath, MaxRuleFileBytes)
		if err != nil {
			// A name no file has, or too long for one, is read as a misspelt preset.
			if (errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENAMETOOLONG)) && !strings.ContainsAny(nameOrPath, "/\\.") {
				return nil, fmt.Errorf("unknown rules %q: not a preset (%s) nor a file", EchoName(nameOrPath), strings.Join(Presets(), ", "))
			}
			return nil, err
		}
	}
	return Parse(file, data, options...)
}
