package reports

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Languages are the languages of the labels, tables and page.
var Languages = []string{"en", "fr"}

// labels are the words of every output in one language. Numbers follow the language
// too: 1,234.5 in English, 1 234,5 in French (with narrow no-break spaces).
type labels struct {
	lang      string
	decimal   string
	thousands string
	percent   string // between a number and %
	colon     string // between a name and its value

	// figures
	scoresTitle, scoresX, scoresY, meanKey, medianKey  string
	scoresCaption                                      string // bin width, context
	beyond, allTogether, beyondAbove, beyondBelow, and string // games left out of the axis of scores
	gamesPerStrategy                                   string
	cdfTitle, cdfY, cdfCaption                         string
	bonusTitle, bonusX, bonusXColumns, bonusCaption    string
	subtotalTitle, subtotalX, subtotalY, thresholdKey  string
	subtotalCaption                                    string
	yahtzeeTitle, yahtzeeX, yahtzeeCaption             string // box label
	extraTitle, extraX, extraY, extraCaption           string // box label
	jokerTitle, jokerX, jokerCaption                   string
	boxMeanTitle, boxMeanX, boxMeanCaption             string
	zeroTitle, zeroX, zeroCaption                      string
	fillTitle, fillX, fillY, fillKey, fillCaption      string // strategy
	convTitle, convX, convY, convCaption               string
	colTurnTitle, colTurnX, colTurnY, colTurnCaption   string
	convFinalKey, convRunningKey                       string
	hiddenCI                                           string // after the caption of a dot plot
	pairTitle, pairX, pairedKey, unpairedKey           string
	pairCaption                                        string
	h2hTitle, h2hX, h2hWin, h2hTie, h2hLoss, versus    string
	h2hCaption                                         string
	winsTitle, winsX, winsCaption, evenKey             string
	seatsTitle, seatsX, seat, allPlayers, seatCaption  string
	playerOf                                           string // number, strategy

	// tables and page
	pageTitle, compareTitle, tableTitle                                string
	parameters, rules, rulesHash, options, seed, games, strategies     string
	players                                                            string
	none, strategy, mean, sd, median, min, max                         string
	scoresTable, scoresNote                                            string
	bonusTable, upperBonus, yahtzeeScored, extraPerGame, jokerGames    string
	bonusNote, extraNote, percentilesTable, seatHead                   string
	boxMeanTable, boxMeanNote, box, zeroTable, jokerTable              string
	pairsTable, pair, pairedCI, unpairedCI, narrower, wins, ties, loss string
	pairsNote                                                          string
	playersTable, player, winShare, outright, tied, meanScore          string
	seatsTable, seatTest, seatNote                                     string
	degreeOfFreedom, degreesOfFreedom                                  string
	generated, contents, tableItem, figureItem                         string
	sectionCompare, sectionRegret, sectionScores, sectionBonuses       string
	sectionBoxes, sectionFill                                          string
	partial, partialOf                                                 string
	// the footer's provenance (provenance.go)
	writtenBy, playedBy, sameYams, moreRuns, botBy string
	// a build of yams: its revision, whether it was modified, no revision, no version
	revision, modified, noRevision, unknownVersion string
	fromGit                                        string // a revision go run did not stamp, asked of git

	// the lead of a page: strategies, games, rules, seed (tableLead: players, games,
	// players at the table, rules, seed)
	runLead, runLeadOne, compareLead, regretLead, tableLead string

	// regret (yams sim --regret)
	regretTitle, regretX, regretCaption, regretKeeps, regretBoxes, regretAll string
	regretBoxTitle, regretBoxCaption                                         string
	regretTurnTitle, regretTurnX, regretTurnY, regretTurnCaption             string
	regretTable, regretNote, regretCostly, regretBoxTable                    string
	costliestTable, costliestNote                                            string
	regretGame, regretTurn, regretDecision, regretDice, regretChoice         string
	regretBest, regretCost, regretSheet, regretStop, regretBox               string
}

var english = labels{
	lang: "en", decimal: ".", thousands: ",", percent: "", colon: ": ",

	scoresTitle: "Final score", scoresX: "final score (points)", scoresY: "games (% per point)",
	meanKey: "mean: vertical line", medianKey: "median: marker",
	scoresCaption: "Distribution of the final score per strategy, in bins of %d points (%s). Vertical lines mark the means, markers the medians.",
	beyond:        "Beyond the axis%s: %s.", allTogether: ", all strategies together", and: " and ",
	beyondAbove: "%s games at %s points or more (up to %s)", beyondBelow: "%s games below %s points (down to %s)",
	gamesPerStrategy: "games per strategy",
	cdfTitle:         "Final score, cumulative", cdfY: "games at or below (%)",
	cdfCaption: "Share of the games that score at most x points, per strategy (%s).",
	bonusTitle: "Upper bonus", bonusX: "games with the upper bonus (%, 95% interval)", bonusXColumns: "games with the column's upper bonus (%, 95% interval)",
	bonusCaption:  "Rate of the upper bonus per strategy with its Wilson 95%% interval (%s).",
	subtotalTitle: "Upper subtotal", subtotalX: "upper subtotal (points)", subtotalY: "games (%)",
	thresholdKey:    "bonus from %d (shaded)",
	subtotalCaption: "Distribution of the upper subtotal at the end of the game; the games on the shaded ground, at or above the threshold, have the bonus (%s).",
	yahtzeeTitle:    "%s scored", yahtzeeX: "games with a scored %s box (%%, 95%% interval)",
	yahtzeeCaption: "Rate of games whose %s box scores, with its Wilson 95%% interval (%s).",
	extraTitle:     "Extra %s bonuses", extraX: "extra bonuses in the game", extraY: "games (%, log scale)",
	extraCaption: "Games by their number of extra %s bonuses, on a logarithmic scale (%s).",
	jokerTitle:   "Jokers per box", jokerX: "games with a joker in the box (%, 95% interval)",
	jokerCaption: "Share of games in which each box took a joker, with Wilson 95%% intervals (%s).",
	boxMeanTitle: "Mean score per box", boxMeanX: "mean score (points)",
	boxMeanCaption: "Mean score of each box per strategy (%s).",
	zeroTitle:      "Boxes scored zero", zeroX: "games with 0 in the box (%, 95% interval)",
	zeroCaption: "Share of games in which each box holds 0, with Wilson 95%% intervals (%s).",
	fillTitle:   "Turn each box is filled: %s", fillX: "turn", fillY: "", fillKey: "games (%)",
	fillCaption:  "Share of the games in which each box is filled at each turn by the strategy %s, on a colour scale of the figure's own, up to its largest share, and darker with the square root of the share; the shares are in the CSV file beside the figure (%s).",
	hiddenCI:     "An interval narrower than its marker is hidden behind it.",
	colTurnTitle: "Column of each turn", colTurnX: "turn", colTurnY: "games (%)",
	colTurnCaption: "Share of the games in which each turn's box is in each column, by turn number, a panel per strategy: where a player scores as the sheet fills; at each turn the shares of the columns add up to 100%%, and they are in the CSV file beside the figure (%s).",
	convTitle:      "Running mean", convX: "games played (log scale)", convY: "mean score (points)",
	convCaption:  "Mean score of the first games in the order of their index, with its 95%% interval (band), against the final mean and its 95%% interval (grey), a panel per strategy on an axis of its own; the first games, whose mean lies beyond the panel, are cut (%s).",
	convFinalKey: "final mean, 95% interval", convRunningKey: "running mean, 95% interval",
	pairTitle: "Paired differences", pairX: "difference of mean scores (points)",
	pairedKey: "paired 95% interval", unpairedKey: "unpaired 95% interval",
	pairCaption: "Mean difference of the scores of each pair on the same dice, with its paired 95%% interval (thick) and the wider interval that ignores the pairing (thin) (%s).",
	h2hTitle:    "Head to head on the same dice", h2hX: "games (%)",
	versus: "%s vs %s", h2hWin: "first wins", h2hTie: "tie", h2hLoss: "second wins",
	h2hCaption: "For each pair, the games the first strategy wins, ties and loses against the second on the same dice (%s).",
	winsTitle:  "Wins at the table", winsX: "games won (%, ties shared, 95% interval)",
	winsCaption: "Share of the table games won by each player, a tie between k players counting 1/k for each, with Wilson 95%% intervals (%s).",
	evenKey:     "1/%d",
	seatsTitle:  "Wins by seat", seatsX: "games won (%, ties shared, 95% interval)", seat: "seat %d", allPlayers: "all players",
	playerOf:    "player %d (%s)",
	seatCaption: "Share of the games won from each seat, by all players together and by each player; players rotate seats from game to game (%s).",

	pageTitle: "yams simulation report", compareTitle: "yams comparison report", tableTitle: "yams table games report",
	parameters: "Parameters", rules: "rules", rulesHash: "rules hash", options: "rule options", seed: "seed",
	games: "games", strategies: "strategies", players: "players",
	partial: "partial", partialOf: "yes: %s of the %s games planned (the run was stopped)",
	none: "none", strategy: "strategy", mean: "mean", sd: "sd", median: "median", min: "min", max: "max",
	scoresTable: "Final score",
	scoresNote:  "Every figure is followed by its 95% interval in brackets: normal for the mean, from the fourth moment for the standard deviation, from the order statistics (distribution-free) for the median and the percentiles.",
	bonusTable:  "Bonuses and jokers", upperBonus: "upper bonus", yahtzeeScored: "%s scored", extraPerGame: "extra bonuses per game",
	jokerGames: "games with a joker",
	bonusNote:  "Rates with their Wilson 95% intervals.", extraNote: "Extra bonuses per game with a normal 95% interval.",
	percentilesTable: "Final score: percentiles", seatHead: "seat",
	boxMeanTable: "Mean score per box", boxMeanNote: "Means over every game; their 95%% intervals are narrower than ±%s points (the standard deviation of a box is at most half its range, Popoviciu).",
	box: "box", zeroTable: "Boxes scored zero (%)", jokerTable: "Jokers per box (% of games)",
	pairsTable: "Paired comparisons", pair: "pair", pairedCI: "mean difference ± 95% interval (paired)",
	unpairedCI: "unpaired ± 95% interval", narrower: "paired width / unpaired", wins: "first wins", ties: "ties", loss: "second wins",
	pairsNote:    "Both strategies of a pair play every game on the same dice (common random numbers): the interval from the game-by-game differences is narrower than the one that ignores the pairing. Wins, ties and losses count the games with their Wilson 95% intervals.",
	playersTable: "Players", player: "player", winShare: "games won (ties shared)", outright: "won alone", tied: "tied first", meanScore: "mean score",
	seatsTable: "Seats", seatTest: "Seat order: χ² = %s with %s, p = %s.",
	degreeOfFreedom: "1 degree of freedom", degreesOfFreedom: "%d degrees of freedom",
	seatNote:  "Each player scores their own dice and nobody's decisions depend on another's sheet, so the seat cannot matter: every seat should win 1/%d of the games. Players rotate seats from game to game, and each seat throws its own dice. The χ² test compares the wins of each seat with 1/%d of the games (ties shared, which makes it slightly conservative).",
	generated: "Generated by yams report.", contents: "Contents", tableItem: "Table: %s", figureItem: "Figure: %s",
	sectionCompare: "Comparison on the same dice", sectionRegret: "Points lost against optimal play", sectionScores: "Final score",
	sectionBonuses: "Bonuses", sectionBoxes: "Boxes", sectionFill: "Turn each box is filled",
	runLead:     "The strategies %s played %s games each (rules %s, seed %d).",
	runLeadOne:  "The strategy %s played %s games (rules %s, seed %d).",
	compareLead: "The strategies %s, compared on the same dice: %s games each (rules %s, seed %d). The comparison comes first, then the figures of each strategy.",
	regretLead:  "Every decision of every game is measured against optimal play: the points lost come before the other figures.",
	tableLead:   "%[1]s at a table of %[3]d: %[2]s table games, each player on their own dice, the seats rotating (rules %[4]s, seed %[5]d).",
	writtenBy:   "Written on %s by %s, with the command", playedBy: "Games %s to %s played on %s by %s, with the command",
	sameYams: "the same yams", moreRuns: "and %d more runs, which the summary file lists.",
	botBy:    "Bot %s (its hello: %s, version %s) started with the command",
	revision: "revision %s", modified: ", modified", noRevision: "no revision recorded", unknownVersion: "(unknown version)", fromGit: " from git",

	regretTitle: "Points lost against optimal play", regretX: "points lost per game (95% interval)",
	regretCaption: "Expected points each strategy loses per game against optimal play, by kind of decision: the cost of a decision is the expected final score after the best option minus that after the option taken, optimal play after both; over a game the costs add up to what optimal play expects more from the game's start (%s).",
	regretKeeps:   "keeps after roll %d", regretBoxes: "boxes", regretAll: "all decisions",
	regretBoxTitle:   "Points lost, by the box a turn ends in",
	regretBoxCaption: "Expected points lost per game in the turns that end in each box, keeps and box together (%s).",
	regretTurnTitle:  "Points lost, turn by turn", regretTurnX: "turn", regretTurnY: "points lost per game",
	regretTurnCaption: "Expected points lost per game in each turn, with its 95%% interval (band) (%s).",
	regretTable:       "Points lost against optimal play, per game",
	regretNote:        "The cost of a decision is the expected final score after the best option minus that after the option taken, optimal play after both; it is measured on every decision of every game, and a game's costs add up to what optimal play expects more from its start. Each cost per game has its 95% interval.",
	regretCostly:      "costly decisions per game (> 0 / > 1 / > 5 points)", regretBoxTable: "Points lost per game, by the box a turn ends in",
	costliestTable: "The costliest decisions of the strategy %s", costliestNote: "The costliest decisions met (the summary file keeps %d), with the sheet before the turn; games are numbered from 0, as in the summary file and the bot protocol, and the cost is in points of expected final score.",
	regretGame: "game", regretTurn: "turn", regretDecision: "decision", regretDice: "dice", regretChoice: "choice",
	regretBest: "best", regretCost: "cost", regretSheet: "sheet", regretStop: "stop", regretBox: "box",
}

var french = labels{
	lang: "fr", decimal: ",", thousands: "\u202f", percent: "\u202f", colon: "\u00a0: ",

	scoresTitle: "Score final", scoresX: "score final (points)", scoresY: "parties (% par point)",
	meanKey: "moyenne : trait vertical", medianKey: "médiane : symbole",
	scoresCaption: "Distribution du score final par stratégie, par classes de %d points (%s). Les traits verticaux marquent les moyennes, les symboles les médianes.",
	beyond:        "Hors de l’axe%s : %s.", allTogether: ", toutes stratégies confondues", and: " et ",
	beyondAbove: "%s parties à %s points ou plus (jusqu’à %s)", beyondBelow: "%s parties sous %s points (jusqu’à %s)",
	gamesPerStrategy: "parties par stratégie",
	cdfTitle:         "Score final, distribution cumulée", cdfY: "parties à x points ou moins (%)",
	cdfCaption: "Part des parties qui marquent au plus x points, par stratégie (%s).",
	bonusTitle: "Prime de la partie haute", bonusX: "parties avec la prime (%, intervalle à 95 %)", bonusXColumns: "parties avec la prime de la colonne (%, intervalle à 95 %)",
	bonusCaption:  "Taux de la prime de la partie haute par stratégie, avec son intervalle de Wilson à 95 %% (%s).",
	subtotalTitle: "Sous-total de la partie haute", subtotalX: "sous-total de la partie haute (points)", subtotalY: "parties (%)",
	thresholdKey:    "prime dès %d (grisé)",
	subtotalCaption: "Distribution du sous-total de la partie haute en fin de partie ; les parties sur fond grisé, au seuil ou au-delà, ont la prime (%s).",
	yahtzeeTitle:    "%s marqué", yahtzeeX: "parties où la case %s marque (%%, intervalle à 95 %%)",
	yahtzeeCaption: "Taux des parties où la case %s marque, avec son intervalle de Wilson à 95 %% (%s).",
	extraTitle:     "Primes de %s supplémentaires", extraX: "primes supplémentaires dans la partie", extraY: "parties (%, échelle log.)",
	extraCaption: "Parties selon leur nombre de primes de %s supplémentaires, en échelle logarithmique (%s).",
	jokerTitle:   "Jokers par case", jokerX: "parties avec un joker dans la case (%, intervalle à 95 %)",
	jokerCaption: "Part des parties où chaque case a reçu un joker, avec les intervalles de Wilson à 95 %% (%s).",
	boxMeanTitle: "Score moyen par case", boxMeanX: "score moyen (points)",
	boxMeanCaption: "Score moyen de chaque case par stratégie (%s).",
	zeroTitle:      "Cases à zéro", zeroX: "parties avec 0 dans la case (%, intervalle à 95 %)",
	zeroCaption: "Part des parties où chaque case vaut 0, avec les intervalles de Wilson à 95 %% (%s).",
	fillTitle:   "Tour où chaque case est remplie : %s", fillX: "tour", fillY: "", fillKey: "parties (%)",
	fillCaption:  "Part des parties où chaque case est remplie à chaque tour par la stratégie %s, sur une échelle de couleurs propre à la figure, jusqu’à sa plus grande part, et plus sombre avec la racine carrée de la part ; les parts sont dans le fichier CSV à côté de la figure (%s).",
	hiddenCI:     "Un intervalle plus étroit que son symbole est caché derrière lui.",
	colTurnTitle: "Colonne de chaque tour", colTurnX: "tour", colTurnY: "parties (%)",
	colTurnCaption: "Part des parties où la case de chaque tour est dans chaque colonne, par numéro de tour, un panneau par stratégie : où un joueur marque à mesure que la feuille se remplit ; à chaque tour les parts des colonnes font 100 %%, et elles sont dans le fichier CSV à côté de la figure (%s).",
	convTitle:      "Moyenne cumulée", convX: "parties jouées (échelle log.)", convY: "score moyen (points)",
	convCaption:  "Score moyen des premières parties dans l’ordre de leur numéro, avec son intervalle à 95 %% (bande), face à la moyenne finale et à son intervalle à 95 %% (en gris), un panneau par stratégie, chacun sur son propre axe ; les premières parties, dont la moyenne sort du panneau, sont coupées (%s).",
	convFinalKey: "moyenne finale, intervalle à 95 %", convRunningKey: "moyenne cumulée, intervalle à 95 %",
	pairTitle: "Différences appariées", pairX: "différence des scores moyens (points)",
	pairedKey: "intervalle apparié à 95 %", unpairedKey: "intervalle non apparié à 95 %",
	pairCaption: "Différence moyenne des scores de chaque paire sur les mêmes dés, avec son intervalle apparié à 95 %% (épais) et l’intervalle plus large qui ignore l’appariement (fin) (%s).",
	h2hTitle:    "Face-à-face sur les mêmes dés", h2hX: "parties (%)",
	versus: "%s contre %s", h2hWin: "la première gagne", h2hTie: "égalité", h2hLoss: "la seconde gagne",
	h2hCaption: "Pour chaque paire, les parties que la première stratégie gagne, fait égales et perd contre la seconde sur les mêmes dés (%s).",
	winsTitle:  "Victoires à la table", winsX: "parties gagnées (%, égalités partagées, intervalle à 95 %)",
	winsCaption: "Part des parties gagnées par chaque joueur, une égalité entre k joueurs comptant 1/k pour chacun, avec les intervalles de Wilson à 95 %% (%s).",
	evenKey:     "1/%d",
	seatsTitle:  "Victoires par place", seatsX: "parties gagnées (%, égalités partagées, intervalle à 95 %)", seat: "place %d", allPlayers: "tous les joueurs",
	playerOf:    "joueur %d (%s)",
	seatCaption: "Part des parties gagnées depuis chaque place, par l’ensemble des joueurs et par chacun ; les joueurs tournent d’une partie à l’autre (%s).",

	pageTitle: "yams : rapport de simulation", compareTitle: "yams : rapport de comparaison", tableTitle: "yams : rapport de parties à plusieurs joueurs",
	parameters: "Paramètres", rules: "règles", rulesHash: "empreinte des règles", options: "options de règles", seed: "graine",
	games: "parties", strategies: "stratégies", players: "joueurs",
	partial: "partiel", partialOf: "oui : %s des %s parties prévues (la simulation a été arrêtée)",
	none: "aucune", strategy: "stratégie", mean: "moyenne", sd: "écart type", median: "médiane", min: "min.", max: "max.",
	scoresTable: "Score final",
	scoresNote:  "Chaque valeur est suivie de son intervalle à 95 % entre crochets : normal pour la moyenne, par le moment d’ordre quatre pour l’écart type, par les statistiques d’ordre (sans hypothèse de loi) pour la médiane et les centiles.",
	bonusTable:  "Primes et jokers", upperBonus: "prime de la partie haute", yahtzeeScored: "%s marqué", extraPerGame: "primes supplémentaires par partie",
	jokerGames: "parties avec un joker",
	bonusNote:  "Taux avec leurs intervalles de Wilson à 95 %.", extraNote: "Primes supplémentaires par partie avec un intervalle normal à 95 %.",
	percentilesTable: "Score final : centiles", seatHead: "place",
	boxMeanTable: "Score moyen par case", boxMeanNote: "Moyennes sur toutes les parties ; leurs intervalles à 95 %% sont plus étroits que ±%s points (l’écart type d’une case vaut au plus la moitié de son étendue, Popoviciu).",
	box: "case", zeroTable: "Cases à zéro (%)", jokerTable: "Jokers par case (% des parties)",
	pairsTable: "Comparaisons appariées", pair: "paire", pairedCI: "différence moyenne ± intervalle à 95 % (apparié)",
	unpairedCI: "non apparié ± intervalle à 95 %", narrower: "largeur appariée / non appariée", wins: "la première gagne", ties: "égalités", loss: "la seconde gagne",
	pairsNote:    "Les deux stratégies d’une paire jouent chaque partie sur les mêmes dés (nombres aléatoires communs) : l’intervalle tiré des différences partie par partie est plus étroit que celui qui ignore l’appariement. Victoires, égalités et défaites avec leurs intervalles de Wilson à 95 %.",
	playersTable: "Joueurs", player: "joueur", winShare: "parties gagnées (égalités partagées)", outright: "gagnées seul", tied: "gagnées à égalité", meanScore: "score moyen",
	seatsTable: "Places", seatTest: "Ordre des places : χ² = %s à %s, p = %s.",
	degreeOfFreedom: "1 degré de liberté", degreesOfFreedom: "%d degrés de liberté",
	seatNote:  "Chaque joueur marque ses propres dés et aucune décision ne dépend de la feuille d’un autre : la place ne peut pas compter, chaque place devrait gagner 1/%d des parties. Les joueurs changent de place d’une partie à l’autre et chaque place lance ses propres dés. Le test du χ² compare les victoires de chaque place à 1/%d des parties (égalités partagées, ce qui le rend un peu conservateur).",
	generated: "Produit par yams report.", contents: "Sommaire", tableItem: "Tableau : %s", figureItem: "Figure : %s",
	sectionCompare: "Comparaison sur les mêmes dés", sectionRegret: "Points perdus face au jeu optimal", sectionScores: "Score final",
	sectionBonuses: "Primes", sectionBoxes: "Cases", sectionFill: "Tour où chaque case est remplie",
	runLead:     "Les stratégies %s ont joué %s parties chacune (règles %s, graine %d).",
	runLeadOne:  "La stratégie %s a joué %s parties (règles %s, graine %d).",
	compareLead: "Les stratégies %s, comparées sur les mêmes dés : %s parties chacune (règles %s, graine %d). La comparaison vient d’abord, puis les figures de chaque stratégie.",
	regretLead:  "Chaque décision de chaque partie est mesurée face au jeu optimal : les points perdus viennent avant les autres figures.",
	tableLead:   "%[1]s à une table de %[3]d joueurs : %[2]s parties, chaque joueur sur ses propres dés, les places tournant d’une partie à l’autre (règles %[4]s, graine %[5]d).",
	writtenBy:   "Écrit le %s par %s, avec la commande", playedBy: "Parties %s à %s jouées le %s par %s, avec la commande",
	sameYams: "le même yams", moreRuns: "et %d autres exécutions, que le fichier de résumé liste.",
	botBy:    "Bot %s (son hello : %s, version %s) lancé par la commande",
	revision: "révision %s", modified: ", modifiée", noRevision: "sans révision enregistrée", unknownVersion: "(version inconnue)", fromGit: " d’après git",

	regretTitle: "Points perdus face au jeu optimal", regretX: "points perdus par partie (intervalle à 95 %)",
	regretCaption: "Points que chaque stratégie perd en moyenne par partie face au jeu optimal, par type de décision : le coût d’une décision est le score final espéré après la meilleure option moins celui après l’option prise, en jouant ensuite au mieux ; sur une partie, les coûts s’additionnent en ce que le jeu optimal espère de plus depuis le début de la partie (%s).",
	regretKeeps:   "dés gardés après le lancer %d", regretBoxes: "cases", regretAll: "toutes les décisions",
	regretBoxTitle:   "Points perdus, selon la case où finit le tour",
	regretBoxCaption: "Points perdus en moyenne par partie dans les tours qui finissent dans chaque case, dés gardés et case ensemble (%s).",
	regretTurnTitle:  "Points perdus, tour par tour", regretTurnX: "tour", regretTurnY: "points perdus par partie",
	regretTurnCaption: "Points perdus en moyenne par partie à chaque tour, avec leur intervalle à 95 %% (bande) (%s).",
	regretTable:       "Points perdus face au jeu optimal, par partie",
	regretNote:        "Le coût d’une décision est le score final espéré après la meilleure option moins celui après l’option prise, en jouant ensuite au mieux ; il est mesuré sur chaque décision de chaque partie, et les coûts d’une partie s’additionnent en ce que le jeu optimal espère de plus depuis son début. Chaque coût par partie a son intervalle à 95 %.",
	regretCostly:      "décisions coûteuses par partie (> 0 / > 1 / > 5 points)", regretBoxTable: "Points perdus par partie, selon la case où finit le tour",
	costliestTable: "Les décisions les plus coûteuses de la stratégie %s", costliestNote: "Les décisions les plus coûteuses rencontrées (le fichier de résumé en garde %d), avec la feuille avant le tour ; les parties sont numérotées à partir de 0, comme dans le fichier de résumé et le protocole des bots, et le coût est en points de score final espéré.",
	regretGame: "partie", regretTurn: "tour", regretDecision: "décision", regretDice: "dés", regretChoice: "choix",
	regretBest: "meilleur", regretCost: "coût", regretSheet: "feuille", regretStop: "arrêt", regretBox: "case",
}

// labelsFor returns the labels of a language, or an error naming those there are.
func labelsFor(lang string) (*labels, error) {
	switch lang {
	case "", "en":
		return &english, nil
	case "fr":
		return &french, nil
	}
	return nil, fmt.Errorf("language %q: want %s", lang, strings.Join(Languages, " or "))
}

// count writes a whole number with the thousands separator of the language.
func (l *labels) count(n int64) string { return groupDigits(n, l.thousands, "−") }

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
func (l *labels) num(x float64, prec int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "–"
	}
	s := strconv.FormatFloat(math.Abs(x), 'f', prec, 64)
	whole, frac, _ := strings.Cut(s, ".")
	n, _ := strconv.ParseInt(whole, 10, 64)
	out := l.count(n)
	if frac != "" {
		out += l.decimal + frac
	}
	if x < 0 && strings.Trim(s, "0.") != "" {
		out = "−" + out
	}
	return out
}

// pct writes a rate as a percentage with prec decimals.
func (l *labels) pct(rate float64, prec int) string { return l.num(100*rate, prec) + l.percent + "%" }

// percentLabel writes a tick of a logarithmic axis of percentages: 100%, 1%, 0.01%.
func (l *labels) percentLabel(v float64) string {
	prec := max(0, int(math.Ceil(-math.Log10(v)-1e-9)))
	return l.num(v, prec) + l.percent + "%"
}

// interval writes "x [lo, hi]", the way every estimate is shown.
func (l *labels) interval(x, lo, hi float64, prec int) string {
	sep := ", "
	if l.decimal == "," {
		sep = " ; "
	}
	return l.num(x, prec) + " [" + l.num(lo, prec) + sep + l.num(hi, prec) + "]"
}

// pctInterval writes a rate and its interval as percentages.
func (l *labels) pctInterval(rate, lo, hi float64, prec int) string {
	return l.interval(100*rate, 100*lo, 100*hi, prec) + l.percent + "%"
}

// CheckLang returns an error unless the reports speak lang.
func CheckLang(lang string) error {
	_, err := labelsFor(lang)
	return err
}
