package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// ruleError is a rule file that cannot be used: it names the file, the field and the problem.
type ruleError struct {
	File    string
	Field   string
	Problem string
}

func (e *ruleError) Error() string {
	if e.Field == "" {
		return fmt.Sprintf("rules %s: %s", e.File, e.Problem)
	}
	return fmt.Sprintf("rules %s: %s: %s", e.File, e.Field, e.Problem)
}

// Parse compiles a rule file. file names it in errors. A UTF-8 byte-order mark at its
// start, which editors on Windows write, is not part of the JSON: it is skipped.
func Parse(file string, data []byte, options ...string) (*Rules, error) {
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	spec, err := parseSpec(file, data, 0)
	if err != nil {
		return nil, err
	}
	if err := applyOptions(file, &spec, options, func(key string) string { return "--rule " + key }); err != nil {
		return nil, err
	}
	return compile(file, spec)
}

// parseSpec decodes a rule file onto the preset it extends, if any, and applies its
// options. depth counts the extends followed: a preset extends nothing.
func parseSpec(file string, data []byte, depth int) (Spec, error) {
	var head struct {
		Extends string `json:"extends"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return Spec{}, &ruleError{File: file, Problem: jsonProblem(data, err)}
	}
	var spec Spec
	if head.Extends != "" {
		base, ok := PresetJSON(head.Extends)
		if !ok || depth > 0 {
			return Spec{}, &ruleError{File: file, Field: "extends", Problem: fmt.Sprintf("%q is not a preset (%s)", head.Extends, strings.Join(Presets(), ", "))}
		}
		var err error
		if spec, err = parseSpec("preset "+head.Extends, base, depth+1); err != nil {
			return Spec{}, err
		}
		spec.Options = nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&spec); err != nil {
		var oe *optionsError
		if errors.As(err, &oe) {
			return Spec{}, &ruleError{File: file, Field: oe.Field, Problem: oe.Problem}
		}
		return Spec{}, &ruleError{File: file, Problem: jsonProblem(data, err)}
	}
	if dec.More() {
		return Spec{}, &ruleError{File: file, Problem: "data after the JSON object"}
	}
	// A file's options are applied to the file, before those of the command line.
	if err := applyOptions(file, &spec, spec.Options, func(key string) string { return "options." + key }); err != nil {
		return Spec{}, err
	}
	spec.Options = nil
	spec.Extends = ""
	return spec, nil
}

// jsonProblem turns a decoding error into a message with a line number.
func jsonProblem(data []byte, err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	var oe *optionsError
	switch {
	case errors.As(err, &oe):
		return oe.Error()
	case errors.As(err, &se):
		return fmt.Sprintf("line %d: malformed JSON: %v", lineOf(data, se.Offset), se)
	case errors.As(err, &te):
		if te.Field == "" {
			return fmt.Sprintf("line %d: want a JSON object, got %s", lineOf(data, te.Offset), te.Value)
		}
		return fmt.Sprintf("line %d: field %s: want %s, got %s", lineOf(data, te.Offset), te.Field, typeWord(te.Type.String()), te.Value)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "empty or truncated JSON"
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// typeWord names a Go type the way a rule or record file's author knows it.
func typeWord(goType string) string {
	switch {
	case strings.HasPrefix(goType, "int"), strings.HasPrefix(goType, "uint"):
		return "an integer"
	case goType == "string":
		return "a string"
	case goType == "bool":
		return "true or false"
	case strings.HasPrefix(goType, "[]"):
		return "a list"
	case strings.HasPrefix(goType, "map"), strings.HasPrefix(goType, "engine."), strings.HasPrefix(goType, "*engine."):
		return "an object"
	}
	return goType
}

func lineOf(data []byte, offset int64) int {
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	return 1 + bytes.Count(data[:offset], []byte("\n"))
}
