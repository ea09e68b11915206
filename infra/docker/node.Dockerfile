# One image recipe for every Node process of the platform (a service or the gateway):
#   docker build -f infra/docker/node.Dockerfile --build-arg APP=services/identity .
# Multi-stage: the build stage compiles everything; the runtime stage keeps production
# dependencies and the built output only, and runs as the unprivileged "node" user.
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV PUPPETEER_SKIP_DOWNLOAD=1
COPY . .
RUN npm ci && npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim AS runtime
ARG APP
ENV NODE_ENV=production APP=${APP}
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/proto ./proto
COPY --from=build --chown=node:node /app/services ./services
COPY --from=build --chown=node:node /app/gateway ./gateway
COPY --from=build --chown=node:node /app/web/dist ./web/dist
USER node
CMD ["sh", "-c", "exec node --enable-source-maps \"$APP/dist/main.js\""]
