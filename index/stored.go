package index

import (
	"encoding/binary"
	"fmt"
	"sort"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/search"
	bindex "github.com/blevesearch/bleve_index_api"
)

// hitBlocks decodes the stored blob of each hit, in order. It reads the
// stored fields by the hit's internal document number: bleve's own field
// loading (SearchRequest.Fields) looks every hit up again by its external
// ID, one term lookup in every segment per hit, which cost a pack more
// than the searches themselves. A hit whose number does not name the same
// document (only possible if the index changed underneath) is loaded by ID.
func hitBlocks(bi bleve.Index, hits search.DocumentMatchCollection) ([]Block, error) {
	if len(hits) == 0 {
		return nil, nil
	}
	st := openStored(bi)
	defer st.close()
	out := make([]Block, 0, len(hits))
	for _, dm := range hits {
		data, err := st.blob(bi, dm)
		if err != nil {
			return nil, err
		}
		b, err := decodeBlob(data)
		if err != nil {
			return nil, fmt.Errorf("index: decode block %s: %w", dm.ID, err)
		}
		out = append(out, b)
	}
	return out, nil
}

// storedReader reads stored fields from one scorch snapshot by global
// document number; snap is nil when the index is not scorch.
type storedReader struct {
	snap    *scorch.IndexSnapshot
	offsets []uint64 // first global number of each segment
}

func openStored(bi bleve.Index) storedReader {
	adv, err := bi.Advanced()
	if err != nil {
		return storedReader{}
	}
	r, err := adv.Reader()
	if err != nil {
		return storedReader{}
	}
	snap, ok := r.(*scorch.IndexSnapshot)
	if !ok {
		r.Close()
		return storedReader{}
	}
	segs := snap.Segments()
	offsets := make([]uint64, len(segs))
	var running uint64
	for i, s := range segs {
		offsets[i] = running
		running += s.Segment().Count() // as scorch numbers them: deleted documents included
	}
	return storedReader{snap: snap, offsets: offsets}
}

func (r storedReader) close() {
	if r.snap != nil {
		r.snap.Close()
	}
}

// blob returns the stored blob of one hit.
func (r storedReader) blob(bi bleve.Index, dm *search.DocumentMatch) (string, error) {
	if data, ok := r.byNumber(dm); ok {
		return data, nil
	}
	doc, err := bi.Document(dm.ID)
	if err != nil {
		return "", fmt.Errorf("index: load block %s: %w", dm.ID, err)
	}
	if doc == nil {
		return "", nil
	}
	return string(fieldValue(doc, fBlob)), nil
}

// fieldValue is the value of doc's field name (the last, when it has
// several; nil when none).
func fieldValue(doc bindex.Document, name string) []byte {
	var v []byte
	doc.VisitFields(func(f bindex.Field) {
		if f.Name() == name {
			v = f.Value()
		}
	})
	return v
}

// byNumber reads the blob at the hit's internal number and checks that
// the document there has the hit's ID.
func (r storedReader) byNumber(dm *search.DocumentMatch) (string, bool) {
	if r.snap == nil || len(dm.IndexInternalID) != 8 {
		return "", false
	}
	num := binary.BigEndian.Uint64(dm.IndexInternalID)
	seg := sort.Search(len(r.offsets), func(i int) bool { return r.offsets[i] > num }) - 1
	if seg < 0 {
		return "", false
	}
	var data string
	idOK, found := false, false
	err := r.snap.Segments()[seg].VisitDocument(num-r.offsets[seg], func(name string, _ byte, val []byte, _ []uint64) bool {
		switch name {
		case "_id":
			idOK = string(val) == dm.ID
		case fBlob:
			data, found = string(val), true
		}
		return true
	})
	if err != nil || !idOK || !found {
		return "", false
	}
	return data, true
}
