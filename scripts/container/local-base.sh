#!/usr/bin/env bash
# Builds a stand-in for the official node:22-bookworm-slim image where no image registry can be
# reached: Debian bookworm (debootstrap, minimal), the Node binary of the `node` package in
# node_modules, npm and corepack, the machine's certificate bundle and a `node` user (uid 1000).
# Prints the image's name; an image already built for this Node version is reused.
set -euo pipefail
cd "$(dirname "$0")/../.."

node_bin=node_modules/node/bin/node
version=$("$node_bin" --version)
image="localhost/folio-node-base:${version#v}"
podman=(podman --runtime runc)

if "${podman[@]}" image exists "$image"; then echo "$image"; exit 0; fi

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
debootstrap --variant=minbase bookworm "$root/fs" >&2
# What the slim image leaves out: package lists, caches, documentation and translations.
rm -rf "$root"/fs/var/cache/apt/* "$root"/fs/var/lib/apt/lists/* "$root"/fs/usr/share/{doc,man,locale,info}/*
install -D -m 755 "$node_bin" "$root/fs/usr/local/bin/node"
npm_root=$(readlink -f "$(dirname "$(readlink -f "$(command -v npm)")")/../..")
mkdir -p "$root/fs/usr/local/lib/node_modules"
cp -r "$npm_root/npm" "$npm_root/corepack" "$root/fs/usr/local/lib/node_modules/"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/fs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/fs/usr/local/bin/npx"
ln -s ../lib/node_modules/corepack/dist/corepack.js "$root/fs/usr/local/bin/corepack"
# The registry is reached through a TLS proxy whose certificate only this machine's bundle holds.
install -D -m 644 /etc/ssl/certs/ca-certificates.crt "$root/fs/etc/ssl/certs/ca-certificates.crt"
chroot "$root/fs" sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --create-home --shell /bin/bash node'

tar -C "$root/fs" -c . | "${podman[@]}" import \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'ENV NODE_VERSION='"${version#v}" \
  --change 'CMD ["node"]' - "$image" >&2
echo "$image"
