#!/bin/sh
# Downloads the source of the LLVM that Debian installs (the source package
# llvm-toolchain-19, the same release as llvm-19-dev) and unpacks its
# regression tests: llvm/test and mlir/test (with MLIR's GPU integration
# tests) under DIR. Nothing is installed: apt reads a private sources list
# with a deb-src line and keeps its state under DIR.
#
#   bench/get-llvm-tests.sh DIR
#
# DIR/llvm-project then holds llvm/test, mlir/test and llvm/utils/lit.
set -eu
[ $# -eq 1 ] || { echo "usage: $0 DIR" >&2; exit 2; }
dir=$(mkdir -p "$1" && cd "$1" && pwd)
state="$dir/apt"
mkdir -p "$state/lists/partial" "$state/cache/archives/partial" "$state/sources"
cat > "$state/sources/llvm-src.sources" <<SOURCES
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
opts="-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts=$state/sources
      -o Dir::State::Lists=$state/lists -o Dir::Cache=$state/cache
      -o Dir::State::Status=/var/lib/dpkg/status"
# The release of the installed llvm-19, e.g. 1:19.1.7-3~deb12u1.
version=$(dpkg-query -W -f '${Version}' llvm-19)
apt-get $opts update >/dev/null
cd "$dir"
apt-get $opts source --download-only "llvm-toolchain-19=$version"
orig=$(ls llvm-toolchain-19_*.orig.tar.* | head -n 1)
rm -rf llvm-project
mkdir llvm-project
# The upstream tree is the tarball's top directory.
tar -xf "$orig" -C llvm-project --strip-components=1 --wildcards \
  '*/llvm/test' '*/mlir/test' '*/llvm/utils/lit'
echo "$dir/llvm-project: llvm/test, mlir/test and lit of $orig"
