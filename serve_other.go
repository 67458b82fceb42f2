//go:build !linux

package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// A server needs file notifications and the peer's credentials, which
// loupe has on Linux only; elsewhere pack always packs on its own.

func askServer(string, string, Config, serveRequest) (serveReply, bool) { return serveReply{}, false }

func newServeCmd(*globalFlags) *cobra.Command {
	return &cobra.Command{
		Use:   "serve",
		Short: "Keep the index open so that loupe pack answers at once (Linux only)",
		RunE: func(*cobra.Command, []string) error {
			return errors.New("loupe serve needs Linux (file notifications and peer credentials); loupe pack works on its own")
		},
	}
}
