# Football Gather: gather-server (and the gather client) in a small Debian image.
#   docker compose up -d                 the server, data in the "data" volume
#   docker compose run --rm client       gather against it

# ---- build: the official Swift image with the C libraries' headers ----
FROM swift:6.3-bookworm AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-dev libcrypt-dev libssl-dev zlib1g-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# The Swift runtime and Foundation (the server: FoundationEssentials only) are linked in; only
# system C libraries stay dynamic. lld packs the relative relocations (the Makefile's
# STATIC_LINK_FLAGS): less for the loader to read and less memory resident.
RUN swift build -c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs --product gather-server \
    && swift build -c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs --product gather \
    && install -D -m 0755 .build/release/gather-server /out/gather-server \
    && install -D -m 0755 .build/release/gather /out/gather

# ---- runtime: exactly the shared libraries `ldd gather-server` lists (libc6 is in every Debian), and
# the trust store gather checks https servers against, and the time zones fixtures are set in (tzdata) ----
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-0 libcrypt1 libssl3 libstdc++6 libgcc-s1 zlib1g ca-certificates tzdata \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --user-group --home-dir /data --no-create-home gather \
    && mkdir -p /data /backups /config && chown gather:gather /data /backups /config
COPY --from=build /out/gather-server /out/gather /usr/local/bin/
USER gather
WORKDIR /data
VOLUME ["/data"]
ENV FG_HOST=0.0.0.0 \
    FG_PORT=8080 \
    FG_DB_PATH=/data/football-gather.sqlite
EXPOSE 8080
# The binary checks itself: no curl in the image.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["gather-server", "healthcheck"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["gather-server"]
CMD ["serve"]
