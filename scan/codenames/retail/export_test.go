package retail

// Trace sends the finder's reasons (dbg) to logf until the returned func
// is called (TestRendered's -trace).
func Trace(logf func(string, ...any)) (stop func()) {
	dbg = logf
	return func() { dbg = func(string, ...any) {} }
}

// Via names how c's word was settled (the read or rule that named it).
func Via(c Cell) string { return c.via }
