package jobs

import "context"

// Detach runs f and returns its result, or ctx's error as soon as ctx
// ends while f still runs. It is for work that cannot check a context (a
// decoder, an encoder) and changes nothing outside memory: abandoned, it
// finishes unseen and its result is dropped, so a cancel (or SIGTERM in
// the command line) is honoured at once rather than when the decoder is
// done.
func Detach[T any](ctx context.Context, f func() (T, error)) (T, error) {
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
		var zero T
		return zero, ctx.Err()
	}
}
