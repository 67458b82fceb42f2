#!/usr/bin/env bash
# Installs things.
set -e
source ./lib.sh
. "$HOME/.nvmrc"

NVM_DIR="$HOME/.nvm"

# Print the version.
nvm_version() {
  local x
  x="$(nvm_ls "$1")"
  echo "$x" | grep -q foo && nvm_err "bad"
}

function nvm_err {
  >&2 echo "$@"
}

nvm_version "$@"
