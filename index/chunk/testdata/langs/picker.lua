local utils = require("telescope.utils")
local M = {}
local actions = require "telescope.actions"

--- Picks a file.
-- @param opts table
function M.pick(opts)
  return utils.find(opts, actions.select)
end

function M.state:get(key)
  return self.data[key]
end

local function helper(x)
  return x + 1
end

M.other = function(a) return helper(a) end

local count = 3

return M
