# Folio's production image: built with the whole toolchain, shipped with only the server's build
# output on Node 22. See docs/deploy.md.
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json pnpm-lock.yaml .npmrc ./
COPY patches ./patches
# pnpm at the version package.json pins.
RUN npm install --global "$(node -p "require('./package.json').packageManager")"
RUN --mount=type=cache,id=folio-pnpm-store,target=/pnpm-store \
    pnpm install --frozen-lockfile --store-dir /pnpm-store
COPY . .
# The commit the app's build label shows; the build context has no .git.
ARG GIT_COMMIT=unknown
RUN GIT_COMMIT="$GIT_COMMIT" pnpm build

FROM ${NODE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
# The server is self-contained: .output/server holds its code and the few packages it loads from
# disk, .output/public the files it serves.
COPY --from=build /app/.output/server ./.output/server
COPY --from=build /app/.output/public ./.output/public
COPY --from=build /app/drizzle ./drizzle
# The code stays root's, read-only to the server; only .data (the embedded database and uploads
# of a single instance without DATABASE_URL or S3_BUCKET) is the server's to write.
RUN mkdir .data && chown node:node .data
USER node
EXPOSE 3000
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/live`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", ".output/server/index.mjs"]
