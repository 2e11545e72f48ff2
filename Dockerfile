# One container for the whole site. Build: docker build -t profile-site .
# Run:   docker run -p 5000:5000 -v profile-data:/data --env-file .env profile-site
# The embedded database lives in /data; with DATABASE_URL set, /data stays empty.

# Every stage runs one Node LTS release, pinned (tests/e2e/node-lts.spec.ts builds, installs and
# starts the app on the release named here). Change all three lines together.

# 1. Build the client, the server bundle and the embedded database's seed cluster.
FROM node:24.22.3-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only.
FROM node:24.22.3-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# 3. The runtime: what the built server reads, run as the unprivileged `node` user.
FROM node:24.22.3-slim
# glibc keeps 2 malloc arenas, not 8 per core: about 3 MB less idle on PostgreSQL, 20 MB embedded.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=5000 DATA_DIR=/data CONTENT_DIR=/app/content MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/dist ./dist
COPY --from=build /app/migrations ./migrations
COPY --from=build /app/content ./content
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 5000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# node directly, not npm: signals reach the server, which finishes in-flight requests on SIGTERM.
# The flags of `npm start` (package.json; docs/decisions/010).
CMD ["node", "--max-semi-space-size=4", "dist/server.js"]
