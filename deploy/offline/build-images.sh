#!/bin/sh
# Builds local stand-ins for the five third-party images deploy/compose.yaml
# names (node, postgres, redis, foundry, mailpit), under the same names, for a
# machine that reaches Debian's packages and the npm registry but no image
# registry. The base is a Debian bookworm made by debootstrap; Node.js and npm
# are this machine's, anvil is the one `npm ci` installed. Needs root, docker
# and debootstrap. Run from anywhere: sh deploy/offline/build-images.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
anvil="$root/node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil"
[ -x "$anvil" ] || { echo "no $anvil: run npm ci first" >&2; exit 1; }
case "$(node --version)" in v20.*) ;; *) echo "the node image needs Node.js 20, this machine has $(node --version)" >&2; exit 1 ;; esac

if ! docker image inspect debian:bookworm-slim > /dev/null 2>&1; then
  rootfs=$(mktemp -d)
  debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian
  tar -C "$rootfs" -c . | docker import - debian:bookworm-slim
  rm -rf "$rootfs"
fi

context=$(mktemp -d)
trap 'rm -rf "$context"' EXIT
cp "$here"/*.Dockerfile "$here"/postgres-entrypoint.sh "$context"/
cp "$(readlink -f "$(command -v node)")" "$context/node"
cp -r "$(npm root -g)/npm" "$context/npm"
cp "$anvil" "$context/anvil"
mkdir "$context/ca-certificates"
cp /usr/local/share/ca-certificates/*.crt "$context/ca-certificates/" 2> /dev/null || true

build() { docker build --quiet -f "$context/$1.Dockerfile" -t "$2" "$context"; }
build node node:20-bookworm-slim
build postgres postgres:15
build redis redis:7
build foundry ghcr.io/foundry-rs/foundry:latest
build mailpit axllent/mailpit:latest
