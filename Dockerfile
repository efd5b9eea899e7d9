# The service on Node.js 24, at the version package.json pins (the `node` devDependency, which
# every npm script and the CI suite run on; test/ops/container.test.ts keeps the two equal).
# better-sqlite3 ships prebuilt Node-API binaries for glibc on x64 and arm64: no compiler needed.
# One image runs the API (`serve`, the default), a worker (`worker`), the registry simulator
# (`simulator`) or an admin command (`accounts …`, `keys …`, `migrate`, `check`).
#
# With no configuration it serves on port 3000 over an embedded SQLite database in /app/data
# (a volume). NODE_ENV=production turns off the first-run key bootstrap; create keys with
#   docker run --rm -v vat-data:/app/data IMAGE accounts create --name Acme --tier business
#   docker run --rm -v vat-data:/app/data IMAGE keys create --account acc_… --mode live
ARG NODE_VERSION=24.21.0

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: `prepare` would build before the sources are copied, and the `node` package
# would fetch a second Node.js; the image's own Node.js builds and runs the service.
RUN npm ci --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY simulator ./simulator
COPY bench ./bench
COPY resources ./resources
RUN npm run build && npm prune --omit=dev

FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATABASE_URL=sqlite:/app/data/vat-service.sqlite
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/package.json ./package.json
COPY resources ./resources
# The SQLite database's directory, writable by the user the service runs as. Created before VOLUME:
# Docker keeps a volume path's contents and ownership as they are at the VOLUME line.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME /app/data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["node", "--max-semi-space-size=16", "--heap-growing-percent=50", "--no-allocation-site-pretenuring", "--import", "./dist/src/tick-shape.js", "dist/src/cli.js"]
CMD ["serve"]
