package index

// FileHashes returns the content hash of every indexed file (paths
// relative to the root, forward slashes) in the last published snapshot.
// A consumer that derives data from blocks (the semantic source's
// vectors) compares it with what it saw last to find the changed files
// without asking the full-text index.
func (ix *Index) FileHashes() map[string]string {
	_, man := ix.snapshot()
	if man == nil {
		return nil
	}
	out := make(map[string]string, len(man.Files))
	for p, e := range man.Files {
		if e.Skip == "" && e.NBlocks > 0 {
			out[p] = e.Hash
		}
	}
	return out
}
