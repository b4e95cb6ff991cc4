package external

import (
	"errors"
	"strings"
	"testing"
)

// TestReadHello: a bot's hello is read member by member, each wrong one named with what
// it should be, in words and not in Go's types.
func TestReadHello(t *testing.T) {
	for _, c := range []struct {
		line string
		want string // "" for a hello read
	}{
		{`{"type":"hello","name":"keep_pairs","version":"1.0"}`, ""},
		{`{"type":"hello","name":"keep_pairs","version":"1.0","protocol":1,"extra":[1,2]}`, ""},
		{`{"type":"hello","name":"keep_pairs"}`, ""},
		{`{"type":"hello","name":"keep_pairs","protocol":2}`, "it speaks protocol 2, yams 1"},
		{`{"type":"hello","name":"keep_pairs","protocol":"1"}`, `its hello's "protocol" is "\"1\"": want the number of the protocol, 1`},
		{`{"type":"hello","name":7}`, `its hello's "name" is "7": want a string, such as "name": "keep_pairs"`},
		{`{"type":"hello","name":""}`, `its hello's "name" is empty`},
		{`{"name":"x"}`, `its hello has no "type"`},
		{`{"type":"decide","answers":[]}`, `a message of type "decide" where its hello was due`},
		{`["hello"]`, `its hello is not a JSON object: "[\"hello\"]"`},
		{`null`, `its hello is not a JSON object`},
		{`{"type":"error","message":"no such rules"}`, "it reported an error: no such rules"},
		{`{"type":"error","message":{"code":3}}`, `it reported an error: {"code":3}`},
	} {
		h, err := readHello([]byte(c.line))
		switch {
		case c.want == "" && (err != nil || h.Name != "keep_pairs"):
			t.Errorf("%s: %+v, %v", c.line, h, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "Go ")):
			t.Errorf("%s: error %v, want %q", c.line, err, c.want)
		}
		var said *BotSaid
		if strings.Contains(c.line, `"error"`) && !errors.As(err, &said) {
			t.Errorf("%s: not the bot's own error: %v", c.line, err)
		}
	}
}
