// Package redact removes secrets from text the model and the logs see:
// which names and query keys mark a value as a secret (IsSecretName,
// IsSecretQueryKey), and a Redactor that replaces recorded values in
// every form a server may echo them in.
//
// The forms are one table (forms in forms.go): each entry writes its
// form, bounds its length (Cap's margin rests on that bound), says for
// which secrets it differs from the text as written, and names the form
// it differs from only in letter case. A new form is one entry.
package redact
