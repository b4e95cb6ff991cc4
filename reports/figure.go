package reports

// Figure is one plot of a report, drawn as SVG and PNG, and the numbers it draws, which
// the report writes beside it as NAME.csv.
type Figure struct {
	Name    string // the file name, without extension
	Title   string
	Caption string
	SVG     []byte
	PNG     []byte
	CSV     [][]string // a header, then the rows
}

// WithFigures returns the files of a report: data, the files of its tables, then each
// Figure as SVG and PNG with the numbers it draws as CSV, then report.html, the page of
// doc. Every figure must stand in one section of doc, and so in the page and its
// contents: a figure written beside the page and missing from it is an error.
func WithFigures(doc *Document, data []File, figs []Figure) ([]File, error) {
	if err := doc.showsAll(figs); err != nil {
		return nil, err
	}
	page, err := doc.html()
	if err != nil {
		return nil, err
	}
	files := data
	for _, f := range figs {
		files = append(files, File{f.Name + ".svg", f.SVG}, File{f.Name + ".png", f.PNG}, File{f.Name + ".csv", WriteCSV(f.CSV)})
	}
	return append(files, File{"report.html", page}), nil
}
