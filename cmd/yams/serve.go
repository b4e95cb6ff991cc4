package main

// yams serve: a local web server where a person plays any sheet, alone or at a table, and
// sees what each decision costs (the serve package does the work; this file reads the
// command line, listens and stops on a signal).

import (
	"context"
	"fmt"
	"net"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/spf13/pflag"

	"yams/engine"
	"yams/internal/qr"
	"yams/serve"
	"yams/strategies"
	"yams/strategies/solver"
)

func init() {
	register(&command{
		name:     "serve",
		summary:  "play in the browser, alone or at a table, with a coach that says what each decision costs (a local web server)",
		run:      runServe,
		moreHelp: strategiesHelp(false),
	})
}

// defaultOpponents are the opponents serve offers without --strategy: those that play
// every sheet quickly from tables solved once (optimal where the sheet has an exact solve,
// column-tables on any sheet), and a heuristic.
var defaultOpponents = []string{"optimal", "column-tables", "greedy"}

// shutdownGrace bounds the wait for the requests being answered when serve is stopped
// (a request whose headers or body are still coming is not waited for).
const shutdownGrace = 5 * time.Second

func runServe(e *env, args []string) error {
	fs := newFlags(e)
	addr := fs.String("addr", "127.0.0.1:8080", "listen on `HOST:PORT`; on loopback (the default) the server is this machine's alone, and it answers only requests addressed to a loopback name; beyond loopback (0.0.0.0:8080, for a phone), only requests that carry its key")
	secret := fs.String("secret", "", "the key every request must carry, `KEY` (16 to 128 letters, digits, - _ . ~): made at random when --addr listens beyond loopback; given, it is asked on loopback too")
	ruleSets := addRuleSetsFlag(fs)
	var options []string
	addRuleOptionFlag(fs, &options)
	names := addStrategiesFlag(fs, "the opponents a player may seat at their table, `a,b,...` (optimal, column-tables and greedy by default; win also shows each player's chance of finishing first)")
	bots := addBotFlags(fs)
	reportsDir := fs.String("reports", "", "serve the reports under `DIR` (the folders yams sim --out and the other commands wrote), read-only, and list them")
	maxGames := fs.Int("max-games", serve.DefaultMaxGames, "the most games in play at once, `N`")
	idle := fs.Duration("idle", serve.DefaultIdle, "end a game with no move for `D`, its bots stopped")
	maxBots := fs.Int("max-bots", serve.DefaultMaxBots, "the most bot processes running at once, `N`: one for each bot seated in a game")
	lang := addLangFlag(fs, true)
	langPart := "; here, of the page and of the API's messages"
	fs.Lookup("lang").Usage += langPart
	inGroup(fs, "lang", "lang", langPart)
	fs.Lookup("lang").DefValue = "the browser's"
	ownDefault(fs, "lang")
	memory := addMemoryFlag(fs)
	if err := parseCommand(fs, args, memory); err != nil {
		return err
	}
	if err := lang.check(nil); err != nil {
		return err
	}
	switch {
	case *maxGames < 1 || *maxGames > 100_000:
		return usagef("--max-games %d: want 1 to 100000", *maxGames)
	case *maxBots < 1 || *maxBots > 10_000:
		return usagef("--max-bots %d: want 1 to 10000", *maxBots)
	case *idle < time.Second:
		return usagef("--idle %v: want a second or more", *idle)
	case len(options) > 0 && len(*ruleSets) == 0:
		return usagef("--rule changes the rule sets of --rules: give it too")
	}
	sets, err := loadRuleSets(*ruleSets, options)
	if err != nil {
		return err
	}
	opponents, err := serveOpponents(e, fs, *names, bots)
	if err != nil {
		return err
	}
	anyHost, err := checkAddr(*addr)
	if err != nil {
		return err
	}
	key := *secret
	switch {
	case fs.Changed("secret") && !serve.GoodKey(key):
		return usagef("--secret: want 16 to 128 letters, digits, '-', '_', '.' or '~' (it goes in an address)")
	case key == "" && anyHost:
		key = serve.NewKey()
	}
	if *reportsDir != "" {
		if _, err := os.ReadDir(*reportsDir); err != nil {
			return badInput(fmt.Errorf("--reports %s: %w", *reportsDir, reasonOf(err)))
		}
	}
	cfg := serve.Config{RuleSets: sets, Opponents: opponents, MaxGames: *maxGames, Idle: *idle, MaxBots: *maxBots,
		Reports: *reportsDir, AnyHost: anyHost, Key: key, Log: e.stderr, Prepare: max(1, len(*ruleSets))}
	if fs.Changed("lang") {
		cfg.Lang = lang.lang
	}
	// The solves' notices say, on the terminal and on the page, how far the rule sets'
	// preparation is: it starts with the server (Config.Prepare).
	var served atomic.Pointer[serve.Server]
	solver.SetNotify(func(n solver.Notice) {
		e.solveNotice(n)
		if srv := served.Load(); srv != nil {
			srv.Notice(n)
		}
	})
	defer solver.SetNotify(e.solveNotice)
	srv, err := serve.New(cfg)
	if err != nil {
		return badInput(err)
	}
	served.Store(srv)
	defer srv.Close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return badInput(fmt.Errorf("--addr %s: %w", *addr, reasonOf(err)))
	}
	ctx, stop := e.interruptible(bots.stop)
	defer stop()
	fr := cfg.Lang == "fr"
	say := func(en, frText string) string {
		if fr {
			return frText
		}
		return en
	}
	urls := urlsOf(ln.Addr(), *addr, key)
	fmt.Fprintf(e.stdout, say("yams serve: open %s (Ctrl-C stops it)\n", "yams serve : ouvrez %s (Ctrl-C l'arrête)\n"), urls[0])
	for _, u := range urls[1:] {
		fmt.Fprintf(e.stdout, say("yams serve: or %s\n", "yams serve : ou %s\n"), u)
	}
	if anyHost {
		e.note(say("listening beyond this machine (--addr %s): only requests that carry the key of the address above are answered (once opened, a cookie keeps it). A phone scans this code:",
			"à l'écoute au-delà de cette machine (--addr %s) : seules les requêtes qui portent la clé de l'adresse ci-dessus ont une réponse (une fois ouverte, un cookie la garde). Un téléphone scanne ce code :"), *addr)
		if code, err := qr.Encode(urls[0]); err == nil {
			fmt.Fprint(e.stderr, code.Terminal(4, e.interactive))
		}
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	srv.Shutdown(shut)
	fmt.Fprintf(e.stdout, say("yams serve: stopped by %s\n", "yams serve : arrêté par %s\n"), strings.TrimPrefix(context.Cause(ctx).Error(), "interrupted by "))
	return nil
}

// addRuleSetsFlag declares --rules for serve, which plays several rule sets.
func addRuleSetsFlag(fs *pflag.FlagSet) *[]string {
	part := " (repeatable: the rule sets a game may be played under, the first the default, every preset besides)"
	list := fs.StringArray("rules", nil, rulesUsage()+part)
	inGroup(fs, "rules", "rules", part)
	ownDefault(fs, "rules")
	return list
}

// loadRuleSets loads the rule sets of --rules (options applied to each), then every
// preset not among them.
func loadRuleSets(names, options []string) ([]serve.RuleSet, error) {
	var sets []serve.RuleSet
	seen := map[string]bool{}
	addSet := func(name string, opts []string) error {
		rules, err := engine.Load(name, opts...)
		if err != nil {
			return badInput(fmt.Errorf("--rules %s: %w", name, err))
		}
		if seen[rules.Hash()] {
			return nil
		}
		seen[rules.Hash()] = true
		sets = append(sets, serve.RuleSet{Source: name, Options: slices.Clone(opts), Rules: rules})
		return nil
	}
	for _, name := range names {
		if err := addSet(name, options); err != nil {
			return nil, err
		}
	}
	for _, name := range engine.Presets() {
		if err := addSet(name, nil); err != nil {
			return nil, err
		}
	}
	return sets, nil
}

// serveOpponents returns the opponents of --strategy (the defaults without it) and of
// --bot, each bot among them whether --strategy names it or not.
func serveOpponents(e *env, fs *pflag.FlagSet, names []string, bots *botFlags) ([]strategies.Info, error) {
	botInfos, err := bots.infos(e, 0)
	if err != nil {
		return nil, err
	}
	if !fs.Changed("strategy") {
		names = slices.Clone(defaultOpponents)
	}
	for _, b := range botInfos {
		if !slices.Contains(names, b.Name) {
			names = append(names, b.Name)
		}
	}
	infos, err := lookupStrategies("strategy", names, false, botInfos)
	if err != nil {
		return nil, err
	}
	for i, info := range infos {
		if slices.ContainsFunc(infos[:i], func(o strategies.Info) bool { return o.Name == info.Name }) {
			return nil, usagef("strategy %s given twice", info.Name)
		}
	}
	return infos, nil
}

// checkAddr checks --addr and reports whether it listens beyond loopback.
func checkAddr(addr string) (anyHost bool, err error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return false, usagef("--addr %s: want HOST:PORT, such as 127.0.0.1:8080", quoteShort(addr))
	}
	if port == "" {
		return false, usagef("--addr %s: give a port, such as 127.0.0.1:8080", quoteShort(addr))
	}
	if host == "localhost" {
		return false, nil
	}
	ip := net.ParseIP(host)
	if host != "" && ip == nil {
		return false, usagef("--addr %s: want an address (127.0.0.1, ::1, 0.0.0.0), not a name", quoteShort(addr))
	}
	return host == "" || !ip.IsLoopback(), nil
}

// urlsOf returns the addresses to open for a server listening on a (asked for as addr),
// with the key if there is one: the host asked for, or, for every address of the machine
// (0.0.0.0, ::), the addresses of its interfaces, the one a phone at home most likely
// reaches first (ifaceAddrs), and this machine's own last.
func urlsOf(a net.Addr, addr, key string) []string {
	host, _, _ := net.SplitHostPort(addr)
	_, port, _ := net.SplitHostPort(a.String())
	query := ""
	if key != "" {
		query = "?key=" + key
	}
	url := func(ip string) string { return "http://" + net.JoinHostPort(ip, port) + "/" + query }
	if host != "" && host != "0.0.0.0" && host != "::" {
		return []string{url(host)}
	}
	var urls []string
	for _, ip := range ifaceAddrs() {
		urls = append(urls, url(ip.String()))
	}
	return append(urls, url("localhost"))
}

// ifaceAddrs returns the addresses of the machine's interfaces that are up, loopback and
// link-local left out: IPv4 first, the private ranges of a home network (192.168/16,
// 10/8, 172.16/12) first among them, those of a bridge of containers or machines
// (docker0, br-…, veth…, virbr…) last.
func ifaceAddrs() []net.IP {
	type ranked struct {
		ip   net.IP
		rank int
	}
	var all []ranked
	ifaces, _ := net.Interfaces()
	for _, ifc := range ifaces {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		virtual := 0
		for _, prefix := range []string{"docker", "br-", "veth", "virbr", "cni", "flannel", "vboxnet", "vmnet", "lxc", "lxd", "podman", "tun", "tap", "wg", "zt"} {
			if strings.HasPrefix(ifc.Name, prefix) {
				virtual = 1
			}
		}
		addrs, _ := ifc.Addrs()
		for _, a := range addrs {
			n, ok := a.(*net.IPNet)
			if !ok || n.IP.IsLoopback() || n.IP.IsLinkLocalUnicast() || !n.IP.IsGlobalUnicast() {
				continue
			}
			rank := 4*virtual + 2
			switch {
			case n.IP.To4() == nil:
				rank = 8 + virtual
			case n.IP.IsPrivate():
				rank = 4*virtual + 1
			}
			all = append(all, ranked{n.IP, rank})
		}
	}
	slices.SortStableFunc(all, func(a, b ranked) int { return a.rank - b.rank })
	ips := make([]net.IP, len(all))
	for i, r := range all {
		ips[i] = r.ip
	}
	return ips
}
