package http

import "log"

// Server serves requests.
type Server struct {
	ErrorLog *log.Logger
}
