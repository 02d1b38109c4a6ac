package levelbake

// Pieces is how many room pieces the baker's table holds.
func (b *Baker) Pieces() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.table.Len()
}

// Len is how many pieces the table holds.
func (t *Table) Len() int { return len(t.byGUID) }
