package serve

import (
	"fmt"
	"net/http"
	"strings"
)

// message is a line the API answers with, in English and in French; its verbs take the
// arguments of the error (an error from below, a strategy's or a bot's, is in English).
type message struct{ en, fr string }

// apiError is an error the API answers with: a status of 4xx and one line.
type apiError struct {
	status int
	m      message
	args   []any
}

func (e *apiError) Error() string { return e.text("en") }

// text returns the line in the language.
func (e *apiError) text(lang string) string {
	f := e.m.en
	if lang == "fr" && e.m.fr != "" {
		f = e.m.fr
	}
	// One line, whatever an error from below holds.
	return strings.ReplaceAll(fmt.Sprintf(f, e.args...), "\n", " ")
}

// fail returns the error of a message: dice given by the client (an []int) are echoed as
// their first maxEchoed alone, so that a line stays short whatever was sent.
func fail(status int, m message, args ...any) *apiError {
	for i, a := range args {
		if faces, ok := a.([]int); ok && len(faces) > maxEchoed {
			args[i] = echo(faces)
		}
	}
	return &apiError{status: status, m: m, args: args}
}

// maxEchoed bounds the dice a message echoes.
const maxEchoed = 8

// echo writes dice a client sent for a message, as %v does, the first maxEchoed alone.
func echo(faces []int) string {
	if len(faces) <= maxEchoed {
		return fmt.Sprint(faces)
	}
	s := fmt.Sprint(faces[:maxEchoed])
	return s[:len(s)-1] + fmt.Sprintf(" … (%d dice)]", len(faces))
}

// The messages of the API.
var (
	msgContentType   = message{"send the body as JSON, with Content-Type: application/json", "envoyez le corps en JSON, avec Content-Type: application/json"}
	msgNotJSON       = message{"the body is not a JSON object of this request: %v", "le corps n'est pas un objet JSON de cette requête : %v"}
	msgBodySlow      = message{"the body did not come within %s: send it whole at once", "le corps n'est pas arrivé en %s : envoyez-le en entier d'un coup"}
	msgTooLarge      = message{"the body is larger than %d bytes, the most a request takes", "le corps dépasse %d octets, le plus qu'une requête accepte"}
	msgNoGame        = message{"no game %s: it never was, or it ended and was cleared", "pas de partie %s : elle n'a jamais existé, ou elle est finie et effacée"}
	msgExpired       = message{"game %s was ended: no move for %s, the most a game waits", "la partie %s a été close : aucun coup pendant %s, le plus qu'une partie attend"}
	msgCleared       = message{"game %s was over and has been cleared to make room for others", "la partie %s était finie et a été effacée pour faire place aux autres"}
	msgTooMany       = message{"the server holds %d games in play, its most: finish one, or wait for one to go %s without a move (it is then ended)", "le serveur tient %d parties en cours, son maximum : finissez-en une, ou attendez qu'une reste %s sans coup (elle est alors close)"}
	msgMethod        = message{"%s %s: this address takes %s", "%s %s : cette adresse prend %s"}
	msgNoAddress     = message{"no such address: %s", "pas d'adresse %s"}
	msgHost          = message{"host %q is not this server's: open it at its own address (a page of another site may not drive it)", "l'hôte %q n'est pas celui de ce serveur : ouvrez-le à sa propre adresse (la page d'un autre site ne peut le piloter)"}
	msgUnknownRules  = message{"no rule set %q here (rule sets: %s)", "pas de règles %q ici (règles : %s)"}
	msgUnknownPlayer = message{"no opponent %q here (opponents: %s; yams serve --strategy and --bot name them)", "pas d'adversaire %q ici (adversaires : %s ; yams serve --strategy et --bot les nomment)"}
	msgNoOpponents   = message{"this server offers no opponents: start it with --strategy or --bot", "ce serveur ne propose pas d'adversaire : lancez-le avec --strategy ou --bot"}
	msgTooManySeats  = message{"%d other players: at most %d", "%d autres joueurs : au plus %d"}
	msgMode          = message{"mode %q: want dice (the server rolls) or real (you enter the dice of real ones)", "mode %q : choisissez dice (le serveur lance les dés) ou real (vous entrez les dés de vrais dés)"}
	msgCoachWhen     = message{"coach %q: want each (after each decision) or end (at the end of the game)", "coach %q : choisissez each (après chaque décision) ou end (à la fin de la partie)"}
	msgSeedReal      = message{"seed and game choose virtual dice: a game of real dice has none", "seed et game choisissent des dés virtuels : une partie de vrais dés n'en a pas"}
	msgGameNumber    = message{"game %d: want 0 to %d", "partie %d : choisissez de 0 à %d"}
	msgOpponentsReal = message{"a game of real dice seats people, not strategies: give their names in others", "une partie de vrais dés réunit des personnes, pas des stratégies : donnez leurs noms dans others"}
	msgOthersDice    = message{"others are the people of a game of real dice; a game of virtual dice seats opponents", "others sont les personnes d'une partie de vrais dés ; une partie de dés virtuels a des adversaires"}
	msgName          = message{"name %q: at most %d characters, printable", "nom %q : au plus %d caractères, imprimables"}
	msgOver          = message{"the game is over", "la partie est finie"}
	msgEnded         = message{"the game has ended: %s", "la partie est close : %s"}
	msgNotRolled     = message{"roll the dice first", "lancez d'abord les dés"}
	msgNoRollsLeft   = message{"no rolls left in this turn: score a box", "plus de lancer dans ce tour : marquez une case"}
	msgKeepNotRolled = message{"keep %s: those dice are not all in the roll %s", "garder %s : ces dés ne sont pas tous dans le lancer %s"}
	msgKeepAll       = message{"holding all five dice is stopping: score a box", "garder les cinq dés, c'est s'arrêter : marquez une case"}
	msgFaces         = message{"dice %v: each die is a face from 1 to 6", "dés %v : chaque dé est une face de 1 à 6"}
	msgDiceCount     = message{"dice %v: want %s", "dés %v : il faut %s"}
	msgDiceHeld      = message{"dice %v: the dice held, %s, are not among them", "dés %v : les dés gardés, %s, n'y sont pas"}
	msgDiceVirtual   = message{"the server rolls the dice of a game of virtual dice: send no dice", "le serveur lance les dés d'une partie de dés virtuels : n'envoyez pas de dés"}
	msgDiceMissing   = message{"enter the dice rolled: five faces, such as [2,2,4,5,6]", "entrez les dés lancés : cinq faces, comme [2,2,4,5,6]"}
	msgNoBox         = message{"no box %q on this sheet (boxes: %s)", "pas de case %q sur cette feuille (cases : %s)"}
	msgBoxIllegal    = message{"box %s may not take %s now (it may go in: %s)", "la case %s ne peut prendre %s maintenant (il peut aller dans : %s)"}
	msgSeat          = message{"seat %d: want the seat of another player, 1 to %d", "place %d : donnez la place d'un autre joueur, de 1 à %d"}
	msgSeatReal      = message{"the others play their own turns in a game of virtual dice: seat is for a game of real dice", "les autres jouent leurs tours eux-mêmes dans une partie de dés virtuels : seat est pour une partie de vrais dés"}
	msgSeatDone      = message{"seat %d: that player's sheet is full", "place %d : la feuille de ce joueur est pleine"}
	msgRollsUsed     = message{"rolls_used %d: want 1 to %d", "rolls_used %d : choisissez de 1 à %d"}
	msgPointsVirtual = message{"points are entered at a table of real dice (mode real): the server rolls a game of virtual dice and scores it", "les points s'entrent à une table de vrais dés (mode real) : le serveur lance et marque une partie de dés virtuels"}
	msgPointsSeat    = message{"seat %d: want a player's seat, 0 to %d", "place %d : donnez la place d'un joueur, de 0 à %d"}
	msgPointsDice    = message{"give the turn's points or its dice, not both", "donnez les points du tour ou ses dés, pas les deux"}
	msgPointsRolled  = message{"your dice are on the table: score a box, or undo the roll, before entering your turn by its points", "vos dés sont sur la table : marquez une case, ou annulez le lancer, avant d'entrer votre tour par ses points"}
	msgPointsClosed  = message{"box %s cannot be filled now (boxes open: %s)", "la case %s ne peut être remplie maintenant (cases ouvertes : %s)"}
	msgPointsBox     = message{"box %s cannot take %s points now (it may take: %s)", "la case %s ne peut prendre %s points maintenant (elle peut prendre : %s)"}
	msgBonusAlone    = message{"bonus goes with points: the extra bonus a turn entered by its points earned", "bonus va avec points : la prime supplémentaire d'un tour entré par ses points"}
	msgUndoVirtual   = message{"the server's dice are not taken back: undo is for a game of real dice", "les dés du serveur ne se reprennent pas : annuler est pour une partie de vrais dés"}
	msgNothingToUndo = message{"nothing to undo: only the entries of the turn being entered can be taken back, until the next player's", "rien à annuler : seules les entrées du tour en cours se reprennent, jusqu'au tour du joueur suivant"}
	msgDecision      = message{"decision %d: want 1 to %d, the decisions graded so far", "décision %d : choisissez de 1 à %d, les décisions jugées jusqu'ici"}
	msgDecisionLater = message{"the coach shows the decisions at the end of this game, as it was asked", "l'entraîneur montre les décisions à la fin de cette partie, comme demandé"}
	msgAdviseOver    = message{"the game is over: no position to advise (ask ?decision=N for decision N of the game)", "la partie est finie : pas de position à conseiller (demandez ?decision=N pour la décision N de la partie)"}
	msgCannotPlay    = message{"%v", "%v"}
	msgNoCoach       = message{"rules %s cannot be coached: %v", "les règles %s ne peuvent être entraînées : %v"}
	msgBotStart      = message{"the bot %s could not start, so the game was not made: %v", "le bot %s n'a pas pu démarrer, la partie n'a donc pas été créée : %v"}
	msgTooManyBots   = message{"the server runs at most %d bot processes (yams serve --max-bots), and this game's %d would pass it: finish a game with bots, or wait for one to go %s without a move (it is then ended)", "le serveur fait tourner au plus %d processus de bots (yams serve --max-bots), et les %d de cette partie le dépasseraient : finissez une partie avec des bots, ou attendez qu'une reste %s sans coup (elle est alors close)"}
	msgNoMemory      = message{"%v: finish a game, or wait for one to go %s without a move (it is then ended)", "%v : finissez une partie, ou attendez qu'une reste %s sans coup (elle est alors close)"}
	msgBotFailed     = message{"the bot %s failed, which ends this game: %v", "le bot %s a échoué, ce qui clôt cette partie : %v"}
	msgBroke         = message{"strategy %s broke a rule, which ends this game: %v", "la stratégie %s a enfreint une règle, ce qui clôt cette partie : %v"}
	msgStopped       = message{"the server was stopped", "le serveur a été arrêté"}
	msgDeleted       = message{"ended by its player", "close par son joueur"}
	msgNoReportFile  = message{"no report file %s: a report is a folder under --reports, at most %d levels down, that holds report.html; its pages, pictures and tables are served, hidden files and folders are not", "pas de fichier de rapport %s : un rapport est un dossier sous --reports, au plus %d niveaux plus bas, qui contient report.html ; ses pages, images et tableaux sont servis, les fichiers et dossiers cachés ne le sont pas"}
	msgReportNotFile = message{"%s is not a file of a report: links, special files and what lies outside --reports are not served", "%s n'est pas un fichier de rapport : les liens, les fichiers spéciaux et ce qui est hors de --reports ne sont pas servis"}
	msgKey           = message{"this server asks for its key: open the address yams serve printed (…/?key=…) or scan its QR code; a client of the API sends Authorization: Bearer KEY", "ce serveur demande sa clé : ouvrez l'adresse que yams serve a écrite (…/?key=…) ou scannez son code QR ; un client de l'API envoie Authorization: Bearer CLÉ"}
	msgNoReports     = message{"no reports here: yams serve --reports DIR serves them", "pas de rapports ici : yams serve --reports DIR les sert"}
	msgQuery         = message{"%s=%q: want %s", "%s=%q : il faut %s"}
)

// internalError is the answer to an error that is no one's but the server's.
func internalError(err error) *apiError {
	return &apiError{status: http.StatusInternalServerError, m: message{"%v", "%v"}, args: []any{err}}
}
