package toolkit

import "strings"

// message is a text the model reads when a call fails, in English and in
// Chinese: the rows of the error table of the YAML capability
// specification, which with WithLocale("zh_CN") (any "zh" locale) read as
// the specification writes them ("变量 xxx 提取失败"). Go errors quoted in
// them (a network error, a template's) stay as Go words them.
type message struct{ en, zh string }

var (
	// msgStep names a step in the texts below.
	msgStep = message{"step %d", "步骤 %d"}
	// msgFailed begins every failure: the capability's name.
	msgFailed = message{"capability %q failed: ", "能力 %q 执行失败："}
	// msgAbort: an abort: true var whose extraction failed.
	msgAbort = message{
		"variable %q extraction failed (%s, extract %q): %s",
		"变量 %s 提取失败（%s，extract %q）：%s",
	}
	// msgNotStructured: a path var on a body that is neither JSON nor YAML.
	msgNotStructured = message{
		"%s: variable %q: the response is neither JSON nor YAML, so path %q cannot apply (HTTP %s, body %s)",
		"%s：变量 %s：响应体既不是 JSON 也不是 YAML，无法应用路径 %q（HTTP %s，响应体 %s）",
	}
	// msgRequest: the HTTP request failed (connection, timeout, a guard's refusal).
	msgRequest = message{"%s: %s %s: %v", "%s：HTTP 请求失败：%s %s：%v"}
	// msgStatus: a response of a status the step does not expect, which
	// nothing in the step handles (onerror.go): the step, the request, the
	// status line and an excerpt of the body.
	msgStatus = message{"%s: %s %s: HTTP %s; body: %s", "%s：HTTP 请求失败：%s %s：HTTP %s；响应体：%s"}
	// msgEmptyBody stands for the excerpt of an empty body in msgStatus.
	msgEmptyBody = message{"(empty)", "（空）"}
	// msgOnErrorAbort: a step's on_error: {abort: "message"}: the file's
	// message, then what failed (msgRequest or msgStatus).
	msgOnErrorAbort = message{"%s (%s)", "%s（%s）"}
	// The reasons an extraction failed, inside msgAbort.
	msgReasonNotStructured = message{"the response is neither JSON nor YAML", "响应体既不是 JSON 也不是 YAML"}
	msgReasonNotFoundHTTP  = message{"not found in the response (HTTP %s)", "响应中不存在（HTTP %s）"}
	msgReasonNotFound      = message{"not found in the response", "响应中不存在"}
)

// chinese reports whether locale asks for Chinese texts: its language is
// "zh" ("zh_CN", "zh-TW", "ZH").
func chinese(locale string) bool {
	lang, _, _ := strings.Cut(strings.ReplaceAll(locale, "-", "_"), "_")
	return strings.EqualFold(lang, "zh")
}

// in returns the message's text for a call in Chinese (zh) or not.
func (m message) in(zh bool) string {
	if zh {
		return m.zh
	}
	return m.en
}
