package search

// Fit packs a page into budget bytes: the items item(0), item(1), …, up to
// n, joined by commas, between a head of headLen bytes and tail(k), where k
// is the number of items taken (the last page's tail, without a cursor, is
// usually the shortest). It returns k and the joined items. At least one
// item is taken when n > 0, so paging always moves forward; only that
// single item can make the page exceed the budget.
func Fit(budget, headLen, n int, item func(i int) []byte, tail func(k int) []byte) (int, []byte) {
	var body []byte
	for k := 0; k < n; k++ {
		it := item(k)
		size := headLen + len(body) + len(it) + len(tail(k+1))
		if k > 0 {
			size++
		}
		if size > budget && k > 0 {
			// Not with a cursor; perhaps all the rest, with the last tail.
			rest, j := body, k
			for ; j < n && headLen+len(rest)+len(tail(n)) <= budget; j++ {
				rest = append(append(rest, ','), item(j)...)
			}
			if j == n && headLen+len(rest)+len(tail(n)) <= budget {
				return n, rest
			}
			return k, body
		}
		if k > 0 {
			body = append(body, ',')
		}
		body = append(body, it...)
	}
	return n, body
}
