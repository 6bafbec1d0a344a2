# Sourced by scripts/bootstrap.sh and scripts/windows.sh: installs the Debian packages named that
# are not installed yet (as root, or through sudo), and nothing when all are there.
# Usage: install_missing WHO PACKAGE…   (WHO prefixes the line that says what is installed)
install_missing() {
  local who=$1
  shift
  local sudo="" missing=() p
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -gt 0 ] || return 0
  echo "$who: installing ${missing[*]}"
  $sudo apt-get update -q
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
}
