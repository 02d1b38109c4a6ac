package jobs

import "context"

// Detach runs f and returns its result, or ctx's error as soon as ctx
// ends while f still runs. It is for work that cannot check a context (a
// decoder, an encoder) and changes nothing outside memory: abandoned, it
// finishes unseen and its result is dropped, so a cancel (or SIGTERM in
// the command line) is honoured at once rather than when the decoder is
// done.
func Detach[T any](ctx context.Context, f func() (T, error)) (T, error) {
	return DetachDropping(ctx, f, nil)
}

// DetachDropping is Detach for work whose result holds something open (an
// archive, a session): a result f gives after it was abandoned is handed
// to drop (when f succeeded and drop is not nil), so nothing stays open
// unseen.
func DetachDropping[T any](ctx context.Context, f func() (T, error), drop func(T)) (T, error) {
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := f()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		if drop != nil {
			go func() {
				if r := <-done; r.err == nil {
					drop(r.v)
				}
			}()
		}
		var zero T
		return zero, ctx.Err()
	}
}
