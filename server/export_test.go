package server

// LoadedTables returns how many tables the server holds in memory.
func (s *Server) LoadedTables() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.tables)
}
