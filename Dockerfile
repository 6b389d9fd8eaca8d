# identity-mock as a container (docs/running.md, "Container"):
#   docker build -t identity-mock .
#   docker run --rm -p 8080:8080 -e IDENTITY_MOCK_ADMIN_TOKEN=change-me identity-mock
# Every flag is also an IDENTITY_MOCK_<FLAG> variable (-e IDENTITY_MOCK_USERS=5000), or append flags after the image.

# 1. Build: every dependency, then `npm run build` into dist/.
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
COPY spec ./spec
COPY fixtures ./fixtures
RUN npm run build

# 2. Run: production dependencies only, the built code, the specs and the data; no compiler, no tests.
FROM node:20-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY spec/openapi.yaml spec/admin.yaml ./spec/
COPY fixtures ./fixtures
COPY contracts ./contracts
COPY docs ./docs
COPY README.md LICENSE ./
USER node
# The port is a variable rather than a flag of CMD, so `-e IDENTITY_MOCK_PORT=…` moves it without restating CMD.
ENV IDENTITY_MOCK_PORT=8080
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.IDENTITY_MOCK_PORT || 8080) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/bin/identity-mock.js", "--host", "0.0.0.0"]
