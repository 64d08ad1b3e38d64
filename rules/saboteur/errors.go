package saboteur

import "github.com/goldvein/goldvein/rules"

// RuleError is a move refused by the rules: the box's rules.RuleError.
// Rule is the number of the rule it breaks in docs/rules/SABOTEUR.md (for example
// "R5.4"); Reason says how, in words, without the number. Every error Apply
// returns for an illegal move is a *RuleError (use errors.As, or RuleOf).
type RuleError = rules.RuleError

// refuse builds the *RuleError for rule from a format and its arguments.
func refuse(rule, format string, args ...any) error { return rules.Refuse(rule, format, args...) }

// RuleOf returns the rule number named by err (a *RuleError, possibly
// wrapped), or "" when err names no rule.
func RuleOf(err error) string { return rules.RuleOf(err) }
