package rules

import (
	"errors"
	"fmt"
)

// RuleError is a refused move: the rule it breaks (an R-, I- or U-number,
// or a ruling such as UR12) and why.
type RuleError struct {
	Rule   string
	Reason string
}

// Error reads "RULE: reason".
func (e *RuleError) Error() string { return e.Rule + ": " + e.Reason }

// Refuse returns a *RuleError for rule with a formatted reason.
func Refuse(rule, format string, args ...any) error {
	return &RuleError{Rule: rule, Reason: fmt.Sprintf(format, args...)}
}

// RuleOf returns the rule a refusal cites, or "" when err is no RuleError.
func RuleOf(err error) string {
	var re *RuleError
	if errors.As(err, &re) {
		return re.Rule
	}
	return ""
}
