# Voxpress: one image for every role (api, worker or both, chosen with VOXPRESS_ROLES).
# Build: docker build -t voxpress .   Run: see compose.yaml and the README's "Scale-out" section.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# Manifests first, so dependencies are cached until they change.
COPY package.json package-lock.json ./
COPY tools ./tools
COPY packages/contracts/package.json packages/contracts/
COPY packages/test-kit/package.json packages/test-kit/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
# ffmpeg decodes uploads; PocketSphinx hears English offline; Apertium translates en/es/fr offline;
# bzip2 unpacks the speaker segmentation model, which its publisher ships as a .tar.bz2.
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      ffmpeg pocketsphinx pocketsphinx-en-us apertium apertium-eng-spa apertium-fr-es tini bzip2 \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    VOXPRESS_DATA_DIR=/data
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/contracts ./packages/contracts
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Worker-only containers answer on WORKER_HEALTH_PORT instead (see compose.yaml).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.WORKER_HEALTH_PORT ? process.env.WORKER_HEALTH_PORT + '/health' : process.env.PORT + '/api/v1/health')).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
# --liftoff-only, --max-semi-space-size=8 and no --enable-source-maps: see scripts/start.mjs (memory
# at start and at rest).
CMD ["node", "--liftoff-only", "--max-semi-space-size=8", "apps/server/dist/main.js"]
