require "rack/utils"
require_relative "foo"

module Rack
  # A request.
  class Request < Base
    include Env
    VERSION = "1"

    # Get a header.
    def get_header(name)
      @env[name].fetch(Utils.escape(name))
    end

    def self.build(x) = new(x)
  end

  module Utils
    def self.escape(s)
      URI.encode(s)
    end
    module_function
    def unescape(s); end
  end
end

def top; end
