# plypost: build in a full Rust image, run in a slim one as a non-root user.
#   docker build -t plypost .
#   docker run -p 8080:8080 -v plypost-data:/data -e PLYPOST_BASE_URL=http://localhost:8080 plypost

FROM rust:1-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked -p plypost \
 && strip target/release/plypost

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates tzdata \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin plypost \
 && mkdir -p /data/mail \
 && chown -R plypost:plypost /data
COPY --from=build /src/target/release/plypost /usr/local/bin/plypost

# The SQLite file, its cookie key and the .eml mail folder live in the volume.
ENV PLYPOST_BIND=0.0.0.0:8080 \
    PLYPOST_DATABASE_URL=/data/plypost.db \
    PLYPOST_MAIL_DIR=/data/mail \
    RUST_LOG=info
VOLUME ["/data"]
WORKDIR /data
USER plypost
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s CMD ["/bin/bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8080 && printf 'GET /healthz HTTP/1.0\\r\\n\\r\\n' >&3 && grep -q '200 OK' <&3"]
CMD ["plypost", "serve"]
