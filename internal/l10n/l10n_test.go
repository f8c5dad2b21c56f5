package l10n

import "testing"

func TestPick(t *testing.T) {
	texts := map[string]string{"zh_CN": "中文", "en_US": "English", "en_GB": "British", "fr": ""}
	for locale, want := range map[string]string{
		"en-us": "English", "EN_GB": "British", "en": "British", "en-AU": "British", "zh": "中文", "fr": "", "": "",
	} {
		if got, ok := Pick(texts, locale); got != want || ok != (want != "") {
			t.Errorf("Pick(%q) = %q, %v; want %q", locale, got, ok, want)
		}
	}
}
