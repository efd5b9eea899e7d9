# The service on the current Node.js LTS line, pinned to 24.18.1: 24.19+ headers make better-sqlite3 12
# (node::ObjectWrap) abort at garbage collection (nodejs/node issue 65446). One image runs the API (`serve`), a worker
# (`worker`) or the registry simulator (`simulator`).
FROM node:24.18.1-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles against this Node.js when no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts && npm rebuild better-sqlite3
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY simulator ./simulator
COPY bench ./bench
COPY resources ./resources
RUN npm run build && npm prune --omit=dev

FROM node:24.18.1-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/package.json ./package.json
COPY resources ./resources
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["node", "--no-allocation-site-pretenuring", "--import", "./dist/src/tick-shape.js", "dist/src/cli.js"]
CMD ["serve"]
