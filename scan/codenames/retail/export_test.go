package retail

// Trace sends the finder's reasons (dbg) to logf until the returned func
// is called (TestRendered's -trace).
func Trace(logf func(string, ...any)) (stop func()) {
	dbg = logf
	return func() { dbg = func(string, ...any) {} }
}
