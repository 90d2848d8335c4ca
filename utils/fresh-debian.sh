#!/usr/bin/env bash
# Proves README's Quick start on a fresh Debian 12 machine without one: builds
# a new Debian 12 (bookworm) root with debootstrap, copies a clean clone of this
# repository's HEAD into it, and runs README's two Quick start commands there,
# in order, as root, each from the clone's top directory.
#
#   utils/fresh-debian.sh [--keep] [--mirror URL] [--workdir DIR]
#   utils/fresh-debian.sh --print-commands
#
#   --keep            keep the root afterwards (its path is printed)
#   --mirror URL      the Debian mirror (default: http://deb.debian.org/debian)
#   --workdir DIR     where to build the root (default: a new directory under
#                     /var/tmp)
#   --print-commands  print the commands taken from README.md and exit
#
# Needs root, and debootstrap, which it installs if missing. Exits 0 when both
# commands succeed, 1 when one fails (its output is printed as it runs).
#
# Safe for the machine it runs on:
#   - the root keeps the /dev that debootstrap made; the machine's /dev is
#     never bound into it (deleting the root would delete it through the bind);
#   - /proc, /sys, /dev/shm and /dev/pts (a new instance) are mounted only inside a private mount
#     namespace (unshare -m), so they vanish with it, whatever happens;
#   - the root is deleted only when nothing is mounted under it, and with
#     --one-file-system.
set -euo pipefail

usage() {
  sed -n '7,15s/^# \{0,1\}//p' "$0" >&2
  exit 2
}

keep=false
print_only=false
mirror=http://deb.debian.org/debian
workdir=
while [ $# -gt 0 ]; do
  case "$1" in
  --keep) keep=true ;;
  --print-commands) print_only=true ;;
  --mirror) mirror=$2; shift ;;
  --workdir) workdir=$2; shift ;;
  -h | --help) usage ;;
  *) echo "fresh-debian.sh: unknown argument '$1'" >&2; usage ;;
  esac
  shift
done

top=$(cd "$(dirname "$0")/.." && pwd)

# README's Quick start: the commands of its first ```sh block.
mapfile -t commands < <(awk '
  /^## Quick start/ { in_section = 1; next }
  in_section && /^## / { exit }
  in_section && /^```sh/ { in_block = 1; next }
  in_block && /^```/ { exit }
  in_block { sub(/[ \t]+#.*/, ""); if ($0 != "") print }
' "$top/README.md")
if [ ${#commands[@]} -ne 2 ]; then
  echo "fresh-debian.sh: README.md's Quick start has ${#commands[@]} commands, expected 2" >&2
  exit 1
fi
if $print_only; then
  printf '%s\n' "${commands[@]}"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "fresh-debian.sh: must run as root (debootstrap, chroot, unshare)" >&2
  exit 2
fi
rev=$(git -C "$top" rev-parse HEAD)

if ! command -v debootstrap >/dev/null; then
  echo "fresh-debian.sh: installing debootstrap" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    debootstrap >/dev/null
fi

if [ -z "$workdir" ]; then
  workdir=$(mktemp -d /var/tmp/mm-fresh-debian.XXXXXX)
else
  mkdir -p "$workdir"
  workdir=$(cd "$workdir" && pwd)
fi
root=$workdir/root

# Whether anything is mounted at or under $1 (mountinfo's fifth field).
has_mounts_under() {
  awk -v dir="$1" '$5 == dir || index($5, dir "/") == 1 { found = 1 }
                   END { exit !found }' /proc/self/mountinfo
}

cleanup() {
  if $keep; then
    echo "fresh-debian.sh: kept the root in $root" >&2
    return
  fi
  if has_mounts_under "$workdir"; then
    echo "fresh-debian.sh: something is still mounted under $workdir;" \
         "not deleting it" >&2
    return
  fi
  rm -rf --one-file-system "$workdir"
}
trap cleanup EXIT

echo "fresh-debian.sh: debootstrap bookworm into $root" >&2
start=$SECONDS
debootstrap --variant=minbase bookworm "$root" "$mirror" >"$workdir/debootstrap.log" 2>&1 || {
  tail -20 "$workdir/debootstrap.log" >&2
  exit 1
}
# The archive areas a Debian 12 machine has, and a resolver.
cat >"$root/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
EOF
cp /etc/resolv.conf "$root/etc/resolv.conf"
mkdir -p "$root/dev/shm" "$root/dev/pts"
echo "fresh-debian.sh: root ready in $((SECONDS - start)) s" >&2

# A clean clone of HEAD: committed files only, as CI sees them.
git clone --quiet --no-hardlinks "$top" "$root/root/mm"
git -C "$root/root/mm" checkout --quiet --detach "$rev"
echo "fresh-debian.sh: cloned $rev" >&2

status=0
for command in "${commands[@]}"; do
  echo "fresh-debian.sh: running '$command'" >&2
  start=$SECONDS
  # The mounts live and die with this private mount namespace.
  if unshare --mount --propagation private -- bash -c '
      set -e
      root=$1 command=$2
      mount -t proc proc "$root/proc"
      mount -t sysfs -o ro sysfs "$root/sys"
      mount -t tmpfs -o mode=1777,nosuid,nodev tmpfs "$root/dev/shm"
      mount -t devpts -o newinstance,ptmxmode=0666 devpts "$root/dev/pts"
      exec chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        /bin/bash -c "cd /root/mm && $command"' _ "$root" "$command"; then
    echo "fresh-debian.sh: '$command' passed in $((SECONDS - start)) s" >&2
  else
    rc=$?
    echo "fresh-debian.sh: '$command' FAILED with exit code $rc after" \
         "$((SECONDS - start)) s" >&2
    status=1
    break
  fi
done
exit $status
