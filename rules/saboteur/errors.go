package saboteur

import (
	"errors"
	"fmt"
)

// RuleError is a move refused by the rules. Rule is the number of the rule
// it breaks in docs/rules/SABOTEUR.md (for example "R5.4"); Reason says how, in
// words, without the number. Every error Apply returns for an illegal move
// is a *RuleError (use errors.As, or RuleOf).
type RuleError struct {
	Rule   string
	Reason string
}

// Error returns "RULE: reason", e.g. "R5.4: NE at 2,0 puts a wall against ...".
func (e *RuleError) Error() string { return e.Rule + ": " + e.Reason }

// refuse builds the *RuleError for rule from a format and its arguments.
func refuse(rule, format string, args ...any) error {
	return &RuleError{Rule: rule, Reason: fmt.Sprintf(format, args...)}
}

// RuleOf returns the rule number named by err (a *RuleError, possibly
// wrapped), or "" when err names no rule.
func RuleOf(err error) string {
	var re *RuleError
	if errors.As(err, &re) {
		return re.Rule
	}
	return ""
}
