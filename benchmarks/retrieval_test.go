package benchmarks

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

// retrievalCaps are hand-written capabilities shaped like real
// integrations; retrievalQueries ask for them the way a user phrases a
// need, not in the capabilities' own words.
var retrievalCaps = []struct{ name, category, desc string }{
	{"jira_create_issue", "jira", "Create an issue in a Jira project. Returns the new issue key."},
	{"jira_transition_issue", "jira", "Move a Jira issue to another workflow status, such as In Progress or Done."},
	{"jira_assign_issue", "jira", "Set the assignee of a Jira issue."},
	{"jira_add_comment", "jira", "Add a comment to a Jira issue."},
	{"jira_search_issues", "jira", "Search Jira issues with a JQL query."},
	{"slack_post_message", "slack", "Post a message to a Slack channel."},
	{"slack_send_dm", "slack", "Send a direct message to one Slack user."},
	{"slack_create_channel", "slack", "Create a public or private Slack channel."},
	{"slack_invite_to_channel", "slack", "Invite users to a Slack channel."},
	{"slack_set_status", "slack", "Set the calling user's Slack status text and emoji."},
	{"slack_upload_file", "slack", "Upload a file to Slack and share it in channels."},
	{"stripe_create_customer", "stripe", "Creates a new customer object."},
	{"stripe_create_refund", "stripe", "Refund a charge that has previously been created, in whole or in part."},
	{"stripe_list_invoices", "stripe", "Returns a list of your invoices, newest first."},
	{"stripe_cancel_subscription", "stripe", "Cancels a customer's subscription immediately or at the end of the period."},
	{"stripe_create_payment_link", "stripe", "Creates a payment link: a shareable URL to a hosted checkout page."},
	{"stripe_retrieve_balance", "stripe", "Retrieves the current account balance, available and pending."},
	{"github_create_pull_request", "github", "Open a pull request to merge one branch into another."},
	{"github_merge_pull_request", "github", "Merge a pull request."},
	{"github_list_commits", "github", "List the commits of a repository branch."},
	{"github_create_release", "github", "Create a release from a tag, with notes."},
	{"github_star_repo", "github", "Star a repository for the authenticated user."},
	{"github_get_file_contents", "github", "Get the contents of a file or directory in a repository."},
	{"github_request_review", "github", "Request reviewers for a pull request."},
	{"gcal_create_event", "calendar", "Create an event on a Google Calendar with attendees and a time."},
	{"gcal_find_free_time", "calendar", "Find time slots when all the given people are free."},
	{"gmail_send_email", "gmail", "Send an email from the user's Gmail account."},
	{"gmail_search_messages", "gmail", "Search the user's Gmail messages with Gmail query syntax."},
	{"weather_current", "weather", "Current temperature, wind and conditions for a city."},
	{"weather_forecast", "weather", "Daily forecast for the next 7 days for a city."},
	{"translate_text", "language", "Translate text into another language."},
	{"currency_convert", "finance", "Convert an amount between currencies at today's rate."},
	{"maps_directions", "maps", "Route and travel time between two places by car, transit or on foot."},
	{"pagerduty_trigger_incident", "pagerduty", "Trigger an incident that pages the on-call responder."},
	{"s3_generate_presigned_url", "aws", "Generate a temporary signed URL to download an S3 object."},
	{"itsm_create_ticket", "itsm", "收集完所有必填字段后创建服务请求工单"},
	{"itsm_query_ticket_status", "itsm", "根据工单编号查询工单的处理进度和当前处理人"},
	{"hr_apply_leave", "hr", "提交请假申请，需要请假类型、开始和结束日期"},
	{"hr_leave_balance", "hr", "查询员工剩余的年假和调休天数"},
	{"expense_submit", "finance", "提交报销单，附上发票和金额"},
	{"meeting_room_book", "office", "预订会议室，指定时间段和参会人数"},
	{"kb_search", "knowledge", "在知识库中检索文章，返回标题和链接"},
	{"vpn_reset_password", "it", "重置员工的 VPN 登录密码并通过短信发送"},
	{"approval_list_pending", "workflow", "列出当前用户待审批的流程"},
}

var retrievalQueries = []struct{ query, want string }{
	{"open a new bug ticket in jira", "jira_create_issue"},
	{"file a bug", "jira_create_issue"},
	{"mark the jira ticket as done", "jira_transition_issue"},
	{"change the status of an issue to in progress", "jira_transition_issue"},
	{"give this ticket to Alice", "jira_assign_issue"},
	{"leave a remark on the bug", "jira_add_comment"},
	{"find all open bugs assigned to me", "jira_search_issues"},
	{"tell the #general channel that the deploy finished", "slack_post_message"},
	{"message bob privately on slack", "slack_send_dm"},
	{"make a new slack room for the launch", "slack_create_channel"},
	{"add people to the channel", "slack_invite_to_channel"},
	{"show I'm on vacation on slack", "slack_set_status"},
	{"share a document in slack", "slack_upload_file"},
	{"add a new client in stripe", "stripe_create_customer"},
	{"new custmer", "stripe_create_customer"},
	{"give the customer their money back", "stripe_create_refund"},
	{"refund order payment", "stripe_create_refund"},
	{"show my bills", "stripe_list_invoices"},
	{"stop billing this customer monthly", "stripe_cancel_subscription"},
	{"checkout url I can send to a buyer", "stripe_create_payment_link"},
	{"how much money is in my stripe account", "stripe_retrieve_balance"},
	{"propose my branch changes for review", "github_create_pull_request"},
	{"merge the PR", "github_merge_pull_request"},
	{"recent commits on main", "github_list_commits"},
	{"publish version 2.0 with release notes", "github_create_release"},
	{"bookmark this repo", "github_star_repo"},
	{"read README.md from the repository", "github_get_file_contents"},
	{"ask carol to review my pull request", "github_request_review"},
	{"schedule a meeting with the team tomorrow at 3", "gcal_create_event"},
	{"when are we all available this week", "gcal_find_free_time"},
	{"email the report to my manager", "gmail_send_email"},
	{"find the mail from the landlord", "gmail_search_messages"},
	{"is it raining in Paris right now", "weather_current"},
	{"will it be sunny this weekend in Berlin", "weather_forecast"},
	{"say this in Spanish", "translate_text"},
	{"how many euros is 100 dollars", "currency_convert"},
	{"how long does it take to drive to the airport", "maps_directions"},
	{"wake up the on-call engineer, the site is down", "pagerduty_trigger_incident"},
	{"temporary download link for a bucket object", "s3_generate_presigned_url"},
	{"teh weathr in london", "weather_current"},
	{"帮我提交一个工单", "itsm_create_ticket"},
	{"我要报修电脑", "itsm_create_ticket"},
	{"我的工单处理到哪一步了", "itsm_query_ticket_status"},
	{"我想请三天假", "hr_apply_leave"},
	{"我还有几天年假", "hr_leave_balance"},
	{"报销上周出差的打车费", "expense_submit"},
	{"帮我订一个明天下午的会议室", "meeting_room_book"},
	{"怎么连接公司 wifi，查一下知识库", "kb_search"},
	{"VPN 密码忘了", "vpn_reset_password"},
	{"有哪些需要我审批的", "approval_list_pending"},
}

// heldOutQueries were written after the synonym list and weights were
// last changed, and never tuned against: their figure is the honest one.
var heldOutQueries = []struct{ query, want string }{
	{"report a problem to the dev team in jira", "jira_create_issue"},
	{"who is working on this ticket? make it bob", "jira_assign_issue"},
	{"close the jira issue", "jira_transition_issue"},
	{"announce the outage in the ops channel", "slack_post_message"},
	{"private note to a coworker on slack", "slack_send_dm"},
	{"sign up a new paying customer", "stripe_create_customer"},
	{"money back for a duplicate charge", "stripe_create_refund"},
	{"end the customer's plan", "stripe_cancel_subscription"},
	{"what's our available balance", "stripe_retrieve_balance"},
	{"ship the new version as a github release", "github_create_release"},
	{"latest changes pushed to the repo", "github_list_commits"},
	{"book a call with the client next monday", "gcal_create_event"},
	{"write an email to the team", "gmail_send_email"},
	{"temperature in tokyo", "weather_current"},
	{"convert 50 pounds to yen", "currency_convert"},
	{"page whoever is on call", "pagerduty_trigger_incident"},
	{"帮我查一下我的工单进度", "itsm_query_ticket_status"},
	{"申请年假", "hr_apply_leave"},
	{"下午两点要开会，帮我找个会议室", "meeting_room_book"},
	{"待我审批的单子", "approval_list_pending"},
}

// newHeldOutQueries were written in one sitting before the engine's
// second round of changes (stemming, related terms, weights) and are not
// edited after it: they are the figure that counts. A want of several
// names (multi-intent requests) is found only when all are in the top 5.
var newHeldOutQueries = []struct{ query, want string }{
	{"raise a task for the backend team on our jira board", "jira_create_issue"},
	{"move PROJ-42 to done", "jira_transition_issue"},
	{"reassign the ticket to someone else", "jira_assign_issue"},
	{"write a note under issue PROJ-7", "jira_add_comment"},
	{"look up every unresolved bug in the payments project", "jira_search_issues"},
	{"let the team know in slack that the release is out", "slack_post_message"},
	{"slack a quick private message to my manager", "slack_send_dm"},
	{"set up a channel for the incident war room", "slack_create_channel"},
	{"bring the new hires into the #onboarding channel", "slack_invite_to_channel"},
	{"change my slack status to in a meeting", "slack_set_status"},
	{"upload the screenshot to slack", "slack_upload_file"},
	{"register acme corp as a customer in stripe", "stripe_create_customer"},
	{"refnud the last charge", "stripe_create_refund"},
	{"which invoices have we sent out lately", "stripe_list_invoices"},
	{"the client wants to unsubscribe, stop their recurring payments", "stripe_cancel_subscription"},
	{"generate a link so people can pay online", "stripe_create_payment_link"},
	{"how much cash is pending in stripe", "stripe_retrieve_balance"},
	{"open a PR from feature-x to main", "github_create_pull_request"},
	{"land the approved pull request", "github_merge_pull_request"},
	{"history of commits on the develop branch", "github_list_commits"},
	{"tag v3.1 and publish it", "github_create_release"},
	{"favorite this github project", "github_star_repo"},
	{"show me what is in src/main.go on github", "github_get_file_contents"},
	{"get dave to look over my code changes", "github_request_review"},
	{"put a 1:1 with sam on my calendar for friday", "gcal_create_event"},
	{"find a slot that works for everyone next week", "gcal_find_free_time"},
	{"send a mesage to the client by gmail", "gmail_send_email"},
	{"did I get any emails from HR about payroll", "gmail_search_messages"},
	{"do I need an umbrella today in seattle", "weather_current"},
	{"what will the weather be like next week in rome", "weather_forecast"},
	{"weahter forcast for the weekend", "weather_forecast"},
	{"how do you say thank you in japanese", "translate_text"},
	{"usd to gbp exchange rate", "currency_convert"},
	{"directions from the office to the train station", "maps_directions"},
	{"alert the on-call person that the database is down", "pagerduty_trigger_incident"},
	{"share an s3 file with someone outside through a link that expires", "s3_generate_presigned_url"},
	{"merge pul request 42", "github_merge_pull_request"},
	{"create a jira ticket for the outage and page the on-call", "jira_create_issue pagerduty_trigger_incident"},
	{"refund the customer and then cancel their subscription", "stripe_create_refund stripe_cancel_subscription"},
	{"find a time everyone is free and send the invite", "gcal_find_free_time gcal_create_event"},
	{"新建一个服务请求", "itsm_create_ticket"},
	{"查一下工单 12345 现在谁在处理", "itsm_query_ticket_status"},
	{"下周一到周三想休假", "hr_apply_leave"},
	{"我的调休还剩多少", "hr_leave_balance"},
	{"出差的发票怎么报销", "expense_submit"},
	{"预约明天上午十点的会议室，五个人", "meeting_room_book"},
	{"在知识库里搜一下打印机怎么设置", "kb_search"},
	{"VPN 登不上去了，帮我重置一下密码", "vpn_reset_password"},
	{"还有哪些流程等我批", "approval_list_pending"},
	{"差旅费用报销", "expense_submit"},
}

// longPreamble and longPostscript make a query a long message (written
// once, before the figures were measured, and not edited after): the
// request is a sentence of it, after 322 bytes of chatter or before 211.
const (
	longPreamble = "Hi, sorry for the long message, I have been going back and forth on this all morning and my colleague " +
		"suggested I just ask you directly instead of clicking around for another hour. Some background: we are a small team, " +
		"things are busy this week, and I would rather get this done right the first time. Here is what I need: "
	longPostscript = ". Thanks a lot in advance, and let me know if anything is unclear or if you need more details from my side " +
		"before you get started; I will be around for the rest of the afternoon and can answer questions quickly."
)

func retrievalRegistry(t testing.TB, distractors int) *toolkit.Registry {
	return retrievalRegistryWith(t, distractors, &toolkit.Options{MaxDiscoveryBytes: 1 << 20})
}

// retrievalRegistryWith is retrievalRegistry with the Registry's options.
func retrievalRegistryWith(t testing.TB, distractors int, opts *toolkit.Options) *toolkit.Registry {
	reg := toolkit.NewRegistry(opts)
	handler := func(context.Context, *toolkit.Call) (toolkit.Result, error) { return toolkit.TextResult("ok"), nil }
	var caps []*toolkit.Capability
	for _, c := range retrievalCaps {
		caps = append(caps, &toolkit.Capability{Name: c.name, Category: c.category, Description: c.desc, Handler: handler})
	}
	caps = append(caps, genCapabilities(distractors)...)
	if err := reg.Add(caps...); err != nil {
		t.Fatal(err)
	}
	return reg
}

// TestRetrieval reports the share of queries whose wanted capability is in
// the top 5 of query_capabilities, over the hand-written capabilities
// alone (it fails under each set's floor) and among 1,000 and 10,000
// generated ones, whose names and words overlap theirs (stripe's invoices
// among 40 services' invoices: a query naming no service is ambiguous
// there).
func TestRetrieval(t *testing.T) {
	sets := []struct {
		name    string
		queries []struct{ query, want string }
		floor   float64 // top-5 share below which the test fails, over the hand-written capabilities
		pre     string  // the query is said between pre and post (a long message)
		post    string
	}{
		{name: "tuned", queries: retrievalQueries, floor: 0.9},
		{name: "held out", queries: heldOutQueries, floor: 0.8},
		{name: "new held out", queries: newHeldOutQueries, floor: 0.9},
		{name: "tuned, long message", queries: retrievalQueries, pre: longPreamble, post: longPostscript},
		{name: "tuned, long message after", queries: retrievalQueries, post: longPostscript},
		{name: "new held out, long message", queries: newHeldOutQueries, pre: longPreamble, post: longPostscript},
		{name: "new held out, long message after", queries: newHeldOutQueries, post: longPostscript},
	}
	for _, distractors := range []int{0, 1000, 10000} {
		reg := retrievalRegistry(t, distractors)
		for _, set := range sets {
			top1, top5, zh, zh5 := 0, 0, 0, 0
			for _, q := range set.queries {
				args, _ := json.Marshal(map[string]string{"keyword": set.pre + q.query + set.post})
				res, _ := reg.Call(context.Background(), toolkit.ToolQueryCapabilities, args)
				ranked := rankedNames(res.Text)
				wants := strings.Fields(q.want)
				found := true
				for _, w := range wants {
					if r := slices.Index(ranked, w); r < 0 || r >= 5 {
						found = false
					}
				}
				chinese := strings.ContainsFunc(q.query, func(r rune) bool { return r >= 0x4e00 && r <= 0x9fff })
				if chinese {
					zh++
				}
				if len(ranked) > 0 && slices.Contains(wants, ranked[0]) {
					top1++
				} else if found {
					t.Logf("  not first (%s, among %d generated): %q wants %s, got %v", set.name, distractors, q.query, q.want, ranked[:min(5, len(ranked))])
				}
				if found {
					top5++
					if chinese {
						zh5++
					}
				} else {
					t.Logf("  miss (%s, among %d generated): %q wants %s, got %v", set.name, distractors, q.query, q.want, ranked[:min(5, len(ranked))])
				}
			}
			n := len(set.queries)
			t.Logf("retrieval (%s queries), %d capabilities: top-1 %d/%d (%.0f%%), top-5 %d/%d (%.0f%%); Chinese top-5 %d/%d",
				set.name, len(retrievalCaps)+distractors, top1, n, 100*float64(top1)/float64(n), top5, n, 100*float64(top5)/float64(n), zh5, zh)
			if distractors == 0 && float64(top5) < set.floor*float64(n) {
				t.Errorf("%s: top-5 %d/%d is under %.0f%%", set.name, top5, n, 100*set.floor)
			}
		}
	}
}

// rankedNames returns the capability names of a keyword answer in order.
func rankedNames(text string) []string {
	var top struct{ Capabilities json.RawMessage }
	if json.Unmarshal([]byte(text), &top) != nil {
		return nil
	}
	dec := json.NewDecoder(strings.NewReader(string(top.Capabilities)))
	var out []string
	if _, err := dec.Token(); err != nil {
		return nil
	}
	for dec.More() {
		k, _ := dec.Token()
		var v any
		_ = dec.Decode(&v)
		out = append(out, fmt.Sprint(k))
	}
	return out
}
