package reports

// Report is a report of one kind being made, what Make asks of it in this order: its
// figures, the document laid out around them, and the files of data beside them.
type Report interface {
	// Figures draws every figure of the report.
	Figures() ([]Figure, error)
	// Document lays out the report's page and Markdown around the figures.
	Document(figs []Figure) (*Document, error)
	// Data returns the files beside the figures and report.html: the report's JSON, its
	// Markdown (doc.Markdown()) and its CSV files, in the order they are listed.
	Data(doc *Document) ([]File, error)
}

// Files renders every file of a report: its data, each figure as SVG, PNG and CSV, and
// report.html; a figure that the document leaves out is an error (WithFigures).
func Files(r Report) ([]File, error) {
	figs, err := r.Figures()
	if err != nil {
		return nil, err
	}
	doc, err := r.Document(figs)
	if err != nil {
		return nil, err
	}
	data, err := r.Data(doc)
	if err != nil {
		return nil, err
	}
	return WithFigures(doc, data, figs)
}

// Make renders a report and writes it into dir (WriteReport): the files of the previous
// report in dir that this one does not write are removed, and the names of the files
// written are returned.
func Make(dir string, r Report) ([]string, error) {
	files, err := Files(r)
	if err != nil {
		return nil, err
	}
	return WriteReport(dir, files)
}
