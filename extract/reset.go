package extract

// Reset makes d a Doc of body with the same options, as NewDoc would,
// without a new allocation: for a reader of many small bodies, such as a
// stream's events. Values already returned by Eval stay valid.
func (d *Doc) Reset(body []byte) {
	*d = Doc{body: body, opts: d.opts}
}
