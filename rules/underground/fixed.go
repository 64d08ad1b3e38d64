package underground

// fixedSource replaces the generator for the check tool, whose positions
// name every die roll, marker draw and Stonehedge badge (Position format).
type fixedSource struct {
	die    int
	marker Marker
	power  Power
}

// badge is the index of the named power in the badge stack (0 when it is
// not there: the tool checks the name beforehand).
func (f *fixedSource) badge(stack []Power) int {
	for k, p := range stack {
		if p == f.power {
			return k
		}
	}
	return 0
}
