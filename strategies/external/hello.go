package external

import (
	"encoding/json"
	"fmt"
	"unicode"
)

// maxHello bounds the line of a bot's hello: its members are a few words.
const maxHello = 64 << 10

// maxIdentity bounds the name and the version of a bot's hello: they go into every
// summary file the bot plays in, and into its tables.
const maxIdentity = 200

// maxSaid bounds the message of a bot's error shown in yams's error line.
const maxSaid = 500

// readHello reads a bot's answer to the hello: a hello with its name (required), its
// version and protocol (optional), or an error. Each member that is wrong is named, with
// what it should be; other members are ignored.
func readHello(line []byte) (botHello, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(line, &m); err != nil || m == nil {
		return botHello{}, fmt.Errorf("its hello is not a JSON object: %s", quoteStart(line))
	}
	str := func(key string, required bool) (string, error) {
		raw, ok := m[key]
		if !ok {
			if required {
				return "", fmt.Errorf(`its hello has no "%s"`, key)
			}
			return "", nil
		}
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", fmt.Errorf(`its hello's "%s" is %s: want a string`, key, quoteStart(raw))
		}
		return s, nil
	}
	typ, err := str("type", true)
	if err != nil {
		return botHello{}, err
	}
	switch typ {
	case "hello":
	case "error":
		msg, err := str("message", false)
		if err != nil {
			msg = string(m["message"])
		}
		return botHello{}, &BotSaid{Message: printable(msg, maxSaid)}
	default:
		return botHello{}, fmt.Errorf("a message of type %s where its hello was due", quoteStart([]byte(typ)))
	}
	h := botHello{Type: typ}
	if h.Name, err = str("name", true); err != nil {
		return botHello{}, fmt.Errorf(`%w, such as "name": "keep_pairs"`, err)
	}
	if h.Version, err = str("version", false); err != nil {
		return botHello{}, fmt.Errorf(`%w, such as "version": "1.0"`, err)
	}
	for _, f := range []struct{ key, value string }{{"name", h.Name}, {"version", h.Version}} {
		switch {
		case f.key == "name" && f.value == "":
			return botHello{}, fmt.Errorf(`its hello's "name" is empty: a bot says its name`)
		case len(f.value) > maxIdentity:
			return botHello{}, fmt.Errorf(`its hello's "%s" has %d bytes: at most %d (it goes into every summary file)`, f.key, len(f.value), maxIdentity)
		case !printableText(f.value):
			return botHello{}, fmt.Errorf(`its hello's "%s" %s has a control character: a name and a version are printable text`, f.key, printable(f.value, 60))
		}
	}
	if raw, ok := m["protocol"]; ok {
		if err := json.Unmarshal(raw, &h.Protocol); err != nil {
			return botHello{}, fmt.Errorf(`its hello's "protocol" is %s: want the number of the protocol, %d`, quoteStart(raw), Version)
		}
		if h.Protocol != Version {
			return botHello{}, fmt.Errorf("it speaks protocol %d, yams %d", h.Protocol, Version)
		}
	}
	return h, nil
}

// printableText reports whether s has no control character nor any that reorders text
// on screen.
func printableText(s string) bool {
	for _, r := range s {
		if unicode.IsControl(r) || reorders(r) {
			return false
		}
	}
	return true
}
