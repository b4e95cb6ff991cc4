package sim

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"yams/strategies"
)

// A strategy whose play depends on more than its name and the build (a rule file's rules,
// beat:S of such an S, a fit it computed: strategies.Info.Identity and
// strategies.Dependent) is recorded in its Summary with a hash of that, its identity, as
// an external bot is with the program that played it (BotIdentity): results of two
// identities are the games of two strategies, and are never added up (resume, merge).
// A strategy without one (a built-in, or a summary written before yams recorded them)
// goes with any.

// IdentityPrefix begins an identity: the algorithm, then the digest in hexadecimal.
const IdentityPrefix = "sha256:"

// IdentityOf returns the identity of a strategy of info, built for the rules as st (nil
// for a batch strategy) or batch: "" when its play depends on its name and the build alone.
func IdentityOf(info strategies.Info, st strategies.Strategy, batch strategies.Batch) string {
	text := info.Identity
	for _, x := range []any{st, batch} {
		if d, ok := x.(strategies.Dependent); ok {
			text += "\x00" + d.DependsOn()
			break
		}
	}
	if text == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(text))
	return IdentityPrefix + hex.EncodeToString(sum[:])
}

// ValidIdentity reports whether s is an identity as a summary file writes it.
func ValidIdentity(s string) bool {
	digits, ok := strings.CutPrefix(s, IdentityPrefix)
	if !ok || len(digits) != 2*sha256.Size {
		return false
	}
	_, err := hex.DecodeString(digits)
	return err == nil && strings.ToLower(digits) == digits
}

// OtherStrategyError refuses to add up the results of a strategy of two identities: the
// games of two strategies under one name (a rule file edited between two shards, or
// between a run interrupted and its resumption). in and otherIn say where each identity
// comes from: "the checkpoint" and "this run", or two files.
type OtherStrategyError struct {
	Strategy        string
	Identity, Other string
	In, OtherIn     string
}

func (e *OtherStrategyError) Error() string {
	return fmt.Sprintf("strategy %s: %s played it as %s, %s as %s (the file it plays from changed in between): the games of two strategies do not add up",
		e.Strategy, e.In, shortIdentity(e.Identity), e.OtherIn, shortIdentity(e.Other))
}

// shortIdentity is an identity as an error line names it: its first 12 digits.
func shortIdentity(id string) string {
	if len(id) > len(IdentityPrefix)+12 {
		return id[:len(IdentityPrefix)+12]
	}
	return id
}

// checkSameIdentities returns an *OtherStrategyError for the first strategy whose
// identities in a and in b (of the same strategies, in order) are both known and differ.
func checkSameIdentities(names []string, a, b []string, in, otherIn string) error {
	for i := range min(len(names), len(a), len(b)) {
		if x, y := a[i], b[i]; x != "" && y != "" && x != y {
			return &OtherStrategyError{Strategy: names[i], Identity: x, Other: y, In: in, OtherIn: otherIn}
		}
	}
	return nil
}

// Identities returns the identities of the summaries, "" for a strategy without.
func Identities(summaries []*Summary) []string {
	ids := make([]string, len(summaries))
	for i, s := range summaries {
		ids[i] = s.Identity
	}
	return ids
}

// strategyIdentities returns the identities of the strategies of a run, as the first of
// its workers built them; none when it has no worker (no game left to play).
func strategyIdentities(cfg *Config, workers []*worker) []string {
	ids := make([]string, len(cfg.Strategies))
	if len(workers) == 0 {
		return ids
	}
	for i, info := range cfg.Strategies {
		p := &workers[0].players[i]
		ids[i] = IdentityOf(info, p.strategy, p.batch)
	}
	return ids
}
