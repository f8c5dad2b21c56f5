// Package l10n picks the text for a locale from texts keyed by locale
// (toolkit.Localized).
package l10n

import (
	"maps"
	"slices"
	"strings"
)

// Pick returns the text for locale from texts keyed by locale: an exact
// match ignoring case and '-' versus '_' ("en-US" finds "en_US"), else
// the first (in key order) of the same language. ok is false when none
// fits.
func Pick(texts map[string]string, locale string) (text string, ok bool) {
	if locale == "" || len(texts) == 0 {
		return "", false
	}
	norm := func(s string) string { return strings.ToLower(strings.ReplaceAll(s, "-", "_")) }
	want := norm(locale)
	lang, _, _ := strings.Cut(want, "_")
	keys := slices.Sorted(maps.Keys(texts))
	for _, k := range keys {
		if norm(k) == want && texts[k] != "" {
			return texts[k], true
		}
	}
	for _, k := range keys {
		if l, _, _ := strings.Cut(norm(k), "_"); l == lang && texts[k] != "" {
			return texts[k], true
		}
	}
	return "", false
}
