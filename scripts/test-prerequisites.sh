#!/usr/bin/env bash
# What `npm test` needs beside npm packages, on Debian, as root: Chromium (browser tests),
# nginx (the API behind a balancer), a PostgreSQL server on 127.0.0.1:5432 with the
# postgres:postgres login the tests use, and pg_dump (backups). Installs only what is
# missing; `npm test` runs it by itself when something is missing and it runs as root.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then apt-get update -qq; apt_updated=1; fi
  apt-get install -y -qq "$@" >/dev/null
}

if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Chromium…"
  apt_install chromium
fi

if [ ! -x /usr/sbin/nginx ]; then
  echo "Installing nginx…"
  apt_install nginx-light
fi

if ! command -v pg_dump >/dev/null 2>&1; then
  echo "Installing the PostgreSQL client (pg_dump)…"
  apt_install postgresql-client
fi

if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
    echo "Installing PostgreSQL…"
    apt_install postgresql
  fi
  version=$(ls /etc/postgresql | sort -n | tail -1)
  echo "Starting PostgreSQL $version…"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || pg_ctlcluster "$version" main start
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
# A fresh Debian server asks for a password over TCP: give the postgres role the one the tests use.
if ! PGPASSWORD=postgres psql -h 127.0.0.1 -U postgres -d postgres -qtAc 'select 1' >/dev/null 2>&1; then
  su postgres -c "psql -qc \"alter user postgres password 'postgres'\""
fi
