# syntax=docker/dockerfile:1
# SustainLearn in one image (ADR 151): the SPA is built in the first stage; the second holds the production
# dependencies, the built SPA, the server and the content it seeds an empty database with, and runs as `node`.

FROM node:20.19-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20.19-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    STATIC_DIR=/app/dist \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY package.json package-lock.json ./
# The PDFs use five of the font packages' files (server/render/pdf-fonts.ts, ADR 161): the other weights and their
# preview pictures (about 90 MB) are left out; the licences stay.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
 && find node_modules/@expo-google-fonts \( -name '*.png' -o -name '*.ttf' \) \
      ! -name NotoSans_400Regular.ttf ! -name NotoSans_700Bold.ttf ! -name NotoSans_400Regular_Italic.ttf \
      ! -name NotoSansSC_400Regular.ttf ! -name NotoSansSC_700Bold.ttf -delete
COPY --from=build /app/dist ./dist
COPY server ./server
COPY src/contract ./src/contract
COPY src/domain ./src/domain
COPY content ./content
COPY scripts ./scripts
COPY tsconfig.json ./
# The only place the process writes (with /tmp, a tmpfs in compose.yaml): the root file system can be read-only.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server itself, not `npm start`: the SPA is already built, and the signal reaches the process (ADR 064).
CMD ["node", "--import", "tsx", "server/main.ts"]
