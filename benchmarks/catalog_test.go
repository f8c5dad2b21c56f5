package benchmarks

import (
	"context"
	"fmt"
	"strings"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/hostapi"
)

// Generated catalogs for the discovery benchmarks: names and descriptions
// shaped like real SaaS integrations (service_action_resource, one to
// three sentences, two to six parameters).

var genServices = strings.Fields("zendesk hubspot asana trello notion shopify twilio sendgrid gitlab bitbucket " +
	"pagerduty datadog salesforce intercom dropbox boxcloud zoom calendly airtable linear " +
	"monday clickup freshdesk mailchimp quickbooks xero okta auth0 cloudflare vercel " +
	"netlify sentry segment mixpanel amplitude docusign figma miro webex confluence")

type genResource struct{ name, noun, about string }

var genResources = []genResource{
	{"contact", "contact", "a person in the address book"}, {"deal", "deal", "a sales opportunity"},
	{"ticket", "support ticket", "a request from a customer"}, {"project", "project", "a set of tasks"},
	{"task", "task", "a unit of work with an assignee"}, {"invoice", "invoice", "a bill sent to a customer"},
	{"product", "product", "an item for sale"}, {"order", "order", "a purchase by a customer"},
	{"webhook", "webhook", "a URL called on events"}, {"team", "team", "a group of users"},
	{"user", "user", "an account that can sign in"}, {"comment", "comment", "a note on a record"},
	{"file", "file", "an uploaded document"}, {"folder", "folder", "a container of files"},
	{"report", "report", "a saved analytics query"}, {"dashboard", "dashboard", "a page of charts"},
	{"alert", "alert", "a monitor that fires on a threshold"}, {"incident", "incident", "an outage being handled"},
	{"campaign", "email campaign", "a message sent to a list"}, {"list", "mailing list", "subscribers of campaigns"},
	{"meeting", "meeting", "a scheduled video call"}, {"recording", "recording", "a saved meeting video"},
	{"repository", "repository", "a code repository"}, {"pipeline", "pipeline", "a CI run of jobs"},
	{"domain", "domain", "a DNS zone"},
}

type genAction struct{ verb, sentence string }

var genActions = []genAction{
	{"create", "Creates a new %s (%s)."},
	{"get", "Retrieves one %s by its id: %s."},
	{"list", "Returns the %ss of the workspace, newest first; %s."},
	{"update", "Updates fields of an existing %s (%s)."},
	{"delete", "Permanently deletes a %s (%s)."},
	{"search", "Searches %ss by text and filters; %s."},
	{"archive", "Archives a %s so it no longer shows in lists (%s)."},
	{"export", "Exports %ss as CSV; %s."},
	{"count", "Counts the %ss matching a filter; %s."},
	{"restore", "Restores an archived or deleted %s (%s)."},
}

// genCapabilities returns n generated capabilities (n <= 10,000, unique).
func genCapabilities(n int) []*toolkit.Capability {
	caps := make([]*toolkit.Capability, 0, n)
	handler := func(context.Context, *toolkit.Call) (toolkit.Result, error) { return toolkit.TextResult("ok"), nil }
	for i := 0; len(caps) < n; i++ {
		k := i * 7919 % 10000 // a permutation: any first n are varied
		s := genServices[k%len(genServices)]
		r := genResources[(k/len(genServices))%len(genResources)]
		a := genActions[(k/(len(genServices)*len(genResources)))%len(genActions)]
		desc := fmt.Sprintf(a.sentence, r.noun, r.about)
		if k%3 == 0 {
			desc += fmt.Sprintf(" Requires the %s API scope %s:%s.", s, r.name, a.verb)
		}
		if k%4 == 1 {
			desc += " Rate limited to 100 calls a minute."
		}
		params := []toolkit.Param{{Name: "workspace_id", Type: toolkit.TypeString, Required: true, Description: "the " + s + " workspace"}}
		switch a.verb {
		case "create", "update":
			params = append(params, toolkit.Param{Name: "name", Type: toolkit.TypeString, Description: "the " + r.noun + "'s name"},
				toolkit.Param{Name: "description", Type: toolkit.TypeString, Description: "free text"},
				toolkit.Param{Name: "owner_id", Type: toolkit.TypeString, Description: "the user who owns it"})
		case "list", "search", "export", "count":
			params = append(params, toolkit.Param{Name: "query", Type: toolkit.TypeString, Description: "text to match"},
				toolkit.Param{Name: "limit", Type: toolkit.TypeInteger, Description: "at most this many"},
				toolkit.Param{Name: "created_after", Type: toolkit.TypeString, Description: "ISO date"})
		default:
			params = append(params, toolkit.Param{Name: r.name + "_id", Type: toolkit.TypeString, Required: true, Description: "the " + r.noun + " id"})
		}
		caps = append(caps, &toolkit.Capability{
			Name:        fmt.Sprintf("%s_%s_%s", s, a.verb, r.name),
			Category:    s,
			Description: desc,
			Params:      params,
			Handler:     handler,
		})
	}
	return caps
}

// genEndpoints returns n generated endpoints of an untagged /v1 API; a
// third have no summary, only a description.
func genEndpoints(n int) []hostapi.Endpoint {
	eps := make([]hostapi.Endpoint, 0, n)
	for i := 0; len(eps) < n; i++ {
		k := i * 7919 % 10000 // a permutation: any first n are varied
		s := genServices[k%len(genServices)]
		r := genResources[(k/len(genServices))%len(genResources)]
		a := genActions[(k/(len(genServices)*len(genResources)))%len(genActions)]
		coll := fmt.Sprintf("/v1/%s_%ss", s, r.name)
		e := hostapi.Endpoint{ID: fmt.Sprintf("%s%s%s", a.verb, strings.ToUpper(s[:1])+s[1:], strings.ToUpper(r.name[:1])+r.name[1:]),
			Description: fmt.Sprintf(a.sentence, r.noun, r.about)}
		switch a.verb {
		case "create":
			e.Method, e.Path = "POST", coll
		case "list", "search", "export", "count":
			e.Method, e.Path = "GET", coll+"/"+a.verb
			e.Params = []hostapi.Param{{Name: "q", In: hostapi.InQuery, Description: "text to match"}, {Name: "limit", In: hostapi.InQuery, Type: toolkit.TypeInteger}}
		default:
			e.Method, e.Path = map[string]string{"get": "GET", "update": "PATCH", "delete": "DELETE", "archive": "POST", "restore": "POST"}[a.verb], coll+"/{id}"
			if a.verb == "archive" || a.verb == "restore" {
				e.Path += "/" + a.verb
			}
			e.Params = []hostapi.Param{{Name: "id", In: hostapi.InPath, Required: true, Description: "the " + r.noun + " id"}}
		}
		if k%3 != 0 {
			e.Summary = strings.TrimSuffix(strings.SplitN(e.Description, " (", 2)[0], ".")
		}
		eps = append(eps, e)
	}
	return eps
}
