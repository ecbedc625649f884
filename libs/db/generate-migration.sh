#!/usr/bin/env bash
# Writes a migration with the SQL that brings a database at the latest migration to the entities.
# Usage: npm run db:generate -- Name   (needs the PostgreSQL server of DATABASE_URL)
set -euo pipefail
name=${1:?usage: npm run db:generate -- MigrationName}
cd "$(dirname "$0")"
base=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/findclips}
scratch="${base%/*}/findclips_migration_scratch_$$"
datasource=$(mktemp --suffix=.js)
trap 'rm -f "$datasource"; node -e "require(\"./dist\").dropDatabase(process.argv[1])" "$scratch"' EXIT
npx tsc -b
node -e "require('./dist').migrate(process.argv[1])" "$scratch"
cat > "$datasource" <<JS
module.exports = { default: require('$PWD/dist').createDataSource({ url: '$scratch' }) };
JS
npx typeorm migration:generate -d "$datasource" "src/migrations/$name"
echo "Now add the new class to src/migrations/index.ts."
