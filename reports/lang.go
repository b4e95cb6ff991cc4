package reports

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Languages are the languages of the labels, tables and page.
var Languages = []string{"en", "fr"}

// Labels are the words of every output in one language. Numbers follow the language
// too: 1,234.5 in English, 1 234,5 in French (with narrow no-break spaces).
type Labels struct {
	Lang      string
	decimal   string
	thousands string
	percent   string // between a number and %
	colon     string // between a name and its value

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
	parameters, Rules, RulesHash, Options, Seed, Games, Strategies     string
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
	Generated, contents, tableItem, figureItem                         string
	SectionCompare, SectionRegret, SectionScores, SectionBonuses       string
	SectionBoxes, SectionFill                                          string
	Partial, PartialOf                                                 string
	// the footer's provenance (provenance.go)
	writtenBy, playedBy, sameYams, moreRuns, botBy string
	// a build of yams: its revision, whether it was modified, no revision, no version
	revision, modified, noRevision, unknownVersion string
	fromGit                                        string // a revision go run did not stamp, asked of git

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

var English = Labels{
	Lang: "en", decimal: ".", thousands: ",", percent: "", colon: ": ",

	ScoresTitle: "Final score", ScoresX: "final score (points)", ScoresY: "games (% per point)",
	MeanKey: "mean: vertical line", MedianKey: "median: marker",
	ScoresCaption: "Distribution of the final score per strategy, in bins of %d points (%s). Vertical lines mark the means, markers the medians.",
	Beyond:        "Beyond the axis%s: %s.", AllTogether: ", all strategies together", And: " and ",
	BeyondAbove: "%s games at %s points or more (up to %s)", BeyondBelow: "%s games below %s points (down to %s)",
	GamesPerStrategy: "games per strategy",
	CdfTitle:         "Final score, cumulative", CdfY: "games at or below (%)",
	CdfCaption: "Share of the games that score at most x points, per strategy (%s).",
	BonusTitle: "Upper bonus", BonusX: "games with the upper bonus (%, 95% interval)", BonusXColumns: "games with the column's upper bonus (%, 95% interval)",
	BonusCaption:  "Rate of the upper bonus per strategy with its Wilson 95%% interval (%s).",
	SubtotalTitle: "Upper subtotal", SubtotalX: "upper subtotal (points)", SubtotalY: "games (%)",
	ThresholdKey:    "bonus from %d (shaded)",
	SubtotalCaption: "Distribution of the upper subtotal at the end of the game; the games on the shaded ground, at or above the threshold, have the bonus (%s).",
	YahtzeeTitle:    "%s scored", YahtzeeX: "games with a scored %s box (%%, 95%% interval)",
	YahtzeeCaption: "Rate of games whose %s box scores, with its Wilson 95%% interval (%s).",
	ExtraTitle:     "Extra %s bonuses", ExtraX: "extra bonuses in the game", ExtraY: "games (%, log scale)",
	ExtraCaption: "Games by their number of extra %s bonuses, on a logarithmic scale (%s).",
	JokerTitle:   "Jokers per box", JokerX: "games with a joker in the box (%, 95% interval)",
	JokerCaption: "Share of games in which each box took a joker, with Wilson 95%% intervals (%s).",
	BoxMeanTitle: "Mean score per box", BoxMeanX: "mean score (points)",
	BoxMeanCaption: "Mean score of each box per strategy (%s).",
	ZeroTitle:      "Boxes scored zero", ZeroX: "games with 0 in the box (%, 95% interval)",
	ZeroCaption: "Share of games in which each box holds 0, with Wilson 95%% intervals (%s).",
	FillTitle:   "Turn each box is filled: %s", FillX: "turn", FillY: "", FillKey: "games (%)",
	FillCaption:  "Share of the games in which each box is filled at each turn by the strategy %s, on a colour scale of the figure's own, up to its largest share, and darker with the square root of the share; the shares are in the CSV file beside the figure (%s).",
	HiddenCI:     "An interval narrower than its marker is hidden behind it.",
	ColTurnTitle: "Column of each turn", ColTurnX: "turn", ColTurnY: "games (%)",
	ColTurnCaption: "Share of the games in which each turn's box is in each column, by turn number, a panel per strategy: where a player scores as the sheet fills; at each turn the shares of the columns add up to 100%%, and they are in the CSV file beside the figure (%s).",
	ConvTitle:      "Running mean", ConvX: "games played (log scale)", ConvY: "mean score (points)",
	ConvCaption:  "Mean score of the first games in the order of their index, with its 95%% interval (band), against the final mean and its 95%% interval (grey), a panel per strategy on an axis of its own; the first games, whose mean lies beyond the panel, are cut (%s).",
	ConvFinalKey: "final mean, 95% interval", ConvRunningKey: "running mean, 95% interval",
	PairTitle: "Paired differences", PairX: "difference of mean scores (points)",
	PairedKey: "paired 95% interval", UnpairedKey: "unpaired 95% interval",
	PairCaption: "Mean difference of the scores of each pair on the same dice, with its paired 95%% interval (thick) and the wider interval that ignores the pairing (thin) (%s).",
	H2hTitle:    "Head to head on the same dice", H2hX: "games (%)",
	Versus: "%s vs %s", H2hWin: "first wins", H2hTie: "tie", H2hLoss: "second wins",
	H2hCaption: "For each pair, the games the first strategy wins, ties and loses against the second on the same dice (%s).",
	WinsTitle:  "Wins at the table", WinsX: "games won (%, ties shared, 95% interval)",
	WinsCaption: "Share of the table games won by each player, a tie between k players counting 1/k for each, with Wilson 95%% intervals (%s).",
	EvenKey:     "1/%d",
	SeatsTitle:  "Wins by seat", SeatsX: "games won (%, ties shared, 95% interval)", Seat: "seat %d", AllPlayers: "all players",
	PlayerOf:    "player %d (%s)",
	SeatCaption: "Share of the games won from each seat, by all players together and by each player; players rotate seats from game to game (%s).",

	PageTitle: "yams simulation report", CompareTitle: "yams comparison report", TableTitle: "yams table games report",
	parameters: "Parameters", Rules: "rules", RulesHash: "rules hash", Options: "rule options", Seed: "seed",
	Games: "games", Strategies: "strategies", Players: "players",
	Partial: "partial", PartialOf: "yes: %s of the %s games planned (the run was stopped)",
	None: "none", Strategy: "strategy", Mean: "mean", Sd: "sd", Median: "median", Min: "min", Max: "max",
	ScoresTable: "Final score",
	ScoresNote:  "Every figure is followed by its 95% interval in brackets: normal for the mean, from the fourth moment for the standard deviation, from the order statistics (distribution-free) for the median and the percentiles.",
	BonusTable:  "Bonuses and jokers", UpperBonus: "upper bonus", YahtzeeScored: "%s scored", ExtraPerGame: "extra bonuses per game",
	JokerGames: "games with a joker",
	BonusNote:  "Rates with their Wilson 95% intervals.", ExtraNote: "Extra bonuses per game with a normal 95% interval.",
	PercentilesTable: "Final score: percentiles", SeatHead: "seat",
	BoxMeanTable: "Mean score per box", BoxMeanNote: "Means over every game; their 95%% intervals are narrower than ±%s points (the standard deviation of a box is at most half its range, Popoviciu).",
	Box: "box", ZeroTable: "Boxes scored zero (%)", JokerTable: "Jokers per box (% of games)",
	PairsTable: "Paired comparisons", Pair: "pair", PairedCI: "mean difference ± 95% interval (paired)",
	UnpairedCI: "unpaired ± 95% interval", Narrower: "paired width / unpaired", Wins: "first wins", Ties: "ties", Loss: "second wins",
	PairsNote:    "Both strategies of a pair play every game on the same dice (common random numbers): the interval from the game-by-game differences is narrower than the one that ignores the pairing. Wins, ties and losses count the games with their Wilson 95% intervals.",
	PlayersTable: "Players", Player: "player", WinShare: "games won (ties shared)", Outright: "won alone", Tied: "tied first", MeanScore: "mean score",
	SeatsTable: "Seats", SeatTest: "Seat order: χ² = %s with %s, p = %s.",
	DegreeOfFreedom: "1 degree of freedom", DegreesOfFreedom: "%d degrees of freedom",
	SeatNote:  "Each player scores their own dice and nobody's decisions depend on another's sheet, so the seat cannot matter: every seat should win 1/%d of the games. Players rotate seats from game to game, and each seat throws its own dice. The χ² test compares the wins of each seat with 1/%d of the games (ties shared, which makes it slightly conservative).",
	Generated: "Generated by yams report.", contents: "Contents", tableItem: "Table: %s", figureItem: "Figure: %s",
	SectionCompare: "Comparison on the same dice", SectionRegret: "Points lost against optimal play", SectionScores: "Final score",
	SectionBonuses: "Bonuses", SectionBoxes: "Boxes", SectionFill: "Turn each box is filled",
	RunLead:     "The strategies %s played %s games each (rules %s, seed %d).",
	RunLeadOne:  "The strategy %s played %s games (rules %s, seed %d).",
	CompareLead: "The strategies %s, compared on the same dice: %s games each (rules %s, seed %d). The comparison comes first, then the figures of each strategy.",
	RegretLead:  "Every decision of every game is measured against optimal play: the points lost come before the other figures.",
	TableLead:   "%[1]s at a table of %[3]d: %[2]s table games, each player on their own dice, the seats rotating (rules %[4]s, seed %[5]d).",
	writtenBy:   "Written on %s by %s, with the command", playedBy: "Games %s to %s played on %s by %s, with the command",
	sameYams: "the same yams", moreRuns: "and %d more runs, which the summary file lists.",
	botBy:    "Bot %s (its hello: %s, version %s) started with the command",
	revision: "revision %s", modified: ", modified", noRevision: "no revision recorded", unknownVersion: "(unknown version)", fromGit: " from git",

	RegretTitle: "Points lost against optimal play", RegretX: "points lost per game (95% interval)",
	RegretCaption: "Expected points each strategy loses per game against optimal play, by kind of decision: the cost of a decision is the expected final score after the best option minus that after the option taken, optimal play after both; over a game the costs add up to what optimal play expects more from the game's start (%s).",
	RegretKeeps:   "keeps after roll %d", RegretBoxes: "boxes", RegretAll: "all decisions",
	RegretBoxTitle:   "Points lost, by the box a turn ends in",
	RegretBoxCaption: "Expected points lost per game in the turns that end in each box, keeps and box together (%s).",
	RegretTurnTitle:  "Points lost, turn by turn", RegretTurnX: "turn", RegretTurnY: "points lost per game",
	RegretTurnCaption: "Expected points lost per game in each turn, with its 95%% interval (band) (%s).",
	RegretTable:       "Points lost against optimal play, per game",
	RegretNote:        "The cost of a decision is the expected final score after the best option minus that after the option taken, optimal play after both; it is measured on every decision of every game, and a game's costs add up to what optimal play expects more from its start. Each cost per game has its 95% interval.",
	RegretCostly:      "costly decisions per game (> 0 / > 1 / > 5 points)", RegretBoxTable: "Points lost per game, by the box a turn ends in",
	CostliestTable: "The costliest decisions of the strategy %s", CostliestNote: "The costliest decisions met (the summary file keeps %d), with the sheet before the turn; games are numbered from 0, as in the summary file and the bot protocol, and the cost is in points of expected final score.",
	RegretGame: "game", RegretTurn: "turn", RegretDecision: "decision", RegretDice: "dice", RegretChoice: "choice",
	RegretBest: "best", RegretCost: "cost", RegretSheet: "sheet", RegretStop: "stop", RegretBox: "box",
}

var French = Labels{
	Lang: "fr", decimal: ",", thousands: "\u202f", percent: "\u202f", colon: "\u00a0: ",

	ScoresTitle: "Score final", ScoresX: "score final (points)", ScoresY: "parties (% par point)",
	MeanKey: "moyenne : trait vertical", MedianKey: "médiane : symbole",
	ScoresCaption: "Distribution du score final par stratégie, par classes de %d points (%s). Les traits verticaux marquent les moyennes, les symboles les médianes.",
	Beyond:        "Hors de l’axe%s : %s.", AllTogether: ", toutes stratégies confondues", And: " et ",
	BeyondAbove: "%s parties à %s points ou plus (jusqu’à %s)", BeyondBelow: "%s parties sous %s points (jusqu’à %s)",
	GamesPerStrategy: "parties par stratégie",
	CdfTitle:         "Score final, distribution cumulée", CdfY: "parties à x points ou moins (%)",
	CdfCaption: "Part des parties qui marquent au plus x points, par stratégie (%s).",
	BonusTitle: "Prime de la partie haute", BonusX: "parties avec la prime (%, intervalle à 95 %)", BonusXColumns: "parties avec la prime de la colonne (%, intervalle à 95 %)",
	BonusCaption:  "Taux de la prime de la partie haute par stratégie, avec son intervalle de Wilson à 95 %% (%s).",
	SubtotalTitle: "Sous-total de la partie haute", SubtotalX: "sous-total de la partie haute (points)", SubtotalY: "parties (%)",
	ThresholdKey:    "prime dès %d (grisé)",
	SubtotalCaption: "Distribution du sous-total de la partie haute en fin de partie ; les parties sur fond grisé, au seuil ou au-delà, ont la prime (%s).",
	YahtzeeTitle:    "%s marqué", YahtzeeX: "parties où la case %s marque (%%, intervalle à 95 %%)",
	YahtzeeCaption: "Taux des parties où la case %s marque, avec son intervalle de Wilson à 95 %% (%s).",
	ExtraTitle:     "Primes de %s supplémentaires", ExtraX: "primes supplémentaires dans la partie", ExtraY: "parties (%, échelle log.)",
	ExtraCaption: "Parties selon leur nombre de primes de %s supplémentaires, en échelle logarithmique (%s).",
	JokerTitle:   "Jokers par case", JokerX: "parties avec un joker dans la case (%, intervalle à 95 %)",
	JokerCaption: "Part des parties où chaque case a reçu un joker, avec les intervalles de Wilson à 95 %% (%s).",
	BoxMeanTitle: "Score moyen par case", BoxMeanX: "score moyen (points)",
	BoxMeanCaption: "Score moyen de chaque case par stratégie (%s).",
	ZeroTitle:      "Cases à zéro", ZeroX: "parties avec 0 dans la case (%, intervalle à 95 %)",
	ZeroCaption: "Part des parties où chaque case vaut 0, avec les intervalles de Wilson à 95 %% (%s).",
	FillTitle:   "Tour où chaque case est remplie : %s", FillX: "tour", FillY: "", FillKey: "parties (%)",
	FillCaption:  "Part des parties où chaque case est remplie à chaque tour par la stratégie %s, sur une échelle de couleurs propre à la figure, jusqu’à sa plus grande part, et plus sombre avec la racine carrée de la part ; les parts sont dans le fichier CSV à côté de la figure (%s).",
	HiddenCI:     "Un intervalle plus étroit que son symbole est caché derrière lui.",
	ColTurnTitle: "Colonne de chaque tour", ColTurnX: "tour", ColTurnY: "parties (%)",
	ColTurnCaption: "Part des parties où la case de chaque tour est dans chaque colonne, par numéro de tour, un panneau par stratégie : où un joueur marque à mesure que la feuille se remplit ; à chaque tour les parts des colonnes font 100 %%, et elles sont dans le fichier CSV à côté de la figure (%s).",
	ConvTitle:      "Moyenne cumulée", ConvX: "parties jouées (échelle log.)", ConvY: "score moyen (points)",
	ConvCaption:  "Score moyen des premières parties dans l’ordre de leur numéro, avec son intervalle à 95 %% (bande), face à la moyenne finale et à son intervalle à 95 %% (en gris), un panneau par stratégie, chacun sur son propre axe ; les premières parties, dont la moyenne sort du panneau, sont coupées (%s).",
	ConvFinalKey: "moyenne finale, intervalle à 95 %", ConvRunningKey: "moyenne cumulée, intervalle à 95 %",
	PairTitle: "Différences appariées", PairX: "différence des scores moyens (points)",
	PairedKey: "intervalle apparié à 95 %", UnpairedKey: "intervalle non apparié à 95 %",
	PairCaption: "Différence moyenne des scores de chaque paire sur les mêmes dés, avec son intervalle apparié à 95 %% (épais) et l’intervalle plus large qui ignore l’appariement (fin) (%s).",
	H2hTitle:    "Face-à-face sur les mêmes dés", H2hX: "parties (%)",
	Versus: "%s contre %s", H2hWin: "la première gagne", H2hTie: "égalité", H2hLoss: "la seconde gagne",
	H2hCaption: "Pour chaque paire, les parties que la première stratégie gagne, fait égales et perd contre la seconde sur les mêmes dés (%s).",
	WinsTitle:  "Victoires à la table", WinsX: "parties gagnées (%, égalités partagées, intervalle à 95 %)",
	WinsCaption: "Part des parties gagnées par chaque joueur, une égalité entre k joueurs comptant 1/k pour chacun, avec les intervalles de Wilson à 95 %% (%s).",
	EvenKey:     "1/%d",
	SeatsTitle:  "Victoires par place", SeatsX: "parties gagnées (%, égalités partagées, intervalle à 95 %)", Seat: "place %d", AllPlayers: "tous les joueurs",
	PlayerOf:    "joueur %d (%s)",
	SeatCaption: "Part des parties gagnées depuis chaque place, par l’ensemble des joueurs et par chacun ; les joueurs tournent d’une partie à l’autre (%s).",

	PageTitle: "yams : rapport de simulation", CompareTitle: "yams : rapport de comparaison", TableTitle: "yams : rapport de parties à plusieurs joueurs",
	parameters: "Paramètres", Rules: "règles", RulesHash: "empreinte des règles", Options: "options de règles", Seed: "graine",
	Games: "parties", Strategies: "stratégies", Players: "joueurs",
	Partial: "partiel", PartialOf: "oui : %s des %s parties prévues (la simulation a été arrêtée)",
	None: "aucune", Strategy: "stratégie", Mean: "moyenne", Sd: "écart type", Median: "médiane", Min: "min.", Max: "max.",
	ScoresTable: "Score final",
	ScoresNote:  "Chaque valeur est suivie de son intervalle à 95 % entre crochets : normal pour la moyenne, par le moment d’ordre quatre pour l’écart type, par les statistiques d’ordre (sans hypothèse de loi) pour la médiane et les centiles.",
	BonusTable:  "Primes et jokers", UpperBonus: "prime de la partie haute", YahtzeeScored: "%s marqué", ExtraPerGame: "primes supplémentaires par partie",
	JokerGames: "parties avec un joker",
	BonusNote:  "Taux avec leurs intervalles de Wilson à 95 %.", ExtraNote: "Primes supplémentaires par partie avec un intervalle normal à 95 %.",
	PercentilesTable: "Score final : centiles", SeatHead: "place",
	BoxMeanTable: "Score moyen par case", BoxMeanNote: "Moyennes sur toutes les parties ; leurs intervalles à 95 %% sont plus étroits que ±%s points (l’écart type d’une case vaut au plus la moitié de son étendue, Popoviciu).",
	Box: "case", ZeroTable: "Cases à zéro (%)", JokerTable: "Jokers par case (% des parties)",
	PairsTable: "Comparaisons appariées", Pair: "paire", PairedCI: "différence moyenne ± intervalle à 95 % (apparié)",
	UnpairedCI: "non apparié ± intervalle à 95 %", Narrower: "largeur appariée / non appariée", Wins: "la première gagne", Ties: "égalités", Loss: "la seconde gagne",
	PairsNote:    "Les deux stratégies d’une paire jouent chaque partie sur les mêmes dés (nombres aléatoires communs) : l’intervalle tiré des différences partie par partie est plus étroit que celui qui ignore l’appariement. Victoires, égalités et défaites avec leurs intervalles de Wilson à 95 %.",
	PlayersTable: "Joueurs", Player: "joueur", WinShare: "parties gagnées (égalités partagées)", Outright: "gagnées seul", Tied: "gagnées à égalité", MeanScore: "score moyen",
	SeatsTable: "Places", SeatTest: "Ordre des places : χ² = %s à %s, p = %s.",
	DegreeOfFreedom: "1 degré de liberté", DegreesOfFreedom: "%d degrés de liberté",
	SeatNote:  "Chaque joueur marque ses propres dés et aucune décision ne dépend de la feuille d’un autre : la place ne peut pas compter, chaque place devrait gagner 1/%d des parties. Les joueurs changent de place d’une partie à l’autre et chaque place lance ses propres dés. Le test du χ² compare les victoires de chaque place à 1/%d des parties (égalités partagées, ce qui le rend un peu conservateur).",
	Generated: "Produit par yams report.", contents: "Sommaire", tableItem: "Tableau : %s", figureItem: "Figure : %s",
	SectionCompare: "Comparaison sur les mêmes dés", SectionRegret: "Points perdus face au jeu optimal", SectionScores: "Score final",
	SectionBonuses: "Primes", SectionBoxes: "Cases", SectionFill: "Tour où chaque case est remplie",
	RunLead:     "Les stratégies %s ont joué %s parties chacune (règles %s, graine %d).",
	RunLeadOne:  "La stratégie %s a joué %s parties (règles %s, graine %d).",
	CompareLead: "Les stratégies %s, comparées sur les mêmes dés : %s parties chacune (règles %s, graine %d). La comparaison vient d’abord, puis les figures de chaque stratégie.",
	RegretLead:  "Chaque décision de chaque partie est mesurée face au jeu optimal : les points perdus viennent avant les autres figures.",
	TableLead:   "%[1]s à une table de %[3]d joueurs : %[2]s parties, chaque joueur sur ses propres dés, les places tournant d’une partie à l’autre (règles %[4]s, graine %[5]d).",
	writtenBy:   "Écrit le %s par %s, avec la commande", playedBy: "Parties %s à %s jouées le %s par %s, avec la commande",
	sameYams: "le même yams", moreRuns: "et %d autres exécutions, que le fichier de résumé liste.",
	botBy:    "Bot %s (son hello : %s, version %s) lancé par la commande",
	revision: "révision %s", modified: ", modifiée", noRevision: "sans révision enregistrée", unknownVersion: "(version inconnue)", fromGit: " d’après git",

	RegretTitle: "Points perdus face au jeu optimal", RegretX: "points perdus par partie (intervalle à 95 %)",
	RegretCaption: "Points que chaque stratégie perd en moyenne par partie face au jeu optimal, par type de décision : le coût d’une décision est le score final espéré après la meilleure option moins celui après l’option prise, en jouant ensuite au mieux ; sur une partie, les coûts s’additionnent en ce que le jeu optimal espère de plus depuis le début de la partie (%s).",
	RegretKeeps:   "dés gardés après le lancer %d", RegretBoxes: "cases", RegretAll: "toutes les décisions",
	RegretBoxTitle:   "Points perdus, selon la case où finit le tour",
	RegretBoxCaption: "Points perdus en moyenne par partie dans les tours qui finissent dans chaque case, dés gardés et case ensemble (%s).",
	RegretTurnTitle:  "Points perdus, tour par tour", RegretTurnX: "tour", RegretTurnY: "points perdus par partie",
	RegretTurnCaption: "Points perdus en moyenne par partie à chaque tour, avec leur intervalle à 95 %% (bande) (%s).",
	RegretTable:       "Points perdus face au jeu optimal, par partie",
	RegretNote:        "Le coût d’une décision est le score final espéré après la meilleure option moins celui après l’option prise, en jouant ensuite au mieux ; il est mesuré sur chaque décision de chaque partie, et les coûts d’une partie s’additionnent en ce que le jeu optimal espère de plus depuis son début. Chaque coût par partie a son intervalle à 95 %.",
	RegretCostly:      "décisions coûteuses par partie (> 0 / > 1 / > 5 points)", RegretBoxTable: "Points perdus par partie, selon la case où finit le tour",
	CostliestTable: "Les décisions les plus coûteuses de la stratégie %s", CostliestNote: "Les décisions les plus coûteuses rencontrées (le fichier de résumé en garde %d), avec la feuille avant le tour ; les parties sont numérotées à partir de 0, comme dans le fichier de résumé et le protocole des bots, et le coût est en points de score final espéré.",
	RegretGame: "partie", RegretTurn: "tour", RegretDecision: "décision", RegretDice: "dés", RegretChoice: "choix",
	RegretBest: "meilleur", RegretCost: "coût", RegretSheet: "feuille", RegretStop: "arrêt", RegretBox: "case",
}

// LabelsFor returns the labels of a language, or an error naming those there are.
func LabelsFor(lang string) (*Labels, error) {
	switch lang {
	case "", "en":
		return &English, nil
	case "fr":
		return &French, nil
	}
	return nil, fmt.Errorf("language %q: want %s", lang, strings.Join(Languages, " or "))
}

// count writes a whole number with the thousands separator of the language.
func (l *Labels) Count(n int64) string { return groupDigits(n, l.thousands, "−") }

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
		out += l.decimal + frac
	}
	if x < 0 && strings.Trim(s, "0.") != "" {
		out = "−" + out
	}
	return out
}

// pct writes a rate as a percentage with prec decimals.
func (l *Labels) Pct(rate float64, prec int) string { return l.Num(100*rate, prec) + l.percent + "%" }

// percentLabel writes a tick of a logarithmic axis of percentages: 100%, 1%, 0.01%.
func (l *Labels) percentLabel(v float64) string {
	prec := max(0, int(math.Ceil(-math.Log10(v)-1e-9)))
	return l.Num(v, prec) + l.percent + "%"
}

// interval writes "x [lo, hi]", the way every estimate is shown.
func (l *Labels) Interval(x, lo, hi float64, prec int) string {
	sep := ", "
	if l.decimal == "," {
		sep = " ; "
	}
	return l.Num(x, prec) + " [" + l.Num(lo, prec) + sep + l.Num(hi, prec) + "]"
}

// pctInterval writes a rate and its interval as percentages.
func (l *Labels) PctInterval(rate, lo, hi float64, prec int) string {
	return l.Interval(100*rate, 100*lo, 100*hi, prec) + l.percent + "%"
}

// CheckLang returns an error unless the reports speak lang.
func CheckLang(lang string) error {
	_, err := LabelsFor(lang)
	return err
}
