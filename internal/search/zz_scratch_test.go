package search

import (
	"fmt"
	"testing"
)

func BenchmarkScratchAddDocs(b *testing.B) {
	ids := make([]string, 10000)
	docs := make([]Doc, 10000)
	for i := range ids {
		ids[i] = fmt.Sprintf("tool_%04d", i)
		docs[i] = Analyze(Field{ids[i], 3}, Field{fmt.Sprintf("Look up item %d in the catalogue.", i), 1}, Field{"id", 0.5}, Field{fmt.Sprintf("the id of item %d", i), 0.5})
	}
	b.ReportAllocs()
	for b.Loop() {
		ix := New()
		ix.AddDocs(ids, docs)
	}
}
