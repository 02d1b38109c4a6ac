package app

import (
	"context"
	"errors"
	"fmt"

	"packsmith/backend/workspace/jobs"
)

// result waits for the job a bound call started and answers as the call
// did before it became a job: the job's result, or its error (a cancelled
// job: context.Canceled). Use: result[*BakeView](s)(s.BakeGrid(id, p)).
func result[T any](s *App) func(string, error) (T, error) {
	return func(id string, err error) (T, error) {
		var zero T
		if err != nil {
			return zero, err
		}
		st, ok := s.Jobs.Wait(id)
		if !ok {
			return zero, fmt.Errorf("no job %q", id)
		}
		r, _ := st.Result.(T)
		switch st.State {
		case jobs.Done:
			return r, nil
		case jobs.Cancelled:
			return zero, context.Canceled
		}
		return r, errors.New(st.Error)
	}
}
