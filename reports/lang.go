package reports

import (
	_ "embed"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Languages are the languages of the labels, tables and page, as labels.tsv's columns
// give them.
var Languages = translations.Languages()

// Labels are the words of every output in one language. Numbers follow the language
// too: 1,234.5 in English, 1 234,5 in French (with narrow no-break spaces).
type Labels struct {
	Lang         string
	DecimalSep   string
	ThousandsSep string
	PercentSep   string // between a number and %
	Colon        string // between a name and its value

	// figures
	ScoresTitle, ScoresX, ScoresY, MeanKey, MedianKey  string
	ScoresCaption                                      string // bin width, context
	Beyond, AllTogether, BeyondAbove, BeyondBelow, And string // games left out of the axis of scores
	GamesPerStrategy                                   string
	CdfTitle, CdfY, CdfCaption                         string
	BonusTitle, BonusX, BonusXColumns, BonusCaption    string
	SubtotalTitle, SubtotalX, SubtotalY, ThresholdKey  string
	SubtotalCaption                                    string
	YahtzeeTitle, YahtzeeX, YahtzeeCaption             string // box label
	ExtraTitle, ExtraX, ExtraY, ExtraCaption           string // box label
	JokerTitle, JokerX, JokerCaption                   string
	BoxMeanTitle, BoxMeanX, BoxMeanCaption             string
	ZeroTitle, ZeroX, ZeroCaption                      string
	FillTitle, FillX, FillY, FillKey, FillCaption      string // strategy
	ConvTitle, ConvX, ConvY, ConvCaption               string
	ColTurnTitle, ColTurnX, ColTurnY, ColTurnCaption   string
	ConvFinalKey, ConvRunningKey                       string
	HiddenCI                                           string // after the caption of a dot plot
	PairTitle, PairX, PairedKey, UnpairedKey           string
	PairCaption                                        string
	H2hTitle, H2hX, H2hWin, H2hTie, H2hLoss, Versus    string
	H2hCaption                                         string
	WinsTitle, WinsX, WinsCaption, EvenKey             string
	SeatsTitle, SeatsX, Seat, AllPlayers, SeatCaption  string
	PlayerOf                                           string // number, strategy

	// tables and page
	PageTitle, CompareTitle, TableTitle                                string
	Parameters, Rules, RulesHash, Options, Seed, Games, Strategies     string
	Players                                                            string
	None, Strategy, Mean, Sd, Median, Min, Max                         string
	ScoresTable, ScoresNote                                            string
	BonusTable, UpperBonus, YahtzeeScored, ExtraPerGame, JokerGames    string
	BonusNote, ExtraNote, PercentilesTable, SeatHead                   string
	BoxMeanTable, BoxMeanNote, Box, ZeroTable, JokerTable              string
	PairsTable, Pair, PairedCI, UnpairedCI, Narrower, Wins, Ties, Loss string
	PairsNote                                                          string
	PlayersTable, Player, WinShare, Outright, Tied, MeanScore          string
	SeatsTable, SeatTest, SeatNote                                     string
	DegreeOfFreedom, DegreesOfFreedom                                  string
	Generated, Contents, TableItem, FigureItem                         string
	SectionCompare, SectionRegret, SectionScores, SectionBonuses       string
	SectionBoxes, SectionFill                                          string
	Partial, PartialOf                                                 string
	// the footer's provenance (provenance.go)
	WrittenBy, PlayedBy, SameYams, MoreRuns, BotBy string
	// a build of yams: its revision, whether it was modified, no revision, no version
	Revision, Modified, NoRevision, UnknownVersion string
	FromGit                                        string // a revision go run did not stamp, asked of git

	// the lead of a page: strategies, games, rules, seed (tableLead: players, games,
	// players at the table, rules, seed)
	RunLead, RunLeadOne, CompareLead, RegretLead, TableLead string

	// regret (yams sim --regret)
	RegretTitle, RegretX, RegretCaption, RegretKeeps, RegretBoxes, RegretAll string
	RegretBoxTitle, RegretBoxCaption                                         string
	RegretTurnTitle, RegretTurnX, RegretTurnY, RegretTurnCaption             string
	RegretTable, RegretNote, RegretCostly, RegretBoxTable                    string
	CostliestTable, CostliestNote                                            string
	RegretGame, RegretTurn, RegretDecision, RegretDice, RegretChoice         string
	RegretBest, RegretCost, RegretSheet, RegretStop, RegretBox               string
}

//go:embed labels.tsv
var labelsTable []byte

// translations are the labels in every language; the header of labels.tsv names the
// languages, and the tables of the kinds of reports must name the same.
var translations = func() *Translations[Labels] {
	t, err := ParseTranslations[Labels]("reports/labels.tsv", labelsTable)
	if err != nil {
		panic(err)
	}
	return t
}()

// English and French are the labels of the two languages the reports speak.
var English, French = *translations.must("en"), *translations.must("fr")

// LabelsFor returns the labels of a language, or an error naming those there are.
func LabelsFor(lang string) (*Labels, error) {
	if lang == "" {
		lang = Languages[0]
	}
	if l, ok := translations.Table.In(lang); ok {
		return l, nil
	}
	return nil, fmt.Errorf("language %q: want %s", lang, strings.Join(Languages, " or "))
}

// count writes a whole number with the thousands separator of the language.
func (l *Labels) Count(n int64) string { return groupDigits(n, l.ThousandsSep, "−") }

// Thousands writes n with a comma between groups of three digits, as the tables of the
// command line do: 1,000,000.
func Thousands(n int64) string { return groupDigits(n, ",", "-") }

func groupDigits(n int64, sep, minus string) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteString(minus)
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(c)
	}
	return b.String()
}

// num writes x with prec decimals and the separators of the language.
func (l *Labels) Num(x float64, prec int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "–"
	}
	s := strconv.FormatFloat(math.Abs(x), 'f', prec, 64)
	whole, frac, _ := strings.Cut(s, ".")
	n, _ := strconv.ParseInt(whole, 10, 64)
	out := l.Count(n)
	if frac != "" {
		out += l.DecimalSep + frac
	}
	if x < 0 && strings.Trim(s, "0.") != "" {
		out = "−" + out
	}
	return out
}

// pct writes a rate as a percentage with prec decimals.
func (l *Labels) Pct(rate float64, prec int) string {
	return l.Num(100*rate, prec) + l.PercentSep + "%"
}

// percentLabel writes a tick of a logarithmic axis of percentages: 100%, 1%, 0.01%.
func (l *Labels) percentLabel(v float64) string {
	prec := max(0, int(math.Ceil(-math.Log10(v)-1e-9)))
	return l.Num(v, prec) + l.PercentSep + "%"
}

// interval writes "x [lo, hi]", the way every estimate is shown.
func (l *Labels) Interval(x, lo, hi float64, prec int) string {
	sep := ", "
	if l.DecimalSep == "," {
		sep = " ; "
	}
	return l.Num(x, prec) + " [" + l.Num(lo, prec) + sep + l.Num(hi, prec) + "]"
}

// pctInterval writes a rate and its interval as percentages.
func (l *Labels) PctInterval(rate, lo, hi float64, prec int) string {
	return l.Interval(100*rate, 100*lo, 100*hi, prec) + l.PercentSep + "%"
}

// CheckLang returns an error unless the reports speak lang.
func CheckLang(lang string) error {
	_, err := LabelsFor(lang)
	return err
}
