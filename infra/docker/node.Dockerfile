# One image recipe for every Node process of the platform (a service, the gateway or the sandbox):
#   docker build -f infra/docker/node.Dockerfile --build-arg APP=services/identity .
#   docker build -f infra/docker/node.Dockerfile --target runtime-chromium --build-arg APP=services/billing .
# Multi-stage: the build stage compiles everything; the runtime stages keep production dependencies
# and the built output only, and run as the unprivileged "node" user.
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV PUPPETEER_SKIP_DOWNLOAD=1
COPY . .
RUN npm ci && npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim AS runtime-base
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/proto ./proto
COPY --from=build --chown=node:node /app/services ./services
COPY --from=build --chown=node:node /app/gateway ./gateway
# The Razorpay sandbox (compose profile "sandbox"): its bundle and the checkout files it serves.
COPY --from=build --chown=node:node /app/infra/razorpay-sandbox ./infra/razorpay-sandbox
COPY --from=build --chown=node:node /app/web/dist ./web/dist

# Billing renders PDF invoices with the system Chromium and needs fonts with the rupee sign.
FROM runtime-base AS runtime-chromium
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium fonts-noto-core fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
ARG APP
ENV APP=${APP} CHROMIUM_PATH=/usr/bin/chromium
USER node
CMD ["sh", "-c", "exec node --enable-source-maps \"$APP/dist/main.js\""]

FROM runtime-base AS runtime
ARG APP
ENV APP=${APP}
USER node
CMD ["sh", "-c", "exec node --enable-source-maps \"$APP/dist/main.js\""]
