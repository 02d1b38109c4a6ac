package cli

import (
	"fmt"
	"strconv"
	"strings"

	"packsmith/backend/sys/limits"
	"packsmith/backend/workspace/settings"
)

// memoryFlag takes the global --max-memory MB flag out of args (it may
// stand anywhere before a lone "--") and makes the command's memory budget
// from it, or else from the maxMemoryMB setting (one out of range: the
// default).
func memoryFlag(args []string) ([]string, *limits.Budget, error) {
	out := make([]string, 0, len(args))
	val := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			out = append(out, args[i:]...)
			break
		}
		name, v, hasV := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "max-memory" {
			out = append(out, a)
			continue
		}
		if !hasV {
			if i+1 >= len(args) {
				return nil, nil, fmt.Errorf("--max-memory needs a size in MB")
			}
			i++
			v = args[i]
		}
		val = v
	}
	if val == "" {
		b, err := limits.NewBudget(settings.Load().Get().MaxMemoryMB)
		if err != nil {
			b, _ = limits.NewBudget(0)
		}
		return out, b, nil
	}
	mb, err := strconv.ParseInt(strings.TrimSuffix(strings.ToUpper(val), "MB"), 10, 64)
	if err != nil {
		return nil, nil, fmt.Errorf("--max-memory %q: want a size in MB", val)
	}
	b, err := limits.NewBudget(mb)
	if err != nil {
		return nil, nil, fmt.Errorf("--max-memory: %w", err)
	}
	return out, b, nil
}
