# syntax=docker/dockerfile:1
# The Razorpay sandbox (development and tests only; the compose profile "sandbox"). It refuses to start
# with NODE_ENV=production, so this image runs in development mode. Build context: the repository root.
#   docker build -f infra/docker/razorpay-sandbox.Dockerfile -t spa/razorpay-sandbox .

# --- build: the sandbox bundle (esbuild); the toolchain stays in this stage. -----------------------------
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/rules/package.json packages/rules/
COPY proto/package.json proto/
COPY services/kit/package.json services/kit/
COPY services/identity/package.json services/identity/
COPY services/catalogue/package.json services/catalogue/
COPY services/booking/package.json services/booking/
COPY services/commerce/package.json services/commerce/
COPY services/billing/package.json services/billing/
COPY services/notification/package.json services/notification/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY infra/razorpay-sandbox/package.json infra/razorpay-sandbox/
# The npm cache is a build cache mount: shared by every image build, never part of a layer.
RUN --mount=type=cache,target=/root/.npm,sharing=locked npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY infra/build-service.mjs infra/
COPY infra/build/drizzle-is-memo.mjs infra/build/
COPY proto/ proto/
COPY services/kit/ services/kit/
COPY infra/razorpay-sandbox/ infra/razorpay-sandbox/
RUN npm run build -w @spa/razorpay-sandbox

# --- prod-deps: fastify and what it needs, for the runtime (Debian slim), without install scripts. --------------------------
FROM node:24-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/rules/package.json packages/rules/
COPY proto/package.json proto/
COPY services/kit/package.json services/kit/
COPY services/identity/package.json services/identity/
COPY services/catalogue/package.json services/catalogue/
COPY services/booking/package.json services/booking/
COPY services/commerce/package.json services/commerce/
COPY services/billing/package.json services/billing/
COPY services/notification/package.json services/notification/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY infra/razorpay-sandbox/package.json infra/razorpay-sandbox/
RUN --mount=type=cache,target=/root/.npm,sharing=locked npm ci --omit=dev --workspace=@spa/razorpay-sandbox --ignore-scripts --no-audit --no-fund

# --- runtime: the bundle and the checkout files it serves (public/). -------------------------------------
FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=development HOST=0.0.0.0 RAZORPAY_SANDBOX_PORT=4010
COPY --from=prod-deps /app/node_modules node_modules/
COPY --from=build /app/infra/razorpay-sandbox/package.json infra/razorpay-sandbox/
COPY --from=build /app/infra/razorpay-sandbox/public infra/razorpay-sandbox/public/
COPY --from=build /app/infra/razorpay-sandbox/dist infra/razorpay-sandbox/dist/
USER node
EXPOSE 4010
CMD ["node", "--enable-source-maps", "infra/razorpay-sandbox/dist/main.js"]
