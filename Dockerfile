# The shop as a container image (docs/deploy.md): the web app built with Node 20, embedded in
# the static esim binary built with Go (as `go tool task build` does), in a distroless image
# that runs as a non-root user.
#   docker build -t esim-shop .
#   docker run --rm -p 127.0.0.1:8081:8080 --env-file /etc/esim/env -e ESIM_TRUST_PROXY=172.17.0.1/32 esim-shop

FROM node:20-bookworm AS web
WORKDIR /src
COPY package.json package-lock.json ./
COPY webapp/package.json webapp/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build --workspace webapp

FROM golang:1.26-bookworm AS esim
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# The folder esim embeds (cli/internal/webshop): the shop built above, nothing else.
RUN rm -rf cli/internal/webshop/build && mkdir -p cli/internal/webshop/build
COPY --from=web /src/webapp/dist cli/internal/webshop/build
RUN rm -rf cli/internal/webshop/build/.vite && \
    CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o /out/esim ./cli/cmd/esim

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=esim /out/esim /usr/local/bin/esim
EXPOSE 8080
# esim serve drains the requests in flight for up to 10 s after SIGTERM.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/esim", "serve", "--addr", "0.0.0.0:8080", "--log-format", "json"]
