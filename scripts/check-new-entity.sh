#!/usr/bin/env bash
# Generates a throwaway entity in a temporary copy of the tree and runs the checks and tests on it,
# so the generator never drifts from the code. The bundle test checks that /login does not grow.
set -euo pipefail

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/folio"
git ls-files -z -co --exclude-standard | tar --null --ignore-failed-read -T - -cf - | tar -xf - -C "$work/folio"
cd "$work/folio"

pnpm install --frozen-lockfile --offline --reporter=silent || pnpm install --frozen-lockfile --reporter=silent
export E2E_PORT="${NEW_ENTITY_E2E_PORT:-3320}"

echo '== /login before the entity'
pnpm build
pnpm exec playwright test -c e2e bundle.spec.ts --project=chromium
cp test-results/login-weight.json "$work/login-weight-before.json"

echo "== pnpm new:entity Shelf, holding books, with French and Arabic words (Swahili keeps the English, with a warning)"
pnpm new:entity Shelf --label fr=Étagère/Étagères --label ar=رف/رفوف --holds Book
echo "== pnpm new:entity Review, each belonging to a book"
pnpm new:entity Review --label fr=Critique/Critiques --label ar=مراجعة/مراجعات --label sw=Hakiki/Hakiki --belongs-to Book
pnpm typecheck
pnpm lint
pnpm exec vitest run src/features/shelf src/features/review src/features/book src/features/auth src/features/manager src/server/db/errors.test.ts src/lib scripts/new-entity
LOGIN_WEIGHT_BEFORE="$work/login-weight-before.json" pnpm exec playwright test -c e2e \
  shelves.spec.ts reviews.spec.ts bundle.spec.ts authorization.spec.ts --project=chromium
