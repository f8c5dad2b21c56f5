package search

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Terms returns the index terms of text: stemmed words and CJK bigrams, in
// order, stop words left out; two words joined by a hyphen, one of them of
// three letters or fewer, are also a term together ("on-call": on, call,
// oncall; "follow-up", "e-mail"), as a query joins adjacent words.
func Terms(text string) []string { return appendTerms(nil, text) }

// appendTerms appends the index terms of text to out.
func appendTerms(out []string, text string) []string {
	prev := ""
	eachWord(text, func(w string, cjk, hyphen bool) {
		if cjk {
			out = appendBigrams(out, w)
			prev = ""
			return
		}
		w = strings.ToLower(w)
		if hyphen && min(len(prev), len(w)) <= 3 && isASCIIWord(prev) && isASCIIWord(w) {
			out = append(out, stem(prev+w))
		}
		prev = w
		if stopWords[w] {
			return
		}
		out = append(out, stem(w))
	})
	return out
}

// appendPairs appends the stems of each two adjacent words of text
// joined, neither of them a stop word, as a query joins adjacent words
// ("pull request", "PullRequest": "pullrequest"); a stop word or CJK
// text (indexed by bigrams already) between two words parts them. Only
// the first maxPairs pairs are appended: a long description's first
// sentences say what it is.
func appendPairs(out []string, text string) []string {
	prev, n := "", 0
	eachWord(text, func(w string, cjk, _ bool) {
		if n == maxPairs {
			return
		}
		if cjk {
			prev = ""
			return
		}
		w = strings.ToLower(w)
		if stopWords[w] || !isASCIIWord(w) {
			prev = ""
			return
		}
		if prev != "" && !stopWords[prev+w] {
			out = append(out, stem(prev+w))
			n++
		}
		prev = w
	})
	return out
}

// maxPairs is how many pairs of words of a field are indexed.
const maxPairs = 64

// appendBigrams appends the bigrams of a CJK run and, for recall where a
// word is split by others ("请三天假" holds 请假), its characters, which
// the index weighs less (see unigramWeight).
func appendBigrams(out []string, run string) []string {
	r := []rune(run)
	for i := 0; i+1 < len(r); i++ {
		if bg := string(r[i : i+2]); !cjkStopBigrams[bg] {
			out = append(out, bg)
		}
	}
	for _, c := range r {
		if !cjkStopChars[c] {
			out = append(out, string(c))
		}
	}
	return out
}

// unigramWeight is the weight of a single CJK character relative to a
// bigram or a word.
const unigramWeight = 0.3

// termWeight is 1, or unigramWeight for a single CJK character.
func termWeight(t string) float32 {
	if r, n := utf8.DecodeRuneInString(t); n == len(t) && isCJK(r) {
		return unigramWeight
	}
	return 1
}

var cjkStopChars = func() map[rune]bool {
	m := map[rune]bool{}
	for _, r := range "的了是在我你他她它们一个有和要想帮给把吗呢吧啊这那哪么什怎下上到就都也请能可以会还" {
		m[r] = true
	}
	return m
}()

// eachWord calls f with each word of text: a run of letters and digits
// split at camelCase boundaries, or a run of CJK characters; hyphen says
// the word is joined to the one before by a hyphen ("on-call"). HTML
// tags, entities and Markdown link targets are skipped.
func eachWord(text string, f func(w string, cjk, hyphen bool)) {
	start, kind := -1, 0 // kind: 1 word, 2 CJK
	prevEnd := -2        // end of the last run of letters and digits
	flush := func(end int) {
		if start >= 0 {
			if kind == 2 {
				f(text[start:end], true, false)
			} else {
				hyphen := prevEnd == start-1 && text[prevEnd] == '-'
				splitCamel(text[start:end], func(w string) { f(w, false, hyphen); hyphen = false })
				prevEnd = end
			}
		}
		start, kind = -1, 0
	}
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '<' && i+1 < len(text) && (isASCIILetter(text[i+1]) || text[i+1] == '/' || text[i+1] == '!'):
			if j := strings.IndexByte(window(text, i, 256), '>'); j > 0 {
				flush(i)
				i += j + 1
				continue
			}
		case c == '&' && i+1 < len(text) && isASCIILetter(text[i+1]):
			if j := strings.IndexByte(window(text, i, 10), ';'); j > 1 && isEntity(text[i+1:i+j]) {
				flush(i)
				i += j + 1
				continue
			}
		case c == ']' && i+1 < len(text) && text[i+1] == '(':
			if j := strings.IndexByte(window(text, i, 512), ')'); j > 0 {
				flush(i)
				i += j + 1
				continue
			}
		}
		k := 0
		if c < utf8.RuneSelf {
			if isASCIILetter(c) || c >= '0' && c <= '9' {
				k = 1
			}
			if k != kind {
				flush(i)
				if k != 0 {
					start, kind = i, k
				}
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case isCJK(r):
			k = 2
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			k = 1
		}
		if k != kind {
			flush(i)
			if k != 0 {
				start, kind = i, k
			}
		}
		i += size
	}
	flush(len(text))
}

// window is at most n bytes of text from i: markup is looked for that far,
// so text full of unclosed '<' stays linear.
func window(text string, i, n int) string { return text[i:min(len(text), i+n)] }

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isEntity(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isASCIILetter(s[i]) && (s[i] < '0' || s[i] > '9') && s[i] != '#' {
			return false
		}
	}
	return true
}

// splitCamel splits "createCustomerID2" into create, Customer, ID2 and
// "HTTPServer" into HTTP, Server.
func splitCamel(w string, f func(string)) {
	if isASCIIWord(w) || !hasUpper(w) {
		f(w)
		return
	}
	start := 0
	var prev rune
	for i, r := range w {
		if i > 0 && unicode.IsUpper(r) {
			next, _ := utf8.DecodeRuneInString(w[i+utf8.RuneLen(r):])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || (unicode.IsUpper(prev) && unicode.IsLower(next)) {
				f(w[start:i])
				start = i
			}
		}
		prev = r
	}
	f(w[start:])
}

func isCJK(r rune) bool {
	if r < 0x1100 {
		return false
	}
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r)
}

// irregular maps irregular forms to the form stem reduces.
var irregular = map[string]string{
	"sent": "send", "got": "get", "gotten": "get", "paid": "pay", "made": "make", "people": "person",
	"children": "child", "men": "man", "women": "woman", "ran": "run", "bought": "buy", "sold": "sell",
	"found": "find", "wrote": "write", "written": "write", "began": "begin", "begun": "begin",
	"chose": "choose", "chosen": "choose", "left": "leave", "held": "hold", "kept": "keep",
	"data": "data", "indices": "index", "analyses": "analysis",
}

// stem reduces an ASCII lower-case word to a light stem: plural and verb
// endings, and a final "e", are dropped ("statuses" -> "status",
// "created" -> "creat", "shipping" -> "ship").
func stem(w string) string {
	if v, ok := irregular[w]; ok {
		w = v
	}
	if len(w) <= 3 || !isASCIIWord(w) {
		return w
	}
	switch n := len(w); {
	case strings.HasSuffix(w, "ies") && n > 4:
		w = w[:n-3] + "y"
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"):
		w = w[:n-2]
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		w = w[:n-1]
	}
	switch n := len(w); {
	case strings.HasSuffix(w, "ied") && n > 4:
		w = w[:n-3] + "y"
	case strings.HasSuffix(w, "ing") && n-3 >= 3:
		w = undouble(w[:n-3])
	case strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "eed") && n-2 >= 3:
		w = undouble(w[:n-2])
	}
	if n := len(w); n >= 5 && w[n-1] == 'e' {
		w = w[:n-1]
	}
	return w
}

// undouble drops one of two equal final consonants ("shipp" -> "ship"),
// except l, s and z ("bill") and where two letters would remain ("add").
func undouble(w string) string {
	n := len(w)
	if n >= 4 && w[n-1] == w[n-2] && !strings.ContainsRune("aeioulsz", rune(w[n-1])) {
		return w[:n-1]
	}
	return w
}

func hasUpper(w string) bool {
	for _, r := range w {
		if unicode.IsUpper(r) {
			return true
		}
	}
	return false
}

func isASCIIWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}

var stopWords = set("a an the to of for in on at by with and or is are be been was were this that these those it its " +
	"from as into if then than so such any each which who whom whose what when where there here via")

var queryStopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields("i me my we our us you your want wants need needs please can could would should " +
		"how do does did help let lets like some something someone thing things just also about way") {
		m[stem(w)] = true
	}
	return m
}()

// cjkStopBigrams are bigrams of a Chinese request's filler ("帮我", "一个").
var cjkStopBigrams = set("帮我 我想 我要 想要 一个 一下 一些 我的 请帮 给我 怎么 如何 可以 能否 的话")

func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// synonymGroups are words of API vocabulary a user may say for one
// another. A query word also finds its group's words, at a lower weight.
var synonymGroups = []string{
	"create add new make insert open start register raise setup",
	"delete remove erase drop destroy discard purge",
	"cancel revoke void terminate abort",
	"get fetch retrieve read show view lookup find detail info",
	"list all browse enumerate",
	"search find query lookup filter",
	"update edit change modify set patch rename alter replace",
	"send post notify deliver",
	"user member person account employee staff",
	"issue ticket bug incident task",
	"message chat msg dm",
	"payment charge pay transaction",
	"invoice bill billing",
	"customer client buyer",
	"repo repository",
	"file document doc attachment",
	"save write store",
	"folder directory dir",
	"link url",
	"star favorite bookmark",
	"private direct dm",
	"comment reply remark note",
	"channel room conversation",
	"order purchase",
	"email mail",
	"meeting event calendar appointment schedule",
	"refund reimburse",
	"subscription plan membership",
	"price cost amount fee",
	"close resolve finish complete",
	"assign allocate delegate",
	"upload attach",
	"download export",
	"image photo picture",
	"weather forecast temperature rain raining sunny snow wind",
	"translate translation language spanish french german english chinese japanese",
	"currency exchange convert euro dollar yen pound",
	"direction route drive travel commute navigate",
	"incident outage down alert page",
	"assign give hand",
	"创建 新建 添加 新增 建立",
	"删除 移除 去掉",
	"查询 获取 查看 查找 搜索 检索",
	"修改 更新 编辑 变更",
	"工单 事件 问题",
	"用户 人员 员工 成员",
	"发送 推送 通知",
	"审批 批准 审核",
	"请假 休假",
	"报销 费用",
	"会议 预约 日程",
}

// synonyms maps a stemmed word to the stems of its groups' other words.
var synonyms = func() map[string][]string {
	m := map[string][]string{}
	for _, g := range synonymGroups {
		var stems []string
		for _, w := range strings.Fields(g) {
			stems = append(stems, stem(w))
		}
		for _, s := range stems {
			for _, o := range stems {
				if o != s && !contains(m[s], o) {
					m[s] = append(m[s], o)
				}
			}
		}
	}
	return m
}()

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// NameWords writes a name's words apart: "_", "-" and "." become spaces
// and camelCase words are split ("getProjectMembership" is "get Project
// Membership", "HTTPServer" "HTTP Server"), for a reader of words such as
// an embedding model.
func NameWords(name string) string {
	var b strings.Builder
	for _, w := range strings.FieldsFunc(name, func(r rune) bool { return r == '_' || r == '-' || r == '.' || unicode.IsSpace(r) }) {
		splitCamel(w, func(part string) {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(part)
		})
	}
	return b.String()
}
