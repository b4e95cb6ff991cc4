// Package reports is how a report is made: the document, figures, looks, languages,
// estimates, CSV, provenance and writing that every kind of report shares. The kinds
// live beside it, one package each, each importing this core and none another:
// reports/simulation (yams sim and yams compare), reports/tablegames (games at a table),
// reports/exact (yams exact and yams frontier) and reports/distillation (yams distill).
// A new kind of report is a new package of that kind; the core changes only where the
// kind needs something no report had (a look for a new kind of strategy, say).
//
// # A report
//
// A kind of report is a Report (make.go): it draws its Figures, lays out its Document
// around them, and gives the Data files beside them; Make renders and writes it, and
// Files renders it without writing. The Document (document.go) has a title, a lead that
// says what the command did, the parameters (Param), and sections (Section, SectionOf) of tables
// (Table) and figures (Figure), the section of what the command was run for first (the
// comparison of yams compare, the points lost of --regret). report.html shows it whole,
// after a table of contents that links every section, table and figure (in two columns
// when it is long, a section never split between them); the Markdown file holds its
// tables, section by section. Prose may name strategies in backquotes (Code): code font
// on the page, code in Markdown. WithFigures adds to the kind's data files each figure
// as NAME.svg, NAME.png and NAME.csv (the numbers it draws), and report.html; a figure
// that the document's page or contents leave out is an error, not a file. WriteReport
// then writes them all.
//
// A report is drawn from the counts and the rule set only, never from the clock or the
// machine (the provenance footer's dates aside), so that a report made from a summary
// file read back is the report of the run, byte for byte. What a report says of the
// rules (the labels of the boxes and columns, the threshold of the upper bonus, whether
// the rules pay extra bonuses and have a joker, the title of the rule set: BoxLabel,
// SlotLabels, ColumnLabels, RuleSetTitle, DescribeRuleSet) comes from the rule set the
// results carry, never from the counts. Options.Rules replaces it with rules of the same
// hash; results with neither are refused with an error.
//
// # Figures
//
// NewPlot starts a figure (Fig) in the style of every report (plot.go): 4.5 inches wide
// (FigWidth), Liberation Sans (gonum's default is Liberation Serif) at sizes that stay
// legible at the width of a column, axis labels with their units, titles that name the
// rule set, legends under the plot that name the strategies and read row by row. Grid,
// the ticks (NumberTicks, FewTicks, LogTicks, in the language's numbers), DotPlot (a
// value and its interval per row, RowsHeight high), AddDistribution and StepLine (a
// distribution in bins: WholeBins, DistBins), RenderPanels and RenderWith draw what the
// kinds share; Render writes SVG and PNG. A plotting error names its figure (PlotError).
//
// # Looks
//
// Each kind of strategy has a look of its own (style.go: Series, LookOf, LooksOf),
// chosen by its name, so that a strategy keeps its look in every figure of every report: the built-ins optimal, greedy, upper-first, random, bonus, win and
// column-tables a fixed colour, dash pattern and marker; the families risk:θ, target:T,
// beat:S, rules:FILE and the external bots (bot:NAME, or any name a summary marks as a
// bot's or Options.Bots names) a fixed colour and marker, each member its dashes; no two
// kinds share a marker, so that they stay apart in grayscale, nor a colour (Okabe and Ito's palette, a grey and
// four of Paul Tol's muted scheme). Any other name takes a look from a hash of its name,
// never alike a kind's. In one figure, where two strategies would look alike (two rule
// files, two bots, several risk:θ, two players of one strategy), the later name takes
// the next look of its sequence, the same colour with another marker and other dashes.
// What is not a strategy has colours of its own: the columns of column_turn (far from
// every strategy's colour, each with its dashes), the parts of head_to_head (the two
// ends of ColorBrewer's brown–teal scale and a grey). In dot plots every other row stands
// on a light ground, and each marker on a white ground of its own shape: an interval
// narrower than the marker hides behind it, as the caption says. Each heat map has its
// own colour scale, ColorBrewer's Blues, whose lightness falls steadily from near white
// to dark blue, up to the map's largest share, darker with the square root of the share
// (so that the shares of a few percent that make most of a map stay apart), and marked
// in shares. In report.html a figure takes the width of the page's column.
//
// # Languages
//
// Everything a reader sees comes in English or French (Options.Lang): titles, captions,
// legends, tables, the page, the labels of the boxes and columns and the title of the
// rule set (the rule file's label_fr and title_fr), numbers (decimal comma, thin
// spaces: Labels.Num, Pct, Interval, Count). The CSV files are for programs: their
// headers and ids stay English, their numbers take a decimal point (F64, I64, CI).
//
// The words are data, not code: labels.tsv holds the core's (Labels), and each kind
// holds its own table beside its code (labels_exact.tsv, labels_frontier.tsv, ...), a row
// a label and a column a language, embedded in the binary. Translations reads a table
// into a struct of strings through internal/wordtable (whose doc.go is the format's
// manual: the same reader reads the words in which a strategy rule file is explained),
// and refuses one that misses a field, has one too many, spells a text two ways, or
// whose translation drops or reorders a verb of fmt; Languages are the columns of
// labels.tsv, and every kind's table must have the same. Translations.In(l) gives a
// kind's words in the language of l.
//
// # Estimates
//
// Every estimated figure (Estimate) comes with its 95% interval: normal for means (from
// the exact integer sums of sim), Wilson for rates and for shares of wins (ties split a
// win, which makes it slightly conservative), distribution-free for the median and the
// percentiles (the order statistics of ranks n·q ∓ 1.96·√(n·q·(1−q))), and by the delta
// method on the fourth moment for the standard deviation. The summary keeps no sum of
// squares per box, so the box means are bounded instead: a box's standard deviation is
// at most half its range (Popoviciu). Wilson, Moments, PercentileCI and Quantile compute
// them from sim's counts.
//
// # Writing
//
// Every file is written through yams/internal/outfile (WriteFiles, WriteReport): a file
// of the directory holds its previous content or the whole new one, never a part,
// whatever fails while a report is written (a full disk leaves the previous summary.json
// as it was). A hidden manifest, .yams-report (ReadManifest), lists the files the last
// report wrote; the next report into the directory removes those of them it does not
// write again (the fill_turn_ figures of a strategy no longer in the run, compare.csv of
// a run without pairs), and nothing else: not a file of the user's, nor one a report
// wrote before manifests existed. CheckDir lets a command refuse an --out it cannot
// write before a long run. ProvenanceFooter writes who wrote the report, with which
// yams, from which command, and which runs and bots played its games.
//
// # For the command line
//
// BoxLabel names a box in a language (yams replay), Languages and CheckLang say which
// languages the reports speak, Thousands groups the digits of the command line's tables,
// and ScalingPlot draws the speed-up of yams bench in the style of the reports.
//
// # Tests
//
// TestEveryKindHasALook fails on a registered strategy or family without a look of its
// own; TestKindLooks, TestNoTwoLooksTheSame, TestLooksByName and TestLooksAcrossReports
// check that the kinds stand apart, that no two strategies of a figure look alike, and
// that a strategy keeps its look (each kind's TestLooksAcrossReports checks it in that
// kind's figures). Every table of labels is read as its package starts, so that a bad one
// fails all of that package's tests; TestMustTranslations checks that a kind's table
// speaks the reports' languages. The tests of write_test.go check
// that a second report leaves no stale file of the first, keeps the user's own, and that
// a failed write keeps the previous summary.json. Each kind tests its own figures and
// pages: TestEveryFigureOnItsPage in each, golden SVGs, TestFigureCSVs, and the checks
// in Chromium (reports/internal/reporttest holds what they share).
package reports
