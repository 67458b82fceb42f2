package chunk

import "testing"

func TestIsBorrowed(t *testing.T) {
	for p, want := range map[string]bool{
		"vendor/golang.org/x/sys/cpu/cpu_s390x.go":          true,
		"cmd/vendor/golang.org/x/arch/x86/x86asm/decode.go": true,
		"Third_Party/zlib/inflate.c":                        true,
		"web/node_modules/react/index.js":                   true,
		"api/v1/types.pb.go":                                true,
		"proto/service_pb2.py":                              true,
		"pkg/apis/zz_generated.deepcopy.go":                 true,
		"static/app.min.js":                                 true,
		"src/__generated__/schema.ts":                       true,
		"stubs/controller.stub":                             true,
		"net/url/url.go":                                    false,
		"pkg/vendors/list.go":                               false,
		"docs/generating.md":                                false,
	} {
		if got := IsBorrowed(p); got != want {
			t.Errorf("IsBorrowed(%q) = %v, want %v", p, got, want)
		}
	}
}
