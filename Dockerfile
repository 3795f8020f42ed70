# The shop as a container image (docs/deploy.md): the web app built with Node 20, the static
# esim binary with Go, both in a distroless image that runs as a non-root user.
#   docker build -t esim-shop .
#   docker run --rm -p 127.0.0.1:8081:8080 --env-file /etc/esim/env -e ESIM_TRUST_PROXY=172.17.0.1/32 esim-shop

FROM node:20-bookworm AS web
WORKDIR /src
COPY package.json package-lock.json ./
COPY webapp/package.json webapp/
RUN npm ci --no-audit --no-fund
COPY contract/ contract/
COPY webapp/ webapp/
RUN npm run build --workspace webapp

FROM golang:1.26-bookworm AS esim
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/webapp/dist webapp/dist
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o /out/esim ./cli/cmd/esim

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=esim /out/esim /usr/local/bin/esim
COPY --from=web /src/webapp/dist /usr/share/esim/webapp
EXPOSE 8080
# esim serve drains the requests in flight for up to 10 s after SIGTERM.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/esim", "serve", "--addr", "0.0.0.0:8080", "--webapp", "/usr/share/esim/webapp", "--log-format", "json"]
