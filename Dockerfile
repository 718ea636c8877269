# syntax=docker/dockerfile:1
# Parlay: one image for every role (web, api, realtime, workers; PARLAY_ROLES picks). docs/deploy.md.
#   docker build -t parlay .
#   docker run -p 3000:3000 -v parlay-data:/data -e AUTH_SECRET=... -e MESSAGING=off parlay
# The build stage installs every dependency (npm ci), builds the web half (npm run build: web/dist)
# and drops the development dependencies; the runtime stage is Node 24 on Debian slim with the
# server's TypeScript sources (run by Node's type stripping), the built web assets and the production
# node_modules, running as the unprivileged user node.

FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV CI=true \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false
COPY . .
RUN npm ci --no-audit \
 && npm run build \
 && npm prune --omit=dev --no-audit \
 && rm -rf node_modules/.cache

FROM node:24-bookworm-slim AS runtime
LABEL org.opencontainers.image.title="Parlay" \
      org.opencontainers.image.description="Self-hostable sports-betting and casino web site" \
      org.opencontainers.image.licenses="Apache-2.0"
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST_DIR=./web/dist \
    PARLAY_ENV_FILE=/app/.env
# What `parlay start` reads: the root package.json (the release), the server (sources, migrations,
# bin/parlay), domain/, web/ (the shell's and apps' server-side sources and web/dist), content/
# (the starter texts) and the production node_modules (workspace links included).
COPY --from=build --chown=root:root /app/package.json /app/package-lock.json /app/LICENSE ./
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/domain ./domain
COPY --from=build --chown=root:root /app/server ./server
COPY --from=build --chown=root:root /app/web ./web
COPY --from=build --chown=root:root /app/content ./content
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /healthz answers 200 while the process serves (server/src/modules/system/index.ts); the slim
# image has no curl, so Node asks.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/app/server/bin/parlay"]
CMD ["start"]
